import { canBuyerRefund } from '@bevy/core';
import { and, count, eq, exists, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  businesses,
  businessMembers,
  checkouts,
  events,
  orders,
  tickets,
  users,
} from '../../db/tables';
import type { ServiceContext } from '../../platform/context';

/**
 * The rules a deletion follows, shared by the preview and the deletion itself (decision 024): it
 * does for the person only what they could do themselves (cancel an order the producer has not
 * accepted, refund a ticket within its event's policy), and waits for what is still moving.
 */

export const PAYMENT_IN_FLIGHT = 'A payment is still being processed. Try again in a few minutes.';

/** The statuses of the person's orders that are still open. */
export const OPEN_STATUSES = [
  'placed',
  'accepted',
  'ready_for_pickup',
  'out_for_delivery',
  'shipped',
] as const;

export interface OpenOrder {
  id: number;
  number: string;
  status: (typeof OPEN_STATUSES)[number];
  paymentMethod: 'card' | 'invoice';
  invoicePaid: boolean;
  hasTickets: boolean;
  totalCents: number;
  refundedCents: number;
  producer: string;
}

/** The person's open orders, oldest first. */
export async function openOrdersOf(db: Db, userId: number): Promise<OpenOrder[]> {
  const rows = await db
    .select({
      id: orders.id,
      number: orders.number,
      status: orders.status,
      paymentMethod: orders.payment_method,
      invoicePaidAt: orders.invoice_paid_at,
      totalCents: orders.total_cents,
      refundedCents: orders.refunded_cents,
      producer: businesses.name,
      hasTickets: exists(
        db
          .select({ one: sql`1` })
          .from(tickets)
          .where(eq(tickets.order_id, orders.id)),
      ),
    })
    .from(orders)
    .innerJoin(businesses, eq(businesses.id, orders.business_id))
    .where(and(eq(orders.buyer_id, userId), inArray(orders.status, [...OPEN_STATUSES])))
    .orderBy(orders.id);
  return rows.map(({ invoicePaidAt, hasTickets, ...row }) => ({
    ...row,
    status: row.status as OpenOrder['status'],
    invoicePaid: invoicePaidAt !== null,
    hasTickets: Boolean(hasTickets),
  }));
}

/**
 * Whether a deletion cancels the order: only when the buyer could cancel it themselves (placed,
 * its invoice unpaid) and it holds no tickets (those follow their event's refund policy).
 */
export function isCancelledOnErasure(order: OpenOrder): boolean {
  return order.status === 'placed' && !order.invoicePaid && !order.hasTickets;
}

/** The person's tickets for events still to come, not used at the door. */
export function upcomingTicketsOf(ctx: Pick<ServiceContext, 'db' | 'clock'>, userId: number) {
  return ctx.db
    .select({
      ticket: tickets,
      event: events.title,
      startsAt: events.starts_at,
      eventStatus: events.status,
      refundDaysBefore: events.refund_days_before,
    })
    .from(tickets)
    .innerJoin(events, eq(events.id, tickets.event_id))
    .where(
      and(
        eq(tickets.buyer_id, userId),
        eq(tickets.status, 'valid'),
        isNull(tickets.checked_in_at),
        gt(events.starts_at, ctx.clock.now()),
      ),
    )
    .orderBy(tickets.id);
}

/** Whether a deletion refunds the ticket: as the buyer could, within the event's policy. */
export function isTicketRefundedOnErasure(
  now: Date,
  t: { startsAt: Date; eventStatus: string; refundDaysBefore: number | null },
): boolean {
  return t.eventStatus === 'scheduled' && canBuyerRefund(now, t.startsAt, t.refundDaysBefore);
}

/**
 * Why the account cannot be deleted now, in words for the person; empty when it can. A business
 * or the site must not be left without anyone to run it, and a payment still in flight would
 * otherwise place an order for a deleted account.
 */
export async function deletionBlockers(db: Db, userId: number): Promise<string[]> {
  const problems: string[] = [];
  const [inFlight] = await db
    .select({ n: count() })
    .from(checkouts)
    .where(and(eq(checkouts.buyer_id, userId), eq(checkouts.status, 'processing')));
  const [awaiting] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.buyer_id, userId), eq(orders.status, 'awaiting_payment')));
  if ((inFlight?.n ?? 0) + (awaiting?.n ?? 0) > 0) problems.push(PAYMENT_IN_FLIGHT);
  const others = db
    .select({ one: sql`1` })
    .from(businessMembers)
    .innerJoin(users, eq(users.id, businessMembers.user_id))
    .where(
      and(
        eq(businessMembers.business_id, businesses.id),
        sql`${businessMembers.user_id} <> ${userId}`,
        isNull(users.deleted_at),
      ),
    );
  const alone = await db
    .select({ name: businesses.name })
    .from(businessMembers)
    .innerJoin(businesses, eq(businesses.id, businessMembers.business_id))
    .where(and(eq(businessMembers.user_id, userId), sql`not exists (${others})`))
    .orderBy(businesses.name);
  for (const { name } of alone) {
    problems.push(
      `You are the only person at ${name}. Add someone else to it before deleting your account.`,
    );
  }
  const [me] = await db.select({ admin: users.is_admin }).from(users).where(eq(users.id, userId));
  if (me?.admin) {
    const [admins] = await db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.is_admin, true), isNull(users.deleted_at)));
    if ((admins?.n ?? 0) <= 1) {
      problems.push(
        `You are the only site admin. Make someone else an admin before deleting your account.`,
      );
    }
  }
  return problems;
}
