import { formatCents } from '@bevy/core';

/**
 * How the insights pages write their figures. The API sends money as whole cents in a Float
 * (sums can pass 2^31); rounding keeps the money formatter's whole-cents rule however it arrives.
 */
export const money = (cents: number) => formatCents(Math.round(cents));

const compact = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});

/** "$12.3K" for a chart's axis, where space is short. */
export const compactMoney = (cents: number) => compact.format(cents / 100);

const count = new Intl.NumberFormat('en-US');
export const formatCount = (value: number) => count.format(value);

/** "42.5%" for a share between 0 and 1. */
export const percent = (share: number) =>
  `${(Math.round(share * 1000) / 10).toLocaleString('en-US')}%`;

/**
 * The change from `previous` to `current` as "+12%" / "−3%" / "No change", in words as well as
 * colour: null when there was nothing before to compare with.
 */
export function change(
  current: number,
  previous: number,
): { text: string; trend: 'up' | 'down' | 'flat' } | null {
  if (previous === 0) return current === 0 ? { text: 'No change', trend: 'flat' } : null;
  const ratio = (current - previous) / Math.abs(previous);
  const rounded = Math.round(ratio * 100);
  if (rounded === 0) return { text: 'No change', trend: 'flat' };
  // U+2212, the minus sign, reads as "minus" to a screen reader where a hyphen may not.
  return rounded > 0
    ? { text: `+${count.format(rounded)}%`, trend: 'up' }
    : { text: `\u2212${count.format(-rounded)}%`, trend: 'down' };
}
