import type { AdminBannerView } from '@bevy/core';
import { bannerInputSchema, type BannerInput } from '@bevy/core/schemas';
import { asc, eq, sql } from 'drizzle-orm';
import { banners } from '../../db/tables';
import { inTransaction, siteChanged } from '../../platform/changes';
import type { ServiceContext } from '../../platform/context';
import { badInput, fromZodError, notFound } from '../../platform/domain-error';

export type BannerRow = typeof banners.$inferSelect;
export type AdminBanner = AdminBannerView;

export function toAdminBanner(row: BannerRow): AdminBanner {
  return {
    id: row.id,
    type: row.type,
    lines: row.lines,
    link: row.link_url ? { url: row.link_url, title: row.link_title ?? row.link_url } : null,
    dismissible: row.dismissible,
    active: row.active,
    position: row.position,
  };
}

function parseBanner(input: unknown): BannerInput {
  const parsed = bannerInputSchema.safeParse(input);
  if (!parsed.success) throw fromZodError(parsed.error);
  return parsed.data;
}

const columnsOf = (input: BannerInput) => ({
  type: input.type,
  lines: input.lines,
  link_url: input.link?.url ?? null,
  link_title: input.link?.title ?? null,
  dismissible: input.dismissible,
  active: input.active,
});

/** Every banner, active or not, in the order they are shown. */
export async function listAllBanners(ctx: Pick<ServiceContext, 'db'>): Promise<AdminBanner[]> {
  const rows = await ctx.db.select().from(banners).orderBy(asc(banners.position), asc(banners.id));
  return rows.map(toAdminBanner);
}

/** Who edits banners: the database, and the change log everyone's shown banners follow. */
type BannerEditContext = Pick<ServiceContext, 'db' | 'changes'>;

/** Adds a banner after the others. */
export async function createBanner(ctx: BannerEditContext, input: unknown): Promise<AdminBanner> {
  const banner = parseBanner(input);
  const [row] = await ctx.db
    .insert(banners)
    .values({
      ...columnsOf(banner),
      position: sql`(select coalesce(max(${banners.position}), -1) + 1 from ${banners})`,
    })
    .returning();
  if (!row) throw new Error('The banner was not saved.');
  await ctx.changes.record(siteChanged());
  return toAdminBanner(row);
}

export async function updateBanner(
  ctx: BannerEditContext,
  id: number,
  input: unknown,
  now = new Date(),
): Promise<AdminBanner> {
  const banner = parseBanner(input);
  const [row] = await ctx.db
    .update(banners)
    .set({ ...columnsOf(banner), updated_at: now })
    .where(eq(banners.id, id))
    .returning();
  if (!row) throw notFound('There is no such banner.');
  await ctx.changes.record(siteChanged());
  return toAdminBanner(row);
}

export async function deleteBanner(ctx: BannerEditContext, id: number): Promise<true> {
  const [row] = await ctx.db
    .delete(banners)
    .where(eq(banners.id, id))
    .returning({ id: banners.id });
  if (!row) throw notFound('There is no such banner.');
  await ctx.changes.record(siteChanged());
  return true;
}

/** Puts the banners in the given order (positions 0..n-1); `ids` must name every banner once. */
export async function reorderBanners(
  ctx: BannerEditContext,
  ids: readonly number[],
  now = new Date(),
): Promise<AdminBanner[]> {
  return inTransaction(ctx, async ({ db, changes }) => {
    // Locked, so edits and deletions of these banners wait until the new order is written.
    const existing = await db.select({ id: banners.id }).from(banners).for('update');
    const known = new Set(existing.map((row) => row.id));
    const unique = new Set(ids);
    if (
      unique.size !== ids.length ||
      unique.size !== known.size ||
      ids.some((id) => !known.has(id))
    ) {
      throw badInput('List every banner exactly once, in the new order.', 'ids');
    }
    for (const [position, id] of ids.entries()) {
      await db.update(banners).set({ position, updated_at: now }).where(eq(banners.id, id));
    }
    const rows = await db.select().from(banners).orderBy(asc(banners.position), asc(banners.id));
    await changes.record(siteChanged());
    return rows.map(toAdminBanner);
  });
}
