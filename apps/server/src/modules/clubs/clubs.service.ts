import {
  clubInputSchema,
  firstFreeSlug,
  isoDate,
  RELEASE_CUTOFF_DAYS_DEFAULT,
  RELEASE_NOTICE_DAYS_DEFAULT,
  slugFromName,
  subscriptionInputSchema,
  subscriptionTierName,
  type ClubInput,
  type ClubInputDraft,
  type SubscriptionInputDraft,
} from '@bevy/core';
import { and, asc, eq, inArray, like, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { clubs, clubTiers, products } from '../../db/tables';
import { managesBusiness, requireMember } from '../../platform/access';
import { businessChanged } from '../../platform/changes';
import type { ServiceContext } from '../../platform/context';
import { badInput, fromZodError, notFound } from '../../platform/domain-error';
import { findBusinessBySlug, type BusinessRow } from '../businesses/index';

export type ClubRow = typeof clubs.$inferSelect;
export type ClubTierRow = typeof clubTiers.$inferSelect;
export type ClubWithTiers = ClubRow & { tiers: ClubTierRow[] };

type ClubsContext = Pick<ServiceContext, 'db' | 'viewer'>;
/** Opening and closing a club changes its business's public page. */
type ClubStatusContext = ClubsContext & Pick<ServiceContext, 'changes'>;

/** The business at `slug`, which the viewer must work at (or administer). */
export async function managedBusiness(
  ctx: ClubsContext,
  businessSlug: string,
): Promise<BusinessRow> {
  const business = await findBusinessBySlug(ctx, businessSlug);
  if (!business) throw notFound('There is no business at that address.');
  await requireMember(ctx, business.id, 'Only people who work at this business can run its clubs.');
  return business;
}

/** A slug for the club, unique within its business: "Cellar Club", then "cellar-club-2". */
async function freeClubSlug(db: Db, businessId: number, name: string): Promise<string> {
  const wanted = slugFromName(name);
  const taken = await db
    .select({ slug: clubs.slug })
    .from(clubs)
    .where(
      and(
        eq(clubs.business_id, businessId),
        or(eq(clubs.slug, wanted), like(clubs.slug, `${wanted}-%`)),
      ),
    );
  return firstFreeSlug(wanted, new Set(taken.map((row) => row.slug)));
}

/** Creates a draft club with its tiers, in one transaction; the viewer must work at the business. */
export async function createClub(
  ctx: ClubsContext,
  businessSlug: string,
  draft: ClubInputDraft,
): Promise<ClubWithTiers> {
  const parsed = clubInputSchema.safeParse(draft);
  if (!parsed.success) throw fromZodError(parsed.error);
  const business = await managedBusiness(ctx, businessSlug);
  return insertClub(ctx.db, business.id, parsed.data, {});
}

export const SUBSCRIBED_ALREADY = 'This product has a subscription already.';

/**
 * Creates a draft product subscription: a club of the product alone, one tier per quantity
 * (priced at the retail price less the discount), whose releases are made for each subscriber
 * on their own cadence. The viewer must work at the business that sells the product.
 */
export async function createSubscription(
  ctx: ClubsContext & Pick<ServiceContext, 'clock'>,
  businessSlug: string,
  draft: SubscriptionInputDraft,
): Promise<ClubWithTiers> {
  const parsed = subscriptionInputSchema.safeParse(draft);
  if (!parsed.success) throw fromZodError(parsed.error);
  const input = parsed.data;
  const business = await managedBusiness(ctx, businessSlug);
  const [product] = await ctx.db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(and(eq(products.id, input.productId), eq(products.business_id, business.id)));
  if (!product) throw badInput('Choose one of this business’s products.', 'productId');
  const club: ClubInput = {
    name: `${product.name} subscription`.slice(0, 80),
    description: input.description,
    cadence: input.cadences[0]!,
    firstReleaseOn: isoDate(ctx.clock.now()),
    memberDiscountBasisPoints: input.memberDiscountBasisPoints,
    noticeDays: RELEASE_NOTICE_DAYS_DEFAULT,
    cutoffDays: RELEASE_CUTOFF_DAYS_DEFAULT,
    skipsPerYear: input.skipsPerYear,
    minimumReleases: 0,
    offersPickup: input.offersPickup,
    offersDelivery: input.offersDelivery,
    offersShipping: input.offersShipping,
    // Its page shows the product's own picture.
    imageUrl: null,
    tiers: input.quantities.map((quantity) => ({
      name: subscriptionTierName(quantity),
      bottles: quantity,
      priceBasis: 'contents' as const,
      fixedPriceCents: null,
    })),
  };
  try {
    return await insertClub(ctx.db, business.id, club, {
      product_id: product.id,
      subscription_cadences: input.cadences,
    });
  } catch (error) {
    if (isUniqueViolation(error, 'clubs_product_idx'))
      throw badInput(SUBSCRIBED_ALREADY, 'productId');
    throw error;
  }
}

/** A draft club and its tiers, in one transaction, under a slug free in its business. */
async function insertClub(
  db: Db,
  businessId: number,
  input: ClubInput,
  subscription: Pick<typeof clubs.$inferInsert, 'product_id' | 'subscription_cadences'>,
): Promise<ClubWithTiers> {
  // Two clubs of one name created at once may both find the same slug free; the unique index
  // refuses the second, which then looks again.
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        const db = tx as unknown as Db;
        const [club] = await db
          .insert(clubs)
          .values({
            business_id: businessId,
            slug: await freeClubSlug(db, businessId, input.name),
            name: input.name,
            description: input.description,
            cadence: input.cadence,
            first_release_on: input.cadence === 'release_dates' ? null : input.firstReleaseOn,
            member_discount_bp: input.memberDiscountBasisPoints,
            notice_days: input.noticeDays,
            cutoff_days: input.cutoffDays,
            skips_per_year: input.skipsPerYear,
            minimum_releases: input.minimumReleases,
            offers_pickup: input.offersPickup,
            offers_delivery: input.offersDelivery,
            offers_shipping: input.offersShipping,
            image_path: input.imageUrl,
            ...subscription,
          })
          .returning();
        const tiers = await db
          .insert(clubTiers)
          .values(
            input.tiers.map((tier, position) => ({
              club_id: club!.id,
              name: tier.name,
              bottles: tier.bottles,
              price_basis: tier.priceBasis,
              fixed_price_cents: tier.fixedPriceCents,
              position,
            })),
          )
          .returning();
        return { ...club!, tiers };
      });
    } catch (error) {
      if (attempt >= 5 || !isUniqueViolation(error, 'clubs_business_slug_idx')) throw error;
    }
  }
}

/** The tiers of these clubs, each club's in its order. */
async function tiersOf(db: Db, clubIds: number[]): Promise<Map<number, ClubTierRow[]>> {
  const byClub = new Map<number, ClubTierRow[]>(clubIds.map((id) => [id, []]));
  if (clubIds.length === 0) return byClub;
  const rows = await db
    .select()
    .from(clubTiers)
    .where(inArray(clubTiers.club_id, clubIds))
    .orderBy(asc(clubTiers.club_id), asc(clubTiers.position));
  for (const row of rows) byClub.get(row.club_id)!.push(row);
  return byClub;
}

/** Every club of a business, drafts included, for the people who run it, oldest first. */
export async function listClubsToManage(
  ctx: ClubsContext,
  businessSlug: string,
): Promise<ClubWithTiers[]> {
  const business = await managedBusiness(ctx, businessSlug);
  const rows = await ctx.db
    .select()
    .from(clubs)
    .where(eq(clubs.business_id, business.id))
    .orderBy(asc(clubs.created_at), asc(clubs.id));
  const tiers = await tiersOf(
    ctx.db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...row, tiers: tiers.get(row.id)! }));
}

/** Opens a club to members, or closes it to new ones (its members keep their memberships). */
export async function setClubStatus(
  ctx: ClubStatusContext,
  businessSlug: string,
  clubSlug: string,
  status: 'open' | 'closed',
): Promise<ClubRow> {
  const business = await managedBusiness(ctx, businessSlug);
  const [updated] = await ctx.db
    .update(clubs)
    .set({ status, updated_at: new Date() })
    .where(and(eq(clubs.business_id, business.id), eq(clubs.slug, clubSlug)))
    .returning();
  if (!updated) throw notFound('There is no such club.');
  await ctx.changes.record(businessChanged(business.id));
  return updated;
}

/** A club as buyers see it (open ones; its people also see drafts and closed ones), with its business. */
export async function publicClub(
  ctx: ClubsContext,
  businessSlug: string,
  clubSlug: string,
): Promise<ClubWithTiers & { business: BusinessRow }> {
  const business = await findBusinessBySlug(ctx, businessSlug);
  const [club] = business
    ? await ctx.db
        .select()
        .from(clubs)
        .where(and(eq(clubs.business_id, business.id), eq(clubs.slug, clubSlug)))
    : [];
  if (
    !business ||
    !club ||
    (club.status !== 'open' && !(await managesBusiness(ctx, business.id)))
  ) {
    throw notFound('There is no such club.');
  }
  const tiers = await tiersOf(ctx.db, [club.id]);
  return { ...club, tiers: tiers.get(club.id)!, business };
}

/** The open clubs of a business, for its public page. */
export async function openClubsOf(ctx: ClubsContext, businessId: number): Promise<ClubWithTiers[]> {
  const rows = await ctx.db
    .select()
    .from(clubs)
    .where(and(eq(clubs.business_id, businessId), eq(clubs.status, 'open')))
    .orderBy(asc(clubs.created_at));
  const tiers = await tiersOf(
    ctx.db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...row, tiers: tiers.get(row.id)! }));
}

/** The products of these subscriptions, by id, as their pages show them. */
export async function subscribedProducts(db: Db, productIds: number[]) {
  const rows = await db
    .select({ id: products.id, name: products.name, bottleImageUrl: products.bottle_image_url })
    .from(products)
    .where(inArray(products.id, productIds));
  return new Map(rows.map((row) => [row.id, row]));
}
