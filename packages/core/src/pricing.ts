import type { Cents } from './money';

export const PRICE_CHANNELS = ['retail', 'wholesale'] as const;
export type PriceChannel = (typeof PRICE_CHANNELS)[number];

/** One price tier, with the original's field names. */
export interface PriceTier {
  price_per_unit: Cents;
  minimum_unit_count_for_price: number;
}

/** Tiers in display order: price ascending, then by minimum count. */
export function sortTiersForDisplay(tiers: readonly PriceTier[]): PriceTier[] {
  return [...tiers].sort(
    (a, b) =>
      a.price_per_unit - b.price_per_unit ||
      a.minimum_unit_count_for_price - b.minimum_unit_count_for_price,
  );
}

/** The tier with the highest minimum count that `quantity` reaches, or undefined. */
export function tierForQuantity(
  tiers: readonly PriceTier[],
  quantity: number,
): PriceTier | undefined {
  let best: PriceTier | undefined;
  for (const tier of tiers) {
    if (tier.minimum_unit_count_for_price > quantity) continue;
    if (!best || tier.minimum_unit_count_for_price > best.minimum_unit_count_for_price) best = tier;
  }
  return best;
}

export interface Range {
  min: number;
  max: number;
}

function rangeOf(values: number[]): Range | undefined {
  if (values.length === 0) return undefined;
  return { min: Math.min(...values), max: Math.max(...values) };
}

/** Lowest and highest unit price across the tiers. */
export function priceRange(tiers: readonly PriceTier[]): Range | undefined {
  return rangeOf(tiers.map((t) => t.price_per_unit));
}

/** Lowest and highest minimum quantity across the tiers. */
export function quantityRange(tiers: readonly PriceTier[]): Range | undefined {
  return rangeOf(tiers.map((t) => t.minimum_unit_count_for_price));
}
