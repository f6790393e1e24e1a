import { canBuyerRefund } from '@bevy/core';
import { and, asc, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { businesses, events, orders, tickets, ticketTypes } from '../../db/tables';
import { requireViewer } from '../../platform/access';
import type { ServiceContext } from '../../platform/context';
import { badInput, notFound } from '../../platform/domain-error';
import { queueMail } from '../mail/index';
import { refundLineUnits, type OrderChangeContext } from '../orders/index';
import { managedEvent } from './events.service';
import { ticketsEmail, type EmailEvent, type EmailTicket } from './ticket-emails';
import { offerFreedSeats } from './waitlist.service';

/**
 * A buyer's tickets (their codes, for the QR codes), and refunds: by the buyer within the event's
 * policy, or by the producer at any time. A refund gives the money back through the order (one
 * unit of its ticket line) and the seat back to sale, in one transaction, then offers it to the
 * waitlist.
 */

type MailContext = { db: Db; config: Pick<Config, 'publicUrl' | 'SITE_NAME' | 'SMTP_URL'> };

const eventForEmail = (event: typeof events.$inferSelect, businessName: string): EmailEvent => ({
  ...event,
  businessName,
});

/**
 * Tickets with what their emails and lists show: the type's name, the event, its producer and
 * the order's number and contact. The caller adds its filter and order.
 */
export function ticketDetails(db: Db, where: SQL | undefined) {
  return db
    .select({
      ticket: tickets,
      typeName: ticketTypes.name,
      event: events,
      businessName: businesses.name,
      businessSlug: businesses.slug,
      orderNumber: orders.number,
      contact: { name: orders.contact_name, email: orders.contact_email },
    })
    .from(tickets)
    .innerJoin(ticketTypes, eq(ticketTypes.id, tickets.ticket_type_id))
    .innerJoin(events, eq(events.id, tickets.event_id))
    .innerJoin(businesses, eq(businesses.id, events.business_id))
    .innerJoin(orders, eq(orders.id, tickets.order_id))
    .where(where);
}

type TicketDetails = Awaited<ReturnType<typeof ticketDetails>>[number];

/** Groups rows by buyer-or-order and event: one email each. */
export function byRecipientAndEvent<Row extends TicketDetails>(
  rows: readonly Row[],
  recipient: (row: Row) => number | null,
): Row[][] {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const key = `${recipient(row)}:${row.event.id}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return [...groups.values()];
}

/** Emails each order's buyer their tickets, in the caller's transaction (the one that paid). */
export async function queueTicketEmails(ctx: MailContext, orderIds: readonly number[]) {
  if (orderIds.length === 0) return;
  const rows = await ticketDetails(
    ctx.db,
    and(inArray(tickets.order_id, [...orderIds]), eq(tickets.status, 'valid')),
  ).orderBy(asc(tickets.order_id), asc(tickets.event_id), asc(tickets.id));
  await queueMail(
    ctx,
    byRecipientAndEvent(rows, (row) => row.ticket.order_id).map((group) =>
      ticketsEmail(
        ctx.config,
        group[0]!.contact,
        eventForEmail(group[0]!.event, group[0]!.businessName),
        group.map(({ ticket, typeName }) => emailTicket(ticket, typeName)),
      ),
    ),
  );
}

export const emailTicket = (
  ticket: typeof tickets.$inferSelect,
  typeName: string,
): EmailTicket => ({ code: ticket.code, typeName, attendeeName: ticket.attendee_name });

/** The viewer's paid and refunded tickets, the soonest upcoming event first. */
export async function myTickets(ctx: Pick<ServiceContext, 'db' | 'viewer' | 'clock'>) {
  const viewer = requireViewer(ctx);
  const rows = await ticketDetails(
    ctx.db,
    and(
      eq(tickets.buyer_id, viewer.id),
      inArray(tickets.status, ['valid', 'refunded', 'cancelled']),
    ),
  ).orderBy(desc(events.starts_at), asc(tickets.id));
  const now = ctx.clock.now();
  const upcoming = rows.filter((row) => row.event.ends_at > now).reverse();
  const past = rows.filter((row) => row.event.ends_at <= now);
  return [...upcoming, ...past].map((row) => ({
    ...row,
    refundable:
      row.ticket.status === 'valid' &&
      row.ticket.checked_in_at === null &&
      row.event.status === 'scheduled' &&
      canBuyerRefund(now, row.event.starts_at, row.event.refund_days_before),
  }));
}

type RefundContext = OrderChangeContext & Pick<ServiceContext, 'clock'>;

/**
 * Refunds one ticket through its order, returns its seat to sale and offers it to the waitlist.
 * A paid ticket ('valid'), or one cancelled after it was paid for (its event was cancelled, or
 * its hold lapsed and the seat was sold again while the payment was confirmed) may be refunded;
 * `byBuyer`, only one not used at the door. The ticket's own conditional update, made under the
 * order's lock before any money moves, settles a race between two refunds or a refund and a scan.
 */
export async function refundTicket(
  ctx: RefundContext,
  ticket: typeof tickets.$inferSelect,
  reason: string,
  options: { offerSeats?: boolean; byBuyer?: boolean } = {},
): Promise<void> {
  if (ticket.status !== 'valid' && ticket.status !== 'cancelled') {
    throw badInput('This ticket is not paid, or was refunded already.');
  }
  if (ticket.order_line_id === null) throw badInput('This ticket has no order line to refund.');
  await refundLineUnits(
    ctx,
    { orderId: ticket.order_id, lineId: ticket.order_line_id, quantity: 1, reason },
    async (db) => {
      const [refunded] = await db
        .update(tickets)
        .set({ status: 'refunded', hold_expires_at: null, updated_at: ctx.clock.now() })
        .where(
          and(
            eq(tickets.id, ticket.id),
            inArray(tickets.status, ['valid', 'cancelled']),
            options.byBuyer ? isNull(tickets.checked_in_at) : undefined,
          ),
        )
        .returning({ id: tickets.id });
      if (!refunded) {
        throw badInput(
          options.byBuyer
            ? 'This ticket was refunded already, or used at the door.'
            : 'This ticket was refunded already.',
        );
      }
    },
  );
  if (options.offerSeats !== false) await offerFreedSeats(ctx, ticket.event_id);
}

/** The buyer refunds a ticket of theirs, within the event's refund policy and before check-in. */
export async function refundMyTicket(ctx: RefundContext, ticketId: number): Promise<void> {
  const viewer = requireViewer(ctx);
  const [row] = await ctx.db
    .select({ ticket: tickets, event: events })
    .from(tickets)
    .innerJoin(events, eq(events.id, tickets.event_id))
    .where(and(eq(tickets.id, ticketId), eq(tickets.buyer_id, viewer.id)));
  if (!row) throw notFound('There is no such ticket.');
  if (row.ticket.checked_in_at !== null) {
    throw badInput('This ticket was used at the door, so it cannot be refunded.');
  }
  if (!canBuyerRefund(ctx.clock.now(), row.event.starts_at, row.event.refund_days_before)) {
    throw badInput('The refund policy of this event no longer allows a refund.');
  }
  if (row.ticket.status !== 'valid')
    throw badInput('This ticket is not paid, or was refunded already.');
  await refundTicket(ctx, row.ticket, 'Ticket refunded by the buyer', { byBuyer: true });
}

/** The producer refunds any ticket of their event, whatever its policy. */
export async function refundTicketAsProducer(
  ctx: RefundContext,
  businessSlug: string,
  eventId: number,
  ticketId: number,
): Promise<void> {
  const { event } = await managedEvent(ctx, businessSlug, eventId);
  const [ticket] = await ctx.db
    .select()
    .from(tickets)
    .where(and(eq(tickets.id, ticketId), eq(tickets.event_id, event.id)));
  if (!ticket) throw notFound('There is no such ticket.');
  await refundTicket(ctx, ticket, 'Ticket refunded by the producer');
}
