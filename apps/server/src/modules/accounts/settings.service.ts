import { SESSION_IDLE_MS } from '@bevy/core';
import { passwordSchema, signUpSchema } from '@bevy/core/schemas';
import { and, desc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/tables';
import { requireViewer } from '../../platform/access';
import type { ServiceContext } from '../../platform/context';
import { badInput, notFound, tooManyRequests } from '../../platform/domain-error';
import { findUser, type UserRow } from './accounts.service';
import { hashPassword, verifyPassword, weakPasswordProblem } from './password';
import { recordRequest } from './rate-limits';
import { endAllSessions, endOtherSessions, endSession, sessionRef } from './sessions';
import { describeUserAgent, partialAddress } from './user-agent';

type Ctx = Pick<ServiceContext, 'db' | 'viewer' | 'clock'>;

/** Attempts with the current password per account and hour: guessing it takes forever. */
export const PASSWORD_CHECK_LIMIT = { windowMs: 60 * 60 * 1000, max: 10 } as const;

/** The most sessions listed; a person rarely has more than a handful alive. */
export const MAX_LISTED_SESSIONS = 50;

/** The signed-in person's own row, or UNAUTHENTICATED. */
export async function viewerRow(ctx: Pick<ServiceContext, 'db' | 'viewer'>): Promise<UserRow> {
  const viewer = requireViewer(ctx);
  const user = await findUser(ctx.db, viewer.id);
  if (!user) throw notFound('Your account no longer exists.');
  return user;
}

/**
 * Checks the person's current password, counting the attempt against PASSWORD_CHECK_LIMIT, so a
 * session left open on a shared computer cannot be used to guess it.
 */
export async function checkCurrentPassword(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  user: UserRow,
  password: string,
  field: string,
): Promise<void> {
  const limited = await recordRequest(
    ctx.db,
    'password-check',
    PASSWORD_CHECK_LIMIT.windowMs,
    [
      {
        subject: `user:${user.id}`,
        max: PASSWORD_CHECK_LIMIT.max,
        message: 'Too many attempts with your password. Wait an hour and try again.',
      },
    ],
    ctx.clock.now(),
  );
  if (limited) throw tooManyRequests(limited.message);
  if (!password) throw badInput('Enter your current password.', field);
  if (!(await verifyPassword(password.slice(0, 200), user.password_hash))) {
    throw badInput('That is not your current password.', field);
  }
}

const nameSchema = signUpSchema.shape.name;

/** Renames the signed-in person, checked as at sign-up. */
export async function changeName(ctx: Ctx, input: { name: string }): Promise<UserRow> {
  const viewer = requireViewer(ctx);
  const parsed = nameSchema.safeParse(input.name);
  if (!parsed.success) throw badInput(parsed.error.issues[0]!.message, 'name');
  const [user] = await ctx.db
    .update(users)
    .set({ name: parsed.data, updated_at: ctx.clock.now() })
    .where(eq(users.id, viewer.id))
    .returning();
  if (!user) throw notFound('Your account no longer exists.');
  return user;
}

/**
 * Sets a new password after checking the current one; every other session of the person ends
 * (a thief's included), this one stays.
 */
export async function changePassword(
  ctx: Ctx,
  input: { currentPassword: string; newPassword: string },
): Promise<void> {
  const viewer = requireViewer(ctx);
  const user = await viewerRow(ctx);
  await checkCurrentPassword(ctx, user, input.currentPassword, 'currentPassword');
  const parsed = passwordSchema.safeParse(input.newPassword);
  if (!parsed.success) throw badInput(parsed.error.issues[0]!.message, 'newPassword');
  const weak = weakPasswordProblem(parsed.data, [user.name, user.email.split('@')[0] ?? '']);
  if (weak) throw badInput(weak, 'newPassword');
  if (parsed.data === input.currentPassword) {
    throw badInput('Choose a password other than your current one.', 'newPassword');
  }
  const hash = await hashPassword(parsed.data);
  await ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    await db
      .update(users)
      .set({ password_hash: hash, updated_at: ctx.clock.now() })
      .where(eq(users.id, user.id));
    await endOtherSessions(db, user.id, viewer.sessionId);
  });
}

export interface SessionView {
  /** The session's public reference (sessionRef), never its id. */
  ref: string;
  createdAt: Date;
  lastSeenAt: Date;
  device: string;
  address: string | null;
  current: boolean;
}

/** The person's live sessions, the most recently used first. */
export async function listSessions(ctx: Ctx): Promise<SessionView[]> {
  const viewer = requireViewer(ctx);
  const now = ctx.clock.now();
  const rows = await liveSessionsOf(ctx.db, viewer.id, now);
  return rows.map((row) => ({
    ref: sessionRef(row.id),
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
    device: describeUserAgent(row.user_agent),
    address: partialAddress(row.ip),
    current: row.id === viewer.sessionId,
  }));
}

function liveSessionsOf(db: Db, userId: number, now: Date) {
  return db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.user_id, userId),
        gt(sessions.expires_at, now),
        gt(sessions.last_seen_at, new Date(now.getTime() - SESSION_IDLE_MS)),
      ),
    )
    .orderBy(desc(sessions.last_seen_at))
    .limit(MAX_LISTED_SESSIONS);
}

/**
 * Ends another session of the person, named by its reference. A reference that is not one of
 * theirs is NOT_FOUND, whoever's it is; this session ends through "Log out" instead.
 */
export async function endOtherSession(ctx: Ctx, ref: string): Promise<void> {
  const viewer = requireViewer(ctx);
  if (ref === sessionRef(viewer.sessionId)) {
    throw badInput('That is the session you are using. Use Log out to end it.', 'ref');
  }
  const rows = await ctx.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.user_id, viewer.id));
  const target = rows.find((row) => sessionRef(row.id) === ref);
  if (!target) throw notFound('There is no such session. It may have ended already.');
  await endSession(ctx.db, target.id);
}

/** Ends every session of the person, this one included. */
export async function endEverySession(ctx: Ctx): Promise<void> {
  const viewer = requireViewer(ctx);
  await endAllSessions(ctx.db, viewer.id);
}
