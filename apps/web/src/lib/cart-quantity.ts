import { MAX_CART_QUANTITY, quantityRange, type PriceTier } from '@bevy/core';

/** The fewest units a price list sells: its lowest tier's minimum, 1 without tiers. */
export function lowestMinimum(tiers: readonly PriceTier[]): number {
  return quantityRange(tiers)?.min ?? 1;
}

/** The most units of a line the buyer may ask for: the cart's limit, or the stock when known. */
export function highestQuantity(stockCount: number | null | undefined): number {
  return stockCount === null || stockCount === undefined
    ? MAX_CART_QUANTITY
    : Math.min(stockCount, MAX_CART_QUANTITY);
}

/**
 * What the buyer typed as a whole number of units between min and max (max gives way to min when
 * the stock is below the minimum: the cart then says the line cannot be had), or null when
 * nothing that reads as a number was typed.
 */
export function clampQuantity(typed: string | number, min: number, max: number): number | null {
  const text = typeof typed === 'number' ? String(typed) : typed.replaceAll(',', '').trim();
  if (text === '') return null;
  const value = Number(text);
  if (!Number.isFinite(value)) return null;
  return Math.min(Math.max(Math.round(value), min), Math.max(min, max));
}
