import { isOfLegalAge, isoDate, UNDER_AGE_MESSAGE, type BuyerKind } from '@bevy/core';
import type { OrderAddress, PlaceOrderInput } from '@bevy/core/checkout-schemas';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isConnectionLoss } from '../../db/errors';
import {
  businesses,
  checkouts,
  orderLines,
  orders,
  paymentAccounts,
  products,
} from '../../db/tables';
import { DomainError, SERVICE_UNAVAILABLE } from '../../platform/domain-error';
import { buyerKindOf, findUser } from '../accounts/index';
import { addressesOfBusinesses, type AddressRow } from '../businesses/index';
import { locateZip } from '../geo/index';
import { atMemberPrices, membershipsAt } from '../member-pricing/index';
import type { PaymentSource } from '../../platform/payment-provider';
import { tiersOfProducts } from '../products/index';
import { CheckoutRefused, type CheckoutAnswer } from './checkout-answer';
import type { Claim } from './checkout-claims';
import type { CheckoutContext } from './checkout-context';
import { declineLimitRefusal } from './checkout-limits';
import { recordEvents, refuse } from './checkout-outcome';
import {
  priceCart,
  refusalOf,
  type Catalog,
  type CatalogBusiness,
  type CatalogProduct,
  type PricedOrder,
} from './checkout-pricing';
import { holdStock } from './stock-holds';
import { holdSeats } from './seat-holds';
import { ticketLineName, type CatalogTicketType } from './ticket-pricing';
import { presaleEventIds, ticketTypesForCheckout } from '../events/index';

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

function addressOfBusiness(name: string, row: AddressRow | undefined): OrderAddress | null {
  if (!row?.route || !row.locality || !row.administrative_area_level_1 || !row.postal_code) {
    return null;
  }
  return {
    name,
    line1: [row.street_number, row.route].filter(Boolean).join(' '),
    line2: null,
    city: row.locality,
    state: row.administrative_area_level_1,
    zip: row.postal_code,
  };
}

export interface LoadedCatalog extends Catalog {
  /** Connected accounts that can receive a payout now, by business. */
  payoutAccounts: ReadonlyMap<number, string>;
}

/** The cart's products and producers (and any other producers named) as the database holds them now. */
export async function loadCatalog(
  ctx: Pick<CheckoutContext, 'db' | 'payments'>,
  productIds: number[],
  otherBusinessIds: number[] = [],
  ticketTypeIds: number[] = [],
): Promise<LoadedCatalog> {
  const { db } = ctx;
  const typeRows: CatalogTicketType[] = await ticketTypesForCheckout(db, ticketTypeIds);
  const productRows = await db
    .select({
      id: products.id,
      business_id: products.business_id,
      name: products.name,
      status: products.status,
      stock_count: products.stock_count,
      members_only: products.members_only,
    })
    .from(products)
    .where(inArray(products.id, productIds.length > 0 ? productIds : [0]));
  const businessIds = [
    ...new Set([
      ...productRows.map((row) => row.business_id),
      ...typeRows.map((row) => row.event.business_id),
      ...otherBusinessIds,
    ]),
  ];
  const [tiers, businessRows, addressRows, accountRows] = await Promise.all([
    tiersOfProducts(
      db,
      productRows.map((row) => row.id),
    ),
    db.select().from(businesses).where(inArray(businesses.id, businessIds)),
    addressesOfBusinesses(db, businessIds),
    db
      .select()
      .from(paymentAccounts)
      .where(
        and(
          inArray(paymentAccounts.business_id, businessIds),
          eq(paymentAccounts.provider, ctx.payments.kind),
          eq(paymentAccounts.charges_enabled, true),
        ),
      ),
  ]);
  const productMap = new Map<number, CatalogProduct>(
    productRows.map((row, index) => [row.id, { ...row, tiers: tiers[index]! }]),
  );
  const businessMap = new Map<number, CatalogBusiness>(
    businessRows.map((row) => {
      const first = addressRows[businessIds.indexOf(row.id)]?.[0];
      const location =
        first && first.latitude !== null && first.longitude !== null
          ? { lat: first.latitude, lng: first.longitude }
          : null;
      return [row.id, { ...row, address: addressOfBusiness(row.name, first), location }];
    }),
  );
  return {
    products: productMap,
    businesses: businessMap,
    ticketTypes: new Map(typeRows.map((row) => [row.id, row])),
    payoutAccounts: new Map(accountRows.map((row) => [row.business_id, row.account_id])),
  };
}

/**
 * The catalog as a club member buys: at member prices at the producers whose clubs they belong
 * to, where they may also buy the members-only products.
 */
async function atMembersPrices(db: Db, buyerId: number, catalog: LoadedCatalog) {
  const eventIds = [...new Set([...(catalog.ticketTypes?.values() ?? [])].map((t) => t.event.id))];
  const [memberAt, presaleEvents] = await Promise.all([
    membershipsAt(db, buyerId, [...catalog.businesses.keys()]),
    presaleEventIds(db, buyerId, eventIds),
  ]);
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

/**
 * Holds the stock and creates the orders, in one transaction. A line whose stock ran out
 * meanwhile refuses the whole cart, and the transaction leaves nothing behind.
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
  return ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    // First, under the checkout's lock: a checkout the sweeper released meanwhile (its request
    // took minutes to get here) holds nothing, and the same key may start again.
    const [live] = await db
      .update(checkouts)
      .set({ amount_cents: amount, updated_at: new Date() })
      .where(and(eq(checkouts.id, claim.id), eq(checkouts.status, 'processing')))
      .returning({ id: checkouts.id });
    if (!live) throw releasedMeanwhile();
    const reserved = await holdStock(
      db,
      priced.flatMap((order) => order.lines),
    );

    const created = await db
      .insert(orders)
      .values(
        priced.map((order) => ({
          checkout_id: claim.id,
          business_id: order.business.id,
          buyer_id: buyer.id,
          buyer_kind: buyer.kind,
          status: 'awaiting_payment' as const,
          fulfillment_mode: order.mode,
          fulfillment_address: order.address,
          contact_name: input.contact.name,
          contact_email: input.contact.email,
          contact_phone: input.contact.phone,
          // Only a wholesale purchase is made for a business; priceCart made sure it is named.
          buying_business: buyer.kind === 'wholesale' ? (input.buyingBusiness ?? null) : null,
          billing_address: input.billingAddress,
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
          age_confirmed_at: now,
          source: input.source?.source ?? null,
          source_medium: input.source?.medium ?? null,
          source_campaign: input.source?.campaign ?? null,
        })),
      )
      .returning({ id: orders.id, number: orders.number, business_id: orders.business_id });
    const reservedOrders = priced.map((order) => {
      const row = created.find((candidate) => candidate.business_id === order.business.id)!;
      return { priced: order, id: row.id, number: row.number };
    });
    const productLines = reservedOrders.flatMap(({ priced: order, id }) =>
      order.lines.map((line) => ({
        order_id: id,
        product_id: line.product.id,
        product_name: line.product.name,
        channel: line.channel,
        tier_minimum: line.tierMinimum,
        unit_price_cents: line.unitPrice,
        quantity: line.quantity,
        line_total_cents: line.lineTotal,
        stock_reserved: reserved.has(line.product.id),
      })),
    );
    if (productLines.length > 0) await db.insert(orderLines).values(productLines);
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
    await recordEvents(db, reservedOrders, null, 'awaiting_payment', buyer.id, 'Checkout started');
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
    const tooManyDeclines = await declineLimitRefusal(ctx.db, buyerId, claim.id, now);
    if (tooManyDeclines) return { refused: await refuse(ctx.db, claim.id, tooManyDeclines) };
    const user = (await findUser(ctx.db, buyerId))!;
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
    const catalog = await loadCatalog(
      ctx,
      input.lines.map((line) => line.productId),
      [],
      input.tickets.map((line) => line.ticketTypeId),
    );
    const priced = priceCart(
      input,
      kind === 'retail' ? await atMembersPrices(ctx.db, buyerId, catalog) : catalog,
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
