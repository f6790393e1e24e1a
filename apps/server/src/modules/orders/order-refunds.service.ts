import {
  canRefundLine,
  formatCents,
  orderStatusLabel,
  percentToMillionths,
  statusAfterRefund,
} from '@bevy/core';
import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  checkouts,
  ledgerEntries,
  orderEvents,
  orderLines,
  orders,
  tickets,
} from '../../db/tables';
import { badInput, DomainError } from '../../platform/domain-error';
import { requireViewer } from '../../platform/access';
import { PaymentProviderError } from '../../platform/payment-provider';
import {
  planRefund,
  refundStateWithoutLedger,
  type OrderMoney,
  type RefundPlan,
  type RefundState,
} from '../payouts/index';
import {
  invalidTransition,
  orderForSeller,
  parseReason,
  type OrderChangeContext,
} from './order-change-rules';
import { queueOrderStatusEmail, queuePartialRefundEmail } from './order-emails';
import { noSuchOrder, reread } from './order-reads.service';
import type { OrderRow, OrderView } from './order-views';

/**
 * Giving money back: refunding units of a line, and what a cancellation (order-changes) uses to
 * refund the rest. Each runs in one transaction that locks the order, pays back through the
 * provider, and records what it did.
 */

const REFUND_FAILED_MESSAGE =
  'The payment service could not refund the buyer, so nothing was changed. Please try again in a few minutes.';

function refundFailed(): DomainError {
  return new DomainError('REFUND_FAILED', REFUND_FAILED_MESSAGE);
}

export interface LockedOrder {
  order: OrderRow;
  lines: (typeof orderLines.$inferSelect)[];
  money: OrderMoney;
  state: RefundState;
  /** How many refunds were made before: numbers this one, for its idempotency keys. */
  refundCount: number;
  chargeId: string | null;
  /** The payout transfer at the provider, once it was made. */
  transferId: string | null;
}

/**
 * Reads the order for a refund with its row locked until the transaction ends, so that two
 * refunds of one order run one after the other and the second sees what the first did.
 */
export async function lockForRefund(db: Db, orderId: number): Promise<LockedOrder> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) throw noSuchOrder();
  // One statement after another: they share the transaction's connection.
  const lines = await db
    .select()
    .from(orderLines)
    .where(eq(orderLines.order_id, orderId))
    .orderBy(asc(orderLines.id));
  const entries = await db
    .select({
      kind: ledgerEntries.kind,
      amount: ledgerEntries.amount_cents,
      reference: ledgerEntries.provider_reference,
      orderId: ledgerEntries.order_id,
    })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.checkout_id, order.checkout_id),
        or(eq(ledgerEntries.order_id, orderId), eq(ledgerEntries.kind, 'charge')),
      ),
    );
  const [checkout] = await db
    .select({ chargeId: checkouts.provider_charge_id })
    .from(checkouts)
    .where(eq(checkouts.id, order.checkout_id));
  const sum = (kind: (typeof entries)[number]['kind']) =>
    entries
      .filter((entry) => entry.kind === kind && entry.orderId === orderId)
      .reduce((total, entry) => total + entry.amount, 0);
  const chargeEntry = entries.find((entry) => entry.kind === 'charge');
  const transferEntry = entries.find(
    (entry) => entry.kind === 'transfer' && entry.orderId === orderId,
  );
  const money: OrderMoney = {
    orderId,
    subtotal: order.subtotal_cents,
    taxRate: percentToMillionths(order.tax_rate),
    total: order.total_cents,
    commission: order.commission_cents,
    payout: order.payout_cents,
  };
  const refundedSubtotal = lines.reduce(
    (total, line) => total + line.unit_price_cents * line.refunded_quantity,
    0,
  );
  return {
    order,
    lines,
    money,
    // An invoice order has no ledger: what it took off the invoice is on the order itself.
    state:
      order.payment_method === 'invoice'
        ? refundStateWithoutLedger(money, refundedSubtotal, order.refunded_cents)
        : {
            refundedSubtotal,
            refunded: sum('refund'),
            commissionReversed: sum('commission_reversal'),
            transferReversed: sum('transfer_reversal'),
          },
    refundCount: entries.filter((entry) => entry.kind === 'refund' && entry.orderId === orderId)
      .length,
    chargeId: checkout?.chargeId ?? chargeEntry?.reference ?? null,
    transferId: transferEntry?.reference ?? null,
  };
}

/**
 * Pays a refund back and records it, inside the transaction that locked the order.
 *
 * The provider is called while the order's row is locked: a second refund of the same order waits
 * and then plans from what this one recorded, so the two can never refund more than was paid.
 * Holding a lock across a network call is the price; refunds are rare, made by hand. Each call
 * carries an idempotency key made of the order and the refund's number, so if the transaction
 * fails after the provider said yes (nothing recorded), a retry plans the same refund under the
 * same key and the provider answers with the refund it already made instead of paying twice.
 * If the provider fails, the transaction rolls back: REFUND_FAILED and nothing recorded.
 */
async function payBack(
  db: Db,
  ctx: OrderChangeContext,
  locked: LockedOrder,
  plan: RefundPlan,
  reason: string | null,
): Promise<void> {
  const { order } = locked;
  const sequence = locked.refundCount + 1;
  const keyOf = (what: string) => `bevy-${what}-${order.checkout_id}-${order.id}-${sequence}`;
  const reverseAtProvider = order.payout_status === 'transferred' && locked.transferId !== null;
  let refundId: string | null = null;
  let reversalId: string | null = null;
  try {
    if (!locked.chargeId) throw new PaymentProviderError('The order has no recorded charge.');
    if (plan.refund > 0) {
      refundId = await ctx.payments.refundCharge({
        chargeId: locked.chargeId,
        amountCents: plan.refund,
        idempotencyKey: keyOf('refund'),
        reason,
      });
    }
    if (reverseAtProvider && plan.transferReversal > 0) {
      reversalId = await ctx.payments.reverseTransfer({
        transferId: locked.transferId!,
        amountCents: plan.transferReversal,
        idempotencyKey: keyOf('transfer-reversal'),
      });
    }
  } catch (error) {
    ctx.log.error(
      { err: error, orderId: order.id, refundId, sequence },
      refundId
        ? 'the buyer was refunded but the payout could not be reversed; nothing recorded, a retry reuses the same keys'
        : 'refunding the buyer failed; nothing recorded',
    );
    throw refundFailed();
  }
  const referenceOf = { refund: refundId, transfer_reversal: reversalId } as Record<
    string,
    string | null
  >;
  if (plan.movements.length > 0) {
    await db.insert(ledgerEntries).values(
      plan.movements.map((movement) => ({
        checkout_id: order.checkout_id,
        order_id: order.id,
        business_id: order.business_id,
        kind: movement.kind,
        amount_cents: movement.amountCents,
        provider_reference: referenceOf[movement.kind] ?? null,
      })),
    );
  }
}

/** The order's columns after a refund: what it refunded in all, and where its payout stands. */
export function refundedColumns(locked: LockedOrder, next: RefundState) {
  return {
    refunded_cents: next.refunded,
    // Nothing of an invoice order was paid out, so nothing is reversed.
    payout_status:
      locked.order.payment_method === 'card' && next.transferReversed >= locked.order.payout_cents
        ? ('reversed' as const)
        : locked.order.payout_status,
    updated_at: new Date(),
  };
}

/**
 * Gives the buyer back `plan.refund`: through the payment provider for a card order; for an
 * invoice order by taking it off what they owe the producer (no provider, no ledger entries),
 * which the order's history then says: the note is returned. A card refund shows in the money.
 */
export async function giveBack(
  db: Db,
  ctx: OrderChangeContext,
  locked: LockedOrder,
  plan: RefundPlan,
  reason: string | null,
): Promise<string | null> {
  if (locked.order.payment_method === 'invoice') {
    // A paid invoice cannot be reduced: the producer owes the buyer the money back directly.
    return locked.order.invoice_paid_at
      ? `${formatCents(plan.refund)} to be refunded by the producer (the invoice was paid)`
      : `Invoice reduced by ${formatCents(plan.refund)}`;
  }
  await payBack(db, ctx, locked, plan, reason);
  return null;
}

/** Turns an unexpected error after the provider refunded into a loud log line. */
export async function refundTransaction<T>(
  ctx: OrderChangeContext,
  orderId: number,
  run: (db: Db) => Promise<T>,
): Promise<T> {
  try {
    return await ctx.db.transaction((tx) => run(tx as unknown as Db));
  } catch (error) {
    if (!(error instanceof DomainError)) {
      ctx.log.error(
        { err: error, orderId },
        'a refund could not be recorded; if the provider refunded, a retry reuses its keys',
      );
    }
    throw error;
  }
}

async function lineHasTickets(db: Db, lineId: number): Promise<boolean> {
  const [ticket] = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(eq(tickets.order_line_id, lineId))
    .limit(1);
  return ticket !== undefined;
}

export interface LineRefund {
  orderId: number;
  lineId: number;
  quantity: number;
  reason?: string | null;
}

/** Refunds `quantity` units of one line: unit price × quantity and its share of tax + fees. */
export async function refundOrderLine(
  ctx: OrderChangeContext,
  input: LineRefund,
): Promise<OrderView> {
  const checked = await orderForSeller(ctx, input.orderId);
  await refundLineUnits(ctx, { ...input, orderId: checked.id });
  return reread(ctx, checked.id);
}

/**
 * `refundOrderLine` for a caller that has checked who may refund (a buyer refunding their own
 * tickets within the policy): in its transaction, under the order's lock and before any money
 * moves, `alsoDo` ends what the units stood for (tickets), refusing by throwing, so that they
 * end with the refund or not at all.
 */
export async function refundLineUnits(
  ctx: OrderChangeContext,
  input: LineRefund,
  alsoDo?: (db: Db) => Promise<void>,
): Promise<void> {
  const viewer = requireViewer(ctx);
  const reason = parseReason(input.reason);
  if (!Number.isSafeInteger(input.quantity) || input.quantity < 1) {
    throw badInput('Refund at least one unit.', 'quantity');
  }
  await refundTransaction(ctx, input.orderId, async (db) => {
    const locked = await lockForRefund(db, input.orderId);
    const { order } = locked;
    // A refunded order has no unit left: the line's own check below says so.
    if (order.status !== 'refunded' && !canRefundLine(order.status)) {
      throw invalidTransition(
        `An order that is ${orderStatusLabel(order.status)} cannot be refunded.`,
      );
    }
    const line = locked.lines.find((candidate) => candidate.id === input.lineId);
    if (!line) throw badInput('That line is not part of this order.', 'lineId');
    if (!alsoDo && (await lineHasTickets(db, line.id))) {
      throw badInput(
        'Refund event tickets one by one from the event’s attendee list, so their seats go back on sale.',
        'lineId',
      );
    }
    const left = line.quantity - line.refunded_quantity;
    if (input.quantity > left) {
      throw badInput(
        left === 0
          ? 'This line has been refunded in full already.'
          : `Only ${left} of this line can still be refunded.`,
        'quantity',
      );
    }
    // What the units stood for ends first, under the order's lock: a second refund of the same
    // ticket is refused here, before any money moves.
    await alsoDo?.(db);
    const plan = planRefund(locked.money, locked.state, line.unit_price_cents * input.quantity);
    const given = await giveBack(db, ctx, locked, plan, reason);
    await db
      .update(orderLines)
      .set({ refunded_quantity: sql`${orderLines.refunded_quantity} + ${input.quantity}` })
      .where(eq(orderLines.id, line.id));
    const status = statusAfterRefund(
      order.status,
      locked.lines.map((candidate) => ({
        quantity: candidate.quantity,
        refundedQuantity:
          candidate.refunded_quantity + (candidate.id === line.id ? input.quantity : 0),
      })),
    );
    await db
      .update(orders)
      .set({ status, ...refundedColumns(locked, plan.next) })
      .where(eq(orders.id, order.id));
    const units = `${input.quantity} × ${line.product_name}`;
    const what = given
      ? `${given} for ${units}`
      : `Refunded ${units} (${formatCents(plan.refund)})`;
    await db.insert(orderEvents).values({
      order_id: order.id,
      from_status: order.status,
      to_status: status,
      actor_user_id: viewer.id,
      note: reason ? `${what}: ${reason}` : what,
    });
    // The buyer hears of every refund: in full as the order's new status, in part on its own.
    const emailCtx = { db, config: ctx.config };
    if (status === 'refunded') await queueOrderStatusEmail(emailCtx, order.id);
    else
      await queuePartialRefundEmail(emailCtx, order.id, { what: units, amountCents: plan.refund });
  });
}
