import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CHECK_IN_RESULTS,
  TICKET_CODE_LENGTH,
  canBuyerRefund,
  checkInResultTitle,
  formatEventDate,
  formatEventTime,
  formatEventWhen,
  formatTicketCode,
  isLocalDateTime,
  isTicketCode,
  normalizeTicketCode,
  refundDeadline,
  refundPolicyText,
  seatsLeftLabel,
  ticketCodeFromRandomBytes,
  utcToZonedLocal,
  zoneOffsetMinutes,
  zonedLocalToUtc,
} from './events';

const LA = 'America/Los_Angeles';
const utc = (iso: string) => new Date(iso);

describe('venue time', () => {
  it('reads a wall-clock time in the venue zone', () => {
    expect(zonedLocalToUtc('2026-12-12T18:00', LA)).toEqual(utc('2026-12-13T02:00:00Z'));
    expect(zonedLocalToUtc('2026-07-04T18:00', LA)).toEqual(utc('2026-07-05T01:00:00Z'));
    expect(zonedLocalToUtc('2026-12-12T18:00', 'America/New_York')).toEqual(
      utc('2026-12-12T23:00:00Z'),
    );
    expect(zonedLocalToUtc('2026-06-01T09:30', 'Asia/Kolkata')).toEqual(
      utc('2026-06-01T04:00:00Z'),
    );
  });

  it('moves a time the clocks skip forward by the gap', () => {
    // 2:00 AM PST became 3:00 AM PDT on 2026-03-08: 2:30 never happened.
    const skipped = zonedLocalToUtc('2026-03-08T02:30', LA);
    expect(skipped).toEqual(utc('2026-03-08T10:30:00Z'));
    expect(utcToZonedLocal(skipped, LA)).toBe('2026-03-08T03:30');
    expect(zonedLocalToUtc('2026-03-08T01:59', LA)).toEqual(utc('2026-03-08T09:59:00Z'));
    expect(zonedLocalToUtc('2026-03-08T03:00', LA)).toEqual(utc('2026-03-08T10:00:00Z'));
  });

  it('takes the earlier of a time that happens twice', () => {
    // 1:30 AM came first in PDT (08:30Z) and again an hour later in PST (09:30Z).
    expect(zonedLocalToUtc('2026-11-01T01:30', LA)).toEqual(utc('2026-11-01T08:30:00Z'));
    expect(utcToZonedLocal(utc('2026-11-01T08:30:00Z'), LA)).toBe('2026-11-01T01:30');
    expect(utcToZonedLocal(utc('2026-11-01T09:30:00Z'), LA)).toBe('2026-11-01T01:30');
    expect(zonedLocalToUtc('2026-11-01T02:00', LA)).toEqual(utc('2026-11-01T10:00:00Z'));
  });

  it('knows Phoenix keeps standard time all year', () => {
    const phoenix = 'America/Phoenix';
    expect(zonedLocalToUtc('2026-01-15T18:00', phoenix)).toEqual(utc('2026-01-16T01:00:00Z'));
    expect(zonedLocalToUtc('2026-07-15T18:00', phoenix)).toEqual(utc('2026-07-16T01:00:00Z'));
    expect(zonedLocalToUtc('2026-03-08T02:30', phoenix)).toEqual(utc('2026-03-08T09:30:00Z'));
    expect(zoneOffsetMinutes(utc('2026-07-15T00:00:00Z'), phoenix)).toBe(-420);
    expect(formatEventTime(utc('2026-07-16T01:00:00Z'), phoenix)).toBe('6:00 PM MST');
  });

  it('gives offsets in minutes', () => {
    expect(zoneOffsetMinutes(utc('2026-12-13T02:00:00Z'), LA)).toBe(-480);
    expect(zoneOffsetMinutes(utc('2026-07-01T00:00:00.999Z'), LA)).toBe(-420);
    expect(zoneOffsetMinutes(utc('2026-07-01T00:00:00Z'), 'Asia/Kathmandu')).toBe(345);
  });

  it('round-trips every minute it is given, in zones with and without daylight time', () => {
    const zones = fc.constantFrom(LA, 'America/New_York', 'America/Phoenix', 'Australia/Sydney');
    const instant = fc.integer({
      min: Date.UTC(2024, 0, 1) / 60_000,
      max: Date.UTC(2030, 0, 1) / 60_000,
    });
    fc.assert(
      fc.property(zones, instant, (zone, minutes) => {
        const date = new Date(minutes * 60_000);
        const local = utcToZonedLocal(date, zone);
        const back = zonedLocalToUtc(local, zone);
        // The same wall clock; the same instant unless it is the later of a repeated hour.
        expect(utcToZonedLocal(back, zone)).toBe(local);
        expect(back.getTime()).toBeLessThanOrEqual(date.getTime());
      }),
    );
  });

  it('refuses times that are not on the calendar', () => {
    expect(isLocalDateTime('2026-12-12T18:00')).toBe(true);
    expect(isLocalDateTime('2028-02-29T00:00')).toBe(true);
    expect(isLocalDateTime('2026-02-29T18:00')).toBe(false);
    expect(isLocalDateTime('2026-02-30T18:00')).toBe(false);
    expect(isLocalDateTime('2026-12-12T24:00')).toBe(false);
    expect(isLocalDateTime('2026-12-12 18:00')).toBe(false);
    expect(isLocalDateTime('2026-12-12T18:00:00')).toBe(false);
    expect(() => zonedLocalToUtc('2026-02-30T18:00', LA)).toThrow(RangeError);
    expect(() => zonedLocalToUtc('2026-12-12T18:00', 'Mars/Olympus_Mons')).toThrow(RangeError);
  });
});

describe('event times as people read them', () => {
  // process.env.TZ cannot change reliably within a process, so these pin the zone by argument
  // and check instants whose day differs between the venue, UTC and New York: the output can only
  // be right if it never consults the machine's zone.
  const start = utc('2026-12-13T02:00:00Z'); // Dec 12, 6 PM in LA; Dec 12, 9 PM in New York.

  it('shows the time and zone of the venue, with ordinary spaces', () => {
    expect(formatEventTime(start, LA)).toBe('6:00 PM PT');
    expect(formatEventTime(start, 'America/New_York')).toBe('9:00 PM ET');
    expect(formatEventTime(start, 'America/Chicago')).toBe('8:00 PM CT');
    expect(formatEventTime(start, 'America/Denver')).toBe('7:00 PM MT');
    expect(formatEventTime(utc('2026-07-05T01:00:00Z'), LA)).toBe('6:00 PM PT');
    expect(formatEventTime(start, LA)).not.toMatch(/[\u202f\u00a0]/);
  });

  it('shows the day of the venue, not of UTC', () => {
    expect(formatEventDate(start, LA)).toBe('Saturday, December 12, 2026');
    expect(formatEventDate(start, 'UTC')).toBe('Sunday, December 13, 2026');
    expect(formatEventDate(utc('2026-12-12T06:30:00Z'), LA)).toBe('Friday, December 11, 2026');
  });

  it('gives the day once for an evening, both days past midnight', () => {
    expect(formatEventWhen(start, utc('2026-12-13T05:00:00Z'), LA)).toBe(
      'Saturday, December 12, 2026, 6:00 PM – 9:00 PM PT',
    );
    expect(formatEventWhen(start, utc('2026-12-13T09:00:00Z'), LA)).toBe(
      'Saturday, December 12, 2026, 6:00 PM PT – Sunday, December 13, 2026, 1:00 AM PT',
    );
    // The same instants in New York end on the next day there.
    expect(formatEventWhen(start, utc('2026-12-13T05:00:00Z'), 'America/New_York')).toBe(
      'Saturday, December 12, 2026, 9:00 PM ET – Sunday, December 13, 2026, 12:00 AM ET',
    );
  });
});

describe('seats and refunds', () => {
  it('labels the seats left', () => {
    expect(seatsLeftLabel(0)).toBe('Sold out');
    expect(seatsLeftLabel(-3)).toBe('Sold out');
    expect(seatsLeftLabel(1)).toBe('1 left');
    expect(seatsLeftLabel(12)).toBe('12 left');
  });

  const startsAt = utc('2026-12-13T02:00:00Z');

  it('closes refunds the given days before the start', () => {
    expect(refundDeadline(startsAt, null)).toBeNull();
    expect(refundDeadline(startsAt, 0)).toEqual(startsAt);
    expect(refundDeadline(startsAt, 7)).toEqual(utc('2026-12-06T02:00:00Z'));
  });

  it('lets the buyer refund only before the deadline', () => {
    expect(canBuyerRefund(utc('2026-12-01T00:00:00Z'), startsAt, null)).toBe(false);
    expect(canBuyerRefund(utc('2026-12-13T01:59:59Z'), startsAt, 0)).toBe(true);
    expect(canBuyerRefund(startsAt, startsAt, 0)).toBe(false);
    expect(canBuyerRefund(utc('2026-12-06T01:59:00Z'), startsAt, 7)).toBe(true);
    expect(canBuyerRefund(utc('2026-12-06T02:00:00Z'), startsAt, 7)).toBe(false);
  });

  it('states the policy', () => {
    expect(refundPolicyText(null)).toBe('No refunds.');
    expect(refundPolicyText(0)).toBe('Refunds until the event starts.');
    expect(refundPolicyText(1)).toBe('Refunds until 1 day before the event.');
    expect(refundPolicyText(7)).toBe('Refunds until 7 days before the event.');
  });
});

describe('ticket codes', () => {
  const bytes = fc.uint8Array({ minLength: 17, maxLength: 32 });

  it('makes 26 Crockford characters, the first 130 bits of the bytes', () => {
    expect(TICKET_CODE_LENGTH).toBe(26);
    expect(ticketCodeFromRandomBytes(new Uint8Array(17))).toBe('0'.repeat(26));
    expect(ticketCodeFromRandomBytes(new Uint8Array(17).fill(255))).toBe('Z'.repeat(26));
    // 130 bits: 0b00001 then zeros gives '01' then zeros; the last 6 bits are left out.
    const first = new Uint8Array(17);
    first[0] = 0b00001000;
    expect(ticketCodeFromRandomBytes(first)).toBe(`1${'0'.repeat(25)}`);
    const last = new Uint8Array(17);
    last[16] = 0b01000000; // bit 130 (the last one used)
    expect(ticketCodeFromRandomBytes(last)).toBe(`${'0'.repeat(25)}1`);
    last[16] = 0b00111111; // bits 131 to 136, unused
    expect(ticketCodeFromRandomBytes(last)).toBe('0'.repeat(26));
    fc.assert(
      fc.property(bytes, (random) => {
        const code = ticketCodeFromRandomBytes(random);
        expect(code).toHaveLength(26);
        expect(isTicketCode(code)).toBe(true);
      }),
    );
  });

  it('decodes back to the same 130 bits', () => {
    const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
    fc.assert(
      fc.property(bytes, (random) => {
        const code = ticketCodeFromRandomBytes(random);
        const fromCode = [...code].map((c) => alphabet.indexOf(c).toString(2).padStart(5, '0'));
        const fromBytes = [...random].map((b) => b.toString(2).padStart(8, '0')).join('');
        expect(fromCode.join('')).toBe(fromBytes.slice(0, 130));
      }),
    );
  });

  it('needs at least 17 bytes', () => {
    expect(() => ticketCodeFromRandomBytes(new Uint8Array(16))).toThrow(RangeError);
  });

  it('reads back what it shows, and what people mistype', () => {
    fc.assert(
      fc.property(bytes, (random) => {
        const code = ticketCodeFromRandomBytes(random);
        const shown = formatTicketCode(code);
        expect(shown).toMatch(/^([0-9A-Z]{4}-){6}[0-9A-Z]{2}$/);
        expect(normalizeTicketCode(shown)).toBe(code);
        expect(normalizeTicketCode(shown.toLowerCase().replace(/-/g, ' '))).toBe(code);
      }),
    );
    expect(formatTicketCode('ABCDEFGHJKMNPQRSTVWXYZ0123')).toBe('ABCD-EFGH-JKMN-PQRS-TVWX-YZ01-23');
    expect(normalizeTicketCode(' abcd-efgh-jkmn-pqrs-tvwx-yz01-23 ')).toBe(
      'ABCDEFGHJKMNPQRSTVWXYZ0123',
    );
    expect(normalizeTicketCode('oOiIlL')).toBe('001111');
  });

  it('refuses what is not a code', () => {
    const good = 'ABCDEFGHJKMNPQRSTVWXYZ0123';
    expect(isTicketCode(good)).toBe(true);
    expect(isTicketCode(good.slice(1))).toBe(false);
    expect(isTicketCode(`${good}4`)).toBe(false);
    expect(isTicketCode(good.toLowerCase())).toBe(false);
    expect(isTicketCode(`U${good.slice(1)}`)).toBe(false);
    expect(isTicketCode(`I${good.slice(1)}`)).toBe(false);
    expect(isTicketCode(`O${good.slice(1)}`)).toBe(false);
    expect(isTicketCode(formatTicketCode(good))).toBe(false);
    expect(isTicketCode(null)).toBe(false);
    expect(isTicketCode(26)).toBe(false);
    // U is not Crockford: normalizing keeps it, so the typed code is still refused.
    expect(isTicketCode(normalizeTicketCode(`u${good.slice(1)}`))).toBe(false);
  });
});

describe('check-in answers', () => {
  it('has a title for each', () => {
    expect(CHECK_IN_RESULTS.map(checkInResultTitle)).toEqual([
      'Admitted',
      'Already checked in',
      'Ticket for another event',
      'Refunded',
      'Cancelled',
      'Not paid',
      'No such ticket',
    ]);
  });
});
