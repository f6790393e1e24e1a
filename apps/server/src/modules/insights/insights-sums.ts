import {
  bucketOfDay,
  FULFILLMENT_MODE_LABELS,
  insightBuckets,
  US_STATES,
  type FulfillmentMode,
  type InsightInterval,
  type InsightsRange,
} from '@bevy/core';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { INSIGHT_LIMITS, type InsightSlice, type SalesTotals } from './insights.types';

/** Reading the daily sums of one producer (or of all, for the marketplace) over a range. */

/** One day's sums, as read; bigint sums arrive as strings and are turned into numbers. */
export interface DaySums {
  day: string;
  orders: number;
  gross: number;
  refunded: number;
  commission: number;
  wholesale: number;
  cancelledOrders: number;
  cancelled: number;
}

/**
 * Runs the reads of one answer in one read-only snapshot, so every figure counts the same
 * orders; without JIT, whose compiling cost more than the small scans it would speed up, and
 * without parallel workers: on a busy 2-core server they waited for CPU, and the planner chose
 * parallel scans of whole sums tables over reading one producer's days by index.
 */
export function inSnapshot<T>(db: Db, read: (db: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set transaction isolation level repeatable read, read only`);
    await tx.execute(
      sql`select set_config('jit', 'off', true), set_config('max_parallel_workers_per_gather', '0', true)`,
    );
    return read(tx as unknown as Db);
  });
}

/** `sales_daily` rows of one business, or of all when `businessId` is null. */
export function ofBusiness(businessId: number | null): SQL {
  return businessId === null ? sql`true` : sql`business_id = ${businessId}`;
}

/** Each day of the range and of the previous period that has any sums. */
export async function daySums(
  db: Db,
  businessId: number | null,
  range: InsightsRange,
): Promise<DaySums[]> {
  const rows = rowsOf<Record<keyof DaySums, string | number>>(
    await db.execute(sql`
      select day::text as day, sum(orders) filter (where dimension = 'all') as orders,
        sum(gross_cents) filter (where dimension = 'all') as gross,
        sum(refunded_cents) filter (where dimension = 'all') as refunded,
        sum(commission_cents) filter (where dimension = 'all') as commission,
        coalesce(sum(gross_cents) filter (where dimension = 'buyer_kind' and key = 'wholesale'), 0) as wholesale,
        sum(cancelled_orders) filter (where dimension = 'all') as "cancelledOrders",
        sum(cancelled_cents) filter (where dimension = 'all') as cancelled
      from sales_daily
      where ${ofBusiness(businessId)} and dimension in ('all', 'buyer_kind')
        and day between ${range.previousFrom} and ${range.to}
      group by day`),
  );
  return rows.map((row) => ({
    day: String(row.day),
    orders: Number(row.orders),
    gross: Number(row.gross),
    refunded: Number(row.refunded),
    commission: Number(row.commission),
    wholesale: Number(row.wholesale),
    cancelledOrders: Number(row.cancelledOrders),
    cancelled: Number(row.cancelled),
  }));
}

export const EMPTY_TOTALS: SalesTotals = {
  grossCents: 0,
  refundedCents: 0,
  netCents: 0,
  commissionCents: 0,
  orders: 0,
  averageOrderCents: 0,
  cancelledOrders: 0,
  cancelledCents: 0,
};

/** The totals of the range's days and of the previous period's. */
export function totalsOf(
  days: readonly DaySums[],
  range: InsightsRange,
): { totals: SalesTotals; previousTotals: SalesTotals } {
  const sum = (from: string, to: string): SalesTotals => {
    let t = { ...EMPTY_TOTALS };
    for (const d of days) {
      if (d.day < from || d.day > to) continue;
      t = {
        ...t,
        grossCents: t.grossCents + d.gross,
        refundedCents: t.refundedCents + d.refunded,
        commissionCents: t.commissionCents + d.commission,
        orders: t.orders + d.orders,
        cancelledOrders: t.cancelledOrders + d.cancelledOrders,
        cancelledCents: t.cancelledCents + d.cancelled,
      };
    }
    const netCents = t.grossCents - t.refundedCents;
    return { ...t, netCents, averageOrderCents: t.orders === 0 ? 0 : netCents / t.orders };
  };
  return {
    totals: sum(range.from, range.to),
    previousTotals: sum(range.previousFrom, range.previousTo),
  };
}

/**
 * Every bucket of the range with its sums, and the previous period's sums in the bucket of the
 * same position; `fill` adds one day's sums to a bucket's figures.
 */
export function bucketed<Point extends { period: string; label: string }>(
  days: readonly DaySums[],
  range: InsightsRange,
  interval: InsightInterval,
  empty: (bucket: { period: string; label: string }) => Point,
  fill: (point: Point, day: DaySums, previous: boolean) => void,
): Point[] {
  const points = insightBuckets(range, interval).map(empty);
  const byPeriod = new Map(points.map((point) => [point.period, point]));
  for (const day of days) {
    const bucket = bucketOfDay(day.day, range, interval);
    const point = bucket && byPeriod.get(bucket.period);
    if (point && bucket) fill(point, day, bucket.previous);
  }
  return points;
}

type Dimension = 'buyer_kind' | 'fulfillment_mode' | 'state' | 'source';

/** The range's sums by buyer kind, fulfilment, state and source, each most net first. */
export async function slicesOf(
  db: Db,
  businessId: number | null,
  range: InsightsRange,
): Promise<Record<Dimension, InsightSlice[]>> {
  const rows = rowsOf<{
    dimension: Dimension;
    key: string;
    orders: string | number;
    gross: string | number;
    net: string | number;
  }>(
    await db.execute(sql`
      select dimension, key, sum(orders) as orders, sum(gross_cents) as gross,
        sum(gross_cents - refunded_cents) as net
      from sales_daily
      where ${ofBusiness(businessId)}
        and dimension in ('buyer_kind', 'fulfillment_mode', 'state', 'source')
        and day between ${range.from} and ${range.to}
      group by dimension, key
      having sum(orders) > 0`),
  );
  const slices: Record<Dimension, InsightSlice[]> = {
    buyer_kind: [],
    fulfillment_mode: [],
    state: [],
    source: [],
  };
  for (const row of rows) {
    slices[row.dimension].push({
      key: sliceKey(row.dimension, row.key),
      label: sliceLabel(row.dimension, row.key),
      orders: Number(row.orders),
      grossCents: Number(row.gross),
      netCents: Number(row.net),
    });
  }
  for (const list of Object.values(slices)) {
    list.sort((a, b) => b.netCents - a.netCents || a.key.localeCompare(b.key));
    list.splice(INSIGHT_LIMITS.slices);
  }
  return slices;
}

/** The contract names the ship mode "shipping". */
function sliceKey(dimension: Dimension, key: string): string {
  return dimension === 'fulfillment_mode' && key === 'ship' ? 'shipping' : key;
}

function sliceLabel(dimension: Dimension, key: string): string {
  switch (dimension) {
    case 'buyer_kind':
      return key === 'wholesale' ? 'Wholesale' : 'Retail';
    case 'fulfillment_mode':
      return FULFILLMENT_MODE_LABELS[key as FulfillmentMode] ?? key;
    case 'state':
      return (US_STATES as Record<string, string>)[key] ?? (key === '' ? 'Unknown' : key);
    case 'source':
      return key === '' ? 'Direct' : key;
  }
}
