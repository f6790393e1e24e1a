import type { InsightsRange } from '@bevy/core';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import type { ServiceContext } from '../../platform/context';
import { requireAdmin } from '../../platform/access';
import { everyKey, rangeOf, rangeView, type InsightsInput } from './business-insights.service';
import { refreshInsights } from './insights-refresh';
import { bucketed, daySums, inSnapshot, slicesOf, totalsOf } from './insights-sums';
import {
  INSIGHT_LIMITS,
  type InsightSlice,
  type MarketplaceInsights,
  type MarketplacePoint,
} from './insights.types';

/** The whole marketplace's sales over a range, for admins; every dirty day is recomputed first. */
export async function marketplaceInsights(
  ctx: Pick<ServiceContext, 'db' | 'viewer'>,
  input: InsightsInput,
): Promise<MarketplaceInsights> {
  requireAdmin(ctx);
  const range = rangeOf(input);
  await refreshInsights(ctx.db);
  const { days, slices, byBeverageType, active } = await inSnapshot(ctx.db, async (db) => ({
    days: await daySums(db, null, range),
    slices: await slicesOf(db, null, range),
    byBeverageType: await beverageTypesOf(db, range),
    active: await activeCounts(db, range),
  }));
  const { totals, previousTotals } = totalsOf(days, range);
  const wholesale = days
    .filter((day) => day.day >= range.from && day.day <= range.to)
    .reduce((sum, day) => sum + day.wholesale, 0);
  const salesOverTime = bucketed<MarketplacePoint>(
    days,
    range,
    input.interval,
    (bucket) => ({
      ...bucket,
      grossCents: 0,
      refundedCents: 0,
      commissionCents: 0,
      wholesaleCents: 0,
      orders: 0,
      previousGrossCents: 0,
    }),
    (point, day, previous) => {
      if (previous) {
        point.previousGrossCents += day.gross;
        return;
      }
      point.grossCents += day.gross;
      point.refundedCents += day.refunded;
      point.commissionCents += day.commission;
      point.wholesaleCents += day.wholesale;
      point.orders += day.orders;
    },
  );
  return {
    range: rangeView(range),
    totals,
    previousTotals,
    ...active,
    wholesaleShare: totals.grossCents === 0 ? 0 : wholesale / totals.grossCents,
    salesOverTime,
    byState: slices.state,
    byBeverageType,
    byBuyerKind: everyKey(slices.buyer_kind, [
      ['retail', 'Retail'],
      ['wholesale', 'Wholesale'],
    ]),
  };
}

/**
 * Producers from the daily sums; buyers must be counted distinct over the orders themselves
 * (there is no per-buyer sum), read through the orders' created_at.
 */
async function activeCounts(
  db: Db,
  range: InsightsRange,
): Promise<{ activeProducers: number; activeBuyers: number }> {
  const [row] = rowsOf<{ producers: string | number; buyers: string | number }>(
    await db.execute(sql`
      select
        (select count(distinct business_id) from sales_daily
          where dimension = 'all' and day between ${range.from} and ${range.to}
            and orders > 0) as producers,
        (select count(distinct buyer_id) from orders
          where created_at >= ${`${range.from}T00:00:00Z`}::timestamptz
            and created_at < (${range.to}::date + 1)::timestamp at time zone 'UTC'
            and status not in ('awaiting_payment', 'payment_failed', 'cancelled')) as buyers`),
  );
  return { activeProducers: Number(row!.producers), activeBuyers: Number(row!.buyers) };
}

/** Ticket lines have no product: their slice of the beverage types. */
const TICKETS_KEY = 'tickets';

/** Product revenue kept by beverage type; `orders` counts units, the product sums' grain. */
async function beverageTypesOf(db: Db, range: InsightsRange): Promise<InsightSlice[]> {
  const rows = rowsOf<{ key: string | null; units: string | number; revenue: string | number }>(
    await db.execute(sql`
      select coalesce(p.beverage_type::text,
          case when s.product_key like 'ticket:%' then ${TICKETS_KEY} end) as key,
        sum(s.units) as units, sum(s.revenue_cents) as revenue
      from product_sales_daily s
      left join products p on p.id = s.product_id
      where s.day between ${range.from} and ${range.to}
      group by 1
      order by sum(s.revenue_cents) desc
      limit ${INSIGHT_LIMITS.slices}`),
  );
  return rows.map((row) => ({
    key: row.key ?? '',
    label: row.key === TICKETS_KEY ? 'Event tickets' : (row.key ?? 'Deleted products'),
    orders: Number(row.units),
    grossCents: Number(row.revenue),
    netCents: Number(row.revenue),
  }));
}
