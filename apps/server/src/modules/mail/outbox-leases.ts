import { and, asc, eq, inArray, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/tables';

/**
 * A relay run's claim on the messages it sends (decision 021): a lease with its run's id. Other
 * runs and processes skip leased rows until the lease ends; a run renews its lease before each
 * message and sends nothing whose lease it lost.
 */

/**
 * How long a claim lasts: far longer than a batch takes (about a second at the rate) or one
 * message may (the SMTP timeouts), and what a killed process's unsent batch waits for another run.
 */
export const LEASE_SECONDS = 30;

export type OutboxRow = typeof mailOutbox.$inferSelect;

const leaseEnd = sql`now() + make_interval(secs => ${LEASE_SECONDS})`;

/** Up to `limit` free queued messages of a category, leased to `run`, oldest first. */
export async function claimBatch(
  db: Db,
  run: string,
  category: 'transactional' | 'marketing',
  limit: number,
  skipIds: readonly number[],
): Promise<OutboxRow[]> {
  const free = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.transport, 'queued'),
        eq(mailOutbox.category, category),
        or(isNull(mailOutbox.lease_until), lt(mailOutbox.lease_until, sql`now()`)),
        skipIds.length > 0 ? notInArray(mailOutbox.id, [...skipIds]) : undefined,
      ),
    )
    .orderBy(asc(mailOutbox.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(mailOutbox)
    .set({ lease_until: leaseEnd, lease_owner: run })
    .where(inArray(mailOutbox.id, free))
    .returning();
  return rows.sort((a, b) => a.id - b.id);
}

/** Extends `run`'s lease on a message; false when the run no longer holds it. */
export async function renewLease(db: Db, run: string, id: number): Promise<boolean> {
  const [row] = await db
    .update(mailOutbox)
    .set({ lease_until: leaseEnd })
    .where(
      and(
        eq(mailOutbox.id, id),
        eq(mailOutbox.transport, 'queued'),
        eq(mailOutbox.lease_owner, run),
      ),
    )
    .returning({ id: mailOutbox.id });
  return Boolean(row);
}

/** Gives leased messages back at once, for the next run (`run` null: whoever holds them). */
export async function releaseLeases(db: Db, run: string | null, ids: readonly number[]) {
  if (ids.length === 0) return;
  await db
    .update(mailOutbox)
    .set({ lease_until: null, lease_owner: null })
    .where(
      and(
        inArray(mailOutbox.id, [...ids]),
        eq(mailOutbox.transport, 'queued'),
        run === null ? undefined : eq(mailOutbox.lease_owner, run),
      ),
    );
}
