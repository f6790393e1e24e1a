import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkouts, orderLines, orders } from '../../db/tables';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  claimedCheckout,
  createBuyer,
  createProducer,
  createProduct,
  stockOf,
} from './checkout-fixtures';
import { reserveAtOnce } from './reservation-statements';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;

const processingCheckout = (buyerId: number) => claimedCheckout(db(), buyerId);

/** One order of `quantity` of the product, as checkout-reservation builds the values. */
function oneOrder(
  checkoutId: string,
  buyerId: number,
  businessId: number,
  product: { id: number; name: string },
  quantity: number,
) {
  return {
    amount: 1_000 * quantity,
    now: new Date(),
    checkoutId,
    buyerId,
    wanted: JSON.stringify([{ id: product.id, quantity }]),
    counted: 1,
    buyer: JSON.stringify({
      buyer_id: buyerId,
      buyer_kind: 'retail',
      contact_name: 'Test Buyer',
      contact_email: 'test-buyer@bevy.example',
      contact_phone: '+15035550100',
      buying_business: null,
      billing_address: { line1: '1 Main St', city: 'Portland', state: 'OR', zip: '97201' },
      age_confirmed_at: new Date().toISOString(),
      source: null,
      source_medium: null,
      source_campaign: null,
    }),
    orders: JSON.stringify([
      {
        at: 0,
        business_id: businessId,
        fulfillment_mode: 'pickup',
        fulfillment_address: null,
        tax_rate: '0',
        subtotal_cents: 1_000 * quantity,
        tax_and_fees_cents: 0,
        fulfillment_fee_cents: 0,
        total_cents: 1_000 * quantity,
        commission_cents: 80 * quantity,
        payout_cents: 920 * quantity,
        payment_method: 'card',
        invoice_terms_days: null,
        invoice_due_on: null,
      },
    ]),
    lines: JSON.stringify([
      {
        at: 0,
        business_id: businessId,
        product_id: product.id,
        product_name: product.name,
        channel: 'retail',
        tier_minimum: 1,
        unit_price_cents: 1_000,
        quantity,
        line_total_cents: 1_000 * quantity,
        stock_reserved: true,
      },
    ]),
  };
}

const ordersOf = (checkoutId: string) =>
  db().select({ id: orders.id }).from(orders).where(eq(orders.checkout_id, checkoutId));

describe('a reservation in one statement', () => {
  it('takes the stock and creates the order with its line', async () => {
    const buyerId = await createBuyer(db());
    const producer = await createProducer(db());
    const product = await createProduct(db(), producer.id, { stock: 5 });
    const checkoutId = await processingCheckout(buyerId);

    const created = await reserveAtOnce(
      db(),
      oneOrder(checkoutId, buyerId, producer.id, product, 3),
    );

    expect(created).toEqual([
      { id: expect.any(Number), number: expect.stringMatching(/^BV-/), business_id: producer.id },
    ]);
    expect(await stockOf(db(), product.id)).toBe(2);
    const lines = await db()
      .select({ quantity: orderLines.quantity, reserved: orderLines.stock_reserved })
      .from(orderLines)
      .where(eq(orderLines.order_id, created![0]!.id));
    expect(lines).toEqual([{ quantity: 3, reserved: true }]);
  });

  it('leaves nothing behind when the stock ran out meanwhile', async () => {
    const buyerId = await createBuyer(db());
    const producer = await createProducer(db());
    const product = await createProduct(db(), producer.id, { stock: 2 });
    const checkoutId = await processingCheckout(buyerId);

    expect(
      await reserveAtOnce(db(), oneOrder(checkoutId, buyerId, producer.id, product, 3)),
    ).toBeNull();

    expect(await ordersOf(checkoutId)).toEqual([]);
    expect(await stockOf(db(), product.id)).toBe(2);
    const [checkout] = await db()
      .select({ amount: checkouts.amount_cents })
      .from(checkouts)
      .where(eq(checkouts.id, checkoutId));
    expect(checkout).toEqual({ amount: null });
  });

  it('leaves nothing behind, stock included, when the checkout was released meanwhile', async () => {
    const buyerId = await createBuyer(db());
    const producer = await createProducer(db());
    const product = await createProduct(db(), producer.id, { stock: 5 });
    const checkoutId = await processingCheckout(buyerId);
    await db()
      .update(checkouts)
      .set({ status: 'payment_failed' })
      .where(eq(checkouts.id, checkoutId));

    expect(
      await reserveAtOnce(db(), oneOrder(checkoutId, buyerId, producer.id, product, 1)),
    ).toBeNull();

    expect(await ordersOf(checkoutId)).toEqual([]);
    expect(await stockOf(db(), product.id)).toBe(5);
  });
});
