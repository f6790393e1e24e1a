import { formatTicketCode } from '@bevy/core';
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

function rowOf(row: AttendeeRow): string[] {
  return [
    row.attendeeName ?? row.buyerName ?? '',
    row.typeName,
    STATUS_LABELS[row.status],
    row.checkedInAt?.toISOString() ?? '',
    csvDollars(row.priceCents),
    row.buyerName ?? '',
    row.buyerEmail ?? '',
    row.orderNumber,
    formatTicketCode(row.code),
  ];
}

/** The whole file: a header row, then the tickets, each line ending in CRLF. */
export function eventAttendeesCsv(rows: readonly AttendeeRow[]): string {
  return [EVENT_ATTENDEES_CSV_COLUMNS, ...rows.map(rowOf)]
    .map((row) => `${row.map(csvCell).join(',')}\r\n`)
    .join('');
}
