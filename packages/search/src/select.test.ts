import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { smallestKeys, sortNumbers } from './select';

const ascending = (values: number[]) => [...values].sort((a, b) => a - b);

describe('sortNumbers', () => {
  it('sorts like a comparison sort, duplicates and negatives included', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -50, max: 50 }), { maxLength: 300 }), (values) => {
        expect(Array.from(sortNumbers(Float64Array.from(values)))).toEqual(ascending(values));
        expect(Array.from(sortNumbers(Int32Array.from(values)))).toEqual(ascending(values));
      }),
      { seed: 7, numRuns: 300 },
    );
  });
});

describe('smallestKeys', () => {
  it('returns the k smallest distinct keys in order', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.double({ min: 0, max: 1e9, noNaN: true }), { maxLength: 400 }),
        fc.nat(450),
        (values, k) => {
          const expected = ascending(values).slice(0, k);
          expect(Array.from(smallestKeys(Float64Array.from(values), k))).toEqual(expected);
        },
      ),
      { seed: 11, numRuns: 300 },
    );
  });
});

describe('sortNumbers on hard orders', () => {
  it('sorts sorted runs, reversed runs and organ pipes (which defeat naive pivots) in time', () => {
    const length = 200_000;
    const shapes = [
      // Sorted lists end to end, as a union of postings is: the smallest values at the end.
      Int32Array.from({ length }, (_, i) => (i < length - 50 ? i * 3 : i - length + 50)),
      Int32Array.from({ length }, (_, i) => length - i),
      Int32Array.from({ length }, (_, i) => (i < length / 2 ? i : length - i)),
      Int32Array.from({ length }, (_, i) => i % 7),
    ];
    for (const values of shapes) {
      const expected = Array.from(values).sort((a, b) => a - b);
      const started = performance.now();
      sortNumbers(values);
      expect(performance.now() - started).toBeLessThan(1000);
      expect(Array.from(values)).toEqual(expected);
    }
  });
});
