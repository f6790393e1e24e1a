import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, orders } from '../../db/tables';
import { logInAsActor } from '../../test/actors';
import { gql } from '../../test/graphql-client';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  CARDS,
  createProducer,
  createProduct,
  orderRequest,
  payingWith,
} from '../checkout/checkout-fixtures';
import {
  ADVANCE,
  CANCEL,
  checkOutOne,
  connectPayouts,
  createUser,
  firstError,
  mutateOrder,
  orderAs,
  PLACE_ORDER,
  REFUND_LINE,
  type PlacedOrder,
  type TestUser,
} from '../orders/order-management-fixtures';
import { businessMonthFigures } from './payouts.service';

let t: TestApp;
const db = () => t.database.db;
let shop: { id: number; name: string; slug: string };
let quietShop: { id: number; name: string; slug: string };
let otherShop: { id: number; name: string; slug: string };
let seller: TestUser;
let otherSeller: TestUser;
let buyer: TestUser;
const placed: Record<'kept' | 'cancelled' | 'partly' | 'transferred' | 'january', PlacedOrder> =
  {} as never;

const PAYOUTS = `query($slug: String!, $from: String, $to: String) {
  businessPayouts(slug: $slug, from: $from, to: $to) {
    businessId businessName businessSlug grossSalesCents commissionCents refundsCents netCents
    invoicedCents invoiceCommissionOwedCents
    orders { orderId number createdAt status statusLabel totalCents commissionCents refundedCents netCents payoutStatus paymentMethod invoiceDueOn }
  }
}`;
const MONTH = `{ businessMonthFigures {
  businessId businessName businessSlug month ordersCount grossSalesCents commissionCents refundsCents netCents
} }`;

interface PayoutRow {
  orderId: number;
  status: string;
  statusLabel: string;
  totalCents: number;
  commissionCents: number;
  refundedCents: number;
  netCents: number;
  payoutStatus: string;
  paymentMethod: string;
  invoiceDueOn: string | null;
}
interface Payouts {
  businessId: number;
  grossSalesCents: number;
  commissionCents: number;
  refundsCents: number;
  netCents: number;
  invoicedCents: number;
  invoiceCommissionOwedCents: number;
  orders: PayoutRow[];
}

async function payouts(who: Pick<TestUser, 'cookie'>, variables: Record<string, unknown>) {
  const result = await gql(t.app, PAYOUTS, variables, { cookie: who.cookie });
  if (result.body.errors) throw new Error(JSON.stringify(result.body.errors));
  return result.body.data!.businessPayouts as Payouts;
}

/** The ledger's own sums for these orders, by kind, straight from the table. */
async function ledgerTotals(orderIds: number[]) {
  const entries = await db()
    .select()
    .from(ledgerEntries)
    .where(inArray(ledgerEntries.order_id, orderIds));
  const sums: Record<string, number> = {};
  for (const entry of entries) sums[entry.kind] = (sums[entry.kind] ?? 0) + entry.amount_cents;
  return sums;
}

beforeAll(async () => {
  t = await createTestApp();
  shop = await createProducer(db(), { name: 'A Payout Cellars', sales_tax_rate: '9.2500' });
  quietShop = await createProducer(db(), { name: 'B Quiet Cellars' });
  otherShop = await createProducer(db());
  seller = await createUser(t.app, db(), { businessIds: [shop.id, quietShop.id] });
  otherSeller = await createUser(t.app, db(), { businessIds: [otherShop.id] });
  buyer = await createUser(t.app, db());
  const wine = await createProduct(db(), shop.id, { retail: [[1, 2399]] });
  const other = await createProduct(db(), otherShop.id, { retail: [[1, 5000]] });

  placed.january = await checkOutOne(t.app, buyer, [{ productId: wine.id, quantity: 1 }], shop.id);
  await db()
    .update(orders)
    .set({ created_at: new Date('2026-01-15T12:00:00Z') })
    .where(eq(orders.id, placed.january.id));
  placed.kept = await checkOutOne(t.app, buyer, [{ productId: wine.id, quantity: 2 }], shop.id);
  placed.cancelled = await checkOutOne(
    t.app,
    buyer,
    [{ productId: wine.id, quantity: 3 }],
    shop.id,
  );
  await mutateOrder(t.app, seller, CANCEL, { id: placed.cancelled.id, reason: 'Sold out' });
  placed.partly = await checkOutOne(t.app, buyer, [{ productId: wine.id, quantity: 5 }], shop.id);
  const lineId = (await orderAs(t.app, seller, placed.partly.id))!.lines[0]!.id;
  await mutateOrder(t.app, seller, REFUND_LINE, { orderId: placed.partly.id, lineId, quantity: 2 });
  for (const to of ['accepted', 'ready_for_pickup', 'completed']) {
    await mutateOrder(t.app, seller, ADVANCE, { id: placed.partly.id, to });
  }
  await connectPayouts(db(), shop.id);
  placed.transferred = await checkOutOne(
    t.app,
    buyer,
    [{ productId: wine.id, quantity: 1 }],
    shop.id,
  );
  // Neither a failed payment nor another producer's order counts.
  const failed = await gql(
    t.app,
    PLACE_ORDER,
    {
      input: orderRequest(
        [{ productId: wine.id, quantity: 4 }],
        [shop.id],
        payingWith(CARDS.declined),
      ),
    },
    { cookie: buyer.cookie },
  );
  expect(firstError(failed)?.code).toBe('PAYMENT_DECLINED');
  await checkOutOne(t.app, buyer, [{ productId: other.id, quantity: 1 }], otherShop.id);
});
afterAll(() => t.close());

describe('a business’s payouts', () => {
  it('adds up from the ledger: gross − commission − refunds = net', async () => {
    const answer = await payouts(seller, { slug: shop.slug });
    const ids = Object.values(placed).map((order) => order.id);
    expect(answer.orders.map((row) => row.orderId)).toEqual(
      [placed.transferred, placed.partly, placed.cancelled, placed.kept, placed.january].map(
        (order) => order.id,
      ),
    );
    const totals = await db()
      .select({ total: orders.total_cents })
      .from(orders)
      .where(inArray(orders.id, ids));
    const ledger = await ledgerTotals(ids);
    expect(answer.grossSalesCents).toBe(totals.reduce((sum, row) => sum + row.total, 0));
    expect(answer.commissionCents).toBe(ledger.commission! - ledger.commission_reversal!);
    expect(answer.refundsCents).toBe(ledger.refund);
    expect(answer.netCents).toBe(ledger.transfer! - ledger.transfer_reversal!);
    expect(answer.grossSalesCents - answer.commissionCents - answer.refundsCents).toBe(
      answer.netCents,
    );
    // Card orders only: nothing on invoice (invoice-terms.int.test.ts has those).
    expect(answer).toMatchObject({ invoicedCents: 0, invoiceCommissionOwedCents: 0 });
    expect(answer.orders.every((row) => row.paymentMethod === 'card' && !row.invoiceDueOn)).toBe(
      true,
    );
    for (const row of answer.orders) {
      expect(row.totalCents - row.commissionCents - row.refundedCents, row.status).toBe(
        row.netCents,
      );
    }
  });

  it('shows each order’s state and payout', async () => {
    const rows = new Map(
      (await payouts(seller, { slug: shop.slug })).orders.map((r) => [r.orderId, r]),
    );
    const cancelled = rows.get(placed.cancelled.id)!;
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      statusLabel: 'Cancelled',
      commissionCents: 0,
      netCents: 0,
      refundedCents: cancelled.totalCents,
      payoutStatus: 'reversed',
    });
    expect(rows.get(placed.partly.id)).toMatchObject({
      status: 'completed',
      payoutStatus: 'held',
      refundedCents: expect.any(Number),
    });
    expect(rows.get(placed.partly.id)!.refundedCents).toBeGreaterThan(0);
    expect(rows.get(placed.kept.id)).toMatchObject({ refundedCents: 0, payoutStatus: 'held' });
    expect(rows.get(placed.transferred.id)).toMatchObject({ payoutStatus: 'transferred' });
    const kept = rows.get(placed.kept.id)!;
    // 2 × $23.99 = $47.98; 8% commission is $3.8384 → $3.84.
    expect(kept.commissionCents).toBe(384);
  });

  it('limits to a period of whole UTC days, both ends included', async () => {
    const january = async (from?: string, to?: string) =>
      (await payouts(seller, { slug: shop.slug, from, to })).orders.map((row) => row.orderId);
    expect(await january('2026-01-01', '2026-01-31')).toEqual([placed.january.id]);
    expect(await january('2026-01-15', '2026-01-15')).toEqual([placed.january.id]);
    expect(await january('2026-01-16', '2026-01-31')).toEqual([]);
    expect(await january(undefined, '2026-01-14')).toEqual([]);
    expect(await january(undefined, '2026-01-15')).toEqual([placed.january.id]);
    expect((await january('2026-01-16')).length).toBe(4);
    const empty = await payouts(seller, { slug: shop.slug, from: '2020-01-01', to: '2020-12-31' });
    expect(empty).toMatchObject({
      grossSalesCents: 0,
      commissionCents: 0,
      refundsCents: 0,
      netCents: 0,
      orders: [],
    });
    for (const [variables, field] of [
      [{ from: '2026-13-01' }, 'from'],
      [{ from: 'yesterday' }, 'from'],
      [{ to: '2026-02-30' }, 'to'],
      [{ from: '2026-02-01', to: '2026-01-01' }, 'to'],
    ] as const) {
      const result = await gql(
        t.app,
        PAYOUTS,
        { slug: shop.slug, ...variables },
        { cookie: seller.cookie },
      );
      expect(firstError(result)).toMatchObject({ code: 'BAD_USER_INPUT', field });
    }
  });

  it('is for the people who work at the business and admins only', async () => {
    const refused = async (who: Pick<TestUser, 'cookie'> | null, slug = shop.slug) =>
      firstError(await gql(t.app, PAYOUTS, { slug }, who ? { cookie: who.cookie } : {}));
    expect(await refused(otherSeller)).toMatchObject({ code: 'FORBIDDEN' });
    expect(await refused(buyer)).toMatchObject({ code: 'FORBIDDEN' });
    expect(await refused(null)).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(await refused(seller, 'no-such-business-here')).toMatchObject({ code: 'NOT_FOUND' });
    const admin = { cookie: await logInAsActor(t.app, 'admin') };
    expect((await payouts(admin, { slug: shop.slug })).orders).toHaveLength(5);
  });
});

describe('this month’s figures', () => {
  it('has one entry per workplace, with this month’s orders only', async () => {
    const result = await gql(t.app, MONTH, {}, { cookie: seller.cookie });
    expect(result.body.errors).toBeUndefined();
    const figures = result.body.data!.businessMonthFigures as (Payouts & {
      month: string;
      ordersCount: number;
      businessSlug: string;
    })[];
    expect(figures.map((entry) => entry.businessSlug)).toEqual([shop.slug, quietShop.slug]);
    const month = new Date().toISOString().slice(0, 7);
    const thisMonth = await payouts(seller, { slug: shop.slug, from: `${month}-01` });
    expect(figures[0]).toEqual({
      businessId: shop.id,
      businessName: shop.name,
      businessSlug: shop.slug,
      month,
      ordersCount: 4,
      grossSalesCents: thisMonth.grossSalesCents,
      commissionCents: thisMonth.commissionCents,
      refundsCents: thisMonth.refundsCents,
      netCents: thisMonth.netCents,
    });
    expect(
      figures[0]!.grossSalesCents - figures[0]!.commissionCents - figures[0]!.refundsCents,
    ).toBe(figures[0]!.netCents);
    expect(figures[1]).toMatchObject({ ordersCount: 0, grossSalesCents: 0, netCents: 0, month });
    expect((await gql(t.app, MONTH, {}, { cookie: buyer.cookie })).body.data).toEqual({
      businessMonthFigures: [],
    });
    expect(firstError(await gql(t.app, MONTH))).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('counts the calendar month of the day asked, in UTC', async () => {
    const ctx = {
      db: db(),
      viewer: { id: seller.id, sessionId: 'test-session', isAdmin: false },
    };
    const [january] = await businessMonthFigures(ctx, new Date('2026-01-31T23:59:59Z'));
    const [kept] = (await payouts(seller, { slug: shop.slug })).orders.filter(
      (row) => row.orderId === placed.january.id,
    );
    expect(january).toMatchObject({
      month: '2026-01',
      ordersCount: 1,
      grossSalesCents: kept!.totalCents,
      netCents: kept!.netCents,
    });
    const [february] = await businessMonthFigures(ctx, new Date('2026-02-01T00:00:00Z'));
    expect(february).toMatchObject({ month: '2026-02', ordersCount: 0 });
  });
});
