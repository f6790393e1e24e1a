import { randomUUID } from 'node:crypto';
import { commissionOf, type FulfillmentMode, type OrderStatus } from '@bevy/core';
import { and, asc, eq, like, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  businesses,
  checkouts,
  ledgerEntries,
  orderLines,
  orders,
  priceTiers,
  products,
  users,
} from '../../db/tables';
import { mulberry32, pick, weighted } from './catalog/random';

/**
 * A year of past orders for two demo producers, so their insights show real charts right after
 * `npm start`: written in bulk (a statement per table), with the ledger entries checkout and
 * refunds would have made, some refunded in part or whole, some cancelled, from several buyers,
 * states, sources and ways to get them.
 */

const PRODUCERS: [slug: string, orders: number][] = [
  ['cascadia-hollow-cellars', 240],
  ['burnside-gravity-brewing', 120],
];
/** The producers whose year of orders the seed writes. */
export const INSIGHTS_PRODUCER_SLUGS = PRODUCERS.map(([slug]) => slug);
/** The idempotency keys of a producer's seeded checkouts start with it: present once seeded. */
export const insightsSeedKeyPrefix = (slug: string) => `seed-insights-${slug}-`;
const DAY_MS = 86_400_000;
/** Where buyers live: state, city, ZIP. */
const PLACES: Record<string, [string, string]> = {
  OR: ['Portland', '97211'],
  WA: ['Vancouver', '98660'],
  CA: ['Oakland', '94607'],
  NY: ['Brooklyn', '11211'],
  CO: ['Denver', '80205'],
  IL: ['Chicago', '60622'],
  TX: ['Austin', '78702'],
  ID: ['Boise', '83702'],
  NV: ['Reno', '89501'],
};
const SHIP_STATES = ['CA', 'WA', 'NY', 'CO', 'IL', 'TX', 'ID', 'NV'];
const SOURCES: [string | null, number][] = [
  [null, 55],
  ['instagram', 12],
  ['facebook', 10],
  ['newsletter', 10],
  ['google', 8],
  ['share', 5],
];
const MODES: [FulfillmentMode, number][] = [
  ['pickup', 45],
  ['delivery', 20],
  ['ship', 35],
];

/** Adds the orders once; returns how many it wrote (0 when they were there already). */
export async function seedDemoInsights(db: Db): Promise<number> {
  const buyers = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(
      and(
        eq(users.is_admin, false),
        sql`not exists (select 1 from business_members m where m.user_id = ${users.id})`,
      ),
    )
    .orderBy(asc(users.id))
    .limit(12);
  if (buyers.length === 0) return 0;
  let written = 0;
  for (const [slug, count] of PRODUCERS) {
    const [business] = await db.select().from(businesses).where(eq(businesses.slug, slug));
    if (!business) continue;
    const key = insightsSeedKeyPrefix(slug);
    const [done] = await db
      .select({ id: checkouts.id })
      .from(checkouts)
      .where(like(checkouts.idempotency_key, `${key}%`))
      .limit(1);
    if (done) continue;
    const catalog = await db
      .select({ id: products.id, name: products.name, price: priceTiers.price_per_unit })
      .from(products)
      .innerJoin(priceTiers, eq(priceTiers.product_id, products.id))
      .where(
        and(
          eq(products.business_id, business.id),
          eq(products.status, 'published'),
          eq(priceTiers.channel, 'retail'),
          eq(priceTiers.minimum_unit_count_for_price, 1),
        ),
      )
      .orderBy(asc(products.id));
    if (catalog.length === 0) continue;
    written += await writeOrders(db, {
      business,
      key,
      count,
      catalog,
      buyers,
      random: mulberry32(business.id * 7919),
    });
  }
  return written;
}

interface Plan {
  business: typeof businesses.$inferSelect;
  key: string;
  count: number;
  catalog: { id: number; name: string; price: number }[];
  buyers: { id: number; name: string; email: string }[];
  random: () => number;
}

async function writeOrders(db: Db, plan: Plan): Promise<number> {
  const { business, random } = plan;
  const rate = Number(business.sales_tax_rate);
  const now = Date.now();
  const checkoutRows: (typeof checkouts.$inferInsert)[] = [];
  const orderRows: (typeof orders.$inferInsert)[] = [];
  const lineRows: Omit<typeof orderLines.$inferInsert, 'order_id'>[][] = [];
  const money: { refunded: number; reversal: number; commission: number }[] = [];
  for (let n = 0; n < plan.count; n++) {
    // More orders lately than a year ago, at shop hours.
    const daysAgo = Math.floor(random() ** 1.4 * 365);
    const at = new Date(now - daysAgo * DAY_MS - Math.floor(random() * 8 * 3_600_000));
    const buyer = pick(random, plan.buyers);
    const wholesale = buyer.email === 'wholesale@bevy.example';
    const mode = weighted(random, MODES);
    // Pickup buyers come from around Portland, some across the river in Washington.
    const state =
      mode === 'ship'
        ? pick(random, SHIP_STATES)
        : mode === 'delivery'
          ? 'OR'
          : pick(random, ['OR', 'OR', 'WA']);
    const roll = random();
    const status: OrderStatus =
      roll < 0.06 ? 'cancelled' : roll < 0.08 ? 'refunded' : daysAgo < 3 ? 'placed' : 'completed';
    const partial = status === 'completed' && random() < 0.07;
    const lines = Array.from({ length: 1 + Math.floor(random() * 3) }, (_, index) => {
      const product = plan.catalog[(n * 7 + index * 13) % plan.catalog.length]!;
      const quantity = wholesale ? 6 + Math.floor(random() * 7) : 1 + Math.floor(random() * 3);
      const back = status === 'refunded' ? quantity : partial && index === 0 ? 1 : 0;
      return { product, quantity, back };
    });
    const subtotal = lines.reduce((sum, l) => sum + l.product.price * l.quantity, 0);
    const tax = Math.round((subtotal * rate) / 100);
    const total = subtotal + tax;
    const commission = commissionOf(subtotal);
    const refundedSubtotal = lines.reduce((sum, l) => sum + l.product.price * l.back, 0);
    const refunded =
      status === 'cancelled' || status === 'refunded'
        ? total
        : refundedSubtotal + Math.round((refundedSubtotal * rate) / 100);
    const reversal =
      status === 'cancelled' || status === 'refunded'
        ? commission
        : commission - commissionOf(subtotal - refundedSubtotal);
    const checkoutId = randomUUID();
    const address = {
      name: null,
      line1: '12 Main St',
      line2: null,
      city: PLACES[state]![0],
      state,
      zip: PLACES[state]![1],
    };
    checkoutRows.push({
      id: checkoutId,
      buyer_id: buyer.id,
      idempotency_key: `${plan.key}${n}`,
      request_fingerprint: 'seed',
      status: 'paid',
      amount_cents: total,
      payment_provider: 'offline',
      transfer_group: `${plan.key}${n}`,
      created_at: at,
      updated_at: at,
    });
    orderRows.push({
      checkout_id: checkoutId,
      business_id: business.id,
      buyer_id: buyer.id,
      buyer_kind: wholesale ? 'wholesale' : 'retail',
      status,
      fulfillment_mode: mode,
      fulfillment_address: mode === 'pickup' ? null : { ...address, name: buyer.name },
      contact_name: buyer.name,
      contact_email: buyer.email,
      contact_phone: '(503) 555-0142',
      buying_business: wholesale ? 'Alder Street Bottle Shop LLC' : null,
      billing_address: address,
      tax_rate: business.sales_tax_rate,
      subtotal_cents: subtotal,
      tax_and_fees_cents: tax,
      total_cents: total,
      commission_cents: commission,
      payout_cents: total - commission,
      refunded_cents: refunded,
      age_confirmed_at: at,
      source: weighted(random, SOURCES),
      created_at: at,
      updated_at: at,
    });
    lineRows.push(
      lines.map((l) => ({
        product_id: l.product.id,
        product_name: l.product.name,
        channel: wholesale ? ('wholesale' as const) : ('retail' as const),
        tier_minimum: 1,
        unit_price_cents: l.product.price,
        quantity: l.quantity,
        line_total_cents: l.product.price * l.quantity,
        stock_reserved: false,
        refunded_quantity: l.back,
      })),
    );
    money.push({ refunded, reversal, commission });
  }
  await db.insert(checkouts).values(checkoutRows);
  const placed = await db.insert(orders).values(orderRows).returning({ id: orders.id });
  await db
    .insert(orderLines)
    .values(placed.flatMap((order, n) => lineRows[n]!.map((l) => ({ ...l, order_id: order.id }))));
  // The ledger as checkout and refunds write it: per checkout, charge − refunds = transfers −
  // transfer reversals + commission − commission reversals.
  await db.insert(ledgerEntries).values(
    placed.flatMap((order, n) => {
      const row = orderRows[n]!;
      const { refunded, reversal, commission } = money[n]!;
      const entry = (kind: (typeof ledgerEntries.$inferInsert)['kind'], amount: number) => ({
        checkout_id: row.checkout_id,
        order_id: kind === 'charge' ? null : order.id,
        business_id: kind === 'charge' ? null : business.id,
        kind,
        amount_cents: amount,
        created_at: row.created_at as Date,
      });
      return [
        entry('charge', row.total_cents),
        entry('commission', commission),
        entry('transfer', row.payout_cents),
        ...(refunded > 0
          ? [
              entry('refund', refunded),
              entry('commission_reversal', reversal),
              entry('transfer_reversal', refunded - reversal),
            ]
          : []),
      ];
    }),
  );
  return placed.length;
}
