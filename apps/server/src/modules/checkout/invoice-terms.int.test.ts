import { invoiceDueOn, isoDate } from '@bevy/core';
import { and, eq, inArray, like } from 'drizzle-orm';
import { DomainError } from '../../platform/domain-error';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkouts,
  ledgerEntries,
  mailOutbox,
  orderEvents,
  orderLines,
  orders,
} from '../../db/tables';
import { gql } from '../../test/graphql-client';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createOfflineProvider } from '../payments/offline-provider';
import type { PaymentProvider } from '../../platform/payment-provider';
import {
  CARDS,
  checkoutContext,
  createProducer,
  createProduct,
  orderRequest,
  payingWith,
  stockOf,
} from './checkout-fixtures';
import { placeOrder } from './place-order';
import { ledgerImbalance } from '../payouts/ledger';
import { cancelOrder } from '../orders/order-changes.service';
import { refundOrderLine } from '../orders/order-refunds.service';
import {
  connectPayouts,
  createUser,
  createWholesaler,
  firstError,
  orderAs,
  PLACE_ORDER,
  type TestUser,
} from '../orders/order-management-fixtures';

/**
 * Invoice terms (issue 6, item 3): an approved wholesale buyer pays a producer that offers terms
 * by invoice; only the card orders are charged, and invoice orders move no money through us.
 */

let t: TestApp;
const db = () => t.database.db;
let termsShop: { id: number; name: string; slug: string };
let cardShop: { id: number; name: string; slug: string };
let seller: TestUser;
let wholesaler: TestUser;
let retailer: TestUser;

/** A payment provider that records what it was asked to do, and does it as the offline one. */
function recordingProvider() {
  const offline = createOfflineProvider();
  const calls: { method: string; amountCents: number }[] = [];
  const provider: PaymentProvider = {
    ...offline,
    chargeCart: async (request) => {
      calls.push({ method: 'chargeCart', amountCents: request.amountCents });
      return offline.chargeCart(request);
    },
    transferPayout: async (request) => {
      calls.push({ method: 'transferPayout', amountCents: request.amountCents });
      return offline.transferPayout(request);
    },
    refundCharge: async (request) => {
      calls.push({ method: 'refundCharge', amountCents: request.amountCents });
      return offline.refundCharge(request);
    },
    reverseTransfer: async (request) => {
      calls.push({ method: 'reverseTransfer', amountCents: request.amountCents });
      return offline.reverseTransfer(request);
    },
  };
  return { provider, calls };
}

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { message: error.message, code: error.code, field: error.field, ...error.extra };
  }
  throw new Error('The order was placed, but a refusal was expected.');
}

/** The fulfillment choices: pickup from each producer, by invoice where asked. */
const pickup = (...choices: [number, boolean][]) => ({
  fulfillment: choices.map(([businessId, payByInvoice]) => ({
    businessId,
    mode: 'pickup',
    payByInvoice,
  })),
});

const orderRows = (ids: number[]) =>
  db().select().from(orders).where(inArray(orders.id, ids)).orderBy(orders.id);

beforeAll(async () => {
  t = await createTestApp();
  termsShop = await createProducer(db(), {
    name: 'Net Thirty Cellars',
    sales_tax_rate: '8.8750',
    wholesale_invoice_terms_days: 30,
  });
  cardShop = await createProducer(db(), { name: 'Card Only Brewing', sales_tax_rate: '0' });
  seller = await createUser(t.app, db(), { businessIds: [termsShop.id, cardShop.id] });
  wholesaler = await createWholesaler(t.app, db());
  retailer = await createUser(t.app, db());
});
afterAll(() => t.close());

describe('paying by invoice', () => {
  it('charges only the card orders; the invoice order is placed with its due date, not paid out', async () => {
    const wine = await createProduct(db(), termsShop.id, {
      retail: [[1, 3000]],
      wholesale: [[6, 1800]],
      stock: 40,
    });
    const beer = await createProduct(db(), cardShop.id, { wholesale: [[1, 4500]], stock: 5 });
    const { provider, calls } = recordingProvider();
    const now = new Date();
    const input = orderRequest(
      [
        { productId: wine.id, quantity: 12, channel: 'wholesale' },
        { productId: beer.id, quantity: 2, channel: 'wholesale' },
      ],
      [],
      { ...pickup([termsShop.id, true], [cardShop.id, false]), expectedTotal: 23_517 + 9_000 },
    );

    const checkout = await placeOrder(
      checkoutContext(db(), t.app.log, wholesaler.id, provider),
      input,
      now,
    );

    // Wine: 12 × $18.00 = 216.00 + 8.875% (19.17) = 235.17, on invoice. Beer: 2 × 45.00, by card.
    expect(checkout.amountCents).toBe(9_000);
    expect(calls).toEqual([{ method: 'chargeCart', amountCents: 9_000 }]);
    const dueOn = invoiceDueOn(isoDate(now), 30);
    const [invoiced, carded] = [
      checkout.orders.find((order) => order.businessId === termsShop.id)!,
      checkout.orders.find((order) => order.businessId === cardShop.id)!,
    ];
    expect(invoiced).toMatchObject({
      status: 'placed',
      totalCents: 23_517,
      paymentMethod: 'invoice',
      invoiceTermsDays: 30,
      invoiceDueOn: dueOn,
    });
    expect(carded).toMatchObject({
      totalCents: 9_000,
      paymentMethod: 'card',
      invoiceTermsDays: null,
      invoiceDueOn: null,
    });

    const rows = await orderRows([invoiced.id, carded.id]);
    expect(rows.map((row) => [row.payment_method, row.invoice_due_on, row.payout_status])).toEqual([
      ['invoice', dueOn, 'not_due'],
      ['card', null, 'held'],
    ]);
    // The stock of both is taken.
    expect(await stockOf(db(), wine.id)).toBe(28);
    expect(await stockOf(db(), beer.id)).toBe(3);

    // The ledger holds the card order only, and balances.
    const ledger = await db()
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.checkout_id, checkout.id));
    expect(ledger.filter((entry) => entry.order_id === invoiced.id)).toEqual([]);
    expect(ledger.map((entry) => [entry.kind, entry.amount_cents]).sort()).toEqual(
      [
        ['charge', 9_000],
        ['commission', 720],
        ['transfer', 8_280],
      ].sort(),
    );
    expect(
      ledgerImbalance(ledger.map((e) => ({ kind: e.kind, amountCents: e.amount_cents }))),
    ).toBe(0);
    const [stored] = await db().select().from(checkouts).where(eq(checkouts.id, checkout.id));
    expect(stored).toMatchObject({ status: 'paid', amount_cents: 9_000 });

    // The history and the emails say how each is paid.
    const [placedEvent] = await db()
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.order_id, invoiced.id), eq(orderEvents.to_status, 'placed')));
    expect(placedEvent!.note).toMatch(/^Pay by invoice, due \w+ \d+, \d{4} \(Net 30\)$/);
    const mails = await db()
      .select()
      .from(mailOutbox)
      .where(like(mailOutbox.subject, `%${invoiced.number}%`));
    const buyerMail = mails.find((mail) => mail.subject.startsWith('Your Bevy'))!;
    expect(buyerMail.text_body).toContain('Total charged: $90.00');
    expect(buyerMail.text_body).toMatch(
      /Pay by invoice, due \w+ \d+, \d{4} \(Net 30\): pay \$235\.17 to Net Thirty Cellars directly\./,
    );
    const producerMail = mails.find((mail) => mail.subject.startsWith('New order'))!;
    expect(producerMail.text_body).toContain('to pay by invoice.');
    expect(producerMail.text_body).toContain('owed by you: $17.28');
  });

  it('places an all-invoice cart with no card and no charge at all', async () => {
    const wine = await createProduct(db(), termsShop.id, { wholesale: [[1, 2000]], stock: 10 });
    const { provider, calls } = recordingProvider();
    const { payment: _card, ...withoutCard } = orderRequest(
      [{ productId: wine.id, quantity: 3 }],
      [],
      pickup([termsShop.id, true]),
    );
    const ctx = checkoutContext(db(), t.app.log, wholesaler.id, provider);

    const checkout = await placeOrder(ctx, withoutCard);

    expect(checkout.amountCents).toBe(0);
    expect(checkout.orders).toMatchObject([{ paymentMethod: 'invoice', status: 'placed' }]);
    expect(calls).toEqual([]);
    expect(await stockOf(db(), wine.id)).toBe(7);
    const [stored] = await db().select().from(checkouts).where(eq(checkouts.id, checkout.id));
    expect(stored).toMatchObject({
      status: 'paid',
      amount_cents: 0,
      provider_payment_id: null,
      provider_charge_id: null,
    });
    expect(
      await db().select().from(ledgerEntries).where(eq(ledgerEntries.checkout_id, checkout.id)),
    ).toEqual([]);
    // A repeat of the request gets the same answer and places nothing more.
    expect(await placeOrder(ctx, withoutCard)).toEqual(checkout);
    expect(await stockOf(db(), wine.id)).toBe(7);
  });

  it('works through GraphQL, with payByInvoice on the fulfillment choice and no payment', async () => {
    const wine = await createProduct(db(), termsShop.id, { wholesale: [[1, 2000]] });
    const { payment: _card, ...withoutCard } = orderRequest(
      [{ productId: wine.id, quantity: 1 }],
      [],
      pickup([termsShop.id, true]),
    );
    const result = await gql(
      t.app,
      `mutation($input: PlaceOrderInput!) {
        placeOrder(input: $input) { amountCents orders { id paymentMethod invoiceTermsDays invoiceDueOn } }
      }`,
      { input: withoutCard },
      { cookie: wholesaler.cookie },
    );
    expect(result.body.errors).toBeUndefined();
    const placed = result.body.data!.placeOrder as {
      amountCents: number;
      orders: { id: number; paymentMethod: string; invoiceDueOn: string }[];
    };
    expect(placed).toMatchObject({
      amountCents: 0,
      orders: [{ paymentMethod: 'invoice', invoiceTermsDays: 30 }],
    });
    expect(placed.orders[0]!.invoiceDueOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const seen = await orderAs(t.app, wholesaler, placed.orders[0]!.id);
    expect(seen).toMatchObject({ status: 'placed', payoutCents: null });
  });

  it('refuses invoice terms to a retail buyer, and where the producer offers none', async () => {
    const wine = await createProduct(db(), termsShop.id, { wholesale: [[1, 2000]], stock: 4 });
    const beer = await createProduct(db(), cardShop.id, { wholesale: [[1, 2000]], stock: 4 });
    const retail = await refusal(
      placeOrder(
        checkoutContext(db(), t.app.log, retailer.id),
        orderRequest([{ productId: wine.id, quantity: 1 }], [], pickup([termsShop.id, true])),
      ),
    );
    expect(retail).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'fulfillment.0.payByInvoice',
      message: 'Only approved wholesale buyers can pay by invoice.',
    });

    const noTerms = await refusal(
      placeOrder(
        checkoutContext(db(), t.app.log, wholesaler.id),
        orderRequest(
          [
            { productId: wine.id, quantity: 1 },
            { productId: beer.id, quantity: 1 },
          ],
          [],
          pickup([termsShop.id, true], [cardShop.id, true]),
        ),
      ),
    );
    expect(noTerms).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'fulfillment.1.payByInvoice',
      message: 'Card Only Brewing does not offer invoice terms; pay by card.',
    });
    expect(await stockOf(db(), wine.id)).toBe(4);
    expect(await stockOf(db(), beer.id)).toBe(4);
  });

  it('refuses a retail buyer’s invoice through GraphQL as a field error', async () => {
    const wine = await createProduct(db(), termsShop.id, { retail: [[1, 2000]] });
    const result = await gql(
      t.app,
      PLACE_ORDER,
      {
        input: orderRequest(
          [{ productId: wine.id, quantity: 1 }],
          [],
          pickup([termsShop.id, true]),
        ),
      },
      { cookie: retailer.cookie },
    );
    expect(firstError(result)).toEqual({
      code: 'BAD_USER_INPUT',
      field: 'fulfillment.0.payByInvoice',
      message: 'Only approved wholesale buyers can pay by invoice.',
    });
  });

  it('applies the charge limits to the card part only', async () => {
    const wine = await createProduct(db(), termsShop.id, { wholesale: [[1, 2000]] });
    const penny = await createProduct(db(), cardShop.id, { wholesale: [[1, 10]] });
    const small = await refusal(
      placeOrder(
        checkoutContext(db(), t.app.log, wholesaler.id),
        orderRequest(
          [
            { productId: wine.id, quantity: 5 },
            { productId: penny.id, quantity: 1 },
          ],
          [],
          pickup([termsShop.id, true], [cardShop.id, false]),
        ),
      ),
    );
    expect(small).toMatchObject({
      code: 'BAD_USER_INPUT',
      message: 'One payment must be at least $0.50. Add to your cart.',
    });
  });

  it('fails the whole checkout, invoice order too, when the card is declined', async () => {
    const buyer = await createWholesaler(t.app, db());
    const wine = await createProduct(db(), termsShop.id, { wholesale: [[1, 2000]], stock: 6 });
    const beer = await createProduct(db(), cardShop.id, { wholesale: [[1, 2000]], stock: 6 });
    const { provider, calls } = recordingProvider();
    const declined = await refusal(
      placeOrder(
        checkoutContext(db(), t.app.log, buyer.id, provider),
        orderRequest(
          [
            { productId: wine.id, quantity: 2 },
            { productId: beer.id, quantity: 3 },
          ],
          [],
          { ...pickup([termsShop.id, true], [cardShop.id, false]), ...payingWith(CARDS.declined) },
        ),
      ),
    );
    expect(declined).toMatchObject({ code: 'PAYMENT_DECLINED' });
    expect(calls).toEqual([{ method: 'chargeCart', amountCents: 6_000 }]);
    const held = await db()
      .select({ status: orders.status, method: orders.payment_method })
      .from(orders)
      .where(eq(orders.buyer_id, buyer.id));
    expect(held.sort((a, b) => a.method.localeCompare(b.method))).toEqual([
      { status: 'payment_failed', method: 'card' },
      { status: 'payment_failed', method: 'invoice' },
    ]);
    expect(await stockOf(db(), wine.id)).toBe(6);
    expect(await stockOf(db(), beer.id)).toBe(6);
  });
});

describe('changing an invoice order', () => {
  it('takes a refund off the invoice and cancels with no payment provider, giving the stock back', async () => {
    const wine = await createProduct(db(), termsShop.id, { wholesale: [[1, 2599]], stock: 20 });
    const red = await createProduct(db(), termsShop.id, { wholesale: [[1, 1000]], stock: 20 });
    const checkout = await placeOrder(
      checkoutContext(db(), t.app.log, wholesaler.id),
      orderRequest(
        [
          { productId: wine.id, quantity: 3 },
          { productId: red.id, quantity: 4 },
        ],
        [],
        pickup([termsShop.id, true]),
      ),
    );
    const [order] = checkout.orders;
    const { provider, calls } = recordingProvider();
    const asSeller = checkoutContext(db(), t.app.log, seller.id, provider);
    const lines = await db()
      .select()
      .from(orderLines)
      .where(eq(orderLines.order_id, order!.id))
      .orderBy(orderLines.id);

    const refunded = await refundOrderLine(asSeller, {
      orderId: order!.id,
      lineId: lines[0]!.id,
      quantity: 1,
      reason: 'Corked',
    });
    // Kept: 2 × 25.99 + 4 × 10.00 = 91.98 + 8.875% (8.16) = 100.14, of 7797 + 4000 + 1047 = 128.44.
    expect(refunded.refundedCents).toBe(12_844 - 10_014);
    expect(refunded.money).toEqual({
      commissionCents: 736, // 8% of 91.98
      payoutCents: 0,
      payoutStatus: 'not_due',
    });
    expect(refunded.events.at(-1)!.note).toBe(
      'Invoice reduced by $28.30 for 1 × ' + `${lines[0]!.product_name}: Corked`,
    );
    expect(await stockOf(db(), wine.id)).toBe(17);

    const cancelled = await cancelOrder(asSeller, { id: order!.id, reason: 'Buyer asked' });
    expect(cancelled).toMatchObject({ status: 'cancelled', refundedCents: 12_844 });
    expect(cancelled.money).toMatchObject({ commissionCents: 0, payoutStatus: 'not_due' });
    expect(cancelled.events.at(-1)!.note).toBe('Invoice reduced by $100.14: Buyer asked');
    expect(calls).toEqual([]);
    expect(
      await db().select().from(ledgerEntries).where(eq(ledgerEntries.order_id, order!.id)),
    ).toEqual([]);
    // The units not refunded before come back; the refunded one stays sold.
    expect(await stockOf(db(), wine.id)).toBe(19);
    expect(await stockOf(db(), red.id)).toBe(20);
    const mails = await db()
      .select()
      .from(mailOutbox)
      .where(like(mailOutbox.subject, `%${order!.number} was cancelled`));
    expect(mails[0]!.text_body).toContain('Its invoice is cancelled: you owe nothing');
  });
});

describe('payouts with invoice orders', () => {
  it('count invoice orders in gross sales and the commission owed, never in the net paid out', async () => {
    const shop = await createProducer(db(), {
      name: 'Ledger Lane Winery',
      sales_tax_rate: '10.0000',
      wholesale_invoice_terms_days: 45,
    });
    const owner = await createUser(t.app, db(), { businessIds: [shop.id] });
    await connectPayouts(db(), shop.id);
    const wine = await createProduct(db(), shop.id, { wholesale: [[1, 5000]] });
    const ctx = checkoutContext(db(), t.app.log, wholesaler.id);
    const buy = async (quantity: number, payByInvoice: boolean) =>
      (
        await placeOrder(
          ctx,
          orderRequest([{ productId: wine.id, quantity }], [], pickup([shop.id, payByInvoice])),
        )
      ).orders[0]!;
    const byCard = await buy(2, false); // 100.00 + 10.00 = 110.00; commission 8.00
    const kept = await buy(3, true); // 150.00 + 15.00 = 165.00; commission owed 12.00
    const partly = await buy(4, true); // 200.00 + 20.00 = 220.00; 1 unit off: 165.00, owes 12.00
    const dropped = await buy(1, true); // 55.00, cancelled: owes nothing
    const asOwner = checkoutContext(db(), t.app.log, owner.id);
    const [partlyLine] = await db()
      .select()
      .from(orderLines)
      .where(eq(orderLines.order_id, partly.id));
    await refundOrderLine(asOwner, { orderId: partly.id, lineId: partlyLine!.id, quantity: 1 });
    await cancelOrder(asOwner, { id: dropped.id });

    const result = await gql(
      t.app,
      `query($slug: String!) { businessPayouts(slug: $slug) {
        grossSalesCents commissionCents refundsCents netCents invoicedCents invoiceCommissionOwedCents
        orders { orderId totalCents commissionCents refundedCents netCents payoutStatus paymentMethod invoiceDueOn }
      } }`,
      { slug: shop.slug },
      { cookie: owner.cookie },
    );
    expect(result.body.errors).toBeUndefined();
    const ledger = result.body.data!.businessPayouts as {
      grossSalesCents: number;
      commissionCents: number;
      refundsCents: number;
      netCents: number;
      invoicedCents: number;
      invoiceCommissionOwedCents: number;
      orders: { orderId: number; paymentMethod: string; invoiceDueOn: string | null }[];
    };
    expect(ledger).toMatchObject({
      grossSalesCents: 11_000 + 16_500 + 22_000 + 5_500,
      commissionCents: 800,
      refundsCents: 5_500 + 5_500,
      netCents: 10_200,
      invoicedCents: 16_500 + 16_500,
      invoiceCommissionOwedCents: 1_200 + 1_200,
    });
    expect(
      ledger.grossSalesCents - ledger.refundsCents - ledger.commissionCents - ledger.invoicedCents,
    ).toBe(ledger.netCents);
    const row = (id: number) => ledger.orders.find((entry) => entry.orderId === id);
    expect(row(byCard.id)).toMatchObject({
      paymentMethod: 'card',
      invoiceDueOn: null,
      commissionCents: 800,
      netCents: 10_200,
    });
    expect(row(partly.id)).toMatchObject({
      paymentMethod: 'invoice',
      invoiceDueOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      totalCents: 22_000,
      commissionCents: 1_200,
      refundedCents: 5_500,
      netCents: 0,
      payoutStatus: 'not_due',
    });
    expect(row(dropped.id)).toMatchObject({
      commissionCents: 0,
      refundedCents: 5_500,
      netCents: 0,
    });
    expect(row(kept.id)).toMatchObject({ commissionCents: 1_200, netCents: 0 });
  });
});

describe('a producer’s invoice terms', () => {
  const CATALOG = `query($ids: [ID!]!) {
    cartCatalog(productIds: $ids) { products { business { id wholesale_invoice_terms_days } } }
  }`;

  it('are set by its sellers, within Net 15 to Net 60', async () => {
    const update = (days: number | null) =>
      gql(
        t.app,
        `mutation($slug: String!, $days: Int) {
          updateBusiness(slug: $slug, update: { wholesale_invoice_terms_days: { set: $days } }) {
            wholesale_invoice_terms_days
          }
        }`,
        { slug: cardShop.slug, days },
        { cookie: seller.cookie },
      );
    expect(firstError(await update(31))).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'wholesale_invoice_terms_days',
    });
    expect((await update(60)).body.data).toEqual({
      updateBusiness: { wholesale_invoice_terms_days: 60 },
    });
    expect((await update(null)).body.data).toEqual({
      updateBusiness: { wholesale_invoice_terms_days: null },
    });
  });

  it('are shown to approved wholesale buyers and the producer’s sellers only', async () => {
    const wine = await createProduct(db(), termsShop.id, {
      retail: [[1, 2000]],
      wholesale: [[1, 1500]],
    });
    const termsSeen = async (cookie?: string) => {
      const result = await gql(
        t.app,
        CATALOG,
        { ids: [String(wine.id)] },
        cookie ? { cookie } : {},
      );
      expect(result.body.errors).toBeUndefined();
      const catalog = result.body.data!.cartCatalog as {
        products: { business: { wholesale_invoice_terms_days: number | null } }[];
      };
      return catalog.products[0]!.business.wholesale_invoice_terms_days;
    };
    expect(await termsSeen(wholesaler.cookie)).toBe(30);
    expect(await termsSeen(retailer.cookie)).toBeNull();
    expect(await termsSeen()).toBeNull();
    expect(await termsSeen(seller.cookie)).toBe(30);
  });
});
