import { formatTicketCode } from '@bevy/core';
import type { EventAttendeeView } from './api/event-admin';

type Attendee = Pick<
  EventAttendeeView,
  | 'code'
  | 'status'
  | 'attendeeName'
  | 'typeName'
  | 'checkedInAt'
  | 'buyerName'
  | 'buyerEmail'
  | 'orderNumber'
>;

/**
 * The attendees whose name, buyer, email, ticket type, order number or ticket code holds every
 * word of `query` (in any case); all of them for an empty query.
 */
export function filterAttendees<T extends Attendee>(attendees: readonly T[], query: string): T[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...attendees];
  return attendees.filter((attendee) => {
    const text = [
      attendee.attendeeName,
      attendee.buyerName,
      attendee.buyerEmail,
      attendee.typeName,
      attendee.orderNumber,
      attendee.code,
      formatTicketCode(attendee.code),
    ]
      .filter(Boolean)
      .join(' ')
      .toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

/** A ticket's state as the list shows it: paid, checked in, refunded or cancelled. */
export function attendeeStatus(attendee: Pick<Attendee, 'status' | 'checkedInAt'>): {
  label: string;
  color: string;
} {
  switch (attendee.status) {
    case 'valid':
      return attendee.checkedInAt
        ? { label: 'Checked in', color: 'blue' }
        : { label: 'Paid', color: 'green' };
    case 'refunded':
      return { label: 'Refunded', color: 'gray' };
    case 'cancelled':
      return { label: 'Cancelled', color: 'red' };
    default:
      return { label: attendee.status, color: 'gray' };
  }
}

/** Whether the producer may refund the ticket: paid (or cancelled after it was paid), not refunded. */
export const isRefundable = (attendee: Pick<EventAttendeeView, 'refundable'>) =>
  attendee.refundable;
