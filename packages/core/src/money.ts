/** Money is always an integer number of cents. */
export type Cents = number;

const dollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Formats cents as the spec's "$x.xx". */
export function formatCents(cents: Cents): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
  return dollars.format(cents / 100);
}

/** The marketplace's flat commission, in basis points (8%). */
export const COMMISSION_BASIS_POINTS = 800;
