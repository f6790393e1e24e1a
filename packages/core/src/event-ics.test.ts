import { describe, expect, it } from 'vitest';
import { escapeIcsText, eventIcs, foldIcsLine, type EventIcsInput } from './event-ics';

const party: EventIcsInput = {
  uid: 'event-42@bevy.example',
  title: 'Holiday release party, with cheese; bring friends',
  description: 'Taste the 2024 Pinot noir.\nMeet the winemaker, Ana.',
  location: 'The barrel room, 1 Main St, Portland, OR 97214',
  url: 'https://bevy.example/events/42',
  startsAt: new Date('2026-12-13T02:00:00Z'),
  endsAt: new Date('2026-12-13T05:00:00Z'),
  timeZone: 'America/Los_Angeles',
  now: new Date('2026-11-20T15:04:05.678Z'),
};

/** The content lines, unfolded. */
const unfolded = (ics: string) => ics.replace(/\r\n /g, '').split('\r\n');

/** The blocks of one kind inside the VTIMEZONE, each as its lines. */
function observances(ics: string, kind: 'STANDARD' | 'DAYLIGHT'): string[][] {
  const lines = unfolded(ics);
  const blocks: string[][] = [];
  lines.forEach((line, index) => {
    if (line === `BEGIN:${kind}`)
      blocks.push(lines.slice(index + 1, lines.indexOf(`END:${kind}`, index)));
  });
  return blocks;
}

describe('an event as a calendar file', () => {
  const ics = eventIcs(party);
  const lines = unfolded(ics);

  it('is a calendar with one event', () => {
    expect(lines.slice(0, 5)).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Bevy//Events//EN',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
    ]);
    expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(1);
    expect(lines.at(-2)).toBe('END:VCALENDAR');
    expect(lines.at(-1)).toBe('');
  });

  it('gives the venue wall-clock time with its zone', () => {
    expect(lines).toContain('DTSTART;TZID=America/Los_Angeles:20261212T180000');
    expect(lines).toContain('DTEND;TZID=America/Los_Angeles:20261212T210000');
    expect(lines).toContain('TZID:America/Los_Angeles');
    expect(lines).toContain('DTSTAMP:20261120T150405Z');
    expect(lines).toContain('UID:event-42@bevy.example');
    expect(lines).toContain('URL:https://bevy.example/events/42');
  });

  it('describes the zone in the year of the event', () => {
    const daylight = observances(ics, 'DAYLIGHT');
    expect(daylight).toContainEqual([
      'DTSTART:20260308T020000',
      'TZOFFSETFROM:-0800',
      'TZOFFSETTO:-0700',
      'TZNAME:PDT',
    ]);
    expect(observances(ics, 'STANDARD')).toContainEqual([
      'DTSTART:20261101T020000',
      'TZOFFSETFROM:-0700',
      'TZOFFSETTO:-0800',
      'TZNAME:PST',
    ]);
    // The change in force as the year begins, so January times have an observance too.
    expect(observances(ics, 'STANDARD')[0]![0]).toBe('DTSTART:20251102T020000');
  });

  it('gives a zone without daylight time one standard observance', () => {
    const phoenix = eventIcs({ ...party, timeZone: 'America/Phoenix' });
    expect(observances(phoenix, 'DAYLIGHT')).toEqual([]);
    expect(observances(phoenix, 'STANDARD')).toEqual([
      ['DTSTART:19700101T000000', 'TZOFFSETFROM:-0700', 'TZOFFSETTO:-0700', 'TZNAME:MST'],
    ]);
    expect(unfolded(phoenix)).toContain('DTSTART;TZID=America/Phoenix:20261212T190000');
  });

  it('handles a zone whose summer is in January', () => {
    const sydney = eventIcs({ ...party, timeZone: 'Australia/Sydney' });
    expect(observances(sydney, 'DAYLIGHT').map((block) => block[0])).toEqual([
      'DTSTART:20251005T020000',
      'DTSTART:20261004T020000',
    ]);
    expect(observances(sydney, 'STANDARD')).toEqual([
      ['DTSTART:20260405T030000', 'TZOFFSETFROM:+1100', 'TZOFFSETTO:+1000'],
    ]);
  });

  it('escapes text and starts the description with the time people read', () => {
    expect(lines).toContain('SUMMARY:Holiday release party\\, with cheese\\; bring friends');
    expect(lines).toContain('LOCATION:The barrel room\\, 1 Main St\\, Portland\\, OR 97214');
    expect(lines).toContain(
      'DESCRIPTION:Saturday\\, December 12\\, 2026\\, 6:00 PM – 9:00 PM PT\\n\\nTaste the 2024 ' +
        'Pinot noir.\\nMeet the winemaker\\, Ana.',
    );
    expect(escapeIcsText('a\\b;c,d\r\ne\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });

  it('uses CRLF and folds lines to 75 octets', () => {
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const long = eventIcs({ ...party, description: 'Crème brûlée and rosé. '.repeat(20) });
    const physical = long.split('\r\n');
    expect(physical.some((line) => line.startsWith(' '))).toBe(true);
    for (const line of physical) {
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    }
    expect(unfolded(long).find((line) => line.startsWith('DESCRIPTION:'))).toContain(
      'Crème brûlée and rosé. '.repeat(20).trim(),
    );
  });

  it('never folds inside a character', () => {
    const line = `SUMMARY:${'é'.repeat(100)}`;
    const folded = foldIcsLine(line);
    expect(folded.map((part, index) => (index ? part.slice(1) : part)).join('')).toBe(line);
    for (const part of folded) {
      expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
    }
    expect(foldIcsLine('x'.repeat(75))).toEqual(['x'.repeat(75)]);
    expect(foldIcsLine('x'.repeat(76))).toEqual(['x'.repeat(75), ' x']);
  });
});
