import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  commissionOf,
  divideRoundingHalfUp,
  orderTotals,
  percentOf,
  percentToMillionths,
} from './order-math';

describe('divideRoundingHalfUp', () => {
  it.each([
    [0, 3, 0],
    [5, 10, 1],
    [4, 10, 0],
    [15, 10, 2],
    [14, 10, 1],
    [25, 10, 3],
    [1, 3, 0],
    [2, 3, 1],
  ])('%i / %i rounds to %i', (numerator, denominator, expected) => {
    expect(divideRoundingHalfUp(numerator, denominator)).toBe(expected);
  });

  it('refuses fractions, negatives and a zero divisor', () => {
    expect(() => divideRoundingHalfUp(1.5, 2)).toThrow(RangeError);
    expect(() => divideRoundingHalfUp(-1, 2)).toThrow(RangeError);
    expect(() => divideRoundingHalfUp(1, 0)).toThrow(RangeError);
  });
});

describe('percentToMillionths', () => {
  it.each([
    ['8.8750', 88_750],
    ['8.875', 88_750],
    ['0', 0],
    ['100', 1_000_000],
    ['0.0001', 1],
    [7.25, 72_500],
  ])('reads %s as %i millionths', (percent, expected) => {
    expect(percentToMillionths(percent)).toBe(expected);
  });

  it.each(['', 'abc', '-1', '100.0001', '1.23456', '1e2'])('refuses %j', (percent) => {
    expect(() => percentToMillionths(percent)).toThrow(RangeError);
  });
});

describe('order arithmetic', () => {
  it('takes 8% of the subtotal as commission, half up', () => {
    expect(commissionOf(10_000)).toBe(800);
    expect(commissionOf(7)).toBe(1); // 0.56 cents
    expect(commissionOf(6)).toBe(0); // 0.48 cents
  });

  it('applies the tax + fees rate to the subtotal, half up', () => {
    // 8.875% of $4.00 is 35.5 cents.
    expect(percentOf(400, percentToMillionths('8.875'))).toBe(36);
    expect(percentOf(399, percentToMillionths('8.875'))).toBe(35);
  });

  it('adds up an order: subtotal, tax + fees, total, commission and payout', () => {
    expect(
      orderTotals(
        [
          { unitPrice: 2_950, quantity: 6 },
          { unitPrice: 3_200, quantity: 1 },
        ],
        percentToMillionths('10'),
      ),
    ).toEqual({
      subtotal: 20_900,
      taxAndFees: 2_090,
      fulfillmentFee: 0,
      total: 22_990,
      commission: 1_672,
      payout: 21_318,
    });
  });

  it('adds a fulfillment fee to the total and the payout, untaxed and without commission', () => {
    expect(
      orderTotals([{ unitPrice: 2_950, quantity: 2 }], percentToMillionths('10'), 500),
    ).toEqual({
      subtotal: 5_900,
      taxAndFees: 590,
      fulfillmentFee: 500,
      total: 6_990,
      commission: 472,
      payout: 6_518,
    });
    expect(() => orderTotals([{ unitPrice: 100, quantity: 1 }], 0, -1)).toThrow(RangeError);
  });

  it('refuses fractional, negative or zero quantities and fractional prices', () => {
    for (const quantity of [0, -1, 1.5, Number.NaN]) {
      expect(() => orderTotals([{ unitPrice: 100, quantity }], 0)).toThrow(RangeError);
    }
    expect(() => orderTotals([{ unitPrice: 99.5, quantity: 1 }], 0)).toThrow(RangeError);
  });

  it('always balances in whole cents: total = payout + commission, all non-negative', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            unitPrice: fc.integer({ min: 0, max: 500_000 }),
            quantity: fc.integer({ min: 1, max: 1_000 }),
          }),
          { minLength: 1, maxLength: 20 },
        ),
        fc.integer({ min: 0, max: 1_000_000 }),
        (lines, rate) => {
          const totals = orderTotals(lines, rate);
          for (const amount of Object.values(totals)) {
            expect(Number.isSafeInteger(amount)).toBe(true);
            expect(amount).toBeGreaterThanOrEqual(0);
          }
          expect(totals.payout + totals.commission).toBe(totals.total);
          expect(totals.total).toBe(totals.subtotal + totals.taxAndFees);
        },
      ),
      { seed: 9, numRuns: 500 },
    );
  });
});
