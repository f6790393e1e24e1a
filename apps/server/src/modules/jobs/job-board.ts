import cronParser from 'cron-parser';
import { and, asc, desc, eq, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jobRuns, type JOB_RUN_OUTCOMES } from '../../db/tables';
import type { ServiceContext } from '../../platform/context';
import { JOBS_SCHEMA } from './boss-database';
import { INTERRUPTED_MESSAGE } from './job-runs';

/** Failures listed per job, newest first. */
export const RECENT_FAILURES = 5;

export type JobRunOutcome = (typeof JOB_RUN_OUTCOMES)[number];

export interface JobRunView {
  attempt: number;
  outcome: JobRunOutcome;
  startedAt: Date;
  finishedAt: Date | null;
  error: string | null;
}

/** A job as admins see it at /admin/jobs. */
export interface JobSummary {
  name: string;
  /** Its cron expression (UTC), or null for a job that runs only when sent, or is turned off. */
  schedule: string | null;
  retryLimit: number;
  /** The next time it is due: a waiting run (a retry, say) or the schedule's next period. */
  nextRunAt: Date | null;
  lastRun: JobRunView | null;
  recentFailures: JobRunView[];
}

interface QueueRow extends Record<string, unknown> {
  name: string;
  retry_limit: number | null;
  cron: string | null;
  timezone: string | null;
  /** Milliseconds since the epoch (a number, whatever the driver does with timestamps). */
  next_waiting_ms: number | string | null;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** The runner's queues (one per job), with schedules and the earliest waiting run. */
async function readQueues(db: Db): Promise<QueueRow[]> {
  const installed = rowsOf<{ installed: boolean }>(
    await db.execute(sql`select to_regclass(${`${JOBS_SCHEMA}.queue`}) is not null as installed`),
  );
  // No runner has started on this database yet: there are no jobs to show.
  if (!installed[0]?.installed) return [];
  const schema = sql.raw(JOBS_SCHEMA);
  return rowsOf<QueueRow>(
    await db.execute(sql`
      select q.name, q.retry_limit, s.cron, s.timezone,
        (select extract(epoch from min(j.start_after)) * 1000
           from ${schema}.job j
           where j.name = q.name and j.state in ('created', 'retry'))::float8 as next_waiting_ms
      from ${schema}.queue q
      left join ${schema}.schedule s on s.name = q.name
      where not starts_with(q.name, '__pgboss__')
      order by q.name
    `),
  );
}

function nextScheduled(cron: string | null, timezone: string | null, now: Date): Date | null {
  if (!cron) return null;
  try {
    return cronParser
      .parseExpression(cron, { tz: timezone ?? 'UTC', currentDate: now })
      .next()
      .toDate();
  } catch {
    return null;
  }
}

function earliest(...dates: (Date | null)[]): Date | null {
  const known = dates.filter((date): date is Date => date !== null);
  return known.length === 0 ? null : new Date(Math.min(...known.map((date) => date.getTime())));
}

/** A run still marked running after its timeout was cut short: its process stopped. */
function viewOf(
  row: Pick<
    typeof jobRuns.$inferSelect,
    'attempt' | 'outcome' | 'started_at' | 'finished_at' | 'error' | 'expires_at'
  >,
  now: Date,
): JobRunView {
  const lost = row.outcome === 'running' && row.expires_at < now;
  return {
    attempt: row.attempt,
    outcome: lost ? 'interrupted' : row.outcome,
    startedAt: row.started_at,
    finishedAt: lost ? row.expires_at : row.finished_at,
    error: lost ? INTERRUPTED_MESSAGE : row.error,
  };
}

const runColumns = {
  job_name: jobRuns.job_name,
  attempt: jobRuns.attempt,
  outcome: jobRuns.outcome,
  started_at: jobRuns.started_at,
  finished_at: jobRuns.finished_at,
  expires_at: jobRuns.expires_at,
  error: jobRuns.error,
};

async function lastRuns(db: Db, names: string[]) {
  return db
    .selectDistinctOn([jobRuns.job_name], runColumns)
    .from(jobRuns)
    .where(inArray(jobRuns.job_name, names))
    .orderBy(asc(jobRuns.job_name), desc(jobRuns.started_at), desc(jobRuns.id));
}

async function recentFailures(db: Db, names: string[], now: Date) {
  const failed: SQL = or(
    inArray(jobRuns.outcome, ['failed', 'interrupted']),
    and(eq(jobRuns.outcome, 'running'), lt(jobRuns.expires_at, now)),
  )!;
  const ranked = db
    .select({
      ...runColumns,
      rank: sql<number>`row_number() over (partition by ${jobRuns.job_name} order by ${jobRuns.started_at} desc, ${jobRuns.id} desc)`.as(
        'rank',
      ),
    })
    .from(jobRuns)
    .where(and(inArray(jobRuns.job_name, names), failed))
    .as('ranked');
  return db
    .select()
    .from(ranked)
    .where(lte(ranked.rank, RECENT_FAILURES))
    .orderBy(asc(ranked.job_name), asc(ranked.rank));
}

/** Every job the runner knows, with its schedule, last run, next run and recent failures. */
export async function listJobs(ctx: Pick<ServiceContext, 'db' | 'clock'>): Promise<JobSummary[]> {
  const now = ctx.clock.now();
  const queues = await readQueues(ctx.db);
  if (queues.length === 0) return [];
  const names = queues.map((queue) => queue.name);
  const [last, failures] = await Promise.all([
    lastRuns(ctx.db, names),
    recentFailures(ctx.db, names, now),
  ]);
  return queues.map((queue) => {
    const waiting = queue.next_waiting_ms === null ? null : new Date(Number(queue.next_waiting_ms));
    const lastRun = last.find((run) => run.job_name === queue.name);
    return {
      name: queue.name,
      schedule: queue.cron,
      retryLimit: queue.retry_limit ?? 0,
      nextRunAt: earliest(waiting, nextScheduled(queue.cron, queue.timezone, now)),
      lastRun: lastRun ? viewOf(lastRun, now) : null,
      recentFailures: failures
        .filter((run) => run.job_name === queue.name)
        .map((run) => viewOf(run, now)),
    };
  });
}
