import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, users } from '../../db/tables';
import { gql } from '../../test/graphql-client';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createProducer, createProduct, orderRequest } from '../checkout/checkout-fixtures';
import {
  CANCEL,
  checkOut,
  checkOutOne,
  createUser,
  firstError,
  mutateOrder,
  PLACE_ORDER,
  type PlacedOrder,
  type TestUser,
} from './order-management-fixtures';

/** Orders attributed to the channel their buyer came by, and what producers see of it. */

let t: TestApp;
const db = () => t.database.db;
let shop: { id: number };
let otherShop: { id: number };
let seller: TestUser;
let otherSeller: TestUser;
let buyer: TestUser;
let admin: TestUser;
let wine: { id: number };
let stout: { id: number };
let fromFacebook: PlacedOrder[];
let direct: PlacedOrder;

const SOURCE_QUERY = `query($id: Int!) {
  order(id: $id) { id source { source medium campaign label } }
}`;
const SALES_QUERY = `query($businessId: Int!, $days: Int) {
  salesBySource(businessId: $businessId, days: $days) { source orderCount salesCents }
}`;
const FILTERED_QUERY = `query($businessId: Int, $source: String) {
  businessOrders(businessId: $businessId, source: $source) { total orders { id } }
}`;

async function sourceAs(viewer: TestUser, id: number) {
  const result = await gql(t.app, SOURCE_QUERY, { id }, { cookie: viewer.cookie });
  expect(result.body.errors).toBeUndefined();
  return (result.body.data!.order as { source: Record<string, string | null> | null }).source;
}

async function storedSources(ids: number[]) {
  return db()
    .select({
      source: orders.source,
      medium: orders.source_medium,
      campaign: orders.source_campaign,
    })
    .from(orders)
    .where(inArray(orders.id, ids));
}

beforeAll(async () => {
  t = await createTestApp();
  shop = await createProducer(db(), { sales_tax_rate: '0' });
  otherShop = await createProducer(db(), { sales_tax_rate: '0' });
  seller = await createUser(t.app, db(), { businessIds: [shop.id] });
  otherSeller = await createUser(t.app, db(), { businessIds: [otherShop.id] });
  buyer = await createUser(t.app, db());
  admin = await createUser(t.app, db(), { isAdmin: true });
  wine = await createProduct(db(), shop.id, { retail: [[1, 2500]] });
  stout = await createProduct(db(), otherShop.id, { retail: [[1, 1000]] });
  // One checkout across both producers, from a Facebook share link, labels as typed by anyone.
  fromFacebook = await checkOut(
    t.app,
    buyer,
    [
      { productId: wine.id, quantity: 2 },
      { productId: stout.id, quantity: 1 },
    ],
    [shop.id, otherShop.id],
    { source: { source: '  Facebook ', medium: 'Social', campaign: 'share' } },
  );
  direct = await checkOutOne(t.app, buyer, [{ productId: wine.id, quantity: 1 }], shop.id);
});

afterAll(async () => {
  await t?.close();
});

describe('placing an order with a source', () => {
  it('stores the normalized source on every order of the checkout, and none without one', async () => {
    const stored = await storedSources(fromFacebook.map((order) => order.id));
    expect(stored).toEqual([
      { source: 'facebook', medium: 'social', campaign: 'share' },
      { source: 'facebook', medium: 'social', campaign: 'share' },
    ]);
    expect(await storedSources([direct.id])).toEqual([
      { source: null, medium: null, campaign: null },
    ]);
  });

  it('shows the source to the producer and an admin, not to the buyer', async () => {
    const order = fromFacebook[0]!;
    const expected = {
      source: 'facebook',
      medium: 'social',
      campaign: 'share',
      label: 'facebook (social)',
    };
    expect(await sourceAs(seller, order.id)).toEqual(expected);
    expect(await sourceAs(admin, order.id)).toEqual(expected);
    expect(await sourceAs(buyer, order.id)).toBeNull();
    expect(await sourceAs(seller, direct.id)).toBeNull();
  });

  it('places the order and ignores labels that are not plain labels', async () => {
    // A producer of its own, so that these orders stay out of the totals below.
    const elsewhere = await createProducer(db(), { sales_tax_rate: '0' });
    const cider = await createProduct(db(), elsewhere.id, { retail: [[1, 800]] });
    const buy = (source: Record<string, unknown>) =>
      checkOutOne(t.app, buyer, [{ productId: cider.id, quantity: 1 }], elsewhere.id, { source });
    const script = await buy({ source: '<script>alert(1)</script>', medium: 'social' });
    const tooLong = await buy({ source: 'x'.repeat(65) });
    const badMedium = await buy({
      source: 'Newsletter.example.com',
      medium: 'e mail; drop',
      campaign: '',
    });
    expect(await storedSources([script.id, tooLong.id])).toEqual([
      { source: null, medium: null, campaign: null },
      { source: null, medium: null, campaign: null },
    ]);
    expect(await storedSources([badMedium.id])).toEqual([
      { source: 'newsletter.example.com', medium: null, campaign: null },
    ]);
  });

  it('records no source for a person who opted out of sharing by Global Privacy Control', async () => {
    const privateBuyer = await createUser(t.app, db());
    await db()
      .update(users)
      .set({ gpc_opt_out_at: new Date() })
      .where(eq(users.id, privateBuyer.id));
    // A producer of its own, so that this order stays out of the totals below.
    const elsewhere = await createProducer(db(), { sales_tax_rate: '0' });
    const perry = await createProduct(db(), elsewhere.id, { retail: [[1, 900]] });
    const order = await checkOutOne(
      t.app,
      privateBuyer,
      [{ productId: perry.id, quantity: 1 }],
      elsewhere.id,
      {
        source: { source: 'facebook', medium: 'social', campaign: 'share' },
      },
    );
    expect(await storedSources([order.id])).toEqual([
      { source: null, medium: null, campaign: null },
    ]);
  });

  it('answers a source of the wrong shape with a 400, never a 500', async () => {
    for (const source of [{ medium: 'social' }, { source: 42 }, 'facebook']) {
      const result = await gql(
        t.app,
        PLACE_ORDER,
        {
          input: orderRequest([{ productId: wine.id, quantity: 1 }], [shop.id], { source }),
        },
        { cookie: buyer.cookie },
      );
      expect(result.status).toBe(400);
      expect(result.body.errors?.[0]?.message).toMatch(/source/);
    }
  });
});

describe('sales by source', () => {
  it('sums the producer’s retail orders by source over the last 90 days', async () => {
    const old = await checkOutOne(t.app, buyer, [{ productId: wine.id, quantity: 5 }], shop.id, {
      source: { source: 'facebook' },
    });
    const cancelled = await checkOutOne(
      t.app,
      buyer,
      [{ productId: wine.id, quantity: 3 }],
      shop.id,
      { source: { source: 'x', medium: 'social' } },
    );
    await mutateOrder(t.app, seller, CANCEL, { id: cancelled.id, reason: 'Out of stock' });
    await db()
      .update(orders)
      .set({ created_at: new Date(Date.now() - 91 * 24 * 60 * 60 * 1000) })
      .where(eq(orders.id, old.id));

    const result = await gql(
      t.app,
      SALES_QUERY,
      { businessId: shop.id },
      { cookie: seller.cookie },
    );
    expect(result.body.errors).toBeUndefined();
    expect(result.body.data!.salesBySource).toEqual([
      { source: 'facebook', orderCount: 1, salesCents: 5000 },
      { source: null, orderCount: 1, salesCents: 2500 },
    ]);
    // Positive control: a window that reaches the old order counts it.
    const wider = await gql(
      t.app,
      SALES_QUERY,
      { businessId: shop.id, days: 120 },
      { cookie: seller.cookie },
    );
    expect(wider.body.data!.salesBySource).toContainEqual({
      source: 'facebook',
      orderCount: 2,
      salesCents: 17_500,
    });
  });

  it('is for the producer’s people and admins only', async () => {
    for (const viewer of [otherSeller, buyer]) {
      const result = await gql(
        t.app,
        SALES_QUERY,
        { businessId: shop.id },
        { cookie: viewer.cookie },
      );
      expect(firstError(result)?.code).toBe('FORBIDDEN');
      expect(result.body.data?.salesBySource ?? null).toBeNull();
    }
    const anonymous = await gql(t.app, SALES_QUERY, { businessId: shop.id });
    expect(firstError(anonymous)?.code).toBe('UNAUTHENTICATED');
    const asAdmin = await gql(
      t.app,
      SALES_QUERY,
      { businessId: shop.id },
      { cookie: admin.cookie },
    );
    expect(asAdmin.body.errors).toBeUndefined();
    // The other producer's own summary shows its own order only.
    const own = await gql(
      t.app,
      SALES_QUERY,
      { businessId: otherShop.id },
      { cookie: otherSeller.cookie },
    );
    expect(own.body.data!.salesBySource).toEqual([
      { source: 'facebook', orderCount: 1, salesCents: 1000 },
    ]);
  });

  it('refuses a window outside 1 to 366 days', async () => {
    const result = await gql(
      t.app,
      SALES_QUERY,
      { businessId: shop.id, days: 0 },
      { cookie: seller.cookie },
    );
    expect(firstError(result)?.code).toBe('BAD_USER_INPUT');
  });
});

describe('the orders list by source', () => {
  it('filters the producer’s orders by source, "direct" for none', async () => {
    const list = async (source: string) => {
      const result = await gql(
        t.app,
        FILTERED_QUERY,
        { businessId: shop.id, source },
        { cookie: seller.cookie },
      );
      expect(result.body.errors).toBeUndefined();
      const page = result.body.data!.businessOrders as { orders: { id: number }[] };
      return page.orders.map((order) => order.id);
    };
    expect(await list('Facebook')).toContain(fromFacebook[0]!.id);
    expect(await list('Facebook')).not.toContain(direct.id);
    expect(await list('direct')).toContain(direct.id);
    expect(await list('direct')).not.toContain(fromFacebook[0]!.id);
  });

  it('refuses a source that no order can have', async () => {
    const result = await gql(
      t.app,
      FILTERED_QUERY,
      { businessId: shop.id, source: 'a/b' },
      { cookie: seller.cookie },
    );
    expect(firstError(result)?.code).toBe('BAD_USER_INPUT');
  });
});
