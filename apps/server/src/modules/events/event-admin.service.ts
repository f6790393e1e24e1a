import { and, asc, eq, inArray, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { events, orders, tickets, ticketTypes, users, waitlistEntries } from '../../db/tables';
import type { ServiceContext } from '../../platform/context';
import { queueMail } from '../mail/index';
import type { OrderChangeContext } from '../orders/index';
import { checkedInCount } from './check-in.service';
import { managedEvent, type EventWithTypes } from './events.service';
import { seatCounts } from './seat-counts';
import { cancelledEmail } from './ticket-emails';
import { refundTicket } from './tickets.service';

/**
 * What a producer sees and does of one event: sales and capacity by type, the attendee list
 * (and its CSV), check-in progress, and cancelling the event, which refunds everyone.
 */

type AdminContext = Pick<ServiceContext, 'db' | 'viewer' | 'clock'>;

export interface TypeSales {
  typeId: number;
  name: string;
  capacity: number | null;
  sold: number;
  held: number;
  refunded: number;
  checkedIn: number;
  revenueCents: number;
}

export interface EventSales {
  event: EventWithTypes;
  types: TypeSales[];
  sold: number;
  checkedIn: number;
  revenueCents: number;
  waiting: number;
}

/** Sales, seats and check-ins of the event, by ticket type. */
export async function eventSales(
  ctx: AdminContext,
  businessSlug: string,
  eventId: number,
): Promise<EventSales> {
  const { event } = await managedEvent(ctx, businessSlug, eventId);
  const now = ctx.clock.now();
  const [rows, counts, checkedIn, [waiting]] = await Promise.all([
    ctx.db
      .select({
        typeId: tickets.ticket_type_id,
        status: tickets.status,
        count: sql<number>`count(*)::int`,
        checkedIn: sql<number>`count(${tickets.checked_in_at})::int`,
        cents: sql<number>`coalesce(sum(${tickets.price_cents}), 0)::int`,
      })
      .from(tickets)
      .where(eq(tickets.event_id, event.id))
      .groupBy(tickets.ticket_type_id, tickets.status),
    seatCounts(ctx.db, [event.id], now),
    checkedInCount(ctx.db, event.id),
    ctx.db
      .select({ count: sql<number>`count(*)::int` })
      .from(waitlistEntries)
      .where(
        and(
          eq(waitlistEntries.event_id, event.id),
          inArray(waitlistEntries.status, ['waiting', 'offered']),
        ),
      ),
  ]);
  const taken = counts.get(event.id)!;
  const types = event.types.map((type) => {
    const of = rows.filter((row) => row.typeId === type.id);
    const count = (status: string) =>
      of.filter((row) => row.status === status).reduce((sum, row) => sum + row.count, 0);
    const sold = count('valid');
    return {
      typeId: type.id,
      name: type.name,
      capacity: type.capacity,
      sold,
      held: (taken.byType.get(type.id) ?? 0) - sold,
      refunded: count('refunded'),
      checkedIn: of.filter((row) => row.status === 'valid').reduce((s, r) => s + r.checkedIn, 0),
      revenueCents: of
        .filter((row) => row.status === 'valid')
        .reduce((sum, row) => sum + row.cents, 0),
    };
  });
  return {
    event,
    types,
    sold: types.reduce((sum, type) => sum + type.sold, 0),
    checkedIn,
    revenueCents: types.reduce((sum, type) => sum + type.revenueCents, 0),
    waiting: waiting?.count ?? 0,
  };
}

/** Every ticket of the event with its attendee, buyer and order, for the list and its CSV. */
export async function eventAttendees(ctx: AdminContext, businessSlug: string, eventId: number) {
  const { event } = await managedEvent(ctx, businessSlug, eventId);
  const rows = await ctx.db
    .select({
      id: tickets.id,
      code: tickets.code,
      status: tickets.status,
      attendeeName: tickets.attendee_name,
      priceCents: tickets.price_cents,
      checkedInAt: tickets.checked_in_at,
      typeName: ticketTypes.name,
      buyerName: users.name,
      buyerEmail: users.email,
      orderNumber: orders.number,
      orderId: orders.id,
      orderStatus: orders.status,
    })
    .from(tickets)
    .innerJoin(ticketTypes, eq(ticketTypes.id, tickets.ticket_type_id))
    .innerJoin(orders, eq(orders.id, tickets.order_id))
    .leftJoin(users, eq(users.id, tickets.buyer_id))
    .where(
      and(
        eq(tickets.event_id, event.id),
        inArray(tickets.status, ['valid', 'refunded', 'cancelled']),
      ),
    )
    .orderBy(asc(ticketTypes.position), asc(tickets.attendee_name), asc(tickets.id));
  return {
    event,
    attendees: rows.map((row) => ({
      ...row,
      // Paid, or cancelled after its order was paid all the same: the producer may refund it.
      refundable:
        row.status === 'valid' ||
        (row.status === 'cancelled' &&
          !['awaiting_payment', 'payment_failed', 'cancelled', 'refunded'].includes(
            row.orderStatus,
          )),
    })),
  };
}

type CancelContext = OrderChangeContext & Pick<ServiceContext, 'clock'>;

/**
 * Cancels the event: it stops selling at once, its waitlist is closed, every paid ticket is
 * refunded in full, and every buyer is emailed. Refunds run one ticket at a time; one that fails
 * (the provider is down) is reported and may be retried by cancelling again.
 */
export async function cancelEvent(
  ctx: CancelContext,
  businessSlug: string,
  eventId: number,
  reason: string | null,
): Promise<{ refunded: number; failed: number }> {
  const { business, event } = await managedEvent(ctx, businessSlug, eventId);
  const note = reason?.trim().slice(0, 500) || null;
  // In one transaction under the event's lock, which every checkout takes to hold seats: no seat
  // is held after this, and the holds of buyers paying now end, their tickets cancelled (a
  // payment that still goes through is refunded below, or by cancelling again).
  await ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const [locked] = await db
      .select({ status: events.status })
      .from(events)
      .where(eq(events.id, event.id))
      .for('update');
    await db
      .update(waitlistEntries)
      .set({ status: 'expired', updated_at: ctx.clock.now() })
      .where(
        and(
          eq(waitlistEntries.event_id, event.id),
          inArray(waitlistEntries.status, ['waiting', 'offered']),
        ),
      );
    if (locked?.status !== 'scheduled') return;
    await db
      .update(events)
      .set({ status: 'cancelled', updated_at: ctx.clock.now() })
      .where(eq(events.id, event.id));
    await db
      .update(tickets)
      .set({ status: 'cancelled', hold_expires_at: null, updated_at: ctx.clock.now() })
      .where(and(eq(tickets.event_id, event.id), eq(tickets.status, 'held')));
    const buyers = await db
      .selectDistinct({ name: users.name, email: users.email })
      .from(tickets)
      .innerJoin(users, eq(users.id, tickets.buyer_id))
      .where(and(eq(tickets.event_id, event.id), eq(tickets.status, 'valid')));
    await queueMail(
      { db, config: ctx.config },
      buyers.map((buyer) =>
        cancelledEmail(ctx.config, buyer, { ...event, businessName: business.name }, note),
      ),
    );
  });
  // Paid tickets, and cancelled ones whose order was paid all the same.
  const paid = await ctx.db
    .select({ ticket: tickets })
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.order_id))
    .where(
      and(
        eq(tickets.event_id, event.id),
        or(
          eq(tickets.status, 'valid'),
          and(
            eq(tickets.status, 'cancelled'),
            notInArray(orders.status, ['awaiting_payment', 'payment_failed', 'cancelled']),
          ),
        ),
      ),
    )
    .orderBy(asc(tickets.id));
  let refunded = 0;
  let failed = 0;
  for (const { ticket } of paid) {
    try {
      await refundTicket(ctx, ticket, note ? `Event cancelled: ${note}` : 'Event cancelled', {
        offerSeats: false,
      });
      refunded++;
    } catch (error) {
      failed++;
      ctx.log.error(
        { err: error, ticketId: ticket.id },
        'a cancelled event’s ticket was not refunded',
      );
    }
  }
  return { refunded, failed };
}
