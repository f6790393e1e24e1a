import { and, asc, eq, gt, isNotNull, or, sql } from 'drizzle-orm';
import { consentText, MARKETING_LIMITS, type UnsubscribeMethod } from '@bevy/core';
import { businesses, follows, marketingConsents } from '../../db/tables';
import type { ServiceContext } from '../../platform/context';
import { requireViewer } from '../../platform/access';
import { notFound, tooManyRequests } from '../../platform/domain-error';
import { emailSubject, findUser, recordRequest } from '../accounts/index';
import { findBusinessBySlug, type BusinessRow } from '../businesses/index';
import { queueMail } from '../mail/index';
import { confirmationEmail } from './marketing-emails';
import { isLinkToken, newLinkToken, tokenHash } from './tokens';

/**
 * Following a business and consenting to its marketing (decision 021). Consent is double
 * opt-in: asking records the words agreed to and mails a link; only the link makes it
 * 'subscribed'. Withdrawing takes effect at once, whatever the route.
 */

type ConsentContext = Pick<ServiceContext, 'db' | 'viewer' | 'clock' | 'config' | 'ip'>;

const RESEND_AFTER_MS = 10 * 60_000;
const CONFIRMATIONS_PER_HOUR = 5;
const TOO_MANY_CONFIRMATIONS =
  'We sent several confirmation emails to this address in the last hour. Open one of them, or try again later.';

export interface FollowState {
  businessId: number;
  following: boolean;
  consent: 'pending' | 'subscribed' | 'unsubscribed' | null;
}

async function publicBusiness(ctx: Pick<ServiceContext, 'db'>, slug: string) {
  const business = await findBusinessBySlug(ctx, slug);
  if (!business) throw notFound('There is no business at that address.');
  return business;
}

/** The viewer's follow and consent for one business. */
export async function followState(
  ctx: Pick<ServiceContext, 'db' | 'viewer'>,
  businessId: number,
): Promise<FollowState> {
  if (!ctx.viewer) return { businessId, following: false, consent: null };
  const user = await findUser(ctx.db, ctx.viewer.id);
  const [[follow], [consent]] = await Promise.all([
    ctx.db
      .select({ at: follows.created_at })
      .from(follows)
      .where(and(eq(follows.business_id, businessId), eq(follows.user_id, ctx.viewer.id))),
    ctx.db
      .select({ status: marketingConsents.status })
      .from(marketingConsents)
      .where(
        and(
          eq(marketingConsents.business_id, businessId),
          eq(marketingConsents.email, (user?.email ?? '').toLowerCase()),
        ),
      ),
  ]);
  return { businessId, following: Boolean(follow), consent: consent?.status ?? null };
}

/**
 * Asks for consent for `email` to `business`'s marketing: a pending record with the words agreed
 * to, and the confirmation email. Already subscribed, nothing changes.
 */
export async function requestConsent(
  ctx: ConsentContext,
  business: Pick<BusinessRow, 'id' | 'name'>,
  person: { email: string; userId: number | null },
  source: 'follow' | 'invitation',
  /** The address was proved already (an invitation's link reached it): no confirmation mail. */
  addressProven = false,
): Promise<void> {
  const email = person.email.toLowerCase();
  const now = ctx.clock.now();
  const [existing] = await ctx.db
    .select({ status: marketingConsents.status, requestedAt: marketingConsents.requested_at })
    .from(marketingConsents)
    .where(and(eq(marketingConsents.business_id, business.id), eq(marketingConsents.email, email)));
  if (existing?.status === 'subscribed') return;
  if (!addressProven) {
    // The link sent a moment ago still works: asking again sends nothing new.
    if (
      existing?.status === 'pending' &&
      now.getTime() - existing.requestedAt.getTime() < RESEND_AFTER_MS
    ) {
      return;
    }
    // Confirmations go to any address an account names: few an hour, so none can flood a stranger.
    const refused = await recordRequest(
      ctx.db,
      'marketing.confirmation',
      3_600_000,
      [
        {
          subject: emailSubject(email),
          max: CONFIRMATIONS_PER_HOUR,
          message: TOO_MANY_CONFIRMATIONS,
        },
      ],
      now,
    );
    if (refused) throw tooManyRequests(refused.message);
  }
  const token = newLinkToken();
  const record = {
    user_id: person.userId,
    status: addressProven ? ('subscribed' as const) : ('pending' as const),
    source,
    consent_text: consentText(business.name),
    requested_at: now,
    requested_ip: ctx.ip ?? null,
    confirmed_at: addressProven ? now : null,
    token_hash: tokenHash(token),
    token_expires_at: new Date(now.getTime() + MARKETING_LIMITS.confirmationDays * 86_400_000),
    withdrawn_at: null,
    withdrawn_via: null,
    withdrawn_campaign_id: null,
  };
  await ctx.db
    .insert(marketingConsents)
    .values({ business_id: business.id, email, ...record })
    .onConflictDoUpdate({
      target: [marketingConsents.business_id, marketingConsents.email],
      set: record,
    });
  if (!addressProven) {
    await queueMail(ctx, [confirmationEmail(ctx.config, { to: email, business, token })]);
  }
}

/** Follows the business; with `marketing`, asks for consent to its email too. */
export async function followBusiness(
  ctx: ConsentContext,
  slug: string,
  options: { marketing: boolean },
): Promise<FollowState> {
  const viewer = requireViewer(ctx);
  const business = await publicBusiness(ctx, slug);
  const user = await findUser(ctx.db, viewer.id);
  if (!user) throw notFound('There is no such account.');
  await ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    await db
      .insert(follows)
      .values({ business_id: business.id, user_id: viewer.id, created_at: ctx.clock.now() })
      .onConflictDoNothing();
    if (options.marketing) {
      await requestConsent(tx, business, { email: user.email, userId: user.id }, 'follow');
    }
  });
  return followState(ctx, business.id);
}

/** Stops following, and stops the business's marketing mail to the viewer with it. */
export async function unfollowBusiness(ctx: ConsentContext, slug: string): Promise<FollowState> {
  const viewer = requireViewer(ctx);
  const business = await publicBusiness(ctx, slug);
  await ctx.db
    .delete(follows)
    .where(and(eq(follows.business_id, business.id), eq(follows.user_id, viewer.id)));
  await withdrawViewerConsent(ctx, business.id);
  return followState(ctx, business.id);
}

/** The viewer's consent to one business's email: withdrawn at once, or asked for again. */
export async function setMarketingConsent(
  ctx: ConsentContext,
  businessId: number,
  subscribed: boolean,
): Promise<FollowState> {
  const viewer = requireViewer(ctx);
  const [business] = await ctx.db
    .select({ id: businesses.id, name: businesses.name })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  if (!business) throw notFound('There is no such business.');
  if (subscribed) {
    const user = await findUser(ctx.db, viewer.id);
    if (!user) throw notFound('There is no such account.');
    await requestConsent(ctx, business, { email: user.email, userId: user.id }, 'follow');
  } else {
    await withdrawViewerConsent(ctx, business.id);
  }
  return followState(ctx, business.id);
}

async function withdrawViewerConsent(ctx: ConsentContext, businessId: number) {
  const user = await findUser(ctx.db, requireViewer(ctx).id);
  if (!user) return;
  await withdrawConsent(ctx, { businessId, email: user.email }, 'account', null);
}

/** Ends consent at once (idempotent: the first withdrawal's time and method stay). */
export async function withdrawConsent(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  who: { businessId: number; email: string },
  method: UnsubscribeMethod,
  campaignId: number | null,
): Promise<void> {
  await ctx.db
    .update(marketingConsents)
    .set({
      status: 'unsubscribed',
      withdrawn_at: ctx.clock.now(),
      withdrawn_via: method,
      withdrawn_campaign_id: campaignId,
      token_hash: null,
    })
    .where(
      and(
        eq(marketingConsents.business_id, who.businessId),
        eq(marketingConsents.email, who.email.toLowerCase()),
        or(eq(marketingConsents.status, 'subscribed'), eq(marketingConsents.status, 'pending')),
      ),
    );
}

/**
 * Confirms consent from the emailed link. The link needs no log-in: it proves the address. A
 * link already used says so again rather than failing.
 */
export async function confirmConsent(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  token: string,
): Promise<{ businessName: string; businessSlug: string }> {
  const gone = notFound('This confirmation link is not valid or has expired.');
  if (!isLinkToken(token)) throw gone;
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .select({
      id: marketingConsents.id,
      status: marketingConsents.status,
      name: businesses.name,
      slug: businesses.slug,
    })
    .from(marketingConsents)
    .innerJoin(businesses, eq(businesses.id, marketingConsents.business_id))
    .where(
      and(
        eq(marketingConsents.token_hash, tokenHash(token)),
        isNotNull(marketingConsents.token_expires_at),
        gt(marketingConsents.token_expires_at, now),
      ),
    );
  if (!row || row.status === 'unsubscribed') throw gone;
  if (row.status === 'pending') {
    await ctx.db
      .update(marketingConsents)
      .set({ status: 'subscribed', confirmed_at: now })
      .where(and(eq(marketingConsents.id, row.id), eq(marketingConsents.status, 'pending')));
  }
  return { businessName: row.name, businessSlug: row.slug };
}

export interface FollowedBusiness {
  businessId: number;
  slug: string;
  name: string;
  following: boolean;
  followedAt: Date | null;
  consent: 'pending' | 'subscribed' | 'unsubscribed' | null;
  consentChangedAt: Date | null;
}

/** What the viewer follows or receives, for /consumer. */
export async function myFollows(
  ctx: Pick<ServiceContext, 'db' | 'viewer'>,
): Promise<FollowedBusiness[]> {
  const viewer = requireViewer(ctx);
  const user = await findUser(ctx.db, viewer.id);
  if (!user) return [];
  const rows = await ctx.db
    .select({
      businessId: businesses.id,
      slug: businesses.slug,
      name: businesses.name,
      followedAt: follows.created_at,
      consent: marketingConsents.status,
      consentChangedAt:
        sql<Date | null>`coalesce(${marketingConsents.withdrawn_at}, ${marketingConsents.confirmed_at}, ${marketingConsents.requested_at})`.mapWith(
          (value: string | Date | null) => (value === null ? null : new Date(value)),
        ),
    })
    .from(businesses)
    .leftJoin(follows, and(eq(follows.business_id, businesses.id), eq(follows.user_id, viewer.id)))
    .leftJoin(
      marketingConsents,
      and(
        eq(marketingConsents.business_id, businesses.id),
        eq(marketingConsents.email, user.email.toLowerCase()),
      ),
    )
    .where(or(isNotNull(follows.user_id), isNotNull(marketingConsents.id)))
    .orderBy(asc(businesses.name));
  return rows.map((row) => ({
    ...row,
    following: row.followedAt !== null,
    consent: row.consent ?? null,
  }));
}
