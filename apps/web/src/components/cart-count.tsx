import { LOCAL_STORAGE_UNAVAILABLE } from '@bevy/core/cart';
import { Badge, VisuallyHidden } from '@mantine/core';
import { useCartItemCount } from '../lib/use-cart';

/**
 * The header cart link's count, in two parts: the badge people see, and the link's name for
 * screen readers ("Cart, 12 items"). Both count units (quantities), not lines.
 */
export function CartCountBadge() {
  const count = useCartItemCount();
  if (count === null) {
    return (
      <Badge color="red.9" circle aria-hidden>
        !
      </Badge>
    );
  }
  return (
    <Badge
      color="wine.8"
      variant={count > 0 ? 'filled' : 'light'}
      c={count > 0 ? undefined : 'dark.8'}
      circle={count < 10}
      aria-hidden
    >
      {count.toLocaleString('en-US')}
    </Badge>
  );
}

/** The link's whole accessible name, "Cart, 12 items", as one text (no stray spaces). */
export function CartCountLabel() {
  const count = useCartItemCount();
  return (
    <VisuallyHidden component="span">
      {count === null
        ? `Cart: ${LOCAL_STORAGE_UNAVAILABLE}`
        : `Cart, ${count} ${count === 1 ? 'item' : 'items'}`}
    </VisuallyHidden>
  );
}
