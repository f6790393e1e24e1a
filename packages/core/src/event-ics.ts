/**
 * An event as a calendar file (RFC 5545), for "Add to calendar" and the tickets email. Its times
 * are the venue's wall-clock times with the venue's zone (TZID), described by a VTIMEZONE block,
 * so calendars show 6:00 PM at the venue whatever zone the reader's device is in.
 */
import { formatEventWhen, utcToZonedLocal, zoneOffsetMinutes } from './events';

export interface EventIcsInput {
  /** Unique and stable for the event, such as `event-42@bevy.example`, so updates replace it. */
  uid: string;
  title: string;
  description: string;
  /** The venue and its address, on one line. */
  location: string;
  /** The event's page. */
  url: string;
  startsAt: Date;
  endsAt: Date;
  /** The venue's IANA zone, such as America/Los_Angeles. */
  timeZone: string;
  /** When the file is made (its DTSTAMP). */
  now: Date;
}

/** RFC 5545 TEXT: backslashes, semicolons and commas escaped, line breaks written as \n. */
export function escapeIcsText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

function utf8Length(codePoint: number): number {
  if (codePoint < 0x80) return 1;
  if (codePoint < 0x800) return 2;
  if (codePoint < 0x10000) return 3;
  return 4;
}

/**
 * A content line folded to lines of at most 75 octets (RFC 5545 3.1), each continuation starting
 * with a space. Folds fall between characters, never inside one's UTF-8 bytes.
 */
export function foldIcsLine(line: string): string[] {
  const lines: string[] = [];
  let current = '';
  let octets = 0;
  for (const character of line) {
    const size = utf8Length(character.codePointAt(0)!);
    if (octets + size > 75) {
      lines.push(current);
      // The continuation's leading space counts toward its 75.
      current = ' ';
      octets = 1;
    }
    current += character;
    octets += size;
  }
  lines.push(current);
  return lines;
}

const wallClock = (local: string) => `${local.replace(/[-:]/g, '')}00`;

/** An instant in UTC, as DTSTAMP wants it: 20261212T020000Z. */
const utcStamp = (date: Date) =>
  date
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');

/** A UTC offset as `-0800` (with seconds only when a zone's history needs them). */
function icsOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const absolute = Math.abs(minutes);
  return `${sign}${String(Math.floor(absolute / 60)).padStart(2, '0')}${String(absolute % 60).padStart(2, '0')}`;
}

interface Transition {
  /** The first instant of the new offset. */
  at: number;
  offsetFrom: number;
  offsetTo: number;
}

const DAY = 86_400_000;

/** The zone's changes of offset between two instants, found a day apart and then to the minute. */
function transitionsBetween(from: number, to: number, timeZone: string): Transition[] {
  const offsetAt = (time: number) => zoneOffsetMinutes(new Date(time), timeZone);
  const transitions: Transition[] = [];
  let time = from;
  let offset = offsetAt(time);
  while (time < to) {
    const next = Math.min(time + DAY, to);
    const nextOffset = offsetAt(next);
    if (nextOffset !== offset) {
      let before = time;
      let after = next;
      while (after - before > 60_000) {
        const middle = before + Math.floor((after - before) / 120_000) * 60_000;
        if (offsetAt(middle) === offset) before = middle;
        else after = middle;
      }
      transitions.push({ at: after, offsetFrom: offset, offsetTo: nextOffset });
    }
    time = next;
    offset = nextOffset;
  }
  return transitions;
}

/** A zone's short name, such as PST, when Intl knows one (it says "GMT+1" for most others). */
function zoneAbbreviation(at: number, timeZone: string): string | null {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value;
  return name && /^[A-Z]{2,5}$/.test(name) ? name : null;
}

/**
 * The VTIMEZONE for the years of an event: the change of offset in force as the first year
 * begins, then each change through the last year. A zone that has not changed its offset in that
 * time (Phoenix) gets one STANDARD observance.
 */
function vtimezone(timeZone: string, startsAt: Date, endsAt: Date): string[] {
  const firstYear = Number(utcToZonedLocal(startsAt, timeZone).slice(0, 4));
  const lastYear = Number(utcToZonedLocal(endsAt, timeZone).slice(0, 4));
  const windowStart = Date.UTC(firstYear, 0, 1);
  const windowEnd = Date.UTC(Math.max(firstYear, lastYear) + 1, 0, 1);
  const earlier = transitionsBetween(windowStart - 400 * DAY, windowStart, timeZone);
  const during = transitionsBetween(windowStart, windowEnd, timeZone);
  const inForce = earlier.at(-1);
  const observances = inForce ? [inForce, ...during] : during;
  const lines = ['BEGIN:VTIMEZONE', `TZID:${timeZone}`];
  if (observances.length === 0) {
    const offset = icsOffset(zoneOffsetMinutes(startsAt, timeZone));
    const name = zoneAbbreviation(startsAt.getTime(), timeZone);
    lines.push(
      'BEGIN:STANDARD',
      'DTSTART:19700101T000000',
      `TZOFFSETFROM:${offset}`,
      `TZOFFSETTO:${offset}`,
      ...(name ? [`TZNAME:${name}`] : []),
      'END:STANDARD',
    );
  } else {
    // Daylight time is whichever offset is ahead of the zone's least in these years.
    const standardOffset = Math.min(...observances.map((change) => change.offsetTo));
    for (const change of observances) {
      const kind = change.offsetTo > standardOffset ? 'DAYLIGHT' : 'STANDARD';
      // An observance starts at the wall-clock time before the change, in the old offset.
      const onset = utcToZonedLocal(new Date(change.at + change.offsetFrom * 60_000), 'UTC');
      const name = zoneAbbreviation(change.at, timeZone);
      lines.push(
        `BEGIN:${kind}`,
        `DTSTART:${wallClock(onset)}`,
        `TZOFFSETFROM:${icsOffset(change.offsetFrom)}`,
        `TZOFFSETTO:${icsOffset(change.offsetTo)}`,
        ...(name ? [`TZNAME:${name}`] : []),
        `END:${kind}`,
      );
    }
  }
  lines.push('END:VTIMEZONE');
  return lines;
}

/** The event as an .ics file (text/calendar): one VEVENT in the venue's zone, CRLF lines. */
export function eventIcs(event: EventIcsInput): string {
  const { timeZone } = event;
  // The human time first, so a reader whose calendar drops the zone still sees "6:00 PM PT".
  const when = formatEventWhen(event.startsAt, event.endsAt, timeZone);
  const description = event.description.trim() ? `${when}\n\n${event.description.trim()}` : when;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Bevy//Events//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...vtimezone(timeZone, event.startsAt, event.endsAt),
    'BEGIN:VEVENT',
    `UID:${escapeIcsText(event.uid)}`,
    `DTSTAMP:${utcStamp(event.now)}`,
    `DTSTART;TZID=${timeZone}:${wallClock(utcToZonedLocal(event.startsAt, timeZone))}`,
    `DTEND;TZID=${timeZone}:${wallClock(utcToZonedLocal(event.endsAt, timeZone))}`,
    `SUMMARY:${escapeIcsText(event.title)}`,
    `DESCRIPTION:${escapeIcsText(description)}`,
    `LOCATION:${escapeIcsText(event.location)}`,
    // A URI, not TEXT: its commas and semicolons stay as they are. Line breaks could forge lines.
    `URL:${event.url.replace(/[\r\n]/g, '')}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.flatMap(foldIcsLine).join('\r\n')}\r\n`;
}
