import {
  formatEventDate,
  formatEventTime,
  formatEventWhen,
  formatTicketCode,
  refundPolicyText,
} from '@bevy/core';
import type { Config } from '../../config';
import type { MailMessage } from '../mail/index';
import { message, type Block } from '../orders/index';

/**
 * The emails of events: the tickets when they are paid (each with its QR code and its code in
 * text, readable offline), the reminder a day before, the cancellation, and a waitlist offer.
 * Every time is the venue's, with its zone ("6:00 PM PT"), wherever the reader is.
 */

type EmailConfig = Pick<Config, 'publicUrl' | 'SITE_NAME'>;

export interface EmailEvent {
  title: string;
  url_key: string;
  starts_at: Date;
  ends_at: Date;
  time_zone: string;
  venue_name: string | null;
  venue_line1: string;
  venue_city: string;
  venue_state: string;
  venue_zip: string;
  adults_only: boolean;
  refund_days_before: number | null;
  businessName: string;
}

export interface EmailTicket {
  code: string;
  typeName: string;
  attendeeName: string | null;
}

export const eventUrl = (config: EmailConfig, urlKey: string) =>
  `${config.publicUrl}/events/${urlKey}`;
/** The QR image of a ticket; its code is the ticket's secret, which this email carries anyway. */
export const ticketQrUrl = (config: EmailConfig, code: string) =>
  `${config.publicUrl}/tickets/${code}/qr.png`;

export function venueLine(event: EmailEvent): string {
  const street = `${event.venue_line1}, ${event.venue_city}, ${event.venue_state} ${event.venue_zip}`;
  return event.venue_name ? `${event.venue_name}, ${street}` : street;
}

function whenAndWhere(event: EmailEvent): Block[] {
  return [
    { kind: 'paragraph', text: formatEventWhen(event.starts_at, event.ends_at, event.time_zone) },
    { kind: 'paragraph', text: venueLine(event) },
  ];
}

function ticketBlocks(config: EmailConfig, ticket: EmailTicket, index: number): Block[] {
  const who = ticket.attendeeName ? ` for ${ticket.attendeeName}` : '';
  return [
    { kind: 'heading', text: `Ticket ${index + 1}: ${ticket.typeName}${who}` },
    {
      kind: 'image',
      src: ticketQrUrl(config, ticket.code),
      alt: `Ticket code ${formatTicketCode(ticket.code)}`,
      width: 220,
    },
    { kind: 'paragraph', text: `Code: ${formatTicketCode(ticket.code)}` },
  ];
}

const idReminder = (event: EmailEvent): Block[] =>
  event.adults_only
    ? [
        {
          kind: 'paragraph',
          text: 'This event is 21+. Bring a photo ID: it is checked at the door.',
        },
      ]
    : [];

export function ticketsEmail(
  config: EmailConfig,
  to: { name: string; email: string },
  event: EmailEvent,
  tickets: readonly EmailTicket[],
): MailMessage {
  const count = tickets.length === 1 ? 'Your ticket' : `Your ${tickets.length} tickets`;
  return message(to.email, `${count} to ${event.title}`, [
    { kind: 'heading', text: `${count} to ${event.title}` },
    { kind: 'paragraph', text: `${event.businessName} looks forward to seeing you, ${to.name}.` },
    ...whenAndWhere(event),
    ...idReminder(event),
    { kind: 'paragraph', text: 'Show a code at the door, on your phone or printed.' },
    ...tickets.flatMap((ticket, index) => ticketBlocks(config, ticket, index)),
    { kind: 'paragraph', text: refundPolicyText(event.refund_days_before) },
    {
      kind: 'link',
      label: 'Add it to your calendar',
      href: `${eventUrl(config, event.url_key)}/calendar.ics`,
    },
    { kind: 'link', label: 'Your tickets', href: `${config.publicUrl}/consumer/tickets` },
  ]);
}

export function reminderEmail(
  config: EmailConfig,
  to: { name: string; email: string },
  event: EmailEvent,
  tickets: readonly EmailTicket[],
): MailMessage {
  return message(to.email, `Tomorrow: ${event.title}`, [
    { kind: 'heading', text: `${event.title} is tomorrow` },
    ...whenAndWhere(event),
    ...idReminder(event),
    ...tickets.flatMap((ticket, index) => ticketBlocks(config, ticket, index)),
    { kind: 'link', label: 'Your tickets', href: `${config.publicUrl}/consumer/tickets` },
  ]);
}

export function cancelledEmail(
  config: EmailConfig,
  to: { name: string; email: string },
  event: EmailEvent,
  reason: string | null,
): MailMessage {
  return message(to.email, `Cancelled: ${event.title}`, [
    { kind: 'heading', text: `${event.title} is cancelled` },
    {
      kind: 'paragraph',
      text: `${event.businessName} cancelled ${event.title} on ${formatEventWhen(event.starts_at, event.ends_at, event.time_zone)}.`,
    },
    ...(reason ? [{ kind: 'paragraph' as const, text: reason }] : []),
    {
      kind: 'paragraph',
      text: 'Your tickets are refunded in full to the card you paid with.',
    },
    { kind: 'link', label: 'Your tickets', href: `${config.publicUrl}/consumer/tickets` },
  ]);
}

export function waitlistOfferEmail(
  config: EmailConfig,
  to: { name: string; email: string },
  event: EmailEvent,
  offer: { typeName: string; quantity: number; key: string; expiresAt: Date },
): MailMessage {
  const seats = offer.quantity === 1 ? 'A seat is' : `${offer.quantity} seats are`;
  return message(to.email, `${seats} yours to buy: ${event.title}`, [
    { kind: 'heading', text: `${seats} free for you at ${event.title}` },
    ...whenAndWhere(event),
    {
      kind: 'paragraph',
      text: `We are holding ${offer.quantity} × ${offer.typeName} for you until ${formatEventTime(offer.expiresAt, event.time_zone)} on ${formatEventDate(offer.expiresAt, event.time_zone)}. After that they go to the next person waiting.`,
    },
    {
      kind: 'link',
      label: 'Buy your tickets',
      href: `${eventUrl(config, event.url_key)}?offer=${offer.key}`,
    },
  ]);
}
