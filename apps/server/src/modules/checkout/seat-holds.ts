import { randomBytes } from 'node:crypto';
import { TICKET_HOLD_MINUTES, ticketCodeFromRandomBytes } from '@bevy/core';
import { and, asc, eq, gt, inArray, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { events, tickets, ticketTypes, waitlistEntries } from '../../db/tables';
import { seatCounts, seatsLeft } from '../events/index';
import { CheckoutRefused } from './checkout-answer';
import { refusalOf, soldOutMessage, type CartProblem } from './checkout-pricing';
import { ticketLineName, type PricedTicketLine } from './ticket-pricing';

/**
 * The seats a checkout holds, as stock-holds.ts holds stock: taken in the transaction that
 * creates the orders, under a lock on each event (in id order, so checkouts never wait on each
 * other in a circle), counted from the tickets themselves. The hold lasts TICKET_HOLD_MINUTES;
 * a payment that fails gives the seats back at once, one that never comes when the hold expires.
 */

export interface SeatRequest {
  line: PricedTicketLine;
  orderId: number;
  orderLineId: number;
}

/** Locks the events, so that only one transaction at a time counts and takes their seats. */
async function lockEvents(db: Db, eventIds: readonly number[]) {
  return db
    .select({ id: events.id, capacity: events.capacity, status: events.status })
    .from(events)
    .where(inArray(events.id, [...eventIds]))
    .orderBy(asc(events.id))
    .for('update');
}

/**
 * Takes the seats of every ticket line in the caller's transaction, as 'held' tickets with their
 * codes. A type or event without the seats refuses the whole cart (CheckoutRefused) and the
 * rollback takes nothing. Seats the waitlist offered this buyer are theirs to take.
 */
export async function holdSeats(
  db: Db,
  requests: readonly SeatRequest[],
  buyerId: number,
  now: Date,
): Promise<void> {
  if (requests.length === 0) return;
  const eventIds = [...new Set(requests.map(({ line }) => line.type.event.id))].sort(
    (a, b) => a - b,
  );
  const locked = new Map((await lockEvents(db, eventIds)).map((row) => [row.id, row]));
  const counts = await seatCounts(db, eventIds, now);
  const typeIds = requests.map(({ line }) => line.type.id);
  const offers = await db
    .update(waitlistEntries)
    .set({ status: 'bought', updated_at: now })
    .where(
      and(
        eq(waitlistEntries.user_id, buyerId),
        inArray(waitlistEntries.ticket_type_id, typeIds),
        eq(waitlistEntries.status, 'offered'),
        gt(waitlistEntries.offer_expires_at, now),
      ),
    )
    .returning({
      eventId: waitlistEntries.event_id,
      typeId: waitlistEntries.ticket_type_id,
      quantity: waitlistEntries.quantity,
    });
  for (const offer of offers) {
    const count = counts.get(offer.eventId)!;
    count.total -= offer.quantity;
    count.byType.set(offer.typeId, (count.byType.get(offer.typeId) ?? 0) - offer.quantity);
  }
  const problems: CartProblem[] = [];
  for (const { line } of requests) {
    const event = locked.get(line.type.event.id);
    const name = ticketLineName(line.type);
    if (!event || event.status !== 'scheduled') {
      problems.push({
        code: 'BAD_USER_INPUT',
        field: `tickets.${line.index}.ticketTypeId`,
        message: 'These tickets are no longer sold. Remove them from your cart.',
      });
      continue;
    }
    const count = counts.get(event.id)!;
    const left = seatsLeft(event, line.type, count);
    if (left < line.quantity) {
      problems.push({
        code: 'SOLD_OUT',
        field: `tickets.${line.index}.quantity`,
        message: soldOutMessage(name, left),
      });
      continue;
    }
    // Later lines of the same event see these seats as taken.
    count.total += line.quantity;
    count.byType.set(line.type.id, (count.byType.get(line.type.id) ?? 0) + line.quantity);
  }
  if (problems.length > 0) throw new CheckoutRefused(refusalOf(problems));
  const holdExpiresAt = new Date(now.getTime() + TICKET_HOLD_MINUTES * 60_000);
  await db.insert(tickets).values(
    requests.flatMap(({ line, orderId, orderLineId }) =>
      line.attendeeNames.map((attendee) => ({
        event_id: line.type.event.id,
        ticket_type_id: line.type.id,
        order_id: orderId,
        order_line_id: orderLineId,
        buyer_id: buyerId,
        code: ticketCodeFromRandomBytes(randomBytes(17)),
        attendee_name: attendee,
        price_cents: line.unitPrice,
        status: 'held' as const,
        hold_expires_at: holdExpiresAt,
      })),
    ),
  );
}

/** Gives back the seats these unpaid orders held, in the caller's transaction. */
export async function releaseSeats(db: Db, orderIds: readonly number[]): Promise<void> {
  if (orderIds.length === 0) return;
  await db
    .update(tickets)
    .set({ status: 'released', hold_expires_at: null, updated_at: new Date() })
    .where(and(inArray(tickets.order_id, [...orderIds]), eq(tickets.status, 'held')));
}

/**
 * The orders were paid: their held tickets become valid, in the caller's transaction. A hold
 * that expired before the payment was confirmed may have been sold again meanwhile; such a
 * ticket is kept only while its event and type still have the seat and the event is on, and is
 * otherwise cancelled, so that no event is ever oversold. Returns the orders' cancelled tickets
 * (those, and any whose event was cancelled while they were paid for), for their refund.
 */
export async function confirmSeats(
  db: Db,
  orderIds: readonly number[],
  now: Date,
): Promise<{ id: number; orderId: number }[]> {
  if (orderIds.length === 0) return [];
  const ofOrders = and(inArray(tickets.order_id, [...orderIds]), eq(tickets.status, 'held'));
  const heldAt = await db
    .selectDistinct({ eventId: tickets.event_id })
    .from(tickets)
    .where(ofOrders);
  if (heldAt.length === 0) {
    return db
      .select({ id: tickets.id, orderId: tickets.order_id })
      .from(tickets)
      .where(and(inArray(tickets.order_id, [...orderIds]), eq(tickets.status, 'cancelled')));
  }
  // Under the events' locks, so that no checkout counts these seats as free at the instant a hold
  // runs out, and none is held after the event was cancelled.
  const locked = new Map(
    (
      await lockEvents(
        db,
        heldAt.map((row) => row.eventId).sort((a, b) => a - b),
      )
    ).map((row) => [row.id, row]),
  );
  await db
    .update(tickets)
    .set({ status: 'valid', hold_expires_at: null, updated_at: now })
    .where(and(ofOrders, gt(tickets.hold_expires_at, now)));
  // Tickets cancelled while their order was being paid for (the event was cancelled meanwhile).
  const cancelledMeanwhile = await db
    .select({ id: tickets.id, orderId: tickets.order_id })
    .from(tickets)
    .where(and(inArray(tickets.order_id, [...orderIds]), eq(tickets.status, 'cancelled')));
  const lapsed = await db
    .select({
      id: tickets.id,
      orderId: tickets.order_id,
      eventId: tickets.event_id,
      typeId: tickets.ticket_type_id,
    })
    .from(tickets)
    .where(and(ofOrders, lte(tickets.hold_expires_at, now)))
    .orderBy(asc(tickets.id));
  if (lapsed.length === 0) return cancelledMeanwhile;
  const eventIds = [...new Set(lapsed.map((ticket) => ticket.eventId))].sort((a, b) => a - b);
  const counts = await seatCounts(db, eventIds, now);
  const typeRows = await db
    .select({ id: ticketTypes.id, capacity: ticketTypes.capacity })
    .from(ticketTypes)
    .where(inArray(ticketTypes.id, [...new Set(lapsed.map((ticket) => ticket.typeId))]));
  const typeCapacity = new Map(typeRows.map((row) => [row.id, row.capacity]));
  const cancelled: { id: number; orderId: number }[] = [...cancelledMeanwhile];
  for (const ticket of lapsed) {
    const count = counts.get(ticket.eventId)!;
    const left = seatsLeft(
      locked.get(ticket.eventId)!,
      { id: ticket.typeId, capacity: typeCapacity.get(ticket.typeId) ?? null },
      count,
    );
    const keep = left > 0 && locked.get(ticket.eventId)!.status === 'scheduled';
    await db
      .update(tickets)
      .set({ status: keep ? 'valid' : 'cancelled', hold_expires_at: null, updated_at: now })
      .where(eq(tickets.id, ticket.id));
    if (!keep) {
      cancelled.push({ id: ticket.id, orderId: ticket.orderId });
      continue;
    }
    count.total += 1;
    count.byType.set(ticket.typeId, (count.byType.get(ticket.typeId) ?? 0) + 1);
  }
  return cancelled;
}
