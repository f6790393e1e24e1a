import { describe, expect, it } from 'vitest';
import { attendeeStatus, filterAttendees, isRefundable } from './attendee-list';

const attendee = (overrides: Partial<Parameters<typeof attendeeStatus>[0]> & object = {}) => ({
  code: '0123456789ABCDEFGHJKMNPQRS',
  status: 'valid',
  attendeeName: 'Ada Lovelace',
  typeName: 'General admission',
  checkedInAt: null as string | null,
  buyerName: 'Charles Babbage',
  buyerEmail: 'charles@example.com',
  orderNumber: 'B-1042',
  ...overrides,
});

describe('the attendee list', () => {
  const ada = attendee();
  const grace = attendee({
    attendeeName: null,
    buyerName: 'Grace Hopper',
    buyerEmail: 'grace@example.com',
    orderNumber: 'B-2001',
    code: 'ZZZZ456789ABCDEFGHJKMNPQRS',
  } as object);

  it('finds tickets by every word typed, in any case, in names, email, order or code', () => {
    expect(filterAttendees([ada, grace], '')).toEqual([ada, grace]);
    expect(filterAttendees([ada, grace], '  ')).toEqual([ada, grace]);
    expect(filterAttendees([ada, grace], 'ADA')).toEqual([ada]);
    expect(filterAttendees([ada, grace], 'grace@example')).toEqual([grace]);
    expect(filterAttendees([ada, grace], 'babbage lovelace')).toEqual([ada]);
    expect(filterAttendees([ada, grace], 'b-2001')).toEqual([grace]);
    expect(filterAttendees([ada, grace], 'zzzz-4567')).toEqual([grace]);
    expect(filterAttendees([ada, grace], 'general')).toEqual([ada, grace]);
    expect(filterAttendees([ada, grace], 'nobody')).toEqual([]);
  });

  it('names each ticket’s state, and refunds only paid tickets', () => {
    expect(attendeeStatus({ status: 'valid', checkedInAt: null }).label).toBe('Paid');
    expect(attendeeStatus({ status: 'valid', checkedInAt: '2030-10-03T18:05:00Z' }).label).toBe(
      'Checked in',
    );
    expect(attendeeStatus({ status: 'refunded', checkedInAt: null }).label).toBe('Refunded');
    expect(attendeeStatus({ status: 'cancelled', checkedInAt: null }).label).toBe('Cancelled');
    expect(isRefundable({ refundable: true })).toBe(true);
    expect(isRefundable({ refundable: false })).toBe(false);
  });
});
