import { isOfLegalAge, isoDate, UNDER_AGE_MESSAGE, type BuyerKind } from '@bevy/core';
import type { PlaceOrderInput } from '@bevy/core/checkout-schemas';
import { eq } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { isConnectionLoss } from '../../db/errors';
import { checkouts, orderLines } from '../../db/tables';
import { DomainError, SERVICE_UNAVAILABLE } from '../../platform/domain-error';
import { buyerKindOf } from '../accounts/index';
import { locateZip } from '../geo/index';
import { atMemberPrices } from '../member-pricing/index';
import type { PaymentSource } from '../../platform/payment-provider';
import { CheckoutRefused, type CheckoutAnswer } from './checkout-answer';
import { loadCheckoutCatalog, type LoadedCatalog } from './checkout-catalog';
import type { Claim } from './checkout-claims';
import type { CheckoutContext } from './checkout-context';
import { declineLimitRefusal } from './checkout-limits';
import { refuse } from './checkout-outcome';
import { priceCart, refusalOf, type PricedOrder } from './checkout-pricing';
import { checkStockHeld, countedLines, stockWanted } from './stock-holds';
import {
  holdStatement,
  ordersStatement,
  reserveAtOnce,
  type CreatedOrder,
} from './reservation-statements';
import { holdSeats } from './seat-holds';
import { ticketLineName } from './ticket-pricing';
import { presaleEventIds } from '../events/index';

/**
 * Reservation: the cart checked and priced from the database (checkout-pricing), then in one
 * transaction its stock held (stock-holds) and one order created per producer, 'awaiting
 * payment'. A cart that breaks a rule gets its refusal stored as the checkout's answer, so a
 * repeat of the request is refused the same way.
 */

const releasedMeanwhile = () =>
  new DomainError(
    SERVICE_UNAVAILABLE,
    'This checkout took too long and was cancelled before any payment. Nothing was charged: please try again.',
  );

/**
 * The catalog as a club member buys: at member prices at the producers whose clubs they belong
 * to, where they may also buy the members-only products.
 */
async function atMembersPrices(
  db: Db,
  buyerId: number,
  catalog: LoadedCatalog,
  memberAt: ReadonlyMap<number, number>,
) {
  const eventIds = [...new Set([...(catalog.ticketTypes?.values() ?? [])].map((t) => t.event.id))];
  const presaleEvents = await presaleEventIds(db, buyerId, eventIds);
  const discounts = new Map([...memberAt].filter(([, discount]) => discount > 0));
  if (discounts.size === 0)
    return { ...catalog, memberAt: new Set(memberAt.keys()), presaleEvents };
  const products = new Map(
    [...catalog.products].map(([id, product]) => [
      id,
      { ...product, tiers: atMemberPrices(product.tiers, discounts.get(product.business_id)) },
    ]),
  );
  return { ...catalog, products, memberAt: new Set(memberAt.keys()), presaleEvents };
}

/** A producer's order as created, awaiting payment. */
export interface ReservedOrder {
  priced: PricedOrder;
  id: number;
  number: string;
}

/** The orders' values for the statements that create them (reservation-statements). */
function orderValues(
  claim: Claim,
  buyer: { id: number; kind: BuyerKind },
  input: PlaceOrderInput,
  priced: PricedOrder[],
  reserved: (productId: number) => boolean,
  now: Date,
) {
  return {
    checkoutId: claim.id,
    buyerId: buyer.id,
    buyer: JSON.stringify({
      buyer_id: buyer.id,
      buyer_kind: buyer.kind,
      contact_name: input.contact.name,
      contact_email: input.contact.email,
      contact_phone: input.contact.phone,
      // Only a wholesale purchase is made for a business; priceCart made sure it is named.
      buying_business: buyer.kind === 'wholesale' ? (input.buyingBusiness ?? null) : null,
      billing_address: input.billingAddress,
      age_confirmed_at: now.toISOString(),
      source: input.source?.source ?? null,
      source_medium: input.source?.medium ?? null,
      source_campaign: input.source?.campaign ?? null,
    }),
    orders: JSON.stringify(
      priced.map((order, at) => ({
        at,
        business_id: order.business.id,
        fulfillment_mode: order.mode,
        fulfillment_address: order.address,
        tax_rate: order.business.sales_tax_rate,
        subtotal_cents: order.totals.subtotal,
        tax_and_fees_cents: order.totals.taxAndFees,
        fulfillment_fee_cents: order.totals.fulfillmentFee,
        total_cents: order.totals.total,
        commission_cents: order.totals.commission,
        payout_cents: order.totals.payout,
        payment_method: order.paymentMethod,
        invoice_terms_days: order.invoice?.termsDays ?? null,
        invoice_due_on: order.invoice?.dueOn ?? null,
      })),
    ),
    lines: JSON.stringify(
      priced
        .flatMap((order) => order.lines.map((line) => ({ order, line })))
        .map(({ order, line }, at) => ({
          at,
          business_id: order.business.id,
          product_id: line.product.id,
          product_name: line.product.name,
          channel: line.channel,
          tier_minimum: line.tierMinimum,
          unit_price_cents: line.unitPrice,
          quantity: line.quantity,
          line_total_cents: line.lineTotal,
          stock_reserved: reserved(line.product.id),
        })),
    ),
  };
}

/** The priced orders with the ids and numbers they were created under. */
const reservedAs = (priced: PricedOrder[], created: readonly CreatedOrder[]): ReservedOrder[] =>
  priced.map((order) => {
    const row = created.find((candidate) => candidate.business_id === order.business.id)!;
    return { priced: order, id: row.id, number: row.number };
  });

/**
 * Holds the stock and creates the orders: in one statement when the cart can be reserved whole
 * and holds no seats, else in one transaction. A line whose stock ran out meanwhile refuses the
 * whole cart, and nothing is left behind.
 */
async function reserveOrders(
  ctx: CheckoutContext,
  claim: Claim,
  buyer: { id: number; kind: BuyerKind },
  input: PlaceOrderInput,
  priced: PricedOrder[],
  amount: number,
  now: Date,
): Promise<ReservedOrder[]> {
  const lines = priced.flatMap((order) => order.lines);
  const hold = { amount, now: new Date(), checkoutId: claim.id, wanted: stockWanted(lines) };
  if (priced.every((order) => order.tickets.length === 0)) {
    const counted = new Set(countedLines(lines).map((line) => line.product.id));
    const created = await reserveAtOnce(ctx.db, {
      ...hold,
      ...orderValues(claim, buyer, input, priced, (id) => counted.has(id), now),
      counted: counted.size,
    });
    if (created) return reservedAs(priced, created);
  }
  return ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const rows = rowsOf<{ live: boolean; id: number | null }>(await holdStatement(db, hold));
    // UNION ALL promises no order: the checkout's row is the one without a product.
    if (!rows.find((row) => row.id === null)?.live) throw releasedMeanwhile();
    const taken = rows.filter((row): row is { live: boolean; id: number } => row.id !== null);
    const reserved = await checkStockHeld(db, lines, taken);
    const created = rowsOf<CreatedOrder>(
      await ordersStatement(
        db,
        orderValues(claim, buyer, input, priced, (id) => reserved.has(id), now),
      ),
    );
    const reservedOrders = reservedAs(priced, created);
    const ticketLines = reservedOrders.flatMap(({ priced: order, id }) =>
      order.tickets.map((line) => ({ line, orderId: id })),
    );
    if (ticketLines.length > 0) {
      const lineRows = await db
        .insert(orderLines)
        .values(
          ticketLines.map(({ line, orderId }) => ({
            order_id: orderId,
            product_id: null,
            product_name: ticketLineName(line.type),
            channel: 'retail' as const,
            tier_minimum: 1,
            unit_price_cents: line.unitPrice,
            quantity: line.quantity,
            line_total_cents: line.lineTotal,
            stock_reserved: false,
          })),
        )
        .returning({ id: orderLines.id });
      await holdSeats(
        db,
        ticketLines.map(({ line, orderId }, at) => ({
          line,
          orderId,
          orderLineId: lineRows[at]!.id,
        })),
        buyer.id,
        now,
      );
    }
    return reservedOrders;
  });
}

/** What to charge for a reserved cart, and where each producer's payout can go. */
export interface Reservation {
  reserved: ReservedOrder[];
  amount: number;
  payoutAccounts: ReadonlyMap<number, string>;
}

/**
 * Checks and prices the cart and holds its stock: the reservation to charge for, or the stored
 * refusal. Anything unexpected before the orders exist gives the key back, so that the same
 * request can be sent again.
 */
export async function reserveCart(
  ctx: CheckoutContext,
  claim: Claim,
  buyerId: number,
  input: PlaceOrderInput,
  source: PaymentSource | null,
  now: Date,
): Promise<Reservation | { refused: CheckoutAnswer }> {
  try {
    const { catalog, buyer, declines, memberDiscounts } = await loadCheckoutCatalog(
      ctx,
      { buyerId, checkoutId: claim.id, now },
      input.lines.map((line) => line.productId),
      input.tickets.map((line) => line.ticketTypeId),
    );
    const tooManyDeclines = declineLimitRefusal(declines);
    if (tooManyDeclines) return { refused: await refuse(ctx.db, claim.id, tooManyDeclines) };
    const user = buyer!;
    if (!isOfLegalAge(user.date_of_birth, isoDate(now))) {
      return {
        refused: await refuse(ctx.db, claim.id, {
          code: 'BAD_USER_INPUT',
          message: UNDER_AGE_MESSAGE,
          field: 'ageConfirmed',
          fields: { ageConfirmed: UNDER_AGE_MESSAGE },
        }),
      };
    }
    const kind = buyerKindOf(user, now);
    const priced = priceCart(
      input,
      kind === 'retail'
        ? await atMembersPrices(ctx.db, buyerId, catalog, memberDiscounts)
        : catalog,
      kind,
      locateZip,
      now,
    );
    if (!priced.ok) return { refused: await refuse(ctx.db, claim.id, refusalOf(priced.problems)) };
    // paymentSourceOf found no card only because every order is on invoice.
    if (!source && priced.orders.some((order) => order.paymentMethod === 'card')) {
      throw new Error('A card order without a card to charge.');
    }
    const reserved = await reserveOrders(
      ctx,
      claim,
      { id: buyerId, kind },
      input,
      priced.orders,
      priced.amount,
      now,
    );
    return { reserved, amount: priced.amount, payoutAccounts: catalog.payoutAccounts };
  } catch (error) {
    if (error instanceof CheckoutRefused) {
      return { refused: await refuse(ctx.db, claim.id, error.refusal) };
    }
    // A lost connection is beforeCharge's to settle: the key may not be given back blindly.
    if (isConnectionLoss(error)) throw error;
    // Nothing was held or created: give the key back, so that the same request can be retried.
    await ctx.db.delete(checkouts).where(eq(checkouts.id, claim.id));
    throw error;
  }
}
