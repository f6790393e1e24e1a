import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shiftDate as addDays } from '@bevy/core';
import { gql } from '../../test/graphql-client';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createProducer, createProduct } from '../checkout/checkout-fixtures';
import {
  CANCEL,
  checkOutOne,
  createUser,
  firstError,
  mutateOrder,
  REFUND_LINE,
  sendTo,
  type TestUser,
} from '../orders/order-management-fixtures';
import { insertOrderAt, sqlGroups, sqlProducts, sqlTotals } from './testing/insights-fixtures';

/**
 * Every figure of the insights equals plain SQL over the orders for the same range: orders placed
 * through checkout and written directly at chosen days, a partial refund, a cancellation.
 */

let t: TestApp;
const db = () => t.database.db;
let shop: { id: number; slug: string };
let other: { id: number; slug: string };
let seller: TestUser;
let otherSeller: TestUser;
let admin: TestUser;
let buyer: TestUser;
let regular: TestUser;
let wine: { id: number; name: string };
let cider: { id: number; name: string };

const today = new Date().toISOString().slice(0, 10);
const from = addDays(today, -59);

const BUSINESS = `query($slug: String!, $from: String!, $to: String!, $interval: InsightInterval!) {
  businessInsights(slug: $slug, from: $from, to: $to, interval: $interval) {
    range { from to previousFrom previousTo }
    totals { ...totals } previousTotals { ...totals }
    salesOverTime { period label grossCents refundedCents netCents orders previousNetCents }
    topProducts { productId name units refundedUnits revenueCents }
    customers { newCustomers returningCustomers newNetCents returningNetCents }
    fulfillment { ...slice } byState { ...slice } bySource { ...slice } byBuyerKind { ...slice }
    clubs { activeMembers joined cancelled involuntaryChurn churnRate recoveredPayments
      recoveredCents averageTenureDays }
    events { eventId name startsAt sold capacity sellThrough revenueCents }
    campaigns { campaignId subject sentAt recipients clicks orders revenueCents }
  }
}
fragment totals on SalesTotals { grossCents refundedCents netCents commissionCents orders
  averageOrderCents cancelledOrders cancelledCents }
fragment slice on InsightSlice { key label orders grossCents netCents }`;

const MARKETPLACE = `query($from: String!, $to: String!, $interval: InsightInterval!) {
  marketplaceInsights(from: $from, to: $to, interval: $interval) {
    range { from to previousFrom previousTo }
    totals { grossCents refundedCents netCents commissionCents orders cancelledOrders cancelledCents }
    previousTotals { grossCents netCents orders }
    activeProducers activeBuyers wholesaleShare
    salesOverTime { period label grossCents refundedCents commissionCents wholesaleCents orders
      previousGrossCents }
    byState { key label orders grossCents netCents }
    byBeverageType { key label orders grossCents netCents }
    byBuyerKind { key label orders grossCents netCents }
  }
}`;

interface Slice {
  key: string;
  orders: number;
  grossCents: number;
  netCents: number;
}

async function businessInsights(
  who: TestUser,
  variables: { slug?: string; from?: string; to?: string; interval?: string } = {},
) {
  return gql(
    t.app,
    BUSINESS,
    { slug: shop.slug, from, to: today, interval: 'WEEK', ...variables },
    { cookie: who.cookie },
  );
}

async function insightsOf(who: TestUser, interval = 'WEEK') {
  const result = await businessInsights(who, { interval });
  if (result.body.errors) throw new Error(JSON.stringify(result.body.errors));
  return result.body.data!.businessInsights as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

const asGroups = (slices: Slice[]) =>
  Object.fromEntries(
    slices.filter((s) => s.orders > 0).map((s) => [s.key, [s.orders, s.grossCents, s.netCents]]),
  );

beforeAll(async () => {
  t = await createTestApp();
  shop = await createProducer(db(), {
    fulfillment_deliver_retail: true,
    fulfillment_deliver_retail_radius_miles: 25,
    fulfillment_ship_retail: true,
    ship_to_states: ['OR'],
  });
  other = await createProducer(db());
  wine = await createProduct(db(), shop.id, { name: 'Insight Pinot', retail: [[1, 2500]] });
  cider = await createProduct(db(), shop.id, { name: 'Insight Cider', retail: [[1, 1800]] });
  seller = await createUser(t.app, db(), { businessIds: [shop.id] });
  otherSeller = await createUser(t.app, db(), { businessIds: [other.id] });
  admin = await createUser(t.app, db(), { isAdmin: true });
  buyer = await createUser(t.app, db());
  regular = await createUser(t.app, db());

  // Through checkout, today: pickup, delivery and shipping; one refunded in part, one cancelled.
  const mixed = await checkOutOne(
    t.app,
    buyer,
    [
      { productId: wine.id, quantity: 3 },
      { productId: cider.id, quantity: 2 },
    ],
    shop.id,
  );
  await checkOutOne(
    t.app,
    regular,
    [{ productId: wine.id, quantity: 1 }],
    shop.id,
    sendTo(shop.id, 'delivery'),
  );
  await checkOutOne(t.app, regular, [{ productId: cider.id, quantity: 4 }], shop.id, {
    ...sendTo(shop.id, 'ship'),
    source: { source: 'newsletter' },
  });
  const doomed = await checkOutOne(t.app, buyer, [{ productId: cider.id, quantity: 1 }], shop.id);
  const lines = (await db().execute(
    sql`select id from order_lines where order_id = ${mixed.id} order by id`,
  )) as unknown as { rows?: { id: number }[] } & { id: number }[];
  const wineLine = (lines.rows ?? lines)[0]!.id;
  await mutateOrder(t.app, seller, REFUND_LINE, {
    orderId: mixed.id,
    lineId: wineLine,
    quantity: 1,
    reason: 'Corked',
  });
  await mutateOrder(t.app, seller, CANCEL, { id: doomed.id, reason: 'Out of stock' });

  // Written directly at chosen days: the regular buyer's first order long before the range,
  // orders inside it from other states and sources, an invoice order, one in the previous period.
  const at = (day: string, time = '15:30:00') => `${day}T${time}Z`;
  await insertOrderAt(db(), {
    businessId: shop.id,
    buyerId: regular.id,
    at: at(addDays(today, -400)),
    lines: [[wine.id, wine.name, 2500, 2]],
  });
  await insertOrderAt(db(), {
    businessId: shop.id,
    buyerId: regular.id,
    at: at(addDays(today, -80)),
    mode: 'ship',
    state: 'WA',
    lines: [[cider.id, cider.name, 1800, 3]],
  });
  await insertOrderAt(db(), {
    businessId: shop.id,
    buyerId: buyer.id,
    at: at(addDays(today, -30), '23:59:59'),
    mode: 'delivery',
    state: 'CA',
    billingState: 'NV',
    source: 'instagram',
    lines: [
      [wine.id, wine.name, 2500, 6, 2],
      [null, 'Retired Rosé', 2000, 1],
    ],
  });
  await insertOrderAt(db(), {
    businessId: shop.id,
    buyerId: regular.id,
    at: at(from, '00:00:00'),
    buyerKind: 'wholesale',
    invoice: true,
    billingState: 'ID',
    lines: [[wine.id, wine.name, 1900, 12, 1]],
  });
  await insertOrderAt(db(), {
    businessId: shop.id,
    buyerId: buyer.id,
    at: at(addDays(from, -1), '23:59:59'),
    status: 'cancelled',
    lines: [[cider.id, cider.name, 1800, 1]],
  });
  await insertOrderAt(db(), {
    businessId: other.id,
    buyerId: buyer.id,
    at: at(addDays(today, -3)),
    lines: [[null, 'Elsewhere Ale', 900, 2]],
  });
});
afterAll(() => t.close());

describe('businessInsights', () => {
  it('equals the SQL totals of the range and of the previous period', async () => {
    const insights = await insightsOf(seller);
    expect(insights.range).toEqual({
      from,
      to: today,
      previousFrom: addDays(from, -60),
      previousTo: addDays(from, -1),
    });
    for (const [figures, [start, end]] of [
      [insights.totals, [from, today]],
      [insights.previousTotals, [addDays(from, -60), addDays(from, -1)]],
    ] as const) {
      const expected = await sqlTotals(db(), shop.id, start, end);
      expect(figures).toMatchObject(expected);
      expect(figures.netCents).toBe(expected.grossCents - expected.refundedCents);
      expect(figures.averageOrderCents).toBeCloseTo(
        expected.orders === 0 ? 0 : figures.netCents / expected.orders,
      );
    }
    // The test's orders are there: refunds, cancellations and commission reversals included.
    expect(insights.totals.orders).toBe(5);
    expect(insights.totals.refundedCents).toBeGreaterThan(0);
    expect(insights.totals.cancelledOrders).toBe(1);
    expect(insights.previousTotals).toMatchObject({ orders: 1, cancelledOrders: 1 });
  });

  it('agrees with the payouts ledger: its gross holds the cancelled orders too', async () => {
    const insights = await insightsOf(seller);
    const payouts = await gql(
      t.app,
      `query($slug: String!, $from: String, $to: String) {
        businessPayouts(slug: $slug, from: $from, to: $to) { grossSalesCents }
      }`,
      { slug: shop.slug, from, to: today },
      { cookie: seller.cookie },
    );
    const { grossSalesCents } = payouts.body.data!.businessPayouts as { grossSalesCents: number };
    expect(insights.totals.grossCents + insights.totals.cancelledCents).toBe(grossSalesCents);
  });

  it('charts every bucket, whose sums are the totals, at each interval', async () => {
    for (const interval of ['DAY', 'WEEK', 'MONTH']) {
      const insights = await insightsOf(seller, interval);
      const points = insights.salesOverTime as Record<string, number>[];
      if (interval === 'DAY') expect(points).toHaveLength(60);
      const sum = (key: string) => points.reduce((total, point) => total + point[key]!, 0);
      expect(sum('grossCents')).toBe(insights.totals.grossCents);
      expect(sum('refundedCents')).toBe(insights.totals.refundedCents);
      expect(sum('netCents')).toBe(insights.totals.netCents);
      expect(sum('orders')).toBe(insights.totals.orders);
      expect(sum('previousNetCents')).toBe(insights.previousTotals.netCents);
    }
    const days = (await insightsOf(seller, 'DAY')).salesOverTime as Record<string, unknown>[];
    expect(days[0]).toMatchObject({ period: from });
    expect(days.at(-1)).toMatchObject({ period: today });
  });

  it('splits by fulfilment, state, source and buyer kind as SQL groups the orders', async () => {
    const insights = await insightsOf(seller);
    expect(asGroups(insights.fulfillment)).toEqual(
      await sqlGroups(db(), shop.id, from, today, 'mode'),
    );
    expect(insights.fulfillment.map((s: Slice) => s.key)).toEqual([
      'pickup',
      'delivery',
      'shipping',
    ]);
    expect(asGroups(insights.byState)).toEqual(
      await sqlGroups(db(), shop.id, from, today, 'state'),
    );
    expect(asGroups(insights.bySource)).toEqual(
      await sqlGroups(db(), shop.id, from, today, 'source'),
    );
    expect(asGroups(insights.byBuyerKind)).toEqual(
      await sqlGroups(db(), shop.id, from, today, 'kind'),
    );
    // Delivery state wins over billing; "" is Direct.
    expect(insights.byState.map((s: Slice) => s.key)).toContain('CA');
    expect(insights.byState.map((s: Slice) => s.key)).not.toContain('NV');
    expect(insights.bySource.find((s: Slice) => s.key === '')).toMatchObject({ label: 'Direct' });
  });

  it('ranks products by revenue kept, with units and refunded units', async () => {
    const insights = await insightsOf(seller);
    const expected = await sqlProducts(db(), shop.id, from, today);
    const products = insights.topProducts as {
      name: string;
      units: number;
      refundedUnits: number;
      revenueCents: number;
      productId: number | null;
    }[];
    expect(
      Object.fromEntries(products.map((p) => [p.name, [p.units, p.refundedUnits, p.revenueCents]])),
    ).toEqual(expected);
    expect(products[0]!.name).toBe(wine.name);
    expect(products.find((p) => p.name === 'Retired Rosé')!.productId).toBeNull();
  });

  it('tells new customers from returning ones', async () => {
    const insights = await insightsOf(seller);
    // The regular bought long before the range; the buyer's first order here is in it.
    expect(insights.customers).toMatchObject({ newCustomers: 1, returningCustomers: 1 });
    expect(insights.customers.newNetCents + insights.customers.returningNetCents).toBe(
      insights.totals.netCents,
    );
  });

  it('answers zeros for a producer without clubs, events or campaigns', async () => {
    const insights = await insightsOf(seller);
    expect(insights.clubs).toMatchObject({ activeMembers: 0, churnRate: 0 });
    expect(insights.events).toEqual([]);
    expect(insights.campaigns).toEqual([]);
  });

  it('moves as soon as an order changes: no figure is stale', async () => {
    const before = await insightsOf(seller);
    await db().execute(sql`
      update orders set status = 'cancelled'
      where id = (select id from orders where business_id = ${shop.id}
        and status = 'completed' and fulfillment_mode = 'delivery' order by id limit 1)`);
    const after = await insightsOf(seller);
    expect(after.totals.orders).toBe(before.totals.orders - 1);
    expect(after.totals.cancelledOrders).toBe(before.totals.cancelledOrders + 1);
    expect(after.totals).toMatchObject(await sqlTotals(db(), shop.id, from, today));
    const placed = await checkOutOne(t.app, buyer, [{ productId: wine.id, quantity: 1 }], shop.id);
    const again = await insightsOf(seller);
    expect(again.totals.orders).toBe(after.totals.orders + 1);
    expect(again.totals.grossCents).toBe(after.totals.grossCents + placed.totalCents);
  });

  it('is for the producer’s people and admins only, and refuses bad ranges with reasons', async () => {
    expect(firstError(await businessInsights(otherSeller))).toMatchObject({ code: 'FORBIDDEN' });
    expect(firstError(await businessInsights(buyer))).toMatchObject({ code: 'FORBIDDEN' });
    expect((await businessInsights(admin)).body.errors).toBeUndefined();
    expect(firstError(await businessInsights(seller, { slug: 'no-such-shop' }))).toMatchObject({
      code: 'NOT_FOUND',
    });
    const bad = async (range: { from: string; to: string }) =>
      firstError(await businessInsights(seller, range));
    expect(await bad({ from: '2026-02-30', to: today })).toEqual({
      code: 'BAD_USER_INPUT',
      field: 'from',
      message: 'Write the start date as YYYY-MM-DD.',
    });
    expect(await bad({ from: today, to: addDays(today, -1) })).toMatchObject({
      message: 'The end date is before the start date.',
    });
    expect(await bad({ from: addDays(today, -731), to: today })).toMatchObject({
      message: 'Choose a range of at most two years.',
    });
  });
});

describe('marketplaceInsights', () => {
  it('equals the SQL totals over every producer', async () => {
    const result = await gql(
      t.app,
      MARKETPLACE,
      { from, to: today, interval: 'MONTH' },
      { cookie: admin.cookie },
    );
    expect(result.body.errors).toBeUndefined();
    const insights = result.body.data!.marketplaceInsights as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    const expected = await sqlTotals(db(), null, from, today);
    expect(insights.totals).toMatchObject(expected);
    const previous = await sqlTotals(db(), null, addDays(from, -60), addDays(from, -1));
    expect(insights.previousTotals).toMatchObject({
      grossCents: previous.grossCents,
      orders: previous.orders,
    });
    const points = insights.salesOverTime as Record<string, number>[];
    const sum = (key: string) => points.reduce((total, point) => total + point[key]!, 0);
    expect(sum('grossCents')).toBe(expected.grossCents);
    expect(sum('commissionCents')).toBe(expected.commissionCents);
    expect(sum('previousGrossCents')).toBe(previous.grossCents);
    expect(asGroups(insights.byState)).toEqual(await sqlGroups(db(), null, from, today, 'state'));
    expect(asGroups(insights.byBuyerKind)).toEqual(
      await sqlGroups(db(), null, from, today, 'kind'),
    );
    const wholesale = (await sqlGroups(db(), null, from, today, 'kind')).wholesale?.[1] ?? 0;
    expect(insights.wholesaleShare).toBeCloseTo(wholesale / expected.grossCents);
    const [counts] =
      (
        (await db().execute(sql`
        select count(distinct business_id) as producers, count(distinct buyer_id) as buyers
        from orders where created_at >= ${`${from}T00:00:00Z`}::timestamptz
          and status not in ('awaiting_payment', 'payment_failed', 'cancelled')`)) as unknown as {
          rows: { producers: string; buyers: string }[];
        }
      ).rows ?? [];
    expect(insights.activeProducers).toBe(Number(counts!.producers));
    expect(insights.activeBuyers).toBe(Number(counts!.buyers));
    const beverageRevenue = (insights.byBeverageType as Slice[]).reduce(
      (total, slice) => total + slice.netCents,
      0,
    );
    const [lines] =
      (
        (await db().execute(sql`
        select coalesce(sum(l.unit_price_cents * (l.quantity - l.refunded_quantity)), 0) as revenue
        from orders o join order_lines l on l.order_id = o.id
        where o.created_at >= ${`${from}T00:00:00Z`}::timestamptz
          and o.status not in ('awaiting_payment', 'payment_failed', 'cancelled')`)) as unknown as {
          rows: { revenue: string }[];
        }
      ).rows ?? [];
    expect(beverageRevenue).toBe(Number(lines!.revenue));
  });

  it('is for admins only', async () => {
    const result = await gql(
      t.app,
      MARKETPLACE,
      { from, to: today, interval: 'DAY' },
      { cookie: seller.cookie },
    );
    expect(firstError(result)).toMatchObject({ code: 'FORBIDDEN' });
  });
});
