import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bottlesIn, priceReleaseLines } from './club-pricing';

const total = (lines: { quantity: number; unitPrice: number }[]) =>
  lines.reduce((sum, line) => sum + line.quantity * line.unitPrice, 0);

describe('pricing a release for a member', () => {
  it('takes the member discount off each retail price, half up', () => {
    expect(
      priceReleaseLines(
        [
          { productId: 1, quantity: 2, retailUnitPrice: 2_499 },
          { productId: 2, quantity: 1, retailUnitPrice: 1_000 },
        ],
        { basis: 'contents', discountBasisPoints: 1_500 },
      ),
    ).toEqual([
      { productId: 1, quantity: 2, unitPrice: 2_124 },
      { productId: 2, quantity: 1, unitPrice: 850 },
    ]);
  });

  it('shares a fixed price by retail value, to the cent', () => {
    expect(
      priceReleaseLines(
        [
          { productId: 1, quantity: 2, retailUnitPrice: 3_000 },
          { productId: 2, quantity: 1, retailUnitPrice: 1_000 },
        ],
        { basis: 'fixed', priceCents: 10_001 },
      ),
    ).toEqual([
      { productId: 1, quantity: 2, unitPrice: 4_286 },
      { productId: 2, quantity: 1, unitPrice: 1_429 },
    ]);
  });

  it('splits a product into two lines when its bottles differ by a cent', () => {
    expect(
      priceReleaseLines([{ productId: 1, quantity: 2, retailUnitPrice: 3_000 }], {
        basis: 'fixed',
        priceCents: 6_001,
      }),
    ).toEqual([
      { productId: 1, quantity: 1, unitPrice: 3_001 },
      { productId: 1, quantity: 1, unitPrice: 3_000 },
    ]);
  });

  it('shares a fixed price evenly when nothing has a retail price', () => {
    const lines = priceReleaseLines([{ productId: 7, quantity: 3, retailUnitPrice: 0 }], {
      basis: 'fixed',
      priceCents: 100,
    });
    expect(lines).toEqual([
      { productId: 7, quantity: 1, unitPrice: 34 },
      { productId: 7, quantity: 2, unitPrice: 33 },
    ]);
  });

  it('always adds up to the fixed price and keeps every bottle', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            productId: fc.integer({ min: 1, max: 5 }),
            quantity: fc.integer({ min: 1, max: 12 }),
            retailUnitPrice: fc.integer({ min: 0, max: 50_000 }),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        fc.integer({ min: 0, max: 500_000 }),
        (release, priceCents) => {
          const lines = priceReleaseLines(release, { basis: 'fixed', priceCents });
          expect(total(lines)).toBe(priceCents);
          expect(bottlesIn(lines)).toBe(bottlesIn(release));
          for (const line of lines) expect(line.unitPrice).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});
