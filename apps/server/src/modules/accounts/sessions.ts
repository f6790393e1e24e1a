import { createHash, randomBytes } from 'node:crypto';
import { SEARCH_TOKEN_TTL_MS, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '@bevy/core';
import { and, eq, gt, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { endedSessions, sessions, users } from '../../db/tables';
import type { Viewer } from '../../platform/context';

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
    .select({
      userId: users.id,
      isAdmin: users.is_admin,
      gpcOptOutAt: users.gpc_opt_out_at,
      lastSeen: sessions.last_seen_at,
    })
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
  return { id: row.userId, sessionId: id, isAdmin: row.isAdmin, gpcOptOutAt: row.gpcOptOutAt };
}

/**
 * A session's public reference, for things issued to it that outlive a request (search keys):
 * derived from the id, so it names the session without revealing the id.
 */
export const sessionRef = (sessionId: string) =>
  createHash('sha256').update(sessionId).digest('base64url').slice(0, 22);

export const SESSION_REF = /^[A-Za-z0-9_-]{22}$/;

/** The PostgreSQL channel on which the references of ended sessions are announced. */
export const ENDED_SESSIONS_CHANNEL = 'bevy_ended_sessions';

/**
 * How long an ended session is remembered: as long as anything issued to it can live (a search key).
 */
export const ENDED_SESSION_MEMORY_MS = SEARCH_TOKEN_TTL_MS;

/** References per announcement: a NOTIFY payload must stay under 8000 bytes. */
const REFS_PER_NOTICE = 200;

/**
 * Deletes the sessions `where` selects and, in the same transaction, records their references in
 * `ended_sessions` and announces them on ENDED_SESSIONS_CHANNEL (delivered on commit), so every
 * process stops honoring what was issued to them. Rows older than the memory are pruned here.
 */
async function endSessionsWhere(db: Db, where: SQL | undefined): Promise<void> {
  const now = new Date();
  await db.transaction(async (tx) => {
    const ended = await tx.delete(sessions).where(where).returning({ id: sessions.id });
    if (ended.length === 0) return;
    const refs = ended.map((row) => sessionRef(row.id));
    await tx
      .insert(endedSessions)
      .values(refs.map((ref) => ({ ref, ended_at: now })))
      .onConflictDoNothing();
    await tx
      .delete(endedSessions)
      .where(lt(endedSessions.ended_at, new Date(now.getTime() - ENDED_SESSION_MEMORY_MS)));
    for (let start = 0; start < refs.length; start += REFS_PER_NOTICE) {
      const payload = refs.slice(start, start + REFS_PER_NOTICE).join(',');
      await tx.execute(sql`select pg_notify(${ENDED_SESSIONS_CHANNEL}, ${payload})`);
    }
  });
}

export async function endSession(db: Db, sessionId: string): Promise<void> {
  await endSessionsWhere(db, eq(sessions.id, sessionId));
}

/** Ends every session of a user (disabled account, password changed). */
export async function endAllSessions(db: Db, userId: number): Promise<void> {
  await endSessionsWhere(db, eq(sessions.user_id, userId));
}

/** Ends every session of a user but `keepSessionId` (the one that changed the password). */
export async function endOtherSessions(
  db: Db,
  userId: number,
  keepSessionId: string,
): Promise<void> {
  await endSessionsWhere(db, and(eq(sessions.user_id, userId), ne(sessions.id, keepSessionId)));
}

/** The references of sessions ended within the memory, with when, oldest first. */
export async function recentlyEndedSessions(
  db: Db,
  now = new Date(),
): Promise<{ ref: string; endedAt: Date }[]> {
  return db
    .select({ ref: endedSessions.ref, endedAt: endedSessions.ended_at })
    .from(endedSessions)
    .where(gt(endedSessions.ended_at, new Date(now.getTime() - ENDED_SESSION_MEMORY_MS)))
    .orderBy(endedSessions.ended_at);
}

/** Removes sessions that can no longer be used. */
export async function pruneSessions(db: Db, now = new Date()): Promise<void> {
  const idleCutoff = new Date(now.getTime() - SESSION_IDLE_MS);
  await db
    .delete(sessions)
    .where(or(lt(sessions.expires_at, now), lt(sessions.last_seen_at, idleCutoff)));
}
