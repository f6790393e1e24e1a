import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { orders } from '../../db/tables';
import { badInput } from '../../platform/domain-error';
import { requireMember } from '../../platform/access';
import type { ServiceContext } from '../../platform/context';

/**
 * Sales by source: which channels (share links, referring sites) brought a producer its retail
 * orders. Computed here from the orders alone; a buyer's client sends only the label.
 */

export const SALES_BY_SOURCE_DEFAULT_DAYS = 90;
const MAX_DAYS = 366;
/** The channels shown, biggest first; a producer acts on the few that matter. */
export const SALES_BY_SOURCE_MAX_ROWS = 20;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface SourceSales {
  /** Null for orders with no known source (direct visits, or placed before attribution). */
  source: string | null;
  orderCount: number;
  /** What buyers paid, less refunds, in cents. */
  salesCents: number;
}

export interface SalesBySourceInput {
  businessId: number;
  days?: number | null;
}

/** Orders that sold something: paid or placed on invoice, not cancelled or refunded. */
const SELLING_STATUSES = [
  'placed',
  'accepted',
  'ready_for_pickup',
  'out_for_delivery',
  'shipped',
  'completed',
] as const;

/** The business's retail orders of the last `days` days by source, biggest sales first. */
export async function salesBySource(
  ctx: Pick<ServiceContext, 'db' | 'viewer' | 'clock'>,
  input: SalesBySourceInput,
): Promise<SourceSales[]> {
  await requireMember(
    ctx,
    input.businessId,
    'Only people who work at this business can see where its orders came from.',
  );
  const days = input.days ?? SALES_BY_SOURCE_DEFAULT_DAYS;
  if (!Number.isInteger(days) || days < 1 || days > MAX_DAYS) {
    throw badInput(`Choose between 1 and ${MAX_DAYS} days.`, 'days');
  }
  const since = new Date(ctx.clock.now().getTime() - days * DAY_MS);
  const sales = sql<number>`coalesce(sum(${orders.total_cents} - ${orders.refunded_cents}), 0)::int`;
  const rows = await ctx.db
    .select({ source: orders.source, orderCount: sql<number>`count(*)::int`, salesCents: sales })
    .from(orders)
    .where(
      and(
        eq(orders.business_id, input.businessId),
        eq(orders.buyer_kind, 'retail'),
        inArray(orders.status, [...SELLING_STATUSES]),
        gte(orders.created_at, since),
      ),
    )
    .groupBy(orders.source)
    .orderBy(desc(sales), orders.source)
    .limit(SALES_BY_SOURCE_MAX_ROWS);
  return rows;
}
