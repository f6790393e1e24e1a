import { MAX_CART_QUANTITY } from '@bevy/core';
import { describe, expect, it } from 'vitest';
import { clampQuantity, highestQuantity, lowestMinimum } from './cart-quantity';

describe('typed cart quantities', () => {
  it('keeps what was typed between the minimum and the maximum', () => {
    expect(clampQuantity('24', 6, MAX_CART_QUANTITY)).toBe(24);
    expect(clampQuantity(24, 6, MAX_CART_QUANTITY)).toBe(24);
    expect(clampQuantity('2', 6, MAX_CART_QUANTITY)).toBe(6);
    expect(clampQuantity('0', 1, MAX_CART_QUANTITY)).toBe(1);
    expect(clampQuantity('123456', 1, MAX_CART_QUANTITY)).toBe(MAX_CART_QUANTITY);
    expect(clampQuantity(' 1,200 ', 1, 500)).toBe(500);
    expect(clampQuantity('7.6', 1, 100)).toBe(8);
  });

  it('lets the minimum win over a stock below it', () => {
    expect(clampQuantity('10', 6, 3)).toBe(6);
  });

  it('reads nothing usable as null, so the field puts back the cart’s quantity', () => {
    expect(clampQuantity('', 1, 10)).toBeNull();
    expect(clampQuantity('  ', 1, 10)).toBeNull();
    expect(clampQuantity('-', 1, 10)).toBeNull();
    expect(clampQuantity('abc', 1, 10)).toBeNull();
  });

  it('takes the lowest tier’s minimum, and the stock only when it is below the cart’s limit', () => {
    expect(
      lowestMinimum([
        { price_per_unit: 1000, minimum_unit_count_for_price: 12 },
        { price_per_unit: 1200, minimum_unit_count_for_price: 6 },
      ]),
    ).toBe(6);
    expect(lowestMinimum([])).toBe(1);
    expect(highestQuantity(null)).toBe(MAX_CART_QUANTITY);
    expect(highestQuantity(40)).toBe(40);
    expect(highestQuantity(MAX_CART_QUANTITY * 2)).toBe(MAX_CART_QUANTITY);
  });
});
