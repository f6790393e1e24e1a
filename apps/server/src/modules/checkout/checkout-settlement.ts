import { payByInvoiceText, percentToMillionths, type PaymentMethod } from '@bevy/core';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { businesses, ledgerEntries, orderLines, orders } from '../../db/tables';
import type { CheckoutAnswer, CheckoutRefusal, PaidCheckoutView } from './checkout-answer';
import type { Claim } from './checkout-claims';
import type { CheckoutContext } from './checkout-context';
import {
  finishPaidCheckouts,
  recordEvents,
  recordPaymentFailure,
  storedAnswer,
} from './checkout-outcome';
import type { ReservedOrder } from './checkout-reservation';
import { confirmSeats } from './seat-holds';
import { ticketLineName } from './ticket-pricing';
import { paidCheckoutMovements, type OrderMoney } from '../payouts/index';
import { queueCheckoutEmails, type OrderEmailContext } from '../orders/index';
import { queueTicketEmails } from '../events/index';

/**
 * Settlement: what the charge's outcome writes. Paid (or nothing to charge, every order on
 * invoice): the ledger records the charge and each card order's commission and transfer, and the
 * orders are placed and emailed about. Failed: the orders fail and give their stock back. The
 * request and the provider's webhook may both report one payment; the first to record it decides,
 * and the other gets the stored answer.
 */

/** One order's share of a paid checkout. */
export interface SettledOrder extends OrderMoney {
  businessId: number;
  paymentMethod: PaymentMethod;
}

/** A checkout to record as paid: its orders' shares, the answer to store, and the payment. */
export interface Settlement {
  checkout: { id: string; amountCents: number };
  settled: readonly SettledOrder[];
  answer: CheckoutAnswer;
  payment: { paymentId: string | null; chargeId: string | null };
}

/**
 * The charge went through, or there was none to make (every order is on invoice), in the
 * caller's transaction: the checkout becomes 'paid', the ledger records the charge and what each
 * card order owes (payouts held until sent), and the orders are placed and emailed about. Invoice
 * orders move no money through us: no ledger entries, and their payout is never due. Nothing
 * changes unless the checkout is still 'processing'; returns whether this call changed it.
 */
export async function recordSettlement(
  ctx: OrderEmailContext,
  checkout: { id: string; amountCents: number },
  settled: readonly SettledOrder[],
  answer: CheckoutAnswer,
  payment: { paymentId: string | null; chargeId: string | null },
): Promise<boolean> {
  const changed = await recordSettlements(ctx, [{ checkout, settled, answer, payment }]);
  return changed.has(checkout.id);
}

/**
 * Many checkouts settled as `recordSettlement` settles one, with a statement per step for all
 * of them (a club release's batch of charges). Returns the ids of the checkouts it changed.
 */
export async function recordSettlements(
  ctx: OrderEmailContext,
  settlements: readonly Settlement[],
): Promise<Set<string>> {
  const { db } = ctx;
  const movements = settlements.flatMap(({ checkout, settled }) => {
    const byCard = settled.filter((order) => order.paymentMethod === 'card');
    if (byCard.length === 0 && checkout.amountCents !== 0) {
      throw new Error(`A charge of ${checkout.amountCents} cents for no card order.`);
    }
    if (byCard.length === 0) return [];
    return paidCheckoutMovements(checkout.amountCents, byCard).map((movement) => ({
      checkoutId: checkout.id,
      movement,
    }));
  });
  const changed = await finishPaidCheckouts(
    db,
    settlements.map(({ checkout, answer, payment }) => ({ id: checkout.id, answer, payment })),
  );
  if (changed.size === 0) return changed;
  const businessOfOrder = new Map(
    settlements.flatMap(({ settled }) => settled.map((order) => [order.orderId, order.businessId])),
  );
  const chargeOf = new Map(settlements.map(({ checkout, payment }) => [checkout.id, payment]));
  const ours = movements.filter(({ checkoutId }) => changed.has(checkoutId));
  if (ours.length > 0) {
    await db.insert(ledgerEntries).values(
      ours.map(({ checkoutId, movement }) => ({
        checkout_id: checkoutId,
        order_id: movement.orderId,
        business_id: movement.orderId === null ? null : businessOfOrder.get(movement.orderId)!,
        kind: movement.kind,
        amount_cents: movement.amountCents,
        provider_reference: movement.kind === 'charge' ? chargeOf.get(checkoutId)!.chargeId : null,
      })),
    );
  }
  const placed = await db
    .update(orders)
    .set({
      status: 'placed',
      payout_status: sql`(case when ${orders.payment_method} = 'card' then 'held' else 'not_due' end)::payout_status`,
      updated_at: new Date(),
    })
    .where(and(inArray(orders.checkout_id, [...changed]), eq(orders.status, 'awaiting_payment')))
    .returning({
      id: orders.id,
      paymentMethod: orders.payment_method,
      invoiceDueOn: orders.invoice_due_on,
      invoiceTermsDays: orders.invoice_terms_days,
    });
  const lapsed = await confirmSeats(
    db,
    placed.map((order) => order.id),
    new Date(),
  );
  // Shown on the order's timeline, for the producer to refund.
  await recordEvents(
    db,
    [...new Set(lapsed.map((ticket) => ticket.orderId))].map((id) => ({ id })),
    'placed',
    'placed',
    null,
    'Paid for event tickets cancelled meanwhile (their event was cancelled, or their hold ran out and the seats were sold): refund the cancelled tickets from the event’s attendee list.',
  );
  await recordEvents(
    db,
    placed.filter((order) => order.paymentMethod === 'card'),
    'awaiting_payment',
    'placed',
    null,
    'Paid',
  );
  for (const order of placed) {
    if (order.paymentMethod !== 'invoice') continue;
    const note = payByInvoiceText(order.invoiceDueOn!, order.invoiceTermsDays);
    await recordEvents(db, [order], 'awaiting_payment', 'placed', null, note);
  }
  // In this transaction: an order is emailed about exactly when it becomes placed.
  await queueCheckoutEmails(
    ctx,
    placed.map((order) => order.id),
  );
  await queueTicketEmails(
    ctx,
    placed.map((order) => order.id),
  );
  return changed;
}

/** The paid answer, from the orders as the request reserved them. */
function paidView(claim: Claim, amount: number, reserved: ReservedOrder[]): PaidCheckoutView {
  return {
    id: claim.id,
    amountCents: amount,
    orders: reserved.map(({ priced: order, id, number }) => ({
      id,
      number,
      businessId: order.business.id,
      businessName: order.business.name,
      businessSlug: order.business.slug,
      status: 'placed',
      fulfillmentMode: order.mode,
      fulfillmentAddress: order.address,
      subtotalCents: order.totals.subtotal,
      taxAndFeesCents: order.totals.taxAndFees,
      fulfillmentFeeCents: order.totals.fulfillmentFee,
      totalCents: order.totals.total,
      paymentMethod: order.paymentMethod,
      invoiceTermsDays: order.invoice?.termsDays ?? null,
      invoiceDueOn: order.invoice?.dueOn ?? null,
      lines: order.lines.map((line) => ({
        productId: line.product.id,
        productName: line.product.name,
        unitPriceCents: line.unitPrice,
        quantity: line.quantity,
        lineTotalCents: line.lineTotal,
      })),
      tickets: order.tickets.map((line) => ({
        ticketTypeId: line.type.id,
        name: ticketLineName(line.type),
        unitPriceCents: line.unitPrice,
        quantity: line.quantity,
        lineTotalCents: line.lineTotal,
      })),
    })),
  };
}

/**
 * The request's charge went through, or none was needed: the answer is the paid checkout,
 * whoever recorded it first.
 */
export async function settlePaid(
  ctx: CheckoutContext,
  claim: Claim,
  amount: number,
  reserved: ReservedOrder[],
  payment: { paymentId: string | null; chargeId: string | null },
): Promise<CheckoutAnswer> {
  const answer: CheckoutAnswer = { ok: true, checkout: paidView(claim, amount, reserved) };
  const settled = reserved.map(({ id, priced: order }) => ({
    orderId: id,
    businessId: order.business.id,
    paymentMethod: order.paymentMethod,
    subtotal: order.totals.subtotal,
    taxRate: percentToMillionths(order.business.sales_tax_rate),
    total: order.totals.total,
    commission: order.totals.commission,
    payout: order.totals.payout,
  }));
  const recorded = await ctx.db.transaction((tx) =>
    recordSettlement(
      { db: tx as unknown as Db, config: ctx.config },
      { id: claim.id, amountCents: amount },
      settled,
      answer,
      payment,
    ),
  );
  return recorded ? answer : storedAnswer(ctx.db, claim.id);
}

/** The request's charge failed: the answer is the refusal, or whatever was recorded first. */
export async function settleFailed(
  ctx: CheckoutContext,
  checkoutId: string,
  refusal: CheckoutRefusal,
  payment: { paymentId: string | null; failureCode: string },
): Promise<CheckoutAnswer> {
  const failed = await ctx.db.transaction((tx) =>
    recordPaymentFailure(tx as unknown as Db, checkoutId, refusal, payment),
  );
  return failed ? { ok: false, refusal } : storedAnswer(ctx.db, checkoutId);
}

/** Checkouts' orders as the ledger needs them, and the paid answers a repeat will replay. */
async function settlementsOf(
  db: Db,
  paid: readonly {
    id: string;
    amountCents: number;
    payment: { paymentId: string | null; chargeId: string | null };
  }[],
): Promise<Settlement[]> {
  const rows = await db
    .select({ order: orders, businessName: businesses.name, businessSlug: businesses.slug })
    .from(orders)
    .innerJoin(businesses, eq(businesses.id, orders.business_id))
    .where(
      inArray(
        orders.checkout_id,
        paid.map((checkout) => checkout.id),
      ),
    )
    .orderBy(asc(orders.id));
  const lines =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(orderLines)
          .where(
            inArray(
              orderLines.order_id,
              rows.map(({ order }) => order.id),
            ),
          )
          .orderBy(asc(orderLines.id));
  return paid.map(({ payment, ...checkout }) => {
    const own = rows.filter(({ order }) => order.checkout_id === checkout.id);
    const view: PaidCheckoutView = {
      id: checkout.id,
      amountCents: checkout.amountCents,
      orders: own.map(({ order, businessName, businessSlug }) => ({
        id: order.id,
        number: order.number,
        businessId: order.business_id,
        businessName,
        businessSlug,
        status: 'placed',
        fulfillmentMode: order.fulfillment_mode,
        fulfillmentAddress: order.fulfillment_address ?? null,
        subtotalCents: order.subtotal_cents,
        taxAndFeesCents: order.tax_and_fees_cents,
        fulfillmentFeeCents: order.fulfillment_fee_cents,
        totalCents: order.total_cents,
        paymentMethod: order.payment_method,
        invoiceTermsDays: order.invoice_terms_days,
        invoiceDueOn: order.invoice_due_on,
        lines: lines
          .filter((line) => line.order_id === order.id)
          .map((line) => ({
            // A product deleted since keeps its line; 0 names no product.
            productId: line.product_id ?? 0,
            productName: line.product_name,
            unitPriceCents: line.unit_price_cents,
            quantity: line.quantity,
            lineTotalCents: line.line_total_cents,
          })),
      })),
    };
    return {
      checkout,
      settled: own.map(({ order }) => ({
        orderId: order.id,
        businessId: order.business_id,
        paymentMethod: order.payment_method,
        subtotal: order.subtotal_cents,
        taxRate: percentToMillionths(order.tax_rate),
        total: order.total_cents,
        commission: order.commission_cents,
        payout: order.payout_cents,
      })),
      answer: { ok: true, checkout: view },
      payment,
    };
  });
}

/**
 * The payment provider reports a checkout paid (its webhook), in the caller's transaction, with
 * the checkout's row locked: settled exactly as the request settles it, from the orders as
 * stored. Nothing changes unless the checkout is still 'processing'; returns whether it did.
 */
export async function settlePaidByProvider(
  ctx: OrderEmailContext,
  checkout: { id: string; amountCents: number },
  payment: { paymentId: string; chargeId: string | null },
): Promise<boolean> {
  const changed = await settleManyPaidByProvider(ctx, [{ ...checkout, payment }]);
  return changed.has(checkout.id);
}

/**
 * Many checkouts paid at the provider (a club release's batch of charges), settled together in
 * the caller's transaction as `settlePaidByProvider` settles one. Returns the ids it changed.
 */
export async function settleManyPaidByProvider(
  ctx: OrderEmailContext,
  paid: readonly {
    id: string;
    amountCents: number;
    payment: { paymentId: string; chargeId: string | null };
  }[],
): Promise<Set<string>> {
  if (paid.length === 0) return new Set();
  return recordSettlements(ctx, await settlementsOf(ctx.db, paid));
}
