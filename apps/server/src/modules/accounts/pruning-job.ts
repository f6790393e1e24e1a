import { LOGIN_LIMITS, PASSWORD_RESET_LIMITS, SIGN_UP_LIMITS } from '@bevy/core';
import { lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginAttempts, rateLimitEvents } from '../../db/tables';
import { defineJob } from '../jobs';
import { pruneSessions } from './sessions';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How long log-in attempts and rate-limited requests are kept. The limits count only their
 * window (an hour at most), so anything older counts for nothing; a day is kept to look back on
 * after an attack. Never shorter than a window, or a limit would forget what it counts.
 */
export const ABUSE_RECORD_RETENTION_MS = Math.max(
  DAY_MS,
  LOGIN_LIMITS.windowMs,
  PASSWORD_RESET_LIMITS.windowMs,
  SIGN_UP_LIMITS.windowMs,
);

/** Deletes log-in attempts and rate-limit events older than the retention. */
export async function pruneAbuseRecords(
  db: Db,
  now: Date,
): Promise<{ loginAttempts: number; rateLimitEvents: number }> {
  const before = new Date(now.getTime() - ABUSE_RECORD_RETENTION_MS);
  const attempts = await db
    .delete(loginAttempts)
    .where(lt(loginAttempts.created_at, before))
    .returning({ id: loginAttempts.id });
  const events = await db
    .delete(rateLimitEvents)
    .where(lt(rateLimitEvents.created_at, before))
    .returning({ id: rateLimitEvents.id });
  return { loginAttempts: attempts.length, rateLimitEvents: events.length };
}

/** Every hour: forgets sessions that can no longer be used, and old abuse-limit records. */
export const pruneAccountRecordsJob = defineJob({
  name: 'accounts.prune-expired',
  schedule: '17 * * * *',
  async run(ctx) {
    const now = ctx.clock.now();
    await pruneSessions(ctx.db, now);
    const removed = await pruneAbuseRecords(ctx.db, now);
    if (removed.loginAttempts + removed.rateLimitEvents > 0) {
      ctx.log.info(removed, 'old log-in attempts and rate-limit events pruned');
    }
  },
});
