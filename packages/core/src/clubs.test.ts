import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CLUB_CADENCES,
  cadenceMonths,
  clubChargeKey,
  customizationRefusal,
  daysBetween,
  declineKind,
  discountedPrice,
  holdReasons,
  nextRetryOn,
  nextSubscriptionChargeOn,
  releaseTimeline,
  scheduledChargeDates,
  shiftDate,
  type MemberAtRun,
} from './clubs';
import { subscriptionInputSchema } from './club-schemas';

const calendarDay = fc
  .date({
    min: new Date('2020-01-01T00:00:00Z'),
    max: new Date('2035-12-31T00:00:00Z'),
    noInvalidDate: true,
  })
  .map((date) => date.toISOString().slice(0, 10));
const scheduledCadence = fc.constantFrom(...CLUB_CADENCES.filter((c) => c !== 'release_dates'));

describe('a club schedule', () => {
  it('charges on the anchor day, or the last day of a shorter month', () => {
    expect(scheduledChargeDates('monthly', '2026-01-31', '2026-01-01', 4)).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
    ]);
    expect(scheduledChargeDates('twice_a_year', '2024-08-29', '2025-01-01', 2)).toEqual([
      '2025-02-28',
      '2025-08-29',
    ]);
  });

  it('starts from the given day, without earlier releases', () => {
    expect(scheduledChargeDates('every_3_months', '2026-01-15', '2026-05-16', 2)).toEqual([
      '2026-07-15',
      '2026-10-15',
    ]);
    expect(scheduledChargeDates('every_2_months', '2026-03-01', '2026-03-01', 1)).toEqual([
      '2026-03-01',
    ]);
  });

  it('has no schedule when the producer sets each release date', () => {
    expect(() => scheduledChargeDates('release_dates', '2026-01-01', '2026-01-01', 1)).toThrow();
  });

  it('gives dates in order, on or after the start, one period apart', () => {
    fc.assert(
      fc.property(
        scheduledCadence,
        calendarDay,
        calendarDay,
        fc.integer({ min: 1, max: 14 }),
        (cadence, anchor, from, count) => {
          const dates = scheduledChargeDates(cadence, anchor, from, count);
          expect(dates).toHaveLength(count);
          expect(dates[0]! >= from).toBe(true);
          const anchorDay = Number(anchor.slice(8));
          for (const [index, date] of dates.entries()) {
            // The anchor's day of the month, or the month's last day when it is shorter.
            const [year, month] = date.split('-').map(Number) as [number, number];
            const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
            expect(Number(date.slice(8))).toBe(Math.min(anchorDay, lastDay));
            if (index > 0) {
              const gap = daysBetween(dates[index - 1]!, date);
              const months = cadenceMonths(cadence)!;
              expect(gap).toBeGreaterThanOrEqual(months * 28 - 3);
              expect(gap).toBeLessThanOrEqual(months * 31 + 3);
            }
          }
          // Nothing of the schedule falls between the start and the first date given.
          const before = scheduledChargeDates(cadence, anchor, shiftDate(from, -400), 30);
          expect(before.filter((date) => date >= from && date < dates[0]!)).toEqual([]);
        },
      ),
    );
  });
});

describe('a release timeline', () => {
  it('sends notice and checks a week ahead, and closes changes at the cut-off', () => {
    expect(releaseTimeline('2026-12-10')).toEqual({
      noticeOn: '2026-12-03',
      precheckOn: '2026-12-03',
      customizeThrough: '2026-12-08',
      chargeOn: '2026-12-10',
    });
    expect(releaseTimeline('2026-03-02', { noticeDays: 10, cutoffDays: 3 })).toMatchObject({
      noticeOn: '2026-02-20',
      customizeThrough: '2026-02-27',
    });
  });

  it('refuses a cut-off after the charge or before the notice', () => {
    expect(() => releaseTimeline('2026-12-10', { cutoffDays: 0 })).toThrow();
    expect(() => releaseTimeline('2026-12-10', { noticeDays: 3, cutoffDays: 4 })).toThrow();
  });

  it('takes changes through the cut-off day and refuses them after, or under the minimum', () => {
    const timeline = releaseTimeline('2026-12-10');
    expect(customizationRefusal(6, 6, '2026-12-08', timeline)).toBeNull();
    expect(customizationRefusal(6, 6, '2026-12-09', timeline)).toMatch(/closed/);
    expect(customizationRefusal(5, 6, '2026-12-01', timeline)).toBe(
      'This release needs at least 6 bottles.',
    );
  });
});

describe('declined charges', () => {
  it('retry a soft decline on days 1, 3 and 7 after the first, then stop', () => {
    expect(nextRetryOn('2026-12-10', 1)).toBe('2026-12-11');
    expect(nextRetryOn('2026-12-10', 2)).toBe('2026-12-13');
    expect(nextRetryOn('2026-12-10', 3)).toBe('2026-12-17');
    expect(nextRetryOn('2026-12-10', 4)).toBeNull();
  });

  it('tell a card no retry can fix from one that may pass later', () => {
    expect(declineKind('stolen_card')).toBe('hard');
    expect(declineKind('expired_card')).toBe('hard');
    expect(declineKind('insufficient_funds')).toBe('soft');
    expect(declineKind('generic_decline')).toBe('soft');
    expect(declineKind(null)).toBe('soft');
  });

  it('send one key per try of one member and release, never the same for two', () => {
    expect(clubChargeKey(7, 42, 1)).toBe('club-charge-r7-m42-t1');
    expect(() => clubChargeKey(7, 0, 1)).toThrow();
    fc.assert(
      fc.property(
        fc.tuple(fc.nat(), fc.nat(), fc.nat()),
        fc.tuple(fc.nat(), fc.nat(), fc.nat()),
        (a, b) => {
          const [ka, kb] = [a, b].map(([r, m, t]) => clubChargeKey(r + 1, m + 1, t + 1));
          expect(ka === kb).toBe(a.every((value, index) => value === b[index]));
        },
      ),
    );
  });
});

describe('member prices', () => {
  it('take the discount off, rounded half up to the cent', () => {
    expect(discountedPrice(2_500, 1_500)).toBe(2_125);
    expect(discountedPrice(999, 1_000)).toBe(899); // 99.9 cents off rounds to 100
    expect(discountedPrice(1_005, 1_000)).toBe(904); // 100.5 cents off rounds up to 101
    expect(discountedPrice(1_000, 0)).toBe(1_000);
  });

  it('refuse a discount above half or a fraction of a basis point', () => {
    expect(() => discountedPrice(1_000, 5_001)).toThrow();
    expect(() => discountedPrice(1_000, 12.5)).toThrow();
  });

  it('never go below zero or above the price', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 5_000 }),
        (price, discount) => {
          const member = discountedPrice(price, discount);
          expect(Number.isSafeInteger(member)).toBe(true);
          expect(member).toBeGreaterThanOrEqual(Math.floor(price / 2));
          expect(member).toBeLessThanOrEqual(price);
        },
      ),
    );
  });
});

describe('who a release is held for', () => {
  const member: MemberAtRun = {
    dateOfBirth: '1990-05-01',
    disabled: false,
    fulfillment: 'ship',
    shipToState: 'OR',
    cardExpiresThrough: '2027-01',
  };
  const shipsTo = new Set(['OR', 'WA', 'CA']);

  it('holds nobody who may receive it', () => {
    expect(holdReasons(member, '2026-12-10', shipsTo)).toEqual([]);
    expect(
      holdReasons({ ...member, fulfillment: 'pickup', shipToState: null }, '2026-12-10', new Set()),
    ).toEqual([]);
  });

  it('holds a member who turns 21 the day after the charge, not on it', () => {
    expect(holdReasons({ ...member, dateOfBirth: '2005-12-11' }, '2026-12-10', shipsTo)).toEqual([
      'under_age',
    ]);
    expect(holdReasons({ ...member, dateOfBirth: '2005-12-10' }, '2026-12-10', shipsTo)).toEqual(
      [],
    );
  });

  it('holds a member who moved to a state the producer may not ship to', () => {
    expect(holdReasons({ ...member, shipToState: 'UT' }, '2026-12-10', shipsTo)).toEqual([
      'state_forbids',
    ]);
  });

  it('holds a card that expires before the charge, and a disabled account', () => {
    expect(
      holdReasons({ ...member, cardExpiresThrough: '2026-11' }, '2026-12-10', shipsTo),
    ).toEqual(['card_expires']);
    expect(
      holdReasons({ ...member, cardExpiresThrough: '2026-12' }, '2026-12-31', shipsTo),
    ).toEqual([]);
    expect(holdReasons({ ...member, disabled: true }, '2026-12-10', shipsTo)).toEqual([
      'account_disabled',
    ]);
  });
});

describe('a product subscription', () => {
  it('renews on its cadence counted from the day of subscribing', () => {
    expect(nextSubscriptionChargeOn('monthly', '2027-01-31', '2027-01-31')).toBe('2027-02-28');
    expect(nextSubscriptionChargeOn('monthly', '2027-01-31', '2027-02-28')).toBe('2027-03-31');
    expect(nextSubscriptionChargeOn('every_2_months', '2027-01-31', '2027-01-31')).toBe(
      '2027-03-31',
    );
    expect(nextSubscriptionChargeOn('twice_a_year', '2027-08-31', '2027-08-31')).toBe('2028-02-29');
  });

  it('is offered at one cadence or more, and each quantity once', () => {
    const offer = {
      productId: 7,
      description: '',
      cadences: ['monthly'],
      quantities: [12, 6],
      memberDiscountBasisPoints: 1_000,
      skipsPerYear: 2,
      offersPickup: true,
      offersDelivery: false,
      offersShipping: false,
    };
    expect(subscriptionInputSchema.parse(offer).quantities).toEqual([6, 12]);
    const refused = (change: object) =>
      subscriptionInputSchema
        .safeParse({ ...offer, ...change })
        .error?.issues.map((issue) => issue.message);
    expect(refused({ cadences: [] })).toEqual(['Offer at least one cadence.']);
    expect(refused({ cadences: ['release_dates'] })).toEqual(['Choose how often it may renew.']);
    expect(refused({ quantities: [6, 6] })).toEqual(['This quantity is already offered.']);
    expect(refused({ offersPickup: false })).toEqual(['Offer at least one way to get the orders.']);
  });
});
