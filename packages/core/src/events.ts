/**
 * Events: tastings, release parties and the like that a producer runs, with tickets sold through
 * the marketplace. The rules here are shared by the server, which decides, and the web app, which
 * explains.
 *
 * An event happens somewhere, so its times belong to the venue's time zone (an IANA name such as
 * America/Los_Angeles): producers type wall-clock times there (`YYYY-MM-DDTHH:mm`), the database
 * keeps instants, and every page, email and calendar file shows the venue's time, never the
 * reader's or the server's. Time zones come from `Intl`, which knows every zone's rules.
 */

/** Who sees an event: everyone, those with the link, or the producer's club members. */
export const EVENT_VISIBILITIES = ['public', 'unlisted', 'members'] as const;
export type EventVisibility = (typeof EVENT_VISIBILITIES)[number];

/** Minutes tickets in a checkout are held for the buyer before the seats go back on sale. */
/** What an event and its ticket types may hold. */
export const EVENT_LIMITS = {
  title: 120,
  description: 5_000,
  ticketTypes: 10,
  ticketTypeName: 60,
  /** $10,000 for one ticket. */
  priceCents: 1_000_000,
  capacity: 100_000,
  perOrderLimit: 50,
  perOrderLimitDefault: 10,
  refundDaysBefore: 90,
  venueName: 120,
  attendeeName: 80,
} as const;

export const TICKET_HOLD_MINUTES = 10;
/** Hours a waitlisted buyer has to take up a freed seat before it is offered to the next. */
export const WAITLIST_OFFER_HOURS = 24;
/** Hours before the start that ticket holders are reminded of the event. */
export const TICKET_REMINDER_HOURS = 24;

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

function parseLocal(local: string): WallClock | null {
  const match = LOCAL_DATE_TIME.exec(local);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  if (hour > 23 || minute > 59 || month < 1 || month > 12 || day < 1) return null;
  // Day 0 of the next month is the last day of this one.
  if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return null;
  return { year, month, day, hour, minute };
}

/** Whether `value` is a wall-clock time `YYYY-MM-DDTHH:mm` that exists on the calendar. */
export function isLocalDateTime(value: string): boolean {
  return parseLocal(value) !== null;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** The wall clock read as if it were UTC: the arithmetic base for offsets. */
const wallClockAsUtc = (clock: WallClock) =>
  Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute);

// Building a formatter is far slower than using one, and the zones in use are few.
const partsFormatters = new Map<string, Intl.DateTimeFormat>();

function wallClockParts(at: number, timeZone: string) {
  let formatter = partsFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      // h23, not hour12: false, which some engines render as 24:00 at midnight.
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    partsFormatters.set(timeZone, formatter);
  }
  const parts: Record<string, number> = {};
  for (const part of formatter.formatToParts(at)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour! % 24,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** The zone's offset from UTC at an instant, in minutes (-480 for Pacific standard time). */
export function zoneOffsetMinutes(at: Date, timeZone: string): number {
  const time = at.getTime();
  const clock = wallClockParts(time, timeZone);
  const wallAsUtc =
    Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second) +
    // Intl drops the milliseconds; add them back (positive, also before 1970).
    (((time % 1000) + 1000) % 1000);
  return Math.round((wallAsUtc - time) / 60_000);
}

/** The wall-clock time `YYYY-MM-DDTHH:mm` in the zone at an instant. */
export function utcToZonedLocal(date: Date, timeZone: string): string {
  const clock = wallClockParts(date.getTime(), timeZone);
  return `${pad(clock.year, 4)}-${pad(clock.month)}-${pad(clock.day)}T${pad(clock.hour)}:${pad(clock.minute)}`;
}

/**
 * The instant of a wall-clock time `YYYY-MM-DDTHH:mm` in an IANA zone. A time the clocks skip
 * (02:30 when they spring forward) is read with the offset before the jump, which moves it
 * forward by the gap (to 03:30); a time that happens twice (01:30 when they fall back) is the
 * earlier of the two.
 */
export function zonedLocalToUtc(local: string, timeZone: string): Date {
  const clock = parseLocal(local);
  if (!clock) throw new RangeError(`Not a date and time YYYY-MM-DDTHH:mm: ${local}`);
  const wall = wallClockAsUtc(clock);
  // The offsets a day either side bracket any change of offset near this time.
  const day = 86_400_000;
  const offsetBefore = zoneOffsetMinutes(new Date(wall - day), timeZone);
  const offsetAfter = zoneOffsetMinutes(new Date(wall + day), timeZone);
  const candidates = [...new Set([offsetBefore, offsetAfter])]
    .map((offset) => wall - offset * 60_000)
    .sort((a, b) => a - b);
  const exact = candidates.find(
    (candidate) => utcToZonedLocal(new Date(candidate), timeZone) === local,
  );
  return new Date(exact ?? wall - offsetBefore * 60_000);
}

const displayFormatters = new Map<string, Intl.DateTimeFormat>();

function display(options: Intl.DateTimeFormatOptions, date: Date, timeZone: string): string {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let formatter = displayFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    displayFormatters.set(key, formatter);
  }
  // ICU puts narrow no-break spaces before AM/PM; plain spaces read (and search, and test) the same.
  return formatter.format(date).replace(/[\u202f\u00a0]/g, ' ');
}

const CLOCK: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };
// 'shortGeneric' names the zone without the season ("PT", not "PST" or "PDT"), as people say it.
const CLOCK_AND_ZONE: Intl.DateTimeFormatOptions = { ...CLOCK, timeZoneName: 'shortGeneric' };
const LONG_DATE: Intl.DateTimeFormatOptions = {
  weekday: 'long',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
};

/** The time in the venue's zone, such as `6:00 PM PT`. */
export function formatEventTime(date: Date, timeZone: string): string {
  return display(CLOCK_AND_ZONE, date, timeZone);
}

/** The day in the venue's zone, such as `Saturday, December 12, 2026`. */
export function formatEventDate(date: Date, timeZone: string): string {
  return display(LONG_DATE, date, timeZone);
}

/**
 * When an event happens, in the venue's zone: `Saturday, December 12, 2026, 6:00 PM – 9:00 PM PT`,
 * or with both days when it runs past midnight there.
 */
export function formatEventWhen(startsAt: Date, endsAt: Date, timeZone: string): string {
  const startDay = utcToZonedLocal(startsAt, timeZone).slice(0, 10);
  const endDay = utcToZonedLocal(endsAt, timeZone).slice(0, 10);
  const startDate = formatEventDate(startsAt, timeZone);
  if (startDay === endDay) {
    return `${startDate}, ${display(CLOCK, startsAt, timeZone)} – ${formatEventTime(endsAt, timeZone)}`;
  }
  return (
    `${startDate}, ${formatEventTime(startsAt, timeZone)} – ` +
    `${formatEventDate(endsAt, timeZone)}, ${formatEventTime(endsAt, timeZone)}`
  );
}

/** The seats still on sale, as a ticket page shows them. */
export function seatsLeftLabel(left: number): string {
  return left <= 0 ? 'Sold out' : `${left} left`;
}

/**
 * The last instant a buyer may refund their tickets themselves: `refundDaysBefore` days before the
 * start (0: until the start), or null when the producer gives no refunds. Days are counted as 24
 * hours, since no zone is at hand: across a change of clocks the deadline moves by that hour.
 */
export function refundDeadline(startsAt: Date, refundDaysBefore: number | null): Date | null {
  if (refundDaysBefore === null) return null;
  return new Date(startsAt.getTime() - refundDaysBefore * 86_400_000);
}

/** Whether a buyer may still refund their tickets themselves at `now`. */
export function canBuyerRefund(
  now: Date,
  startsAt: Date,
  refundDaysBefore: number | null,
): boolean {
  const deadline = refundDeadline(startsAt, refundDaysBefore);
  return deadline !== null && now.getTime() < deadline.getTime();
}

/** The refund policy in a sentence, for the event page and the tickets email. */
export function refundPolicyText(refundDaysBefore: number | null): string {
  if (refundDaysBefore === null) return 'No refunds.';
  if (refundDaysBefore <= 0) return 'Refunds until the event starts.';
  const days = refundDaysBefore === 1 ? '1 day' : `${refundDaysBefore} days`;
  return `Refunds until ${days} before the event.`;
}

/**
 * Tickets carry a random code of 26 Crockford base32 characters (130 bits, too many to guess),
 * which the QR code holds and the door scans or types. Crockford's alphabet leaves out I, L, O
 * and U, so a code read aloud or typed by hand is hard to get wrong.
 */
export const TICKET_CODE_LENGTH = 26;
const CROCKFORD_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const TICKET_CODE = new RegExp(`^[${CROCKFORD_ALPHABET}]{${TICKET_CODE_LENGTH}}$`);
/** Bytes a ticket code is made from: the first 130 of their bits. */
const TICKET_CODE_BYTES = Math.ceil((TICKET_CODE_LENGTH * 5) / 8);

/** Whether `value` is a ticket code as stored: 26 Crockford characters, upper case. */
export function isTicketCode(value: unknown): value is string {
  return typeof value === 'string' && TICKET_CODE.test(value);
}

/**
 * A code as someone typed or scanned it, made comparable: upper case, without the spaces and
 * dashes it is shown with, and with the letters Crockford decoding reads as digits (I and L as 1,
 * O as 0). The result may still not be a code; check it with `isTicketCode`.
 */
export function normalizeTicketCode(typed: string): string {
  return typed
    .toUpperCase()
    .replace(/[\s\-\u2010-\u2015]/g, '')
    .replace(/[IL]/g, '1')
    .replace(/O/g, '0');
}

/** A code in groups of four, such as `ABCD-EFGH-…`, for people to read; normalizing undoes it. */
export function formatTicketCode(code: string): string {
  return (normalizeTicketCode(code).match(/.{1,4}/g) ?? []).join('-');
}

/** A ticket code from random bytes (at least 17, of which the first 130 bits are used). */
export function ticketCodeFromRandomBytes(bytes: Uint8Array): string {
  if (bytes.length < TICKET_CODE_BYTES) {
    throw new RangeError(`A ticket code needs ${TICKET_CODE_BYTES} random bytes`);
  }
  let code = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5 && code.length < TICKET_CODE_LENGTH) {
      bits -= 5;
      code += CROCKFORD_ALPHABET[(buffer >> bits) & 31];
    }
    // Only the bits not yet used stay, so the buffer never outgrows 12 bits.
    buffer &= (1 << bits) - 1;
    if (code.length === TICKET_CODE_LENGTH) break;
  }
  return code;
}

/** What the door hears when it scans or types a ticket code. */
export const CHECK_IN_RESULTS = [
  'admitted',
  'already_checked_in',
  'other_event',
  'refunded',
  'cancelled',
  'not_paid',
  'unknown_code',
] as const;
export type CheckInResult = (typeof CHECK_IN_RESULTS)[number];

const CHECK_IN_RESULT_TITLES: Record<CheckInResult, string> = {
  admitted: 'Admitted',
  already_checked_in: 'Already checked in',
  other_event: 'Ticket for another event',
  refunded: 'Refunded',
  cancelled: 'Cancelled',
  not_paid: 'Not paid',
  unknown_code: 'No such ticket',
};

/** The check-in answer as the door's screen shows it, large. */
export function checkInResultTitle(result: CheckInResult): string {
  return CHECK_IN_RESULT_TITLES[result];
}
