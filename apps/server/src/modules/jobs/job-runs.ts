import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jobRuns } from '../../db/tables';

/** Enough of an error to tell what went wrong, not a wall of SQL. */
const ERROR_MAX_LENGTH = 500;

export const INTERRUPTED_MESSAGE = 'The process running it stopped before it finished.';

export function describeError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.length > ERROR_MAX_LENGTH ? `${message.slice(0, ERROR_MAX_LENGTH - 1)}…` : message;
}

/**
 * Records that an attempt of a job starts. An earlier attempt of the same job still marked
 * running never finished: its process was killed, or stopped, mid-run. Returns the run's id.
 */
export async function recordRunStart(
  db: Db,
  run: { jobName: string; jobId: string; attempt: number; startedAt: Date; expiresAt: Date },
): Promise<number> {
  await db
    .update(jobRuns)
    .set({ outcome: 'interrupted', finished_at: run.startedAt, error: INTERRUPTED_MESSAGE })
    .where(and(eq(jobRuns.job_id, run.jobId), eq(jobRuns.outcome, 'running')));
  const [row] = await db
    .insert(jobRuns)
    .values({
      job_name: run.jobName,
      job_id: run.jobId,
      attempt: run.attempt,
      started_at: run.startedAt,
      expires_at: run.expiresAt,
    })
    .returning({ id: jobRuns.id });
  return row!.id;
}

export async function recordRunEnd(
  db: Db,
  runId: number,
  end: { finishedAt: Date } & ({ outcome: 'completed' } | { outcome: 'failed'; error: unknown }),
): Promise<void> {
  await db
    .update(jobRuns)
    .set({
      outcome: end.outcome,
      finished_at: end.finishedAt,
      error: end.outcome === 'failed' ? describeError(end.error) : null,
    })
    .where(eq(jobRuns.id, runId));
}

/** Forgets runs that started before `before`. Returns how many. */
export async function pruneRunHistory(db: Db, before: Date): Promise<number> {
  const removed = await db
    .delete(jobRuns)
    .where(lt(jobRuns.started_at, before))
    .returning({ id: jobRuns.id });
  return removed.length;
}
