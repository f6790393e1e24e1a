import { BUYING_BUSINESS_REQUIRED } from '@bevy/core/checkout-schemas';
import { eq, inArray } from 'drizzle-orm';
import { DomainError } from '../../platform/domain-error';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, products } from '../../db/tables';
import { gql } from '../../test/graphql-client';
import { createTestApp, type TestApp } from '../../test/test-app';
import { checkoutContext, createProducer, createProduct, orderRequest } from './checkout-fixtures';
import { placeOrder } from './place-order';
import { createUser, createWholesaler, type TestUser } from '../orders/order-management-fixtures';

/**
 * Issue 13, item 4: a wholesale checkout names the licensed business it buys for; the server
 * requires it of wholesale buyers (never trusting the form), keeps it with the orders and shows
 * it to the producer.
 */

let t: TestApp;
const db = () => t.database.db;
let shop: { id: number; name: string; slug: string };
let seller: TestUser;
let wholesaler: TestUser;
let retailer: TestUser;
let productId: number;

beforeAll(async () => {
  t = await createTestApp();
  shop = await createProducer(db(), { name: 'Trade Counter Cellars', sales_tax_rate: '0' });
  seller = await createUser(t.app, db(), { businessIds: [shop.id] });
  wholesaler = await createWholesaler(t.app, db());
  retailer = await createUser(t.app, db());
  const product = await createProduct(db(), shop.id, {
    retail: [[1, 3000]],
    wholesale: [[1, 1800]],
    stock: null,
  });
  productId = product.id;
  await db()
    .update(products)
    .set({ bottle_image_url: '/art/bottles/trade-counter.svg' })
    .where(eq(products.id, productId));
});
afterAll(() => t.close());

const request = (channel: 'retail' | 'wholesale', buyingBusiness: unknown) =>
  orderRequest([{ productId, quantity: 1, channel }], [shop.id], { buyingBusiness });

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { message: error.message, code: error.code, field: error.field, ...error.extra };
  }
  throw new Error('The order was placed, but a refusal was expected.');
}

const buyingBusinessOf = async (ids: number[]) =>
  (
    await db()
      .select({ buyingBusiness: orders.buying_business })
      .from(orders)
      .where(inArray(orders.id, ids))
  ).map((row) => row.buyingBusiness);

describe('the buying business of a wholesale checkout', () => {
  it.each([
    ['missing', undefined],
    ['null', null],
    ['blank', '   '],
  ])('is required of a wholesale buyer: %s is refused', async (_case, buyingBusiness) => {
    const ctx = checkoutContext(db(), t.app.log, wholesaler.id);
    expect(await refusal(placeOrder(ctx, request('wholesale', buyingBusiness)))).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'buyingBusiness',
      message: BUYING_BUSINESS_REQUIRED,
    });
  });

  it('is refused past 120 characters', async () => {
    const ctx = checkoutContext(db(), t.app.log, wholesaler.id);
    expect(await refusal(placeOrder(ctx, request('wholesale', 'B'.repeat(121))))).toMatchObject({
      code: 'BAD_USER_INPUT',
      message: 'Use at most 120 characters.',
    });
  });

  it('is kept trimmed with the orders and shown to the producer, with the lines’ images', async () => {
    const ctx = checkoutContext(db(), t.app.log, wholesaler.id);
    const checkout = await placeOrder(ctx, request('wholesale', '  Alder Street Bottle Shop LLC '));
    const ids = checkout.orders.map((order) => order.id);
    expect(await buyingBusinessOf(ids)).toEqual(['Alder Street Bottle Shop LLC']);

    const result = await gql(
      t.app,
      'query($id: Int!) { order(id: $id) { buyingBusiness lines { productName imageUrl } } }',
      { id: ids[0] },
      { cookie: seller.cookie },
    );
    expect(result.body.errors).toBeUndefined();
    expect(result.body.data).toMatchObject({
      order: {
        buyingBusiness: 'Alder Street Bottle Shop LLC',
        lines: [{ imageUrl: '/art/bottles/trade-counter.svg' }],
      },
    });
  });

  it('is not kept for a retail buyer, who buys for no business', async () => {
    const ctx = checkoutContext(db(), t.app.log, retailer.id);
    const checkout = await placeOrder(ctx, request('retail', 'Not A Business'));
    expect(await buyingBusinessOf(checkout.orders.map((order) => order.id))).toEqual([null]);
  });
});
