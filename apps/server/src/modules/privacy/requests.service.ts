import {
  normalizeEmail,
  privacyDeadline,
  type PrivacyLaw,
  type PrivacyRequestChannel,
  type PrivacyRequestKind,
  type PrivacyRequestStatus,
} from '@bevy/core';
import {
  lawOfRegion,
  privacyCompletionNoteSchema,
  privacyDeclineReasonSchema,
  privacyRequestSchema,
} from '@bevy/core/schemas';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { privacyRequests, users } from '../../db/tables';
import { requireAdmin, requireViewer } from '../../platform/access';
import type { ServiceContext } from '../../platform/context';
import { DomainError, fromZodError, notFound, tooManyRequests } from '../../platform/domain-error';
import { perEmailAndAddress, recordRequest } from '../accounts/index';
import { queueMail } from '../mail/index';
import { acknowledgementEmail, outcomeEmail } from './requests-emails';

/**
 * The privacy request queue (decision 025): the public form files a request with its legal
 * deadline and acknowledges it by email at once; admins answer it, and the requester is told.
 */

type RequestContext = Pick<ServiceContext, 'db' | 'viewer' | 'clock' | 'config' | 'ip'>;

/** Requests one person or one network may file within the window, like password resets. */
export const PRIVACY_REQUEST_LIMITS = {
  windowMs: 60 * 60 * 1000,
  maxPerEmail: 3,
  maxPerAddress: 10,
} as const;

/** Statuses an admin may answer with. */
export type PrivacyOutcome = Exclude<PrivacyRequestStatus, 'open'>;

/** Stands in for the requester's email once a request is answered (see the table). */
export const answeredStandIn = (id: number) => `privacy-request-${id}@answered.invalid`;

/**
 * Records a request answered as it arrives (a download, a GPC signal): its address is the
 * answered stand-in from the start, which needs its id, so it is inserted then set.
 */
export async function recordAnsweredRequest(
  db: Db,
  values: Omit<typeof privacyRequests.$inferInsert, 'requester_email' | 'status'>,
): Promise<void> {
  const [row] = await db
    .insert(privacyRequests)
    .values({ ...values, status: 'completed', requester_email: 'pending' })
    .returning({ id: privacyRequests.id });
  await db
    .update(privacyRequests)
    .set({ requester_email: answeredStandIn(row!.id) })
    .where(eq(privacyRequests.id, row!.id));
}

export interface PrivacyRequestView {
  id: number;
  kind: PrivacyRequestKind;
  law: PrivacyLaw;
  channel: PrivacyRequestChannel;
  status: PrivacyRequestStatus;
  requesterName: string | null;
  requesterEmail: string;
  details: string | null;
  receivedAt: Date;
  dueAt: Date;
  resolvedAt: Date | null;
  resolutionNote: string | null;
  account: { id: number; name: string; email: string } | null;
}

const viewColumns = {
  id: privacyRequests.id,
  kind: privacyRequests.kind,
  law: privacyRequests.law,
  channel: privacyRequests.channel,
  status: privacyRequests.status,
  requesterName: privacyRequests.requester_name,
  requesterEmail: privacyRequests.requester_email,
  details: privacyRequests.details,
  receivedAt: privacyRequests.received_at,
  dueAt: privacyRequests.due_at,
  resolvedAt: privacyRequests.resolved_at,
  resolutionNote: privacyRequests.resolution_note,
  accountId: users.id,
  accountName: users.name,
  accountEmail: users.email,
};

type ViewRow = { [K in keyof typeof viewColumns]: (typeof viewColumns)[K]['_']['data'] | null };

function toView({ accountId, accountName, accountEmail, ...row }: ViewRow): PrivacyRequestView {
  return {
    ...(row as Omit<PrivacyRequestView, 'account'>),
    account:
      accountId === null ? null : { id: accountId, name: accountName!, email: accountEmail! },
  };
}

function selectViews(db: Db) {
  return db
    .select(viewColumns)
    .from(privacyRequests)
    .leftJoin(users, eq(users.id, privacyRequests.user_id));
}

/** The account an email belongs to, unless it was deleted or disabled. */
/**
 * The account a request is linked to: the sender's own, when they are signed in and wrote its
 * email. A typed address proves nothing (anyone can type anyone's), so it alone links nothing.
 */
async function senderAccount(
  db: Db,
  viewer: RequestContext['viewer'],
  email: string,
): Promise<number | null> {
  if (!viewer) return null;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, viewer.id), eq(users.email, email), isNull(users.deleted_at)))
    .limit(1);
  return row?.id ?? null;
}

/**
 * Files a request from the public form: open, due one month (GDPR) or 45 days (CCPA) from now,
 * linked to the sender's account when they are signed in and wrote its email, and acknowledged
 * by email with its due date.
 */
export async function submitPrivacyRequest(
  ctx: RequestContext,
  input: unknown,
): Promise<{ id: number; law: PrivacyLaw; dueAt: Date }> {
  const parsed = privacyRequestSchema.safeParse(input);
  if (!parsed.success) throw fromZodError(parsed.error);
  const { name, kind, region, details } = parsed.data;
  const email = normalizeEmail(parsed.data.email);
  const now = ctx.clock.now();
  const limited = await recordRequest(
    ctx.db,
    'privacy-request',
    PRIVACY_REQUEST_LIMITS.windowMs,
    perEmailAndAddress(
      PRIVACY_REQUEST_LIMITS,
      { email, ip: ctx.ip },
      {
        email:
          'We already received several requests for this email address in the last hour. We answer each one; please wait for our reply.',
        address: 'Too many requests were sent from your network. Please try again in an hour.',
      },
    ),
    now,
  );
  if (limited) throw tooManyRequests(limited.message);
  const law = lawOfRegion(region);
  const dueAt = privacyDeadline(law, now);
  return ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const [row] = await db
      .insert(privacyRequests)
      .values({
        kind,
        law,
        channel: 'form',
        status: 'open',
        user_id: await senderAccount(db, ctx.viewer, email),
        requester_name: name,
        requester_email: email,
        details: details || null,
        received_at: now,
        due_at: dueAt,
      })
      .returning({ id: privacyRequests.id });
    await queueMail({ db, config: ctx.config }, [
      acknowledgementEmail(ctx.config, { to: email, name, kind, law, receivedAt: now, dueAt }),
    ]);
    return { id: row!.id, law, dueAt };
  });
}

/** The queue: open requests soonest due first; answered ones most recently answered first. */
export async function listPrivacyRequests(
  ctx: Pick<ServiceContext, 'db' | 'viewer'>,
  status: PrivacyRequestStatus | null,
  limit: number,
): Promise<PrivacyRequestView[]> {
  requireAdmin(ctx);
  const rows = await selectViews(ctx.db)
    .where(status ? eq(privacyRequests.status, status) : undefined)
    .orderBy(
      sql`${privacyRequests.status} = 'open' desc`,
      status === 'open' || status === null
        ? asc(privacyRequests.due_at)
        : desc(privacyRequests.resolved_at),
      desc(privacyRequests.id),
    )
    .limit(limit);
  return rows.map(toView);
}

/**
 * Answers an open request: completed (with an optional note) or declined (with the reason,
 * required). The requester is told by email; then their address is replaced by a stand-in,
 * which is all an answered request needs.
 */
export async function resolvePrivacyRequest(
  ctx: Pick<ServiceContext, 'db' | 'viewer' | 'clock' | 'config'>,
  input: { id: number; outcome: PrivacyOutcome; note: string | null },
): Promise<PrivacyRequestView> {
  const admin = requireAdmin(ctx);
  const noteSchema =
    input.outcome === 'declined' ? privacyDeclineReasonSchema : privacyCompletionNoteSchema;
  const note = noteSchema.safeParse(input.note ?? '');
  if (!note.success) {
    throw new DomainError('BAD_USER_INPUT', note.error.issues[0]!.message, 'note');
  }
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const [request] = await db
      .select()
      .from(privacyRequests)
      .where(eq(privacyRequests.id, input.id))
      .for('update');
    if (!request) throw notFound('There is no privacy request with that number.');
    if (request.status !== 'open') {
      throw new DomainError(
        'ALREADY_RESOLVED',
        `This request was already ${request.status}; refresh the list to see its answer.`,
      );
    }
    await db
      .update(privacyRequests)
      .set({
        status: input.outcome,
        resolved_at: now,
        resolved_by: admin.id,
        resolution_note: note.data || null,
        requester_email: answeredStandIn(request.id),
      })
      .where(eq(privacyRequests.id, request.id));
    await queueMail({ db, config: ctx.config }, [
      outcomeEmail(ctx.config, {
        to: request.requester_email,
        name: request.requester_name,
        kind: request.kind,
        receivedAt: request.received_at,
        outcome: input.outcome,
        note: note.data,
      }),
    ]);
  });
  const [row] = await selectViews(ctx.db).where(eq(privacyRequests.id, input.id));
  return toView(row!);
}

export interface OwnPrivacyRequest {
  id: number;
  kind: PrivacyRequestKind;
  status: PrivacyRequestStatus;
  channel: PrivacyRequestChannel;
  receivedAt: Date;
  dueAt: Date;
  resolvedAt: Date | null;
}

/** The signed-in person's own requests, newest first. */
export async function myPrivacyRequests(
  ctx: Pick<ServiceContext, 'db' | 'viewer'>,
  limit: number,
): Promise<OwnPrivacyRequest[]> {
  const viewer = requireViewer(ctx);
  return ctx.db
    .select({
      id: privacyRequests.id,
      kind: privacyRequests.kind,
      status: privacyRequests.status,
      channel: privacyRequests.channel,
      receivedAt: privacyRequests.received_at,
      dueAt: privacyRequests.due_at,
      resolvedAt: privacyRequests.resolved_at,
    })
    .from(privacyRequests)
    .where(eq(privacyRequests.user_id, viewer.id))
    .orderBy(desc(privacyRequests.received_at), desc(privacyRequests.id))
    .limit(limit);
}
