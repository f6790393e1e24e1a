import { createHash, randomBytes } from 'node:crypto';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '@bevy/core';
import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';
import type { Viewer } from '../../graphql/context';

/** Only the hash of a session token is stored, so a database leak does not leak sessions. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Requests within this long of the last one do not rewrite last_seen_at. */
const TOUCH_INTERVAL_MS = 60_000;

export interface NewSession {
  token: string;
  /** The stored id: the token's hash. */
  id: string;
  expiresAt: Date;
}

/** A new session with a new random id: every log-in gets one (no fixation). */
export async function createSession(
  db: Db,
  userId: number,
  meta: { ip: string; userAgent?: string },
  now = new Date(),
): Promise<NewSession> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_MS);
  const id = hashToken(token);
  await db.insert(sessions).values({
    id,
    user_id: userId,
    created_at: now,
    last_seen_at: now,
    expires_at: expiresAt,
    ip: meta.ip,
    user_agent: meta.userAgent?.slice(0, 300) ?? null,
  });
  return { token, id, expiresAt };
}

/** The viewer of a session token, if the session is alive and its account enabled. */
export async function resolveSession(
  db: Db,
  token: string,
  now = new Date(),
): Promise<Viewer | null> {
  const id = hashToken(token);
  const idleCutoff = new Date(now.getTime() - SESSION_IDLE_MS);
  const [row] = await db
    .select({ userId: users.id, isAdmin: users.is_admin, lastSeen: sessions.last_seen_at })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .where(
      and(
        eq(sessions.id, id),
        gt(sessions.expires_at, now),
        gt(sessions.last_seen_at, idleCutoff),
        isNull(users.disabled_at),
      ),
    )
    .limit(1);
  if (!row) return null;
  if (now.getTime() - row.lastSeen.getTime() > TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ last_seen_at: now }).where(eq(sessions.id, id));
  }
  return { id: row.userId, sessionId: id, isAdmin: row.isAdmin };
}

export async function endSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user (disabled account, password changed). */
export async function endAllSessions(db: Db, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.user_id, userId));
}

/** Removes sessions that can no longer be used. */
export async function pruneSessions(db: Db, now = new Date()): Promise<void> {
  const idleCutoff = new Date(now.getTime() - SESSION_IDLE_MS);
  await db
    .delete(sessions)
    .where(or(lt(sessions.expires_at, now), lt(sessions.last_seen_at, idleCutoff)));
}
