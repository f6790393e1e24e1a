/** The cart page's heading: where focus goes when the last line leaves. */
export const CART_HEADING_ID = 'cart-heading';

/** Marks a line's quantity field with the line's id. */
export const LINE_QUANTITY_ATTRIBUTE = 'data-cart-line-quantity';

/** The line quantity fields on screen, in page order (narrow screens hide one copy of each). */
function visibleQuantityFields(): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>(`[${LINE_QUANTITY_ATTRIBUTE}]`)].filter(
    (field) => field.getClientRects().length > 0,
  );
}

/**
 * Removes a line and keeps the keyboard in the cart: on the next line's quantity, else the one
 * before, else the cart's heading, instead of letting focus fall to the page's start with the
 * button that was pressed.
 */
export function removeLineKeepingFocus(lineId: string, remove: () => void): void {
  const ids = visibleQuantityFields().map((field) => field.getAttribute(LINE_QUANTITY_ATTRIBUTE));
  const index = ids.indexOf(lineId);
  const nextId = index < 0 ? null : (ids[index + 1] ?? ids[index - 1] ?? null);
  remove();
  // The click's update is drawn before the next frame.
  requestAnimationFrame(() => {
    const next = nextId
      ? visibleQuantityFields().find(
          (field) => field.getAttribute(LINE_QUANTITY_ATTRIBUTE) === nextId,
        )
      : undefined;
    (next ?? document.getElementById(CART_HEADING_ID))?.focus();
  });
}
