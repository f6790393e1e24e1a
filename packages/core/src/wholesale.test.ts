import { describe, expect, it } from 'vitest';
import { hasWholesaleAccess, isoDate } from './wholesale';

describe('wholesale access', () => {
  const now = new Date('2026-11-22T23:30:00Z');

  it('lasts through the last day of the license and ends the day after', () => {
    expect(hasWholesaleAccess('2026-11-23', now)).toBe(true);
    expect(hasWholesaleAccess('2026-11-22', now)).toBe(true);
    expect(hasWholesaleAccess('2026-11-21', now)).toBe(false);
  });

  it('is never granted without an approval', () => {
    expect(hasWholesaleAccess(null, now)).toBe(false);
  });

  it('compares calendar dates in UTC', () => {
    expect(isoDate(now)).toBe('2026-11-22');
  });
});
