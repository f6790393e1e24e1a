import {
  bottlesIn,
  customizationRefusal,
  isoDate,
  releaseTimeline,
  shiftDate,
  shipmentLinesInputSchema,
  type ReleaseTimeline,
} from '@bevy/core';
import { clubCardSchema, clubDeliverySchema } from '@bevy/core/club-join-schemas';
import { and, asc, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  clubReleases,
  clubs,
  clubShipments,
  clubTiers,
  memberships,
  products,
  type ShipmentLine,
} from '../../db/tables';
import { requireViewer } from '../../platform/access';
import type { ServiceContext } from '../../platform/context';
import { badInput, fromZodError, notFound } from '../../platform/domain-error';
import { findUser } from '../accounts/index';
import {
  fulfillmentRefusal,
  renewalTermsOf,
  saveMemberCard,
  savedCardColumns,
  type MembershipRow,
} from './memberships.service';
import { retryMemberCharges } from './club-run';
import { recordPaymentFailure } from '../checkout/index';
import type { ClubRow, TierRow } from './shipment-pricing';

/**
 * What a member changes themselves: a release's bottles (swap or add) and skipping it until the
 * cut-off, pausing until a date, the tier, where releases go, the card, and cancelling (never
 * harder than two clicks: the web app asks once to confirm, then this).
 */

type MemberContext = Pick<
  ServiceContext,
  'db' | 'viewer' | 'clock' | 'payments' | 'config' | 'log'
>;

export interface OwnMembership {
  membership: MembershipRow;
  club: ClubRow;
  tier: TierRow;
}

/** The viewer's own membership; someone else's is "not found", never "forbidden". */
export async function ownMembership(
  ctx: Pick<ServiceContext, 'db' | 'viewer'>,
  membershipId: number,
): Promise<OwnMembership> {
  const viewer = requireViewer(ctx);
  const [found] = await ctx.db
    .select({ membership: memberships, club: clubs, tier: clubTiers })
    .from(memberships)
    .innerJoin(clubs, eq(clubs.id, memberships.club_id))
    .innerJoin(clubTiers, eq(clubTiers.id, memberships.tier_id))
    .where(and(eq(memberships.id, membershipId), eq(memberships.user_id, viewer.id)));
  if (!found) throw notFound('There is no such membership.');
  return found;
}

const requireLive = (membership: MembershipRow) => {
  if (membership.status === 'cancelled') throw badInput('This membership is cancelled.');
};

/**
 * The club's next release members can still hear of: scheduled (or running) from today on. For
 * a subscriber (`nextChargeOn` given), the release of their own next order.
 */
export async function nextReleaseOf(
  db: Db,
  clubId: number,
  today: string,
  nextChargeOn: string | null = null,
) {
  const [release] = await db
    .select()
    .from(clubReleases)
    .where(
      and(
        eq(clubReleases.club_id, clubId),
        inArray(clubReleases.status, ['scheduled', 'running']),
        gte(clubReleases.charge_on, today),
        nextChargeOn === null ? undefined : eq(clubReleases.charge_on, nextChargeOn),
      ),
    )
    .orderBy(asc(clubReleases.charge_on))
    .limit(1);
  return release ?? null;
}

export const timelineOf = (club: ClubRow, chargeOn: string): ReleaseTimeline =>
  releaseTimeline(chargeOn, { noticeDays: club.notice_days, cutoffDays: club.cutoff_days });

/** The release the member may still change, or why not. */
async function changeableRelease(ctx: MemberContext, own: OwnMembership, releaseId: number) {
  requireLive(own.membership);
  const [release] = await ctx.db
    .select()
    .from(clubReleases)
    .where(and(eq(clubReleases.id, releaseId), eq(clubReleases.club_id, own.club.id)));
  const theirs =
    own.membership.next_charge_on === null || release?.charge_on === own.membership.next_charge_on;
  if (!release || release.status !== 'scheduled' || !theirs) {
    throw notFound('There is no such release.');
  }
  const today = isoDate(ctx.clock.now());
  const refusal = customizationRefusal(
    Number.MAX_SAFE_INTEGER,
    0,
    today,
    timelineOf(own.club, release.charge_on),
  );
  if (refusal) throw badInput(refusal);
  return release;
}

/** The member's shipment of a release, made now if the run has not made it yet. */
async function shipmentFor(db: Db, releaseId: number, membershipId: number) {
  await db
    .insert(clubShipments)
    .values({ release_id: releaseId, membership_id: membershipId })
    .onConflictDoNothing();
  const [shipment] = await db
    .select()
    .from(clubShipments)
    .where(
      and(eq(clubShipments.release_id, releaseId), eq(clubShipments.membership_id, membershipId)),
    );
  return shipment!;
}

/**
 * Swaps or adds bottles of a release, until its cut-off: the producer's published products, at
 * least the tier's bottles (exactly them on a fixed price, which covers the tier's bottles).
 */
export async function changeReleaseLines(
  ctx: MemberContext,
  membershipId: number,
  releaseId: number,
  rawLines: unknown,
) {
  const parsed = shipmentLinesInputSchema.safeParse(rawLines);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => ({
      ...issue,
      path: ['lines', ...issue.path],
    }));
    throw fromZodError({ issues });
  }
  const lines: ShipmentLine[] = parsed.data;
  const own = await ownMembership(ctx, membershipId);
  const release = await changeableRelease(ctx, own, releaseId);
  const ids = [...new Set(lines.map((line) => line.productId))];
  if (ids.length !== lines.length) throw badInput('Each product once, please.', 'lines');
  const sold = await ctx.db
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        inArray(products.id, ids),
        eq(products.business_id, own.club.business_id),
        eq(products.status, 'published'),
      ),
    );
  if (sold.length !== ids.length) {
    throw badInput('Choose among the products this producer sells now.', 'lines');
  }
  const bottles = bottlesIn(lines);
  const { tier } = own;
  if (tier.price_basis === 'fixed' && bottles !== tier.bottles) {
    throw badInput(
      `Your tier’s price covers ${tier.bottles} bottles: swap bottles, keeping ${tier.bottles}.`,
      'lines',
    );
  }
  const refusal = customizationRefusal(
    bottles,
    tier.bottles,
    isoDate(ctx.clock.now()),
    timelineOf(own.club, release.charge_on),
  );
  if (refusal) throw badInput(refusal, 'lines');
  const shipment = await shipmentFor(ctx.db, release.id, membershipId);
  await ctx.db
    .update(clubShipments)
    .set({ lines, updated_at: new Date() })
    .where(and(eq(clubShipments.id, shipment.id), eq(clubShipments.outcome, 'pending')));
}

/** The releases a member skipped in the year up to `day`. */
export async function skipsUsedBefore(db: Db, membershipId: number, day: string): Promise<number> {
  const [row] = await db
    .select({ used: sql<number>`count(*)::int` })
    .from(clubShipments)
    .innerJoin(clubReleases, eq(clubReleases.id, clubShipments.release_id))
    .where(
      and(
        eq(clubShipments.membership_id, membershipId),
        isNotNull(clubShipments.skipped_at),
        gte(clubReleases.charge_on, shiftDate(day, -364)),
      ),
    );
  return row!.used;
}

/** Skips a release (or takes the skip back) until its cut-off, within the club's skips a year. */
export async function skipRelease(
  ctx: MemberContext,
  membershipId: number,
  releaseId: number,
  skip: boolean,
) {
  const own = await ownMembership(ctx, membershipId);
  const release = await changeableRelease(ctx, own, releaseId);
  if (skip) {
    const used = await skipsUsedBefore(ctx.db, membershipId, release.charge_on);
    if (used >= own.club.skips_per_year) {
      throw badInput(
        own.club.skips_per_year === 0
          ? `${own.club.name} does not offer skips. You can pause or cancel instead.`
          : `You have used your ${own.club.skips_per_year} skip${own.club.skips_per_year === 1 ? '' : 's'} for the year. You can pause or cancel instead.`,
      );
    }
  }
  const shipment = await shipmentFor(ctx.db, release.id, membershipId);
  await ctx.db
    .update(clubShipments)
    .set(
      skip
        ? { outcome: 'skipped', skipped_at: ctx.clock.now(), updated_at: new Date() }
        : { outcome: 'pending', skipped_at: null, updated_at: new Date() },
    )
    .where(
      and(
        eq(clubShipments.id, shipment.id),
        inArray(clubShipments.outcome, skip ? ['pending'] : ['skipped']),
      ),
    );
}

/** Pauses the membership until a date (releases before it are skipped), or resumes it now. */
export async function pauseMembership(
  ctx: MemberContext,
  membershipId: number,
  until: string | null,
) {
  const own = await ownMembership(ctx, membershipId);
  requireLive(own.membership);
  const today = isoDate(ctx.clock.now());
  if (until !== null && (until <= today || until > shiftDate(today, 366))) {
    throw badInput('Choose a date from tomorrow to a year from now.', 'until');
  }
  await ctx.db
    .update(memberships)
    .set({
      status: until ? 'paused' : 'active',
      paused_until: until,
      status_reason: null,
      updated_at: new Date(),
    })
    .where(eq(memberships.id, membershipId));
}

/** Cancels the membership at once; releases not yet charged are not sent. */
export async function cancelMembership(
  ctx: MemberContext,
  membershipId: number,
  reason: string | null,
) {
  const own = await ownMembership(ctx, membershipId);
  if (own.membership.status === 'cancelled') return;
  await endMembership(ctx.db, membershipId, reason?.trim().slice(0, 500) || null, ctx.clock.now());
}

/**
 * Ends a membership (the member, or the producer for them): its pending shipments go, a held one
 * is skipped, and one waiting for a retry is never retried: its order fails and gives its stock
 * back. A charge already under way (a run mid-batch) is left to finish.
 */
export async function endMembership(db: Db, membershipId: number, reason: string | null, at: Date) {
  await db.transaction(async (tx) => {
    const inTx = tx as unknown as Db;
    await inTx
      .update(clubShipments)
      .set({ outcome: 'skipped', skipped_at: at, lease_until: null, updated_at: new Date() })
      .where(and(eq(clubShipments.membership_id, membershipId), eq(clubShipments.outcome, 'held')));
    const unretried = await inTx
      .update(clubShipments)
      .set({
        outcome: 'declined',
        next_try_on: null,
        decline_code: 'membership_cancelled',
        decline_message: CANCELLED_BEFORE_RETRY,
        updated_at: new Date(),
      })
      .where(
        and(eq(clubShipments.membership_id, membershipId), eq(clubShipments.outcome, 'retrying')),
      )
      .returning({ checkoutId: clubShipments.checkout_id });
    for (const { checkoutId } of unretried) {
      await recordPaymentFailure(
        inTx,
        checkoutId!,
        { code: 'PAYMENT_FAILED', message: CANCELLED_BEFORE_RETRY },
        { paymentId: null, failureCode: 'membership_cancelled' },
      );
    }
    await inTx
      .update(memberships)
      .set({
        status: 'cancelled',
        paused_until: null,
        cancelled_at: at,
        status_reason: reason,
        updated_at: new Date(),
      })
      .where(eq(memberships.id, membershipId));
    await inTx
      .delete(clubShipments)
      .where(
        and(eq(clubShipments.membership_id, membershipId), eq(clubShipments.outcome, 'pending')),
      );
  });
}

const CANCELLED_BEFORE_RETRY = 'The membership was cancelled before the card was tried again.';

/** Moves to another tier of the club, from the next release not yet charged. */
export async function changeTier(ctx: MemberContext, membershipId: number, tierId: number) {
  const own = await ownMembership(ctx, membershipId);
  requireLive(own.membership);
  const [tier] = await ctx.db
    .select()
    .from(clubTiers)
    .where(and(eq(clubTiers.id, tierId), eq(clubTiers.club_id, own.club.id)));
  if (!tier) throw badInput('Choose one of this club’s tiers.', 'tierId');
  await ctx.db
    .update(memberships)
    .set({
      tier_id: tier.id,
      // The member saw and confirmed the new tier's terms, which name its amount.
      renewal_terms: renewalTermsOf(own.club, tier, own.membership.cadence),
      renewal_consent_at: ctx.clock.now(),
      updated_at: new Date(),
    })
    .where(eq(memberships.id, membershipId));
  // Lines chosen for the old tier would not fit the new one.
  await ctx.db
    .update(clubShipments)
    .set({ lines: null })
    .where(
      and(eq(clubShipments.membership_id, membershipId), eq(clubShipments.outcome, 'pending')),
    );
}

/** Changes how releases reach the member, checked as at joining. */
export async function changeDelivery(ctx: MemberContext, membershipId: number, raw: unknown) {
  const parsed = clubDeliverySchema.safeParse(raw);
  if (!parsed.success) throw fromZodError(parsed.error);
  const { mode, address } = parsed.data;
  const own = await ownMembership(ctx, membershipId);
  requireLive(own.membership);
  const refusal = await fulfillmentRefusal(ctx, own.club, mode, address);
  if (refusal) throw refusal;
  await ctx.db
    .update(memberships)
    .set({ fulfillment_mode: mode, address, updated_at: new Date() })
    .where(eq(memberships.id, membershipId));
}

/**
 * Saves a new card for the membership; a charge waiting for its retry is tried again at once
 * with it (and the member sees the outcome when the page reloads).
 */
export async function updateCard(ctx: MemberContext, membershipId: number, raw: unknown) {
  const parsed = clubCardSchema.safeParse(raw);
  if (!parsed.success) throw fromZodError(parsed.error);
  const own = await ownMembership(ctx, membershipId);
  requireLive(own.membership);
  const user = (await findUser(ctx.db, own.membership.user_id))!;
  const saved = await saveMemberCard(
    ctx,
    user,
    parsed.data.payment,
    `club-card:${user.id}:${parsed.data.idempotencyKey}`,
  );
  const today = isoDate(ctx.clock.now());
  await ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    await db
      .update(memberships)
      .set({ ...savedCardColumns(saved), updated_at: new Date() })
      .where(eq(memberships.id, membershipId));
    await db
      .update(clubShipments)
      .set({ next_try_on: today })
      .where(
        and(eq(clubShipments.membership_id, membershipId), eq(clubShipments.outcome, 'retrying')),
      );
  });
  await retryMemberCharges(ctx, membershipId);
}
