import { describe, expect, it } from 'vitest';
import { COMMISSION_BASIS_POINTS, formatCents } from './money';

describe('formatCents', () => {
  it.each([
    [2450, '$24.50'],
    [100000, '$1,000.00'],
    [0, '$0.00'],
    [1, '$0.01'],
    [99, '$0.99'],
    [100, '$1.00'],
    [2400, '$24.00'],
    [123456789, '$1,234,567.89'],
  ])('formats %i cents as %s', (cents, expected) => {
    expect(formatCents(cents)).toBe(expected);
  });

  it('formats negative amounts with a leading minus', () => {
    expect(formatCents(-2450)).toBe('-$24.50');
  });

  it.each([24.5, 0.1, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 1])(
    'throws a RangeError for %s, which is not a whole number of cents',
    (cents) => {
      expect(() => formatCents(cents)).toThrow(RangeError);
    },
  );

  it('names the offending value in the error', () => {
    expect(() => formatCents(12.34)).toThrow('Not a whole number of cents: 12.34');
  });
});

describe('COMMISSION_BASIS_POINTS', () => {
  it('is a flat 8%', () => {
    expect(COMMISSION_BASIS_POINTS).toBe(800);
    expect((2450 * COMMISSION_BASIS_POINTS) / 10_000).toBe(196);
  });
});
