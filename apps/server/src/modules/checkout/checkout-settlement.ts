import { payByInvoiceText, percentToMillionths, type PaymentMethod } from '@bevy/core';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import {
  businesses,
  checkouts,
  ledgerEntries,
  orderEvents,
  orderLines,
  orders,
} from '../../db/tables';
import type { CheckoutAnswer, CheckoutRefusal, PaidCheckoutView } from './checkout-answer';
import type { Claim } from './checkout-claims';
import type { CheckoutContext } from './checkout-context';
import { recordPaymentFailure, storedAnswer } from './checkout-outcome';
import type { ReservedOrder } from './checkout-reservation';
import { preparedSql } from './prepared';
import { confirmSeats } from './seat-holds';
import { ticketLineName } from './ticket-pricing';
import { paidCheckoutMovements, type OrderMoney } from '../payouts/index';
import { checkoutEmails, queueCheckoutEmails, type OrderEmailContext } from '../orders/index';
import { insertOutboxRowsSql, outboxRows, type MailMessage } from '../mail/index';
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
  /** False when the caller knows that none of the orders has event tickets. */
  hasTickets?: boolean;
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
  hasTickets?: boolean,
): Promise<boolean> {
  const changed = await recordSettlements(ctx, [
    { checkout, settled, answer, payment, hasTickets },
  ]);
  return changed.has(checkout.id);
}

type Movement = ReturnType<typeof paidCheckoutMovements>[number];

/** What an order's timeline says when its payment places it. */
function placedNote(
  method: PaymentMethod,
  invoiceDueOn: string | null,
  invoiceTermsDays: number | null,
): string {
  return method === 'card' ? 'Paid' : payByInvoiceText(invoiceDueOn!, invoiceTermsDays);
}

/** An order that the settlement placed, as its events need it. */
interface PlacedOrder {
  checkout_id: string;
  /** Null on the row of a changed checkout without orders. */
  id: number | null;
  payment_method: PaymentMethod;
  invoice_due_on: string | null;
  invoice_terms_days: number | null;
}

/**
 * One statement: the checkouts still 'processing' become 'paid' with their answers, the ledger
 * records their movements and their orders are placed. Given them, it also writes the placed
 * orders' events and queues the emails (only if it placed any). A row per placed order (one with
 * a null order for a changed checkout without any), of the checkouts this statement changed.
 */
const markPaidStatement = preparedSql(
  'checkout_mark_paid',
  () => sql`with changed as (
      update ${checkouts} as c
      set status = 'paid', answer = v.answer, provider_payment_id = v.payment_id,
        provider_charge_id = v.charge_id, failure_code = null, updated_at = now()
      from json_to_recordset(${sql.placeholder('paid')}::json) as v(id uuid, answer jsonb,
        payment_id text, charge_id text)
      where c.id = v.id and c.status = 'processing'
      returning c.id),
    ledger as (
      insert into ${ledgerEntries} (checkout_id, order_id, business_id, kind, amount_cents,
        provider_reference)
      select m.checkout_id, m.order_id, m.business_id, m.kind, m.amount_cents,
        m.provider_reference
      from json_to_recordset(${sql.placeholder('ledger')}::json) as m(checkout_id uuid,
        order_id int, business_id int, kind ledger_entry_kind, amount_cents int,
        provider_reference text)
      where m.checkout_id in (select id from changed)),
    placed as (
      update ${orders}
      set status = 'placed', updated_at = ${sql.placeholder('now')}::timestamptz,
        payout_status = (case when ${orders.payment_method} = 'card' then 'held'
          else 'not_due' end)::payout_status
      where ${orders.checkout_id} in (select id from changed)
        and ${orders.status} = 'awaiting_payment'
      returning ${orders.id}, ${orders.checkout_id}, ${orders.payment_method},
        ${orders.invoice_due_on}::text as invoice_due_on, ${orders.invoice_terms_days}),
    events as (
      insert into ${orderEvents} (order_id, from_status, to_status, actor_user_id, note)
      select placed.id, 'awaiting_payment', 'placed', null, n.note
      from placed join json_to_recordset(${sql.placeholder('events')}::json)
        as n(order_id int, note text) on n.order_id = placed.id
      order by placed.payment_method <> 'card', placed.id),
    mail as (${insertOutboxRowsSql(sql.placeholder('mail'), sql`exists (select 1 from placed)`)})
    select changed.id as checkout_id, placed.id, placed.payment_method, placed.invoice_due_on,
      placed.invoice_terms_days
    from changed left join placed on placed.checkout_id = changed.id
    order by placed.id`,
);

/**
 * What a request that settles one checkout without event tickets knows beforehand: the events
 * its orders get and the emails they send. Then one statement settles it, with no transaction.
 */
interface SettledAtOnce {
  events: readonly { order_id: number; note: string }[];
  mail: readonly MailMessage[];
}

async function markPaid(
  ctx: OrderEmailContext,
  settlements: readonly Settlement[],
  movements: readonly { checkoutId: string; movement: Movement; businessId: number | null }[],
  atOnce: SettledAtOnce | undefined,
): Promise<PlacedOrder[]> {
  const paid = JSON.stringify(
    settlements.map(({ checkout, answer, payment }) => ({
      id: checkout.id,
      answer,
      payment_id: payment.paymentId,
      charge_id: payment.chargeId,
    })),
  );
  const chargeOf = new Map(settlements.map(({ checkout, payment }) => [checkout.id, payment]));
  const ledger = JSON.stringify(
    movements.map(({ checkoutId, movement, businessId }) => ({
      checkout_id: checkoutId,
      order_id: movement.orderId,
      business_id: businessId,
      kind: movement.kind,
      amount_cents: movement.amountCents,
      provider_reference: movement.kind === 'charge' ? chargeOf.get(checkoutId)!.chargeId : null,
    })),
  );
  return rowsOf<PlacedOrder>(
    await markPaidStatement(ctx.db, {
      paid,
      ledger,
      now: new Date(),
      events: JSON.stringify(atOnce?.events ?? []),
      mail: JSON.stringify(outboxRows(ctx, atOnce?.mail ?? [])),
    }),
  );
}

/**
 * Many checkouts settled as `recordSettlement` settles one, with a statement per step for all
 * of them (a club release's batch of charges). With `atOnce` (one checkout, no event seats), the
 * first statement also writes the events and queues the emails, and is the only one. Returns the
 * ids of the checkouts it changed.
 */
export async function recordSettlements(
  ctx: OrderEmailContext,
  settlements: readonly Settlement[],
  atOnce?: SettledAtOnce,
): Promise<Set<string>> {
  // Its emails are queued if the statement places any order: right for one checkout only.
  if (atOnce && settlements.length !== 1) throw new Error('Only one checkout settles at once.');
  const { db } = ctx;
  const businessOfOrder = new Map(
    settlements.flatMap(({ settled }) => settled.map((order) => [order.orderId, order.businessId])),
  );
  const movements = settlements.flatMap(({ checkout, settled }) => {
    const byCard = settled.filter((order) => order.paymentMethod === 'card');
    if (byCard.length === 0 && checkout.amountCents !== 0) {
      throw new Error(`A charge of ${checkout.amountCents} cents for no card order.`);
    }
    if (byCard.length === 0) return [];
    return paidCheckoutMovements(checkout.amountCents, byCard).map((movement) => ({
      checkoutId: checkout.id,
      movement,
      businessId: movement.orderId === null ? null : businessOfOrder.get(movement.orderId)!,
    }));
  });
  const rows = await markPaid(ctx, settlements, movements, atOnce);
  const changed = new Set(rows.map((row) => row.checkout_id));
  if (changed.size === 0 || atOnce) return changed;
  const placed = rows.flatMap((row) => (row.id === null ? [] : [{ ...row, id: row.id }]));
  const placedIds = placed.map((order) => order.id);
  // Skipped when the callers know that none of the orders has tickets.
  const mayHaveTickets = settlements.some((settlement) => settlement.hasTickets !== false);
  const lapsed = mayHaveTickets ? await confirmSeats(db, placedIds, new Date()) : [];
  // Every event in one statement, in the order they happened: shown on the orders' timelines.
  const events = [
    ...[...new Set(lapsed.map((ticket) => ticket.orderId))].map((id) => ({
      order_id: id,
      from_status: 'placed' as const,
      note: 'Paid for event tickets cancelled meanwhile (their event was cancelled, or their hold ran out and the seats were sold): refund the cancelled tickets from the event’s attendee list.',
    })),
    // The card orders' first, as when each kind had a statement of its own.
    ...[...placed]
      .sort((a, b) => Number(a.payment_method !== 'card') - Number(b.payment_method !== 'card'))
      .map((order) => ({
        order_id: order.id,
        from_status: 'awaiting_payment' as const,
        note: placedNote(order.payment_method, order.invoice_due_on, order.invoice_terms_days),
      })),
  ];
  if (events.length > 0) {
    await db
      .insert(orderEvents)
      .values(
        events.map((event) => ({ ...event, to_status: 'placed' as const, actor_user_id: null })),
      );
  }
  // In this transaction: an order is emailed about exactly when it becomes placed.
  await queueCheckoutEmails(ctx, placedIds);
  if (mayHaveTickets) await queueTicketEmails(ctx, placedIds);
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
  const checkout = { id: claim.id, amountCents: amount };
  let recorded: boolean;
  if (reserved.some(({ priced: order }) => order.tickets.length > 0)) {
    // Seats are confirmed between placing the orders and writing their events: a transaction.
    recorded = await ctx.db.transaction((tx) =>
      recordSettlement(
        { db: tx as unknown as Db, config: ctx.config },
        checkout,
        settled,
        answer,
        payment,
        true,
      ),
    );
  } else {
    const events = reserved.map(({ id, priced: order }) => ({
      order_id: id,
      note: placedNote(
        order.paymentMethod,
        order.invoice?.dueOn ?? null,
        order.invoice?.termsDays ?? null,
      ),
    }));
    const mail = await checkoutEmails(
      ctx,
      reserved.map(({ id }) => id),
    );
    const changed = await recordSettlements(
      ctx,
      [{ checkout, settled, answer, payment, hasTickets: false }],
      { events, mail },
    );
    recorded = changed.has(claim.id);
  }
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
