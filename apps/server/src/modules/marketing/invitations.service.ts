import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { invitationInputSchema, MARKETING_LIMITS, type InvitationKind } from '@bevy/core';
import type { Db } from '../../db/client';
import { businesses, clubs, events, invitations, marketingConsents } from '../../db/tables';
import type { ServiceContext } from '../../platform/context';
import { requireViewer } from '../../platform/access';
import {
  badInput,
  DomainError,
  fromZodError,
  notFound,
  tooManyRequests,
} from '../../platform/domain-error';
import { findUser } from '../accounts/index';
import { queueMail, suppressedAmong } from '../mail/index';
import { requestConsent } from './consent.service';
import { marketingBusiness } from './customers.service';
import { invitationEmail } from './marketing-emails';
import { isLinkToken, newLinkToken, tokenHash } from './tokens';

/**
 * Producers' invitations by email (deliverable 7): to follow, to join a club, to an event's
 * presale, or, for bars, restaurants and shops, to apply for a trade account vouched for by the
 * producer. Each is single use and expires; the link's secret is kept only as a hash. Addresses
 * that are suppressed or unsubscribed from the producer are not invited.
 */

type InvitationContext = Pick<ServiceContext, 'db' | 'viewer' | 'clock' | 'config' | 'ip'>;

/** Invitations one business may send in a day: enough for a real list, too few for spam. */
const DAILY_LIMIT = 500;

export type InvitationState = 'sent' | 'opened' | 'accepted' | 'expired' | 'revoked';

export interface InvitationView {
  id: number;
  kind: InvitationKind;
  email: string;
  subjectName: string | null;
  sentAt: Date;
  expiresAt: Date;
  openedAt: Date | null;
  acceptedAt: Date | null;
  state: InvitationState;
}

function stateOf(row: typeof invitations.$inferSelect, now: Date): InvitationState {
  if (row.accepted_at) return 'accepted';
  if (row.revoked_at) return 'revoked';
  if (row.expires_at <= now) return 'expired';
  return row.opened_at ? 'opened' : 'sent';
}

async function subjectOf(
  db: Db,
  businessId: number,
  kind: InvitationKind,
  input: { clubId?: number; eventId?: number },
) {
  if (kind === 'club') {
    const [club] = await db
      .select({ id: clubs.id, name: clubs.name })
      .from(clubs)
      .where(
        and(
          eq(clubs.id, input.clubId!),
          eq(clubs.business_id, businessId),
          eq(clubs.status, 'open'),
        ),
      );
    if (!club) throw badInput('Choose one of your open clubs.', 'clubId');
    return { clubId: club.id, eventId: null, name: club.name };
  }
  if (kind === 'event') {
    const [event] = await db
      .select({ id: events.id, title: events.title })
      .from(events)
      .where(
        and(
          eq(events.id, input.eventId!),
          eq(events.business_id, businessId),
          eq(events.status, 'scheduled'),
        ),
      );
    if (!event) throw badInput('Choose one of your upcoming events.', 'eventId');
    return { clubId: null, eventId: event.id, name: event.title };
  }
  return { clubId: null, eventId: null, name: null };
}

export async function sendInvitations(
  ctx: InvitationContext,
  slug: string,
  input: unknown,
): Promise<{ invited: string[]; skipped: string[] }> {
  const viewer = requireViewer(ctx);
  const parsed = invitationInputSchema.safeParse(input);
  if (!parsed.success) throw fromZodError(parsed.error);
  const business = await marketingBusiness(ctx, slug);
  const now = ctx.clock.now();
  const emails = [...new Set(parsed.data.emails.map((email) => email.toLowerCase()))];
  const subject = await subjectOf(ctx.db, business.id, parsed.data.kind, parsed.data);

  const [{ today } = { today: 0 }] = await ctx.db
    .select({ today: sql<number>`count(*)::int` })
    .from(invitations)
    .where(
      and(
        eq(invitations.business_id, business.id),
        gt(invitations.sent_at, new Date(now.getTime() - 86_400_000)),
      ),
    );
  if (today + emails.length > DAILY_LIMIT) {
    throw tooManyRequests(
      `A business can send at most ${DAILY_LIMIT} invitations a day; ${Math.max(0, DAILY_LIMIT - today)} are left today.`,
    );
  }

  const suppressed = await suppressedAmong(ctx.db, emails);
  const unsubscribed = new Set(
    (
      await ctx.db
        .select({ email: marketingConsents.email })
        .from(marketingConsents)
        .where(
          and(
            eq(marketingConsents.business_id, business.id),
            eq(marketingConsents.status, 'unsubscribed'),
          ),
        )
    ).map((row) => row.email),
  );
  // Invited already, and the invitation still open: a second would only repeat it.
  const open = new Set(
    (
      await ctx.db
        .select({ email: invitations.email })
        .from(invitations)
        .where(
          and(
            eq(invitations.business_id, business.id),
            eq(invitations.kind, parsed.data.kind),
            inArray(invitations.email, emails),
            isNull(invitations.accepted_at),
            isNull(invitations.revoked_at),
            gt(invitations.expires_at, now),
          ),
        )
    ).map((row) => row.email),
  );
  const invited: string[] = [];
  const skipped: string[] = [];
  const expiresAt = new Date(now.getTime() + MARKETING_LIMITS.invitationDays * 86_400_000);
  await ctx.db.transaction(async (db) => {
    for (const email of emails) {
      if (suppressed.has(email) || unsubscribed.has(email) || open.has(email)) {
        skipped.push(email);
        continue;
      }
      const token = newLinkToken();
      await db.insert(invitations).values({
        business_id: business.id,
        kind: parsed.data.kind,
        email,
        club_id: subject.clubId,
        event_id: subject.eventId,
        message: parsed.data.message,
        token_hash: tokenHash(token),
        invited_by: viewer.id,
        sent_at: now,
        expires_at: expiresAt,
      });
      await queueMail({ db, config: ctx.config }, [
        invitationEmail(ctx.config, {
          to: email,
          kind: parsed.data.kind,
          businessName: business.name,
          subjectName: subject.name,
          note: parsed.data.message,
          token,
          expiresAt,
        }),
      ]);
      invited.push(email);
    }
  });
  return { invited, skipped };
}

export async function listInvitations(
  ctx: InvitationContext,
  slug: string,
): Promise<InvitationView[]> {
  const business = await marketingBusiness(ctx, slug);
  const now = ctx.clock.now();
  const rows = await ctx.db
    .select({ invitation: invitations, clubName: clubs.name, eventTitle: events.title })
    .from(invitations)
    .leftJoin(clubs, eq(clubs.id, invitations.club_id))
    .leftJoin(events, eq(events.id, invitations.event_id))
    .where(eq(invitations.business_id, business.id))
    .orderBy(desc(invitations.sent_at), desc(invitations.id))
    .limit(500);
  return rows.map(({ invitation, clubName, eventTitle }) => ({
    id: invitation.id,
    kind: invitation.kind,
    email: invitation.email,
    subjectName: clubName ?? eventTitle ?? null,
    sentAt: invitation.sent_at,
    expiresAt: invitation.expires_at,
    openedAt: invitation.opened_at,
    acceptedAt: invitation.accepted_at,
    state: stateOf(invitation, now),
  }));
}

export async function revokeInvitation(ctx: InvitationContext, slug: string, id: number) {
  const business = await marketingBusiness(ctx, slug);
  const [row] = await ctx.db
    .update(invitations)
    .set({ revoked_at: ctx.clock.now() })
    .where(
      and(
        eq(invitations.id, id),
        eq(invitations.business_id, business.id),
        isNull(invitations.accepted_at),
      ),
    )
    .returning({ id: invitations.id });
  if (!row) throw notFound('There is no such invitation waiting.');
}

export interface PublicInvitation {
  kind: InvitationKind;
  businessName: string;
  businessSlug: string;
  subjectName: string | null;
  clubSlug: string | null;
  eventKey: string | null;
  message: string;
  email: string;
  expiresAt: Date;
  accepted: boolean;
}

const INVALID = 'This invitation link is not valid.';

async function invitationByToken(db: Db, token: string) {
  if (!isLinkToken(token)) throw notFound(INVALID);
  const [row] = await db
    .select({
      invitation: invitations,
      businessName: businesses.name,
      businessSlug: businesses.slug,
      clubName: clubs.name,
      clubSlug: clubs.slug,
      eventTitle: events.title,
      eventKey: events.url_key,
    })
    .from(invitations)
    .innerJoin(businesses, eq(businesses.id, invitations.business_id))
    .leftJoin(clubs, eq(clubs.id, invitations.club_id))
    .leftJoin(events, eq(events.id, invitations.event_id))
    .where(eq(invitations.token_hash, tokenHash(token)));
  if (!row) throw notFound(INVALID);
  return row;
}

function usable(row: Awaited<ReturnType<typeof invitationByToken>>, now: Date) {
  if (row.invitation.revoked_at)
    throw new DomainError('INVITATION_REVOKED', 'This invitation was withdrawn.');
  if (!row.invitation.accepted_at && row.invitation.expires_at <= now) {
    throw new DomainError(
      'INVITATION_EXPIRED',
      `This invitation has expired. Ask ${row.businessName} for a new one.`,
    );
  }
}

/** The invitation as its link opens it, without a log-in; the first opening is recorded. */
export async function openInvitation(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  token: string,
): Promise<PublicInvitation> {
  const row = await invitationByToken(ctx.db, token);
  const now = ctx.clock.now();
  usable(row, now);
  if (!row.invitation.opened_at) {
    await ctx.db
      .update(invitations)
      .set({ opened_at: now })
      .where(eq(invitations.id, row.invitation.id));
  }
  return {
    kind: row.invitation.kind,
    businessName: row.businessName,
    businessSlug: row.businessSlug,
    subjectName: row.clubName ?? row.eventTitle ?? null,
    clubSlug: row.clubSlug,
    eventKey: row.eventKey,
    message: row.invitation.message,
    email: row.invitation.email,
    expiresAt: row.invitation.expires_at,
    accepted: row.invitation.accepted_at !== null,
  };
}

/**
 * Accepts the invitation as the signed-in viewer, once. Following with marketing subscribes at
 * once when the viewer's address is the invited one (the link proved it), else asks by email.
 * Trade invitations make the producer the voucher of the viewer's wholesale application.
 */
export async function acceptInvitation(
  ctx: InvitationContext,
  token: string,
  options: { marketing: boolean },
): Promise<PublicInvitation> {
  const viewer = requireViewer(ctx);
  const row = await invitationByToken(ctx.db, token);
  const now = ctx.clock.now();
  usable(row, now);
  if (row.invitation.accepted_at && row.invitation.accepted_by !== viewer.id) {
    throw new DomainError('INVITATION_USED', 'This invitation has already been accepted.');
  }
  const user = await findUser(ctx.db, viewer.id);
  if (!user) throw notFound('There is no such account.');
  await ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const [claimed] = await db
      .update(invitations)
      .set({ accepted_at: now, accepted_by: viewer.id, opened_at: row.invitation.opened_at ?? now })
      .where(
        and(
          eq(invitations.id, row.invitation.id),
          isNull(invitations.accepted_at),
          // Withdrawn or expired since it was read: it cannot be accepted.
          isNull(invitations.revoked_at),
          gt(invitations.expires_at, now),
        ),
      )
      .returning({ id: invitations.id });
    if (!claimed) return; // Accepted already, by this viewer: nothing more to do.
    if (row.invitation.kind === 'follow' || options.marketing) {
      await db.execute(sql`
        insert into follows (business_id, user_id, created_at)
        values (${row.invitation.business_id}, ${viewer.id}, ${now.toISOString()}::timestamptz)
        on conflict do nothing`);
    }
    if (options.marketing) {
      const business = { id: row.invitation.business_id, name: row.businessName };
      await requestConsent(
        tx,
        business,
        { email: user.email, userId: user.id },
        'invitation',
        user.email.toLowerCase() === row.invitation.email,
      );
    }
  });
  return { ...(await openInvitation(ctx, token)), accepted: true };
}

/** The producer vouching for a buyer: the one whose trade invitation they accepted last. */
export async function tradeVoucherOf(db: Db, userId: number): Promise<number | null> {
  const [row] = await db
    .select({ businessId: invitations.business_id })
    .from(invitations)
    .where(and(eq(invitations.kind, 'trade'), eq(invitations.accepted_by, userId)))
    .orderBy(desc(invitations.accepted_at))
    .limit(1);
  return row?.businessId ?? null;
}
