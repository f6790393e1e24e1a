import { and, asc, eq, inArray } from 'drizzle-orm';
import { segmentInputSchema, type SegmentFilter } from '@bevy/core';
import { campaigns, segments } from '../../db/tables';
import type { ServiceContext } from '../../platform/context';
import { DomainError, fromZodError, notFound } from '../../platform/domain-error';
import { audienceCount, marketingBusiness } from './customers.service';

/** Saved filters of a producer's customers, counted live when read. */

type SegmentContext = Pick<ServiceContext, 'db' | 'viewer' | 'clock'>;

export interface SegmentView {
  id: number;
  name: string;
  filter: SegmentFilter;
  count: number;
  subscribedCount: number;
  updatedAt: Date;
}

async function viewOf(
  ctx: SegmentContext,
  row: typeof segments.$inferSelect,
): Promise<SegmentView> {
  const [count, subscribedCount] = await Promise.all([
    audienceCount(ctx, row.business_id, row.filter),
    audienceCount(ctx, row.business_id, { ...row.filter, subscribedOnly: true }),
  ]);
  return {
    id: row.id,
    name: row.name,
    filter: row.filter,
    count,
    subscribedCount,
    updatedAt: row.updated_at,
  };
}

export async function listSegments(ctx: SegmentContext, slug: string): Promise<SegmentView[]> {
  const business = await marketingBusiness(ctx, slug);
  const rows = await ctx.db
    .select()
    .from(segments)
    .where(eq(segments.business_id, business.id))
    .orderBy(asc(segments.name), asc(segments.id));
  return Promise.all(rows.map((row) => viewOf(ctx, row)));
}

function parseSegment(input: unknown) {
  const parsed = segmentInputSchema.safeParse(input);
  if (!parsed.success) throw fromZodError(parsed.error);
  return parsed.data;
}

/** A segment of the business, which the viewer must work at. */
export async function managedSegment(ctx: SegmentContext, slug: string, id: number) {
  const business = await marketingBusiness(ctx, slug);
  const [row] = await ctx.db
    .select()
    .from(segments)
    .where(and(eq(segments.id, id), eq(segments.business_id, business.id)));
  if (!row) throw notFound('There is no such segment.');
  return { business, segment: row };
}

export async function saveSegment(
  ctx: SegmentContext,
  slug: string,
  id: number | null,
  input: unknown,
): Promise<SegmentView> {
  const { name, filter } = parseSegment(input);
  const now = ctx.clock.now();
  if (id === null) {
    const business = await marketingBusiness(ctx, slug);
    const [row] = await ctx.db
      .insert(segments)
      .values({ business_id: business.id, name, filter, created_at: now, updated_at: now })
      .returning();
    return viewOf(ctx, row!);
  }
  const { segment } = await managedSegment(ctx, slug, id);
  const [row] = await ctx.db
    .update(segments)
    .set({ name, filter, updated_at: now })
    .where(eq(segments.id, segment.id))
    .returning();
  return viewOf(ctx, row!);
}

export async function deleteSegment(ctx: SegmentContext, slug: string, id: number): Promise<void> {
  const { segment } = await managedSegment(ctx, slug, id);
  // Deleting it would leave such a campaign with no segment, which means everyone subscribed.
  const [user] = await ctx.db
    .select({ subject: campaigns.subject })
    .from(campaigns)
    .where(
      and(
        eq(campaigns.segment_id, segment.id),
        inArray(campaigns.status, ['draft', 'scheduled', 'sending']),
      ),
    )
    .limit(1);
  if (user) {
    throw new DomainError(
      'SEGMENT_IN_USE',
      `The campaign “${user.subject}” goes to this segment: choose another audience for it first.`,
    );
  }
  await ctx.db.delete(segments).where(eq(segments.id, segment.id));
}
