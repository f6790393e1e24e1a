import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  isOfLegalAge,
  isoDate,
  payByInvoiceText,
  percentToMillionths,
  UNDER_AGE_MESSAGE,
  type BuyerKind,
  type PaymentMethod,
} from '@bevy/core';
import {
  placeOrderSchema,
  type OrderAddress,
  type PlaceOrderInput,
} from '@bevy/core/checkout-schemas';
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { GraphQLError } from 'graphql';
import type { Db } from '../../db/client';
import { isConnectionLoss } from '../../db/errors';
import { SERVICE_UNAVAILABLE } from '../../http/errors';
import {
  businesses,
  checkouts,
  ledgerEntries,
  orderLines,
  orders,
  paymentAccounts,
  products,
} from '../../db/schema';
import type { RequestContext } from '../../graphql/context';
import { badInput, fromZodError } from '../../graphql/errors';
import { requireViewer } from '../../graphql/guards';
import { buyerKindOf, findUser } from '../accounts/accounts.service';
import { addressesOfBusinesses, type AddressRow } from '../businesses/businesses.service';
import { locateZip } from '../geo/geo.routes';
import {
  PaymentProviderError,
  type ChargeOutcome,
  type PaymentSource,
} from '../payments/payment-provider';
import { tiersOfProducts } from '../products/products.service';
import {
  CheckoutRefused,
  unwrapAnswer,
  type CheckoutAnswer,
  type CheckoutRefusal,
  type PaidCheckoutView,
} from './checkout-answer';
import {
  priceCart,
  refusalOf,
  soldOutMessage,
  type Catalogue,
  type CatalogueBusiness,
  type CatalogueProduct,
  type PricedOrder,
} from './checkout-pricing';
import { declineLimitRefusal } from './checkout-limits';
import { beforeCharge, recordOutcome } from './checkout-recovery';
import {
  finishCheckout,
  recordEvents,
  recordPaymentFailure,
  refuse,
  storedAnswer,
} from './checkout-outcome';
import { paidCheckoutMovements, type OrderMoney } from './ledger';
import { queueCheckoutEmails, type OrderEmailContext } from './order-emails';
import { recordSentPayouts, sendPayout, type SentPayout } from './payout-release.service';
import { noteReconciliation, refundUnrecordedCharge } from './unrecorded-charge';

/**
 * Placing an order: one request per payment attempt, identified by the client's idempotency key.
 *
 * 1. Claim the key (a unique row per buyer and key); a repeat waits for and replays the answer.
 * 2. Price the cart from the database and check every rule (checkout-pricing).
 * 3. In one transaction, hold the stock with conditional updates and create one order per
 *    producer, 'awaiting_payment'.
 * 4. Charge the whole cart once. Declined: the orders become 'payment_failed' and the stock comes
 *    back. Paid: the ledger records the charge and each order's commission and transfer, and the
 *    orders become 'placed'.
 * 5. Transfer each producer's payout whose connected account can take it; the others are held.
 *
 * Orders an approved wholesale buyer pays by invoice are created and placed with the others, but
 * the charge covers only the card orders; with none, nothing is charged (decision 010).
 */

type CheckoutContext = Pick<RequestContext, 'db' | 'payments' | 'log' | 'viewer'> &
  Pick<OrderEmailContext, 'config'>;

/** How long a repeat of a request waits for the first one's answer. */
const REPEAT_WAIT_MS = 30_000;
const REPEAT_POLL_MS = 25;

const keyReused = () =>
  new GraphQLError(
    'This checkout attempt was already used for a different cart. Reload the page and try again.',
    { extensions: { code: 'IDEMPOTENCY_KEY_REUSED', field: 'idempotencyKey' } },
  );

const paymentUnconfirmed = () =>
  new GraphQLError(
    'The payment service did not confirm your payment in time. Do not pay again: your cart is kept, and trying again in a few minutes shows whether the payment went through.',
    { extensions: { code: 'CHECKOUT_IN_PROGRESS' } },
  );

const releasedMeanwhile = () =>
  new GraphQLError(
    'This checkout took too long and was cancelled before any payment. Nothing was charged: please try again.',
    { extensions: { code: SERVICE_UNAVAILABLE } },
  );

const stillProcessing = () =>
  new GraphQLError(
    'This payment is still being processed. Check your orders before trying again.',
    { extensions: { code: 'CHECKOUT_IN_PROGRESS' } },
  );

/** Values with object keys in a fixed order, and absent or null fields left out. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, entry]) => entry !== null && entry !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([key, entry]) => [key, canonical(entry)]),
    );
  }
  return value;
}

/**
 * What identifies a request apart from its key: the cart, choices and details as understood.
 * Card numbers are not hashed whole (a hash of 16 digits can be reversed): their last four are.
 */
export function requestFingerprint(input: PlaceOrderInput): string {
  const { idempotencyKey: _key, payment, ...request } = input;
  const paidWith = payment?.card
    ? {
        cardLast4: payment.card.number.slice(-4),
        expMonth: payment.card.expMonth,
        expYear: payment.card.expYear,
      }
    : { paymentMethodId: payment?.paymentMethodId };
  const text = JSON.stringify(canonical({ ...request, paidWith }));
  return createHash('sha256').update(text).digest('hex');
}

/** Whether every producer's order is to be paid by invoice, so that no card is charged. */
const everyOrderOnInvoice = (input: PlaceOrderInput) =>
  input.fulfillment.length > 0 && input.fulfillment.every((choice) => choice.payByInvoice);

/** What pays for the card orders; null when every order is paid by invoice. */
function paymentSourceOf(input: PlaceOrderInput, ctx: CheckoutContext): PaymentSource | null {
  if (everyOrderOnInvoice(input)) return null;
  const { card, paymentMethodId } = input.payment ?? {};
  const source: PaymentSource | null =
    card && ctx.payments.accepts('card')
      ? { kind: 'card', ...card }
      : paymentMethodId && ctx.payments.accepts('payment_method')
        ? { kind: 'payment_method', id: paymentMethodId }
        : null;
  if (source) return source;
  throw ctx.payments.accepts('card')
    ? badInput('Enter your card details.', 'payment.card')
    : badInput('Enter your card in the payment form.', 'payment.paymentMethodId');
}

interface Claim {
  id: string;
  transferGroup: string;
}

/**
 * Takes the key for this request, or returns null when another request holds it. A lost
 * connection may have stored the claim unseen: beforeCharge then deletes it by its id.
 */
async function claimKey(
  ctx: CheckoutContext,
  buyerId: number,
  input: PlaceOrderInput,
  fingerprint: string,
): Promise<Claim | null> {
  const id = randomUUID();
  const transferGroup = `checkout_${id}`;
  const claimed = await beforeCharge(ctx, id, () =>
    ctx.db
      .insert(checkouts)
      .values({
        id,
        buyer_id: buyerId,
        idempotency_key: input.idempotencyKey,
        request_fingerprint: fingerprint,
        payment_provider: ctx.payments.kind,
        transfer_group: transferGroup,
      })
      .onConflictDoNothing({ target: [checkouts.buyer_id, checkouts.idempotency_key] })
      .returning({ id: checkouts.id }),
  );
  return claimed.length > 0 ? { id, transferGroup } : null;
}

/**
 * The answer of the request that holds the key, once it has one; undefined if that request
 * gave the key up (it failed unexpectedly before changing anything).
 */
async function answerOfHolder(
  db: Db,
  buyerId: number,
  key: string,
  fingerprint: string,
): Promise<CheckoutAnswer | undefined> {
  const deadline = Date.now() + REPEAT_WAIT_MS;
  for (;;) {
    const [held] = await db
      .select({ fingerprint: checkouts.request_fingerprint, answer: checkouts.answer })
      .from(checkouts)
      .where(and(eq(checkouts.buyer_id, buyerId), eq(checkouts.idempotency_key, key)));
    if (!held) return undefined;
    if (held.fingerprint !== fingerprint) throw keyReused();
    if (held.answer) return held.answer;
    if (Date.now() > deadline) throw stillProcessing();
    await sleep(REPEAT_POLL_MS);
  }
}

/** Places the buyer's order: the paid checkout, or the refusal thrown as a GraphQL error. */
export async function placeOrder(
  ctx: CheckoutContext,
  rawInput: unknown,
  now = new Date(),
): Promise<PaidCheckoutView> {
  const viewer = requireViewer(ctx);
  const parsed = placeOrderSchema.safeParse(rawInput);
  if (!parsed.success) throw fromZodError(parsed.error);
  const input = parsed.data;
  const source = paymentSourceOf(input, ctx);
  const fingerprint = requestFingerprint(input);
  // A holder that gave the key up lets a waiting repeat claim it; twice is plenty.
  for (let attempt = 0; attempt < 3; attempt++) {
    const claim = await claimKey(ctx, viewer.id, input, fingerprint);
    if (claim) return unwrapAnswer(await runCheckout(ctx, claim, viewer.id, input, source, now));
    const answer = await answerOfHolder(ctx.db, viewer.id, input.idempotencyKey, fingerprint);
    if (answer) return unwrapAnswer(answer);
  }
  throw stillProcessing();
}

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

interface LoadedCatalogue extends Catalogue {
  /** Connected accounts that can receive a payout now, by business. */
  payoutAccounts: ReadonlyMap<number, string>;
}

async function loadCatalogue(ctx: CheckoutContext, productIds: number[]): Promise<LoadedCatalogue> {
  const { db } = ctx;
  const productRows = await db
    .select({
      id: products.id,
      business_id: products.business_id,
      name: products.name,
      status: products.status,
      stock_count: products.stock_count,
    })
    .from(products)
    .where(inArray(products.id, productIds));
  const businessIds = [...new Set(productRows.map((row) => row.business_id))];
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
  const productMap = new Map<number, CatalogueProduct>(
    productRows.map((row, index) => [row.id, { ...row, tiers: tiers[index]! }]),
  );
  const businessMap = new Map<number, CatalogueBusiness>(
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
    payoutAccounts: new Map(accountRows.map((row) => [row.business_id, row.account_id])),
  };
}

interface ReservedOrder {
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
    const lines = priced.flatMap((order) => order.lines);
    const reserved = new Set<number>();
    // In product order, so two carts that share products lock them in the same order.
    for (const line of [...lines].sort((a, b) => a.product.id - b.product.id)) {
      if (line.product.stock_count === null) continue;
      const [held] = await db
        .update(products)
        .set({ stock_count: sql`${products.stock_count} - ${line.quantity}` })
        .where(
          and(
            eq(products.id, line.product.id),
            eq(products.status, 'published'),
            gte(products.stock_count, line.quantity),
          ),
        )
        .returning({ id: products.id });
      if (held) {
        reserved.add(line.product.id);
        continue;
      }
      const [current] = await db
        .select({ status: products.status, stock: products.stock_count })
        .from(products)
        .where(eq(products.id, line.product.id));
      // The seller stopped counting stock meanwhile: nothing to hold.
      if (current?.status === 'published' && current.stock === null) continue;
      throw new CheckoutRefused(
        refusalOf([
          current?.status === 'published'
            ? {
                code: 'SOLD_OUT',
                field: `lines.${line.index}.quantity`,
                message: soldOutMessage(line.product.name, current.stock ?? 0),
              }
            : {
                code: 'BAD_USER_INPUT',
                field: `lines.${line.index}.productId`,
                message: 'This product is no longer sold. Remove it from your cart.',
              },
        ]),
      );
    }

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
        })),
      )
      .returning({ id: orders.id, number: orders.number, business_id: orders.business_id });
    const reservedOrders = priced.map((order) => {
      const row = created.find((candidate) => candidate.business_id === order.business.id)!;
      return { priced: order, id: row.id, number: row.number };
    });
    await db.insert(orderLines).values(
      reservedOrders.flatMap(({ priced: order, id }) =>
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
      ),
    );
    await recordEvents(db, reservedOrders, null, 'awaiting_payment', buyer.id, 'Checkout started');
    return reservedOrders;
  });
}

async function failPayment(
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
    })),
  };
}

/** One order's share of a paid checkout. */
export interface SettledOrder extends OrderMoney {
  businessId: number;
  paymentMethod: PaymentMethod;
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
  const { db } = ctx;
  const byCard = settled.filter((order) => order.paymentMethod === 'card');
  if (byCard.length === 0 && checkout.amountCents !== 0) {
    throw new Error(`A charge of ${checkout.amountCents} cents for no card order.`);
  }
  const movements = byCard.length > 0 ? paidCheckoutMovements(checkout.amountCents, byCard) : [];
  if (!(await finishCheckout(db, checkout.id, 'paid', answer, payment))) return false;
  const businessOfOrder = new Map(settled.map((order) => [order.orderId, order.businessId]));
  if (movements.length > 0) {
    await db.insert(ledgerEntries).values(
      movements.map((movement) => ({
        checkout_id: checkout.id,
        order_id: movement.orderId,
        business_id: movement.orderId === null ? null : businessOfOrder.get(movement.orderId)!,
        kind: movement.kind,
        amount_cents: movement.amountCents,
        provider_reference: movement.kind === 'charge' ? payment.chargeId : null,
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
    .where(and(eq(orders.checkout_id, checkout.id), eq(orders.status, 'awaiting_payment')))
    .returning({
      id: orders.id,
      paymentMethod: orders.payment_method,
      invoiceDueOn: orders.invoice_due_on,
      invoiceTermsDays: orders.invoice_terms_days,
    });
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
  return true;
}

/**
 * The charge went through, or none was needed: the answer is the paid checkout, whoever
 * recorded it first.
 */
async function settlePayment(
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

/**
 * Sends each producer its payout from the charge. A producer without a connected account that
 * can take it, or a transfer that fails, leaves the payout held (recorded, not yet sent).
 */
async function transferPayouts(
  ctx: CheckoutContext,
  claim: Claim,
  chargeId: string,
  reserved: ReservedOrder[],
  payoutAccounts: ReadonlyMap<number, string>,
) {
  const sent: SentPayout[] = [];
  for (const { id, number, priced: order } of reserved) {
    const destination = payoutAccounts.get(order.business.id);
    if (!destination || order.totals.payout === 0) continue;
    try {
      const transferId = await sendPayout(ctx.payments, {
        order: { id, number },
        amountCents: order.totals.payout,
        destination,
        transferGroup: claim.transferGroup,
        chargeId,
      });
      sent.push({ orderId: id, transferId, amountCents: order.totals.payout });
    } catch (error) {
      ctx.log.warn({ err: error, orderId: id }, 'payout transfer failed; the payout stays held');
    }
  }
  try {
    await recordSentPayouts(ctx, sent);
  } catch (error) {
    // Sent but not recorded: they stay held, and releasing them later reuses each payout's key.
    ctx.log.error({ err: error, checkoutId: claim.id }, 'sent payouts could not be recorded');
  }
}

const PAYMENT_FAILED_MESSAGE =
  'The payment service could not be reached, so the order was not placed. Please try again in a moment.';

interface PreparedCheckout {
  reserved: ReservedOrder[];
  amount: number;
  payoutAccounts: ReadonlyMap<number, string>;
}

/** Checks and prices the cart and holds its stock: what to charge, or the stored refusal. */
async function prepareCheckout(
  ctx: CheckoutContext,
  claim: Claim,
  buyerId: number,
  input: PlaceOrderInput,
  source: PaymentSource | null,
  now: Date,
): Promise<PreparedCheckout | { refused: CheckoutAnswer }> {
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
    const catalogue = await loadCatalogue(
      ctx,
      input.lines.map((line) => line.productId),
    );
    const priced = priceCart(input, catalogue, kind, locateZip, now);
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
    return { reserved, amount: priced.amount, payoutAccounts: catalogue.payoutAccounts };
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

async function runCheckout(
  ctx: CheckoutContext,
  claim: Claim,
  buyerId: number,
  input: PlaceOrderInput,
  source: PaymentSource | null,
  now: Date,
): Promise<CheckoutAnswer> {
  const prepared = await beforeCharge(ctx, claim.id, () =>
    prepareCheckout(ctx, claim, buyerId, input, source, now),
  );
  if ('refused' in prepared) return prepared.refused;
  const { reserved, amount, payoutAccounts } = prepared;

  const byCard = reserved.filter((order) => order.priced.paymentMethod === 'card');
  // Every order is paid by invoice: nothing to charge, the orders are placed at once.
  if (byCard.length === 0 || !source) {
    return recordOutcome(ctx, claim.id, () =>
      settlePayment(ctx, claim, amount, reserved, { paymentId: null, chargeId: null }),
    );
  }
  let outcome: ChargeOutcome;
  try {
    outcome = await ctx.payments.chargeCart({
      amountCents: amount,
      source,
      checkoutId: claim.id,
      transferGroup: claim.transferGroup,
      idempotencyKey: `bevy-checkout-${claim.id}`,
      description: `Bevy: ${byCard.map((order) => order.number).join(', ')}`,
      receiptEmail: input.contact.email,
    });
  } catch (error) {
    if (error instanceof PaymentProviderError && error.outcomeUnknown) {
      // The charge may have gone through: failing it here and letting the buyer pay again could
      // charge them twice. It stays processing; the webhook records the outcome, or the sweeper
      // fails it (checkout-sweeper.ts) if none comes. A repeat of the request waits for that.
      ctx.log.warn({ err: error, checkoutId: claim.id }, 'a charge’s outcome is unknown for now');
      throw paymentUnconfirmed();
    }
    if (!(error instanceof PaymentProviderError)) {
      ctx.log.error({ err: error, checkoutId: claim.id }, 'charging a cart failed unexpectedly');
    }
    return recordOutcome(ctx, claim.id, () =>
      failPayment(
        ctx,
        claim.id,
        { code: 'PAYMENT_FAILED', message: PAYMENT_FAILED_MESSAGE },
        { paymentId: null, failureCode: 'provider_error' },
      ),
    );
  }
  if (outcome.status === 'declined') {
    const declined = outcome;
    return recordOutcome(ctx, claim.id, () =>
      failPayment(
        ctx,
        claim.id,
        {
          code: 'PAYMENT_DECLINED',
          message: declined.message,
          field: source.kind === 'card' ? 'payment.card.number' : 'payment.paymentMethodId',
          declineCode: declined.code,
        },
        { paymentId: declined.paymentId, failureCode: declined.code },
      ),
    );
  }
  try {
    const paid = outcome;
    const answer = await recordOutcome(ctx, claim.id, () =>
      settlePayment(ctx, claim, amount, reserved, paid),
    );
    if (answer.ok) {
      await transferPayouts(ctx, claim, outcome.chargeId, byCard, payoutAccounts);
    } else {
      // The webhook recorded a failure first, yet the charge went through: never keep it silently.
      ctx.log.error(
        { checkoutId: claim.id, paymentId: outcome.paymentId },
        'charged after failing',
      );
      await noteReconciliation(
        ctx.db,
        claim.id,
        `Charged ${amount} cents (${outcome.paymentId}, ${outcome.chargeId}) after the checkout was recorded as failed: refund the buyer.`,
      );
      await refundUnrecordedCharge(ctx, {
        checkoutId: claim.id,
        paymentId: outcome.paymentId,
        chargeId: outcome.chargeId,
        amountCents: amount,
      });
    }
    return answer;
  } catch (error) {
    // The buyer was charged but it is not recorded: someone must reconcile it with the provider.
    ctx.log.error(
      { err: error, checkoutId: claim.id, paymentId: outcome.paymentId },
      'a charged checkout could not be recorded',
    );
    throw error;
  }
}
