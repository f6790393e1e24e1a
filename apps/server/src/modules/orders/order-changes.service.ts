import {
  canCancel,
  isVisibleOrderStatus,
  ORDER_STATUSES,
  orderStatusLabel,
  parseTrackingNumber,
  transitionProblem,
  type OrderStatus,
} from '@bevy/core';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderEvents, orderLines, orders, products, tickets } from '../../db/tables';
import { badInput } from '../../platform/domain-error';
import { requireViewer } from '../../platform/access';
import { planCancellation } from '../payouts/index';
import {
  invalidTransition,
  orderForSeller,
  parseReason,
  type OrderChangeContext,
} from './order-change-rules';
import { queueBuyerCancellationEmails, queueOrderStatusEmail } from './order-emails';
import { noSuchOrder, reread } from './order-reads.service';
import {
  giveBack,
  lockForRefund,
  refundedColumns,
  refundTransaction,
} from './order-refunds.service';
import type { OrderRow, OrderView } from './order-views';

/**
 * Changing orders: the seller's workflow (placed → accepted → fulfillment step → completed) and
 * cancellation, by the producer before fulfillment or by the buyer until the producer accepts.
 * A cancellation gives everything back through order-refunds.
 */

function parseStatus(value: string): OrderStatus {
  const status = ORDER_STATUSES.find((candidate) => candidate === value);
  if (!status) throw badInput(`There is no order status "${value.slice(0, 40)}".`, 'to');
  return status;
}

/**
 * Moves an order one step through the workflow. The update is conditional on the status the
 * decision was made from, so of two clicks at once only one moves it; the other is refused.
 */
export async function advanceOrder(
  ctx: OrderChangeContext,
  input: { id: number; to: string; trackingNumber?: string | null },
): Promise<OrderView> {
  const viewer = requireViewer(ctx);
  const to = parseStatus(input.to);
  const order = await orderForSeller(ctx, input.id);
  if (to === 'cancelled') {
    throw invalidTransition('Cancel the order with “Cancel order”, which also refunds the buyer.');
  }
  const refuseFrom = (from: OrderStatus) => {
    const problem = transitionProblem(from, to, order.fulfillment_mode);
    if (problem) throw invalidTransition(problem);
  };
  refuseFrom(order.status);
  let trackingNumber: string | null = null;
  if (to === 'shipped') {
    const parsed = parseTrackingNumber(input.trackingNumber);
    if (!parsed.ok) throw badInput(parsed.message, 'trackingNumber');
    trackingNumber = parsed.value;
  }
  const moved = await ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const [updated] = await db
      .update(orders)
      .set({
        status: to,
        ...(trackingNumber ? { tracking_number: trackingNumber } : {}),
        updated_at: new Date(),
      })
      .where(and(eq(orders.id, order.id), eq(orders.status, order.status)))
      .returning({ id: orders.id });
    if (!updated) return false;
    await db.insert(orderEvents).values({
      order_id: order.id,
      from_status: order.status,
      to_status: to,
      actor_user_id: viewer.id,
      note: trackingNumber ? `Tracking number ${trackingNumber}` : null,
    });
    await queueOrderStatusEmail({ db, config: ctx.config }, order.id);
    return true;
  });
  if (!moved) {
    // Someone else moved it meanwhile: refuse as from where it is now.
    const [now] = await ctx.db
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, order.id));
    refuseFrom(now?.status ?? order.status);
    throw invalidTransition('The order changed meanwhile. Reload it and try again.');
  }
  return reread(ctx, order.id);
}

async function orderHasTickets(db: Db, orderId: number): Promise<boolean> {
  const [ticket] = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(eq(tickets.order_id, orderId))
    .limit(1);
  return ticket !== undefined;
}

/**
 * Who cancels: the producer before fulfillment, the buyer before the producer accepts, or the
 * buyer's account deletion under the buyer's rules (its confirmation email says what was refunded).
 */
type Canceller = 'producer' | 'buyer' | 'erasure';

/** Why the buyer may not cancel an order in `status`, or null when they may. */
function buyerCancelProblem(status: OrderStatus): string | null {
  switch (status) {
    case 'placed':
      return null;
    case 'cancelled':
      return 'This order is cancelled already.';
    case 'accepted':
    case 'ready_for_pickup':
    case 'out_for_delivery':
    case 'shipped':
      return 'The producer has accepted this order, so only they can cancel it now. Contact them about it.';
    default:
      return `An order that is ${orderStatusLabel(status)} cannot be cancelled.`;
  }
}

/** Why `by` may not cancel `order`, or null when they may. */
function cancelProblem(by: Canceller, order: OrderRow): string | null {
  // A deletion does only what the buyer could do themselves (decision 024).
  if (by === 'buyer' || by === 'erasure') {
    // The money is with the producer already: only they can give it back.
    if (order.invoice_paid_at) {
      return 'You have paid this order’s invoice, so only the producer can cancel it and refund you. Contact them about it.';
    }
    return buyerCancelProblem(order.status);
  }
  return canCancel(order.status)
    ? null
    : transitionProblem(order.status, 'cancelled', order.fulfillment_mode);
}

/**
 * Cancels an order: refunds the buyer everything not yet refunded, reverses the commission and
 * the payout (planCancellation), and gives back the stock it held. The check is made again on
 * the locked row, so a cancellation racing the producer's 'Accept order' cannot both win.
 */
async function cancel(
  ctx: OrderChangeContext,
  checked: OrderRow,
  by: Canceller,
  reason: string | null,
): Promise<OrderView> {
  const viewer = requireViewer(ctx);
  const problem = cancelProblem(by, checked);
  if (problem) throw invalidTransition(problem);
  // Tickets follow their event's refund policy and the door: the buyer refunds them one by one.
  if (by === 'buyer' && (await orderHasTickets(ctx.db, checked.id))) {
    throw invalidTransition(
      'This order holds event tickets: refund them from Your tickets, as the event’s refund policy allows.',
    );
  }
  await refundTransaction(ctx, checked.id, async (db) => {
    const locked = await lockForRefund(db, checked.id);
    const { order } = locked;
    const problemNow = cancelProblem(by, order);
    if (problemNow) throw invalidTransition(problemNow);
    const plan = planCancellation(locked.money, locked.state);
    const given = plan ? await giveBack(db, ctx, locked, plan, reason) : null;
    const next = plan?.next ?? locked.state;
    await db
      .update(orders)
      .set({ status: 'cancelled', ...refundedColumns(locked, next) })
      .where(eq(orders.id, order.id));
    await db
      .update(orderLines)
      .set({ refunded_quantity: sql`${orderLines.quantity}` })
      .where(eq(orderLines.order_id, order.id));
    // Its event tickets are refunded with it: their seats go back on sale.
    await db
      .update(tickets)
      .set({ status: 'refunded', hold_expires_at: null, updated_at: new Date() })
      .where(and(eq(tickets.order_id, order.id), inArray(tickets.status, ['valid', 'held'])));
    // Units refunded before stay sold (they may have been handed over); the rest go back.
    for (const line of [...locked.lines].sort(
      (a, b) => (a.product_id ?? 0) - (b.product_id ?? 0),
    )) {
      const units = line.quantity - line.refunded_quantity;
      if (!line.stock_reserved || line.product_id === null || units <= 0) continue;
      await db
        .update(products)
        .set({ stock_count: sql`${products.stock_count} + ${units}` })
        .where(and(eq(products.id, line.product_id), sql`${products.stock_count} is not null`));
    }
    const byBuyer = by === 'buyer' ? 'Cancelled by the buyer' : null;
    await db.insert(orderEvents).values({
      order_id: order.id,
      from_status: order.status,
      to_status: 'cancelled',
      actor_user_id: viewer.id,
      note: [byBuyer, given, reason].filter(Boolean).join(': ') || null,
    });
    const emailCtx = { db, config: ctx.config };
    if (by === 'erasure') return;
    if (by === 'buyer') await queueBuyerCancellationEmails(emailCtx, order.id, reason);
    else await queueOrderStatusEmail(emailCtx, order.id);
  });
  return reread(ctx, checked.id);
}

/** The producer cancels an order before fulfillment. */
export async function cancelOrder(
  ctx: OrderChangeContext,
  input: { id: number; reason?: string | null },
): Promise<OrderView> {
  const reason = parseReason(input.reason);
  return cancel(ctx, await orderForSeller(ctx, input.id), 'producer', reason);
}

/**
 * Cancels and refunds an unfulfilled order of a buyer who is deleting their account, in the
 * caller's transaction; the viewer must be that buyer. Tickets on it are refunded with it.
 */
export async function cancelOrderForErasure(
  ctx: OrderChangeContext,
  orderId: number,
): Promise<void> {
  const viewer = requireViewer(ctx);
  const [order] = await ctx.db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.buyer_id, viewer.id)));
  if (!order || !isVisibleOrderStatus(order.status)) throw noSuchOrder();
  await cancel(ctx, order, 'erasure', 'The buyer deleted their account');
}

/**
 * The buyer cancels their own order while the producer has not accepted it yet; the producer's
 * people are emailed. Anyone else is answered as if the order did not exist.
 */
export async function cancelOwnOrder(
  ctx: OrderChangeContext,
  input: { id: number; reason?: string | null },
): Promise<OrderView> {
  const viewer = requireViewer(ctx);
  const reason = parseReason(input.reason);
  const [order] = await ctx.db
    .select()
    .from(orders)
    .where(and(eq(orders.id, input.id), eq(orders.buyer_id, viewer.id)));
  if (!order || !isVisibleOrderStatus(order.status)) throw noSuchOrder();
  return cancel(ctx, order, 'buyer', reason);
}
