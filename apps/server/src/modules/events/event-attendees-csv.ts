import { formatEventTime, formatTicketCode, utcToZonedLocal } from '@bevy/core';
import { csvCell, csvDollars } from '../orders/index';
import type { eventAttendees } from './event-admin.service';

/** An event's attendees as a spreadsheet opens them: RFC 4180, one ticket a row. */

type AttendeeRow = Awaited<ReturnType<typeof eventAttendees>>['attendees'][number];

export const EVENT_ATTENDEES_CSV_COLUMNS = [
  'Attendee',
  'Ticket type',
  'Status',
  'Checked in at',
  'Price',
  'Buyer',
  'Buyer email',
  'Order',
  'Code',
] as const;

const STATUS_LABELS: Record<AttendeeRow['status'], string> = {
  held: 'Being paid for',
  valid: 'Paid',
  released: 'Released',
  refunded: 'Refunded',
  cancelled: 'Cancelled',
};

/** "2026-12-12 6:42 PM PT": in the venue's time, as the producer reads it. */
function venueTime(at: Date, timeZone: string): string {
  return `${utcToZonedLocal(at, timeZone).slice(0, 10)} ${formatEventTime(at, timeZone)}`;
}

function rowOf(row: AttendeeRow, timeZone: string): string[] {
  return [
    row.attendeeName ?? row.buyerName ?? '',
    row.typeName,
    STATUS_LABELS[row.status],
    row.checkedInAt ? venueTime(row.checkedInAt, timeZone) : '',
    csvDollars(row.priceCents),
    row.buyerName ?? '',
    row.buyerEmail ?? '',
    row.orderNumber,
    formatTicketCode(row.code),
  ];
}

/** The whole file: a header row, then the tickets, each line ending in CRLF. */
export function eventAttendeesCsv(rows: readonly AttendeeRow[], timeZone: string): string {
  return [EVENT_ATTENDEES_CSV_COLUMNS, ...rows.map((row) => rowOf(row, timeZone))]
    .map((row) => `${row.map(csvCell).join(',')}\r\n`)
    .join('');
}
