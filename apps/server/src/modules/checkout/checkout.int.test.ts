import { and, eq, inArray } from 'drizzle-orm';
import { DomainError } from '../../platform/domain-error';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkouts,
  ledgerEntries,
  orderEvents,
  orderLines,
  orders,
  paymentAccounts,
  products,
} from '../../db/tables';
import { logInAsActor } from '../../test/actors';
import { gql } from '../../test/graphql-client';
import { createOfflineProvider } from '../payments/offline-provider';
import { PaymentProviderError, type PaymentProvider } from '../../platform/payment-provider';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  CARDS,
  checkoutContext,
  createBuyer,
  createProducer,
  createProduct,
  orderRequest,
  payingWith,
  stockOf,
  userIdByEmail,
} from './checkout-fixtures';
import { placeOrder } from './place-order';
import { ledgerImbalance } from '../payouts/ledger';

let t: TestApp;
let buyerId: number;
let wholesaleId: number;
let sellerId: number;

beforeAll(async () => {
  t = await createTestApp();
  buyerId = await userIdByEmail(t.database.db, 'buyer@bevy.example');
  wholesaleId = await userIdByEmail(t.database.db, 'wholesale@bevy.example');
  sellerId = await userIdByEmail(t.database.db, 'seller@bevy.example');
});
afterAll(() => t.close());

const db = () => t.database.db;
const asBuyer = () => checkoutContext(db(), t.app.log, buyerId);
const asWholesaler = () => checkoutContext(db(), t.app.log, wholesaleId);
/** Another retail buyer. */
const asSeller = () => checkoutContext(db(), t.app.log, sellerId);

/** The refusal a promise ends in, as the client sees it. */
async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return {
      message: error.message,
      code: error.code,
      field: error.field,
      ...(error.extra as { fields?: Record<string, string> }),
    };
  }
  throw new Error('The order was placed, but a refusal was expected.');
}

/** Orders that hold a product, by status. */
async function ordersHolding(productId: number) {
  return db()
    .select({ status: orders.status, quantity: orderLines.quantity })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.order_id))
    .where(eq(orderLines.product_id, productId));
}

const ledgerOf = (checkoutId: string) =>
  db().select().from(ledgerEntries).where(eq(ledgerEntries.checkout_id, checkoutId));

const PLACE = `mutation($input: PlaceOrderInput!) {
  placeOrder(input: $input) {
    id amountCents
    orders {
      id number businessId businessName status fulfillmentMode
      subtotalCents taxAndFeesCents totalCents
      fulfillmentAddress { name line1 city state zip }
      lines { productId productName unitPriceCents quantity lineTotalCents }
    }
  }
}`;

describe('placing an order', () => {
  it('creates one order per producer, priced from the database, paid by one charge', async () => {
    const cellar = await createProducer(db(), { sales_tax_rate: '8.8750' });
    const brewery = await createProducer(db(), {
      sales_tax_rate: '0',
      fulfillment_allow_pickup_retail: false,
      fulfillment_ship_retail: true,
      ship_to_states: ['OR', 'CA'],
    });
    const pinot = await createProduct(db(), cellar.id, { retail: [[1, 2599]], stock: 10 });
    const rose = await createProduct(db(), cellar.id, {
      retail: [
        [1, 1800],
        [6, 1500],
      ],
    });
    const stout = await createProduct(db(), brewery.id, { retail: [[1, 4200]], stock: 3 });
    const cookie = await logInAsActor(t.app, 'buyer');
    const input = orderRequest(
      [
        { productId: pinot.id, quantity: 3 },
        { productId: rose.id, quantity: 6 },
        { productId: stout.id, quantity: 1 },
      ],
      [cellar.id],
      {
        fulfillment: [
          { businessId: cellar.id, mode: 'pickup' },
          {
            businessId: brewery.id,
            mode: 'ship',
            address: {
              name: 'Riley Retail',
              line1: '1 Main St',
              city: 'Eugene',
              state: 'OR',
              zip: '97401',
            },
          },
        ],
      },
    );

    const result = await gql(t.app, PLACE, { input }, { cookie });
    expect(result.body.errors).toBeUndefined();
    const checkout = result.body.data!.placeOrder as {
      id: string;
      amountCents: number;
      orders: { id: number; number: string; businessId: number }[];
    };
    // Cellar: 3 × 25.99 + 6 × 15.00 (the 6-bottle tier) = 167.97; 8.875% is 14.907… → 14.91.
    // Brewery: 42.00 and no tax + fees.
    expect(checkout.amountCents).toBe(16797 + 1491 + 4200);
    expect(checkout.orders).toEqual([
      expect.objectContaining({
        businessId: cellar.id,
        status: 'placed',
        fulfillmentMode: 'pickup',
        subtotalCents: 16797,
        taxAndFeesCents: 1491,
        totalCents: 18288,
        fulfillmentAddress: expect.objectContaining({ line1: '1220 SE Water Ave', zip: '97214' }),
        lines: [
          expect.objectContaining({ productId: pinot.id, unitPriceCents: 2599, quantity: 3 }),
          expect.objectContaining({
            productId: rose.id,
            unitPriceCents: 1500,
            lineTotalCents: 9000,
          }),
        ],
      }),
      expect.objectContaining({
        businessId: brewery.id,
        fulfillmentMode: 'ship',
        totalCents: 4200,
        fulfillmentAddress: expect.objectContaining({ name: 'Riley Retail', state: 'OR' }),
      }),
    ]);
    expect(checkout.orders[0]!.number).toMatch(/^BV-\d{6,}$/);
    expect(checkout.orders[0]!.number).not.toBe(checkout.orders[1]!.number);

    const stored = await db().select().from(orders).where(eq(orders.checkout_id, checkout.id));
    expect(
      stored.map((order) => [order.status, order.commission_cents, order.payout_cents]),
    ).toEqual(
      expect.arrayContaining([
        // 8% of 167.97 is 13.4376 → 13.44, of 42.00 exactly 3.36.
        ['placed', 1344, 18288 - 1344],
        ['placed', 336, 4200 - 336],
      ]),
    );
    expect(stored[0]).toMatchObject({
      contact_email: 'buyer@bevy.example',
      contact_phone: '+15035550142',
      payout_status: 'held',
    });
    const ledger = await ledgerOf(checkout.id);
    expect(ledger.filter((entry) => entry.kind === 'charge')).toHaveLength(1);
    expect(ledger.find((entry) => entry.kind === 'charge')!.amount_cents).toBe(22488);
    expect(
      ledgerImbalance(ledger.map((e) => ({ kind: e.kind, amountCents: e.amount_cents }))),
    ).toBe(0);
    expect(await stockOf(db(), pinot.id)).toBe(7);
    expect(await stockOf(db(), stout.id)).toBe(2);
    expect(await stockOf(db(), rose.id)).toBeNull();
    const history = await db()
      .select({ from: orderEvents.from_status, to: orderEvents.to_status })
      .from(orderEvents)
      .where(eq(orderEvents.order_id, checkout.orders[0]!.id))
      .orderBy(orderEvents.id);
    expect(history).toEqual([
      { from: null, to: 'awaiting_payment' },
      { from: 'awaiting_payment', to: 'placed' },
    ]);
  });

  it('transfers the payout at once to a producer whose account can take it', async () => {
    const connected = await createProducer(db());
    await db().insert(paymentAccounts).values({
      business_id: connected.id,
      provider: 'offline',
      account_id: 'acct_offline_00000000000000aa',
      details_submitted: true,
      charges_enabled: true,
      payouts_enabled: true,
    });
    const wine = await createProduct(db(), connected.id, { retail: [[1, 3000]] });
    const checkout = await placeOrder(
      asBuyer(),
      orderRequest([{ productId: wine.id, quantity: 2 }], [connected.id]),
    );
    const [order] = await db().select().from(orders).where(eq(orders.id, checkout.orders[0]!.id));
    expect(order!.payout_status).toBe('transferred');
    const transfer = (await ledgerOf(checkout.id)).find((entry) => entry.kind === 'transfer')!;
    expect(transfer).toMatchObject({
      amount_cents: order!.payout_cents,
      business_id: connected.id,
    });
    expect(transfer.provider_reference).toMatch(/^tr_offline_/);
  });

  it('refuses a visitor who is not logged in', async () => {
    const result = await gql(t.app, PLACE, {
      input: orderRequest([{ productId: 1, quantity: 1 }], [1]),
    });
    expect(result.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('a tampered cart', () => {
  it('is charged the server’s prices, or refused when it says what it expected to pay', async () => {
    const producer = await createProducer(db(), { sales_tax_rate: '0' });
    const wine = await createProduct(db(), producer.id, { retail: [[1, 3000]], stock: 4 });
    // The client's price is not even sent: the server's is charged.
    const charged = await placeOrder(
      asBuyer(),
      orderRequest([{ productId: wine.id, quantity: 1 }], [producer.id]),
    );
    expect(charged.amountCents).toBe(3000);

    const cheaper = await refusal(
      placeOrder(
        asBuyer(),
        orderRequest([{ productId: wine.id, quantity: 1, unitPrice: 1 }], [producer.id]),
      ),
    );
    expect(cheaper).toMatchObject({
      code: 'PRICE_CHANGED',
      field: 'lines.0.unitPrice',
      message: expect.stringContaining('is now $30.00 each'),
    });
    const wrongTotal = await refusal(
      placeOrder(
        asBuyer(),
        orderRequest([{ productId: wine.id, quantity: 2 }], [producer.id], { expectedTotal: 100 }),
      ),
    );
    expect(wrongTotal).toMatchObject({ code: 'PRICE_CHANGED', field: 'expectedTotal' });
    expect(wrongTotal.message).toContain('$60.00');
    // Neither refusal held stock or made an order.
    expect(await stockOf(db(), wine.id)).toBe(3);
    expect(await ordersHolding(wine.id)).toHaveLength(1);
  });

  it('gets a field error for negative, fractional or huge quantities and unknown or draft products', async () => {
    const producer = await createProducer(db());
    const wine = await createProduct(db(), producer.id);
    const draft = await createProduct(db(), producer.id, { status: 'draft' });
    const cookie = await logInAsActor(t.app, 'buyer');
    const fieldErrorFor = async (line: { productId: number; quantity: number }) => {
      const result = await gql(
        t.app,
        PLACE,
        { input: orderRequest([line], [producer.id]) },
        { cookie },
      );
      expect(result.status).toBe(200);
      expect(result.body.data?.placeOrder ?? null).toBeNull();
      return result.body.errors![0]!.extensions!;
    };
    expect((await fieldErrorFor({ productId: wine.id, quantity: -2 })).fields).toEqual({
      'lines.0.quantity': 'The quantity must be at least 1.',
    });
    expect((await fieldErrorFor({ productId: wine.id, quantity: 0 })).fields).toEqual({
      'lines.0.quantity': 'The quantity must be at least 1.',
    });
    expect((await fieldErrorFor({ productId: wine.id, quantity: 1.5 })).fields).toEqual({
      'lines.0.quantity': 'Use a whole number of units.',
    });
    expect((await fieldErrorFor({ productId: wine.id, quantity: 1e15 })).fields).toEqual({
      'lines.0.quantity': 'Order at most 9,999 units of a product.',
    });
    for (const productId of [draft.id, 987_654_321]) {
      const problem = await fieldErrorFor({ productId, quantity: 1 });
      expect(problem).toMatchObject({ code: 'BAD_USER_INPUT', field: 'lines.0.productId' });
      expect(problem.fields!['lines.0.productId']).toBe(
        'This product is no longer sold. Remove it from your cart.',
      );
    }
    expect(await ordersHolding(wine.id)).toEqual([]);
    expect(await ordersHolding(draft.id)).toEqual([]);
  });

  it('gets no wholesale prices for a retail buyer; an approved wholesale buyer pays them', async () => {
    const producer = await createProducer(db(), { sales_tax_rate: '0' });
    const both = await createProduct(db(), producer.id, {
      retail: [[1, 2000]],
      wholesale: [[12, 1200]],
    });
    const wholesaleOnly = await createProduct(db(), producer.id, {
      retail: [],
      wholesale: [[1, 900]],
    });
    const asWholesale = await refusal(
      placeOrder(
        asBuyer(),
        orderRequest([{ productId: both.id, quantity: 12, channel: 'wholesale' }], [producer.id]),
      ),
    );
    expect(asWholesale).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'lines.0.channel',
      message: 'Wholesale prices are only for approved wholesale buyers.',
    });
    const notRetail = await refusal(
      placeOrder(
        asBuyer(),
        orderRequest([{ productId: wholesaleOnly.id, quantity: 1 }], [producer.id]),
      ),
    );
    expect(notRetail.fields).toEqual({
      'lines.0.productId': `${wholesaleOnly.name} is not sold to retail buyers.`,
    });
    // Without the channel, the retail buyer simply pays retail.
    const retail = await placeOrder(
      asBuyer(),
      orderRequest([{ productId: both.id, quantity: 12 }], [producer.id]),
    );
    expect(retail.amountCents).toBe(12 * 2000);

    const belowMinimum = await refusal(
      placeOrder(
        asWholesaler(),
        orderRequest([{ productId: both.id, quantity: 6 }], [producer.id]),
      ),
    );
    expect(belowMinimum.fields).toEqual({
      'lines.0.quantity': `${both.name} is sold in quantities of at least 12.`,
    });
    const wholesale = await placeOrder(
      asWholesaler(),
      orderRequest([{ productId: both.id, quantity: 12, channel: 'wholesale' }], [producer.id]),
    );
    expect(wholesale.amountCents).toBe(12 * 1200);
    const [stored] = await db()
      .select({ kind: orders.buyer_kind })
      .from(orders)
      .where(eq(orders.id, wholesale.orders[0]!.id));
    expect(stored!.kind).toBe('wholesale');
  });

  it('cannot pay more or less than one charge may hold', async () => {
    const producer = await createProducer(db(), { sales_tax_rate: '0' });
    const cask = await createProduct(db(), producer.id, { retail: [[1, 50_000_000]] });
    const tooMuch = await refusal(
      placeOrder(asBuyer(), orderRequest([{ productId: cask.id, quantity: 3 }], [producer.id])),
    );
    expect(tooMuch).toMatchObject({ code: 'BAD_USER_INPUT', field: 'lines' });
    expect(tooMuch.message).toContain('$999,999.99');
    const sample = await createProduct(db(), producer.id, { retail: [[1, 25]] });
    const tooLittle = await refusal(
      placeOrder(asBuyer(), orderRequest([{ productId: sample.id, quantity: 1 }], [producer.id])),
    );
    expect(tooLittle).toMatchObject({ code: 'BAD_USER_INPUT', field: 'lines' });
    expect(tooLittle.message).toContain('at least $0.50');
  });
});

describe('payment', () => {
  it('declined: no order is left placed, the stock comes back, nothing is in the ledger', async () => {
    const producer = await createProducer(db());
    const wine = await createProduct(db(), producer.id, { stock: 5 });
    const declined = await refusal(
      placeOrder(
        asBuyer(),
        orderRequest(
          [{ productId: wine.id, quantity: 2 }],
          [producer.id],
          payingWith(CARDS.declined),
        ),
      ),
    );
    expect(declined).toMatchObject({
      code: 'PAYMENT_DECLINED',
      message: 'Your card was declined.',
      declineCode: 'card_declined',
      field: 'payment.card.number',
    });
    const broke = await refusal(
      placeOrder(
        asBuyer(),
        orderRequest(
          [{ productId: wine.id, quantity: 2 }],
          [producer.id],
          payingWith(CARDS.insufficientFunds),
        ),
      ),
    );
    expect(broke).toMatchObject({
      code: 'PAYMENT_DECLINED',
      message: 'Your card has insufficient funds.',
      declineCode: 'insufficient_funds',
    });
    expect(await stockOf(db(), wine.id)).toBe(5);
    const held = await ordersHolding(wine.id);
    expect(held.map((order) => order.status)).toEqual(['payment_failed', 'payment_failed']);
    const failedCheckouts = await db()
      .select({ id: checkouts.id, status: checkouts.status, code: checkouts.failure_code })
      .from(checkouts)
      .innerJoin(orders, eq(orders.checkout_id, checkouts.id))
      .innerJoin(orderLines, eq(orderLines.order_id, orders.id))
      .where(eq(orderLines.product_id, wine.id));
    expect(failedCheckouts.map((row) => [row.status, row.code])).toEqual(
      expect.arrayContaining([
        ['payment_failed', 'card_declined'],
        ['payment_failed', 'insufficient_funds'],
      ]),
    );
    const entries = await db()
      .select()
      .from(ledgerEntries)
      .where(
        inArray(
          ledgerEntries.checkout_id,
          failedCheckouts.map((row) => row.id),
        ),
      );
    expect(entries).toEqual([]);

    // The cart is kept: the same cart with another card (a new attempt, a new key) goes through.
    const paid = await placeOrder(
      asBuyer(),
      orderRequest([{ productId: wine.id, quantity: 2 }], [producer.id]),
    );
    expect(paid.orders[0]!.status).toBe('placed');
    expect(await stockOf(db(), wine.id)).toBe(3);
  });

  it('an unreachable payment service leaves no order placed and the stock where it was', async () => {
    const producer = await createProducer(db());
    const wine = await createProduct(db(), producer.id, { stock: 2 });
    const unreachable: PaymentProvider = {
      ...createOfflineProvider(),
      chargeCart: async () => {
        throw new PaymentProviderError('Stripe could not take the payment.');
      },
    };
    const failed = await refusal(
      placeOrder(
        checkoutContext(db(), t.app.log, buyerId, unreachable),
        orderRequest([{ productId: wine.id, quantity: 2 }], [producer.id]),
      ),
    );
    expect(failed).toMatchObject({ code: 'PAYMENT_FAILED' });
    expect(await stockOf(db(), wine.id)).toBe(2);
    expect((await ordersHolding(wine.id)).map((order) => order.status)).toEqual(['payment_failed']);
  });

  it('after five declines in an hour, stops the buyer before any card is tried (card testing)', async () => {
    const producer = await createProducer(db());
    const wine = await createProduct(db(), producer.id, { stock: 3 });
    // A buyer of its own, so that its declines stop no other test.
    const tester = await createBuyer(db());
    const attempt = (number: string, now?: Date) =>
      placeOrder(
        checkoutContext(db(), t.app.log, tester),
        orderRequest([{ productId: wine.id, quantity: 1 }], [producer.id], payingWith(number)),
        now,
      );
    for (let i = 0; i < 5; i++) {
      expect(await refusal(attempt(CARDS.declined))).toMatchObject({ code: 'PAYMENT_DECLINED' });
    }
    const stopped = await refusal(attempt(CARDS.succeeds));
    expect(stopped).toMatchObject({ code: 'TOO_MANY_DECLINES' });
    expect(stopped.message).toMatch(/^Too many declined payments in the last hour/);
    expect(await stockOf(db(), wine.id)).toBe(3);
    expect((await ordersHolding(wine.id)).map((order) => order.status)).not.toContain('placed');
    // An hour later the buyer may try again.
    const later = new Date(Date.now() + 61 * 60 * 1000);
    const placed = (await attempt(CARDS.succeeds, later)) as { orders: { status: string }[] };
    expect(placed.orders.map((order) => order.status)).toEqual(['placed']);
  });

  it('offline: a card number that is not a Stripe test card is declined, a mistyped one too', async () => {
    const producer = await createProducer(db());
    const wine = await createProduct(db(), producer.id);
    const attempt = (number: string) =>
      refusal(
        placeOrder(
          asBuyer(),
          orderRequest([{ productId: wine.id, quantity: 1 }], [producer.id], payingWith(number)),
        ),
      );
    expect(await attempt('4242 4242 4242 4241')).toMatchObject({
      code: 'PAYMENT_DECLINED',
      declineCode: 'incorrect_number',
    });
    expect(await attempt('4111 1111 1111 1111')).toMatchObject({
      code: 'PAYMENT_DECLINED',
      message: expect.stringContaining('4242 4242 4242 4242'),
    });
  });
});

describe('fulfillment, age and stock rules', () => {
  it('refuses what a producer does not offer this buyer', async () => {
    const producer = await createProducer(db(), {
      fulfillment_allow_pickup_retail: false,
      fulfillment_deliver_retail: true,
      fulfillment_deliver_retail_radius_miles: 20,
      fulfillment_ship_retail: true,
      ship_to_states: ['OR', 'WA'],
    });
    const wine = await createProduct(db(), producer.id);
    const lines = [{ productId: wine.id, quantity: 1 }];
    const attempt = (fulfillment: unknown[]) =>
      refusal(placeOrder(asBuyer(), orderRequest(lines, [], { fulfillment })));
    const address = (zip: string, state: string) => ({
      name: 'Riley Retail',
      line1: '1 Main St',
      city: 'Somewhere',
      state,
      zip,
    });

    expect((await attempt([{ businessId: producer.id, mode: 'pickup' }])).fields).toEqual({
      'fulfillment.0.mode': `${producer.name} does not offer pickup to retail buyers.`,
    });
    // Seattle is about 145 miles from the producer in Portland.
    const far = await attempt([
      { businessId: producer.id, mode: 'delivery', address: address('98101', 'WA') },
    ]);
    expect(far.field).toBe('fulfillment.0.address.zip');
    expect(far.message).toMatch(/Out of delivery range: \d+ miles away, delivers within 20 miles/);
    expect(
      (await attempt([{ businessId: producer.id, mode: 'ship', address: address('10001', 'NY') }]))
        .fields,
    ).toEqual({ 'fulfillment.0.address.state': `${producer.name} cannot ship to New York.` });
    expect(
      (await attempt([{ businessId: producer.id, mode: 'ship', address: address('10001', 'OR') }]))
        .fields,
    ).toEqual({ 'fulfillment.0.address.zip': 'The ZIP code 10001 is in New York, not Oregon.' });
    expect((await attempt([])).fields).toEqual({
      fulfillment: `Choose how to get your order from ${producer.name}: pickup, delivery or shipping.`,
    });
    const noRecipient = await attempt([
      {
        businessId: producer.id,
        mode: 'delivery',
        address: { ...address('97202', 'OR'), name: null },
      },
    ]);
    expect(noRecipient.field).toBe('fulfillment.0.address.name');

    // Nearby delivery and shipping to a licensed state go through.
    const delivered = await placeOrder(
      asBuyer(),
      orderRequest(lines, [], {
        fulfillment: [
          { businessId: producer.id, mode: 'delivery', address: address('97202', 'OR') },
        ],
      }),
    );
    expect(delivered.orders[0]!.fulfillmentMode).toBe('delivery');
    const shipped = await placeOrder(
      asBuyer(),
      orderRequest(lines, [], {
        fulfillment: [{ businessId: producer.id, mode: 'ship', address: address('98101', 'WA') }],
      }),
    );
    expect(shipped.orders[0]!.fulfillmentAddress).toMatchObject({ state: 'WA', zip: '98101' });
  });

  it('needs the buyer to confirm that they and any recipient are 21 or older', async () => {
    const producer = await createProducer(db());
    const wine = await createProduct(db(), producer.id);
    const unconfirmed = await refusal(
      placeOrder(
        asBuyer(),
        orderRequest([{ productId: wine.id, quantity: 1 }], [producer.id], { ageConfirmed: false }),
      ),
    );
    expect(unconfirmed).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'ageConfirmed',
      message: 'Confirm that you and anyone receiving the order are 21 or older.',
    });
  });

  it('sells the last unit once; the next buyer is told it is sold out', async () => {
    const producer = await createProducer(db());
    const wine = await createProduct(db(), producer.id, { stock: 1 });
    const tooMany = await refusal(
      placeOrder(asBuyer(), orderRequest([{ productId: wine.id, quantity: 2 }], [producer.id])),
    );
    expect(tooMany).toMatchObject({
      code: 'SOLD_OUT',
      field: 'lines.0.quantity',
      message: `Only 1 left of ${wine.name}; lower the quantity.`,
    });
    await placeOrder(asBuyer(), orderRequest([{ productId: wine.id, quantity: 1 }], [producer.id]));
    const late = await refusal(
      placeOrder(asSeller(), orderRequest([{ productId: wine.id, quantity: 1 }], [producer.id])),
    );
    expect(late).toMatchObject({ code: 'SOLD_OUT', message: `${wine.name} is sold out.` });
    expect(await stockOf(db(), wine.id)).toBe(0);
  });
});

describe('idempotency', () => {
  it('answers a repeated request the same, with one order and one charge', async () => {
    const producer = await createProducer(db());
    const wine = await createProduct(db(), producer.id, { stock: 20 });
    const input = orderRequest([{ productId: wine.id, quantity: 2 }], [producer.id]);
    const first = await placeOrder(asBuyer(), input);
    const again = await placeOrder(asBuyer(), structuredClone(input));
    expect(again).toEqual(first);
    const together = await Promise.all(
      Array.from({ length: 10 }, () => placeOrder(asBuyer(), structuredClone(input))),
    );
    for (const answer of together) expect(answer).toEqual(first);
    expect(await ordersHolding(wine.id)).toHaveLength(1);
    expect(await stockOf(db(), wine.id)).toBe(18);
    const charges = await db()
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.checkout_id, first.id), eq(ledgerEntries.kind, 'charge')));
    expect(charges).toHaveLength(1);
  });

  it('refuses the same key with a different cart, and keys are per buyer', async () => {
    const producer = await createProducer(db());
    const wine = await createProduct(db(), producer.id);
    const input = orderRequest([{ productId: wine.id, quantity: 1 }], [producer.id]);
    await placeOrder(asBuyer(), input);
    const changed = await refusal(
      placeOrder(asBuyer(), { ...input, lines: [{ productId: wine.id, quantity: 3 }] }),
    );
    expect(changed).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', field: 'idempotencyKey' });
    // Another buyer who happens to send the same key places their own order.
    await placeOrder(asSeller(), input);
    expect(await ordersHolding(wine.id)).toHaveLength(2);
  });

  it('replays a refusal too, even once the cart could go through', async () => {
    const producer = await createProducer(db());
    const wine = await createProduct(db(), producer.id, { stock: 0 });
    const input = orderRequest([{ productId: wine.id, quantity: 1 }], [producer.id]);
    const soldOut = await refusal(placeOrder(asBuyer(), input));
    expect(soldOut.code).toBe('SOLD_OUT');
    await db().update(products).set({ stock_count: 5 }).where(eq(products.id, wine.id));
    expect(await refusal(placeOrder(asBuyer(), input))).toEqual(soldOut);
  });
});
