import { parseInsightsRange, type InsightInterval, type InsightsRange } from '@bevy/core';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import type { ServiceContext } from '../../platform/context';
import { badInput, notFound } from '../../platform/domain-error';
import { requireMember, requireViewer } from '../../platform/access';
import { findBusinessBySlug } from '../businesses/index';
import { campaignRevenue, clubInsights, customerMix, eventSellThrough } from './business-activity';
import { refreshInsights } from './insights-refresh';
import { bucketed, daySums, inSnapshot, slicesOf, totalsOf } from './insights-sums';
import {
  INSIGHT_LIMITS,
  type BusinessInsights,
  type InsightSlice,
  type ProductFigure,
  type RangeView,
  type SalesPoint,
} from './insights.types';

type InsightsContext = Pick<ServiceContext, 'db' | 'viewer'>;

export interface InsightsInput {
  from: string;
  to: string;
  interval: InsightInterval;
}

/** The range asked for, or BAD_USER_INPUT saying what is wrong with it. */
export function rangeOf(input: InsightsInput): InsightsRange {
  const parsed = parseInsightsRange(input.from, input.to);
  if (!parsed.ok) throw badInput(parsed.message, parsed.field);
  return parsed.range;
}

export function rangeView(range: InsightsRange): RangeView {
  const { from, to, previousFrom, previousTo } = range;
  return { from, to, previousFrom, previousTo };
}

/**
 * A producer's insights over a range: its dirty days are recomputed first, so every figure counts
 * every order written before the call (decision 026).
 */
export async function businessInsights(
  ctx: InsightsContext,
  input: InsightsInput & { slug: string },
): Promise<BusinessInsights> {
  requireViewer(ctx);
  const business = await findBusinessBySlug(ctx, input.slug.trim());
  if (!business) throw notFound('There is no business at that address.');
  await requireMember(ctx, business.id);
  const range = rangeOf(input);
  await refreshInsights(ctx.db, [business.id]);
  const id = business.id;
  // Customers read the orders themselves, the costliest part: on a connection of their own,
  // beside the snapshot that reads the sums.
  const [{ days, slices, topProducts, clubs, events, campaigns }, customers] = await Promise.all([
    inSnapshot(ctx.db, async (db) => ({
      days: await daySums(db, id, range),
      slices: await slicesOf(db, id, range),
      topProducts: await topProductsOf(db, id, range),
      clubs: await clubInsights(db, id, range),
      events: await eventSellThrough(db, id, range),
      campaigns: await campaignRevenue(db, id, range),
    })),
    inSnapshot(ctx.db, (db) => customerMix(db, id, range)),
  ]);
  const salesOverTime = bucketed<SalesPoint>(
    days,
    range,
    input.interval,
    (bucket) => ({
      ...bucket,
      grossCents: 0,
      refundedCents: 0,
      netCents: 0,
      orders: 0,
      previousNetCents: 0,
    }),
    (point, day, previous) => {
      if (previous) {
        point.previousNetCents += day.gross - day.refunded;
        return;
      }
      point.grossCents += day.gross;
      point.refundedCents += day.refunded;
      point.netCents += day.gross - day.refunded;
      point.orders += day.orders;
    },
  );
  return {
    range: rangeView(range),
    ...totalsOf(days, range),
    salesOverTime,
    topProducts,
    customers,
    fulfillment: everyKey(slices.fulfillment_mode, [
      ['pickup', 'Pickup'],
      ['delivery', 'Delivery'],
      ['shipping', 'Shipping'],
    ]),
    byState: slices.state,
    bySource: slices.source,
    byBuyerKind: everyKey(slices.buyer_kind, [
      ['retail', 'Retail'],
      ['wholesale', 'Wholesale'],
    ]),
    clubs,
    events,
    campaigns,
  };
}

/** The slices in this order, with zeros for keys that had no orders. */
export function everyKey(
  slices: readonly InsightSlice[],
  keys: readonly (readonly [string, string])[],
): InsightSlice[] {
  return keys.map(
    ([key, label]) =>
      slices.find((slice) => slice.key === key) ?? {
        key,
        label,
        orders: 0,
        grossCents: 0,
        netCents: 0,
      },
  );
}

/** The ten products with the most revenue kept in the range. */
async function topProductsOf(
  db: Db,
  businessId: number,
  range: InsightsRange,
): Promise<ProductFigure[]> {
  const rows = rowsOf<{
    product_id: number | null;
    name: string;
    units: string | number;
    refunded_units: string | number;
    revenue: string | number;
  }>(
    await db.execute(sql`
      select min(product_id) as product_id, max(product_name) as name, sum(units) as units,
        sum(refunded_units) as refunded_units, sum(revenue_cents) as revenue
      from product_sales_daily
      where business_id = ${businessId} and day between ${range.from} and ${range.to}
      group by product_key
      order by sum(revenue_cents) desc, max(product_name)
      limit ${INSIGHT_LIMITS.topProducts}`),
  );
  return rows.map((row) => ({
    productId: row.product_id === null ? null : Number(row.product_id),
    name: row.name,
    units: Number(row.units),
    refundedUnits: Number(row.refunded_units),
    revenueCents: Number(row.revenue),
  }));
}
