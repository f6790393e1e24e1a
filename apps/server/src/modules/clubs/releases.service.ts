import {
  isoDate,
  releaseInputSchema,
  releaseTimeline,
  shiftDate,
  type ReleaseInputDraft,
} from '@bevy/core';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { clubReleaseItems, clubReleases, clubs, clubTiers, products } from '../../db/tables';
import type { ServiceContext } from '../../platform/context';
import { badInput, fromZodError, notFound } from '../../platform/domain-error';
import { managedBusiness } from './clubs.service';

export type ReleaseRow = typeof clubReleases.$inferSelect;
export type ReleaseItemRow = typeof clubReleaseItems.$inferSelect;

type ReleasesContext = Pick<ServiceContext, 'db' | 'viewer' | 'clock'>;

/** A club of a business the viewer works at. */
export async function managedClub(ctx: ReleasesContext, businessSlug: string, clubSlug: string) {
  const business = await managedBusiness(ctx, businessSlug);
  const [club] = await ctx.db
    .select()
    .from(clubs)
    .where(and(eq(clubs.business_id, business.id), eq(clubs.slug, clubSlug)));
  if (!club) throw notFound('There is no such club.');
  return { business, club };
}

/**
 * Composes a release: a charge date far enough ahead for its notice to go out, and for every
 * tier its products (published ones of this producer) adding up to the tier's bottles. It is
 * scheduled at once unless kept as a draft.
 */
export async function createRelease(
  ctx: ReleasesContext,
  businessSlug: string,
  clubSlug: string,
  draft: ReleaseInputDraft,
  options: { draft?: boolean } = {},
): Promise<ReleaseRow & { items: ReleaseItemRow[] }> {
  const parsed = releaseInputSchema.safeParse(draft);
  if (!parsed.success) throw fromZodError(parsed.error);
  const input = parsed.data;
  const { business, club } = await managedClub(ctx, businessSlug, clubSlug);
  if (club.subscription_cadences) {
    throw badInput('A subscription’s orders are made for each subscriber on their own dates.');
  }
  const today = isoDate(ctx.clock.now());
  const timeline = releaseTimeline(input.chargeOn, {
    noticeDays: club.notice_days,
    cutoffDays: club.cutoff_days,
  });
  if (timeline.noticeOn < today) {
    throw badInput(
      `Members are told ${club.notice_days} days ahead: choose a charge date on or after ${shiftDate(today, club.notice_days)}.`,
      'chargeOn',
    );
  }
  const tiers = await ctx.db.select().from(clubTiers).where(eq(clubTiers.club_id, club.id));
  const productIds = [...new Set(input.items.map((item) => item.productId))];
  const found = await ctx.db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(
      and(
        inArray(products.id, productIds),
        eq(products.business_id, business.id),
        eq(products.status, 'published'),
      ),
    );
  const known = new Set(found.map((row) => row.id));
  input.items.forEach((item, index) => {
    if (!tiers.some((tier) => tier.id === item.tierId)) {
      throw badInput('Choose one of this club’s tiers.', `items.${index}.tierId`);
    }
    if (!known.has(item.productId)) {
      throw badInput('Choose one of your published products.', `items.${index}.productId`);
    }
  });
  for (const tier of tiers) {
    const bottles = input.items
      .filter((item) => item.tierId === tier.id)
      .reduce((sum, item) => sum + item.quantity, 0);
    if (bottles !== tier.bottles) {
      throw badInput(
        `The ${tier.name} tier holds ${tier.bottles} bottles; this release gives it ${bottles}.`,
        'items',
      );
    }
  }
  try {
    return await ctx.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      const [release] = await db
        .insert(clubReleases)
        .values({
          club_id: club.id,
          title: input.title,
          charge_on: input.chargeOn,
          status: options.draft ? 'draft' : 'scheduled',
        })
        .returning();
      const items = await db
        .insert(clubReleaseItems)
        .values(input.items.map((item) => ({ release_id: release!.id, ...itemColumns(item) })))
        .returning();
      return { ...release!, items };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'club_releases_club_date_idx')) {
      throw badInput('This club already has a release on that date.', 'chargeOn');
    }
    throw error;
  }
}

const itemColumns = (item: { tierId: number; productId: number; quantity: number }) => ({
  tier_id: item.tierId,
  product_id: item.productId,
  quantity: item.quantity,
});

/** A club's releases with their items, newest charge date first. */
export async function releasesOf(db: Db, clubId: number) {
  const rows = await db
    .select()
    .from(clubReleases)
    .where(eq(clubReleases.club_id, clubId))
    .orderBy(asc(clubReleases.charge_on));
  const items =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(clubReleaseItems)
          .where(
            inArray(
              clubReleaseItems.release_id,
              rows.map((row) => row.id),
            ),
          );
  return rows
    .reverse()
    .map((row) => ({ ...row, items: items.filter((item) => item.release_id === row.id) }));
}

/**
 * A product subscription's releases on these dates, scheduled, each tier receiving its quantity
 * of the product; dates that have one already are left as they are. Called where a subscriber's
 * next order date is set, so the release they will receive always exists.
 */
export async function ensureSubscriptionReleases(
  db: Db,
  club: typeof clubs.$inferSelect,
  dates: readonly string[],
): Promise<void> {
  if (!club.subscription_cadences || dates.length === 0) return;
  const [product] = club.product_id
    ? await db
        .select({ name: products.name })
        .from(products)
        .where(eq(products.id, club.product_id))
    : [];
  const created = await db
    .insert(clubReleases)
    .values(
      [...new Set(dates)].map((date) => ({
        club_id: club.id,
        title: product?.name ?? club.name,
        charge_on: date,
        status: 'scheduled' as const,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: clubReleases.id });
  // A day whose orders already ran takes up its run again for a subscriber who joined since.
  await db
    .update(clubReleases)
    .set({ status: 'running', updated_at: new Date() })
    .where(
      and(
        eq(clubReleases.club_id, club.id),
        inArray(clubReleases.charge_on, [...new Set(dates)]),
        eq(clubReleases.status, 'done'),
      ),
    );
  // A product deleted since leaves the releases empty: subscribers are held, never charged.
  if (created.length === 0 || !club.product_id) return;
  const tiers = await db.select().from(clubTiers).where(eq(clubTiers.club_id, club.id));
  await db.insert(clubReleaseItems).values(
    created.flatMap((release) =>
      tiers.map((tier) => ({
        release_id: release.id,
        tier_id: tier.id,
        product_id: club.product_id,
        quantity: tier.bottles,
      })),
    ),
  );
}
