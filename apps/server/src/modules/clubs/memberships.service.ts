import {
  isOfLegalAge,
  isoDate,
  renewalTerms,
  UNDER_AGE_MESSAGE,
  type ClubCadence,
  type FulfillmentMode,
} from '@bevy/core';
import { joinClubSchema, type JoinClubDraft } from '@bevy/core/club-join-schemas';
import type { OrderAddress, PaymentInput } from '@bevy/core/checkout-schemas';
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { businesses, clubs, clubTiers, memberships } from '../../db/tables';
import { requireViewer } from '../../platform/access';
import type { ServiceContext } from '../../platform/context';
import type { DomainError } from '../../platform/domain-error';
import { badInput, fromZodError, notFound } from '../../platform/domain-error';
import type { PaymentSource, SaveCardOutcome } from '../../platform/payment-provider';
import { findUser } from '../accounts/index';
import { fulfillmentProblems, loadCatalog } from '../checkout/index';
import { locateZip } from '../geo/index';
import { queueMail } from '../mail/index';
import { joinedEmail } from './club-emails';
import { ensureSubscriptionReleases } from './releases.service';

export type MembershipRow = typeof memberships.$inferSelect;

type JoinContext = Pick<ServiceContext, 'db' | 'viewer' | 'payments' | 'clock' | 'config' | 'log'>;

export const ALREADY_MEMBER = 'You are already a member of this club.';

/** The open club at /business/{businessSlug}/clubs/{clubSlug}, with its business. */
async function openClub(db: Db, businessSlug: string, clubSlug: string) {
  const [found] = await db
    .select({ club: clubs, business: businesses })
    .from(clubs)
    .innerJoin(businesses, eq(businesses.id, clubs.business_id))
    .where(and(eq(businesses.slug, businessSlug), eq(clubs.slug, clubSlug)));
  if (!found || found.club.status !== 'open') {
    throw notFound('This club is not taking members.');
  }
  return found;
}

/** How a club offers its releases, as the member's choice is checked against it. */
const offers = (club: typeof clubs.$inferSelect, mode: FulfillmentMode) =>
  mode === 'pickup'
    ? club.offers_pickup
    : mode === 'delivery'
      ? club.offers_delivery
      : club.offers_shipping;

/**
 * Why releases cannot reach the member this way: the club does not offer it, or the producer
 * may not deliver or ship to the address (the checkout's rules). Null when they can.
 */
export async function fulfillmentRefusal(
  ctx: Pick<ServiceContext, 'db' | 'payments'>,
  club: typeof clubs.$inferSelect,
  mode: FulfillmentMode,
  address: OrderAddress | null,
): Promise<DomainError | null> {
  if (!offers(club, mode)) {
    const what = mode === 'pickup' ? 'pickup' : mode === 'delivery' ? 'delivery' : 'shipping';
    return badInput(`${club.name} does not offer ${what}.`, 'mode');
  }
  const catalog = await loadCatalog(ctx, [], [club.business_id]);
  const business = catalog.businesses.get(club.business_id)!;
  const [problem] = fulfillmentProblems(business, { mode, address }, 'x', 'retail', locateZip);
  return problem ? badInput(problem.message, problem.field?.replace(/^x\./, '')) : null;
}

/**
 * Joins the viewer to an open club: 21 or older today, a tier of the club, a way to receive
 * releases that the producer may use to this address, a card saved for off-session charges, and
 * the separate consent to automatic renewal, whose words (naming amount and cadence) the server
 * writes. A confirmation email is queued with the membership.
 */
export async function joinClub(
  ctx: JoinContext,
  businessSlug: string,
  clubSlug: string,
  draft: JoinClubDraft,
): Promise<MembershipRow> {
  const viewer = requireViewer(ctx);
  const parsed = joinClubSchema.safeParse(draft);
  if (!parsed.success) throw fromZodError(parsed.error);
  const input = parsed.data;
  const { club } = await openClub(ctx.db, businessSlug, clubSlug);
  const today = isoDate(ctx.clock.now());
  const user = (await findUser(ctx.db, viewer.id))!;
  if (!isOfLegalAge(user.date_of_birth, today)) throw badInput(UNDER_AGE_MESSAGE);
  const [tier] = await ctx.db
    .select()
    .from(clubTiers)
    .where(and(eq(clubTiers.id, input.tierId), eq(clubTiers.club_id, club.id)));
  if (!tier) throw badInput('Choose one of this club’s tiers.', 'tierId');
  const cadence = club.subscription_cadences ? input.cadence : null;
  if (club.subscription_cadences && !club.subscription_cadences.includes(cadence!)) {
    throw badInput('Choose how often your order comes.', 'cadence');
  }
  const refusal = await fulfillmentRefusal(ctx, club, input.mode, input.address);
  if (refusal) throw refusal;
  const [live] = await ctx.db
    .select({ id: memberships.id })
    .from(memberships)
    .where(
      and(
        eq(memberships.club_id, club.id),
        eq(memberships.user_id, viewer.id),
        // A cancelled membership leaves room for a new one.
        ne(memberships.status, 'cancelled'),
      ),
    );
  if (live) throw badInput(ALREADY_MEMBER);

  const saved = await saveMemberCard(
    ctx,
    user,
    input.payment,
    `club-join:${viewer.id}:${input.idempotencyKey}`,
  );

  const terms = renewalTermsOf(club, tier, cadence);
  try {
    return await ctx.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      const [membership] = await db
        .insert(memberships)
        .values({
          club_id: club.id,
          tier_id: tier.id,
          user_id: viewer.id,
          fulfillment_mode: input.mode,
          address: input.address,
          contact_phone: input.phone,
          ...savedCardColumns(saved),
          renewal_consent_at: ctx.clock.now(),
          renewal_terms: terms,
          joined_on: today,
          // A subscriber's first order is placed today, by the next turn of the calendar.
          cadence,
          next_charge_on: cadence ? today : null,
        })
        .returning();
      if (cadence) await ensureSubscriptionReleases(db, club, [today]);
      await queueMail({ db, config: ctx.config }, [
        joinedEmail(ctx.config, { user, club, tier, membership: membership! }),
      ]);
      return membership!;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'memberships_one_live_idx')) throw badInput(ALREADY_MEMBER);
    throw error;
  }
}

/** A card saved at the provider for a member's off-session charges, or the decline thrown. */
export async function saveMemberCard(
  ctx: Pick<ServiceContext, 'payments'>,
  user: { email: string },
  payment: PaymentInput,
  idempotencyKey: string,
) {
  const source: PaymentSource = payment.card
    ? { kind: 'card', ...payment.card }
    : { kind: 'payment_method', id: payment.paymentMethodId! };
  const saved = await ctx.payments.saveCard({ source, email: user.email, idempotencyKey });
  if (saved.status === 'declined') throw badInput(saved.message, 'payment.card');
  return saved;
}

/** A saved card as a membership's columns. */
export const savedCardColumns = (saved: Extract<SaveCardOutcome, { status: 'saved' }>) => ({
  card_customer_id: saved.customerId,
  card_payment_method_id: saved.paymentMethodId,
  card_brand: saved.brand,
  card_last4: saved.last4,
  card_exp_month: saved.expMonth,
  card_exp_year: saved.expYear,
});

/** The viewer's membership of the club that is not cancelled, if any. */
export async function liveMembershipId(
  ctx: Pick<ServiceContext, 'db' | 'viewer'>,
  clubId: number,
): Promise<number | null> {
  if (!ctx.viewer) return null;
  const [live] = await ctx.db
    .select({ id: memberships.id })
    .from(memberships)
    .where(
      and(
        eq(memberships.club_id, clubId),
        eq(memberships.user_id, ctx.viewer.id),
        ne(memberships.status, 'cancelled'),
      ),
    );
  return live?.id ?? null;
}

/** The renewal terms of a tier of a club, in the words its members agree to. */
export function renewalTermsOf(
  club: typeof clubs.$inferSelect,
  tier: typeof clubTiers.$inferSelect,
  /** A subscriber's own cadence. */
  cadence?: ClubCadence | null,
): string {
  return renewalTerms(
    {
      name: club.name,
      cadence: cadence ?? club.cadence,
      subscription: club.subscription_cadences !== null,
      memberDiscountBasisPoints: club.member_discount_bp,
      minimumReleases: club.minimum_releases,
      noticeDays: club.notice_days,
    },
    {
      name: tier.name,
      bottles: tier.bottles,
      priceBasis: tier.price_basis,
      fixedPriceCents: tier.fixed_price_cents,
    },
  );
}
