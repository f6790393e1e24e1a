import { describe, expect, it } from 'vitest';
import {
  priceRange,
  quantityRange,
  sortTiersForDisplay,
  tierForQuantity,
  type PriceTier,
} from './pricing';

const tier = (price_per_unit: number, minimum_unit_count_for_price: number): PriceTier => ({
  price_per_unit,
  minimum_unit_count_for_price,
});

const single = tier(2400, 1);
const halfCase = tier(2200, 6);
const fullCase = tier(2000, 12);

describe('sortTiersForDisplay', () => {
  it('orders tiers by price ascending', () => {
    expect(sortTiersForDisplay([single, fullCase, halfCase])).toEqual([fullCase, halfCase, single]);
  });

  it('orders tiers with the same price by minimum count', () => {
    const a = tier(1500, 12);
    const b = tier(1500, 3);
    const c = tier(900, 24);
    expect(sortTiersForDisplay([a, b, c])).toEqual([c, b, a]);
  });

  it('does not modify the input array', () => {
    const input = [single, halfCase, fullCase];
    const sorted = sortTiersForDisplay(input);
    expect(input).toEqual([single, halfCase, fullCase]);
    expect(sorted).not.toBe(input);
  });

  it('returns an empty list for no tiers', () => {
    expect(sortTiersForDisplay([])).toEqual([]);
  });
});

describe('tierForQuantity', () => {
  const tiers = [tier(2400, 1), tier(2200, 6)];

  it.each([
    [1, 2400],
    [5, 2400],
    [6, 2200],
    [7, 2200],
    [100, 2200],
  ])('prices quantity %i at %i cents', (quantity, price) => {
    expect(tierForQuantity(tiers, quantity)?.price_per_unit).toBe(price);
  });

  it('returns undefined when the quantity reaches no tier', () => {
    expect(tierForQuantity(tiers, 0)).toBeUndefined();
    expect(tierForQuantity([tier(2000, 12)], 11)).toBeUndefined();
  });

  it('returns undefined for no tiers', () => {
    expect(tierForQuantity([], 5)).toBeUndefined();
  });

  it('picks the highest minimum reached, not the lowest price, whatever the input order', () => {
    // A higher-minimum tier that is (unusually) more expensive still wins once reached.
    const odd = [tier(3000, 12), tier(1800, 1), tier(2500, 6)];
    expect(tierForQuantity(odd, 5)).toEqual(tier(1800, 1));
    expect(tierForQuantity(odd, 6)).toEqual(tier(2500, 6));
    expect(tierForQuantity(odd, 12)).toEqual(tier(3000, 12));
  });

  it('returns the tier object itself', () => {
    expect(tierForQuantity([single, halfCase, fullCase], 13)).toBe(fullCase);
  });
});

describe('priceRange', () => {
  it('returns the lowest and highest unit price', () => {
    expect(priceRange([single, fullCase, halfCase])).toEqual({ min: 2000, max: 2400 });
  });

  it('returns equal min and max for one tier', () => {
    expect(priceRange([halfCase])).toEqual({ min: 2200, max: 2200 });
  });

  it('returns undefined for no tiers', () => {
    expect(priceRange([])).toBeUndefined();
  });
});

describe('quantityRange', () => {
  it('returns the lowest and highest minimum quantity', () => {
    expect(quantityRange([halfCase, fullCase, single])).toEqual({ min: 1, max: 12 });
  });

  it('returns undefined for no tiers', () => {
    expect(quantityRange([])).toBeUndefined();
  });
});
