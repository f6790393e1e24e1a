import type PgBoss from 'pg-boss';
import type { Database } from '../../db/client';
import type { ServiceContext } from '../../platform/context';
import { lazyPackage } from '../../platform/lazy-package';
import { bossDatabaseOf, JOBS_SCHEMA, whileSettingUpAlone } from './boss-database';
import type { JobData, JobDefinition } from './define-job';
import { recordRunEnd, recordRunStart } from './job-runs';
import { pruneRunHistoryJob } from './run-history-job';

/** Loaded as the runner starts, which the server does once it answers requests. */
const loadPgBoss = lazyPackage<typeof PgBoss>('pg-boss');

const DEFAULT_TIMEOUT_SECONDS = 15 * 60;
const DEFAULT_RETRY = { limit: 2, delaySeconds: 30, backoff: true };
/** How long shutdown waits for running jobs before handing them back for a retry. */
const STOP_TIMEOUT_MS = 10_000;

/** How often the runner looks at the database; tests shorten these. */
export interface JobRunnerTuning {
  /** How often each process asks for a job waiting to run. */
  pollingIntervalSeconds: number;
  /** How often runs past their timeout (their process died) are found and handed to a retry. */
  maintenanceIntervalSeconds: number;
  /** How often schedules are looked at (their finest period stays one minute). */
  cronMonitorIntervalSeconds: number;
  /** How often a due schedule's run is put in its queue. */
  cronWorkerIntervalSeconds: number;
}

const DEFAULT_TUNING: JobRunnerTuning = {
  pollingIntervalSeconds: 2,
  maintenanceIntervalSeconds: 60,
  cronMonitorIntervalSeconds: 30,
  cronWorkerIntervalSeconds: 5,
};

export interface JobRunnerOptions {
  database: Database;
  /** What runs receive (without a viewer); a function is asked again for every run. */
  context: ServiceContext | (() => ServiceContext);
  jobs: readonly JobDefinition<never>[];
  tuning?: Partial<JobRunnerTuning>;
}

export interface SendOptions {
  /** Run no sooner than this many seconds from now. */
  afterSeconds?: number;
}

export interface JobRunner {
  /**
   * Queues a run of `job` with `data`; returns its id, or null when a run of a 'one'-waiting job
   * was already waiting. Call it outside any transaction: on PGlite the queue shares the one
   * connection a transaction holds.
   */
  send<Data extends JobData>(
    job: JobDefinition<Data>,
    data: Data,
    options?: SendOptions,
  ): Promise<string | null>;
  /** Stops taking jobs; runs in progress get a few seconds to finish, then go back for a retry. */
  stop(): Promise<void>;
}

/**
 * The queue's pg-boss policy. 'stately' keeps at most one run waiting and one running, across
 * every process: periodic work never piles up. 'singleton' runs every job sent, one at a time.
 */
function queueOptionsOf(job: JobDefinition<never>): PgBoss.Queue {
  const retry = { ...DEFAULT_RETRY, ...job.retry };
  return {
    name: job.name,
    policy: job.waiting === 'every' ? 'singleton' : 'stately',
    retryLimit: retry.limit,
    retryDelay: retry.delaySeconds,
    retryBackoff: retry.backoff,
    expireInSeconds: job.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS,
  };
}

/**
 * Starts running `jobs` (and the runner's own housekeeping) in this process: creates or updates
 * each job's queue and schedule, then takes runs as they fall due. Every process may start one;
 * between them each run happens once.
 */
export async function startJobRunner(options: JobRunnerOptions): Promise<JobRunner> {
  const { context } = options;
  const contextOf = typeof context === 'function' ? context : () => context;
  const { config, log } = contextOf();
  const tuning = { ...DEFAULT_TUNING, ...options.tuning };
  const jobs = [...options.jobs, pruneRunHistoryJob as JobDefinition<never>];
  const names = new Set<string>();
  for (const job of jobs) {
    if (names.has(job.name)) throw new Error(`Two jobs are named ${job.name}.`);
    names.add(job.name);
  }

  const isEnabled = (job: JobDefinition<never>) => !job.enabled || job.enabled(config);
  const db = bossDatabaseOf(options.database);
  const Boss = loadPgBoss();
  const boss = new Boss({ db, schema: JOBS_SCHEMA, ...tuning });
  boss.on('error', (error) => log.error({ err: error }, 'the job runner met an error'));

  const send: JobRunner['send'] = async (job, data, sendOptions = {}) => {
    if (!names.has(job.name)) throw new Error(`No job named ${job.name} runs here.`);
    return boss.send(job.name, data, {
      ...(sendOptions.afterSeconds ? { startAfter: sendOptions.afterSeconds } : {}),
    });
  };

  async function execute(job: JobDefinition<never>, taken: PgBoss.JobWithMetadata<never>) {
    const ctx = contextOf();
    const attempt = taken.retryCount + 1;
    const startedAt = ctx.clock.now();
    const timeoutMs = (job.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS) * 1000;
    const runId = await recordRunStart(ctx.db, {
      jobName: job.name,
      jobId: taken.id,
      attempt,
      startedAt,
      expiresAt: new Date(startedAt.getTime() + timeoutMs),
    });
    const runLog = ctx.log.child({ job: job.name, jobId: taken.id, attempt });
    try {
      await job.run({ ...ctx, log: runLog }, taken.data, {
        id: taken.id,
        attempt,
        runAgainIn: async (afterSeconds) => {
          await send(job, taken.data, { afterSeconds });
        },
      });
    } catch (error) {
      runLog.error({ err: error }, 'a job failed');
      await recordRunEnd(ctx.db, runId, { outcome: 'failed', error, finishedAt: ctx.clock.now() });
      throw error;
    }
    await recordRunEnd(ctx.db, runId, { outcome: 'completed', finishedAt: ctx.clock.now() });
  }

  /**
   * Creates or updates each job's queue and schedule, with a short-lived pg-boss of its own: the
   * runner's first look at the schedules, as it starts, then sees them (a job due this minute
   * runs now, not at the next look).
   */
  async function declareJobs() {
    const declarer = new Boss({ db, schema: JOBS_SCHEMA, supervise: false, schedule: false });
    declarer.on('error', (error) => log.error({ err: error }, 'the job runner met an error'));
    await declarer.start();
    try {
      for (const job of jobs) {
        const queue = queueOptionsOf(job);
        // Creating keeps an existing queue as it was; its settings may have changed since.
        await declarer.createQueue(job.name, queue);
        await declarer.updateQueue(job.name, queue);
        if (job.schedule && isEnabled(job)) {
          await declarer.schedule(job.name, job.schedule, {}, { tz: 'UTC' });
        } else {
          await declarer.unschedule(job.name);
        }
      }
    } finally {
      await declarer.stop({ graceful: false, close: false });
    }
  }

  try {
    await whileSettingUpAlone(options.database, async () => {
      await declareJobs();
      await boss.start();
    });
    for (const job of jobs.filter(isEnabled)) {
      await boss.work<never>(
        job.name,
        {
          includeMetadata: true,
          batchSize: 1,
          pollingIntervalSeconds: tuning.pollingIntervalSeconds,
        },
        async ([taken]) => {
          if (taken) await execute(job, taken);
        },
      );
    }
  } catch (error) {
    await boss.stop({ graceful: false, close: false });
    throw error;
  }

  let stopping: Promise<void> | undefined;
  return {
    send,
    stop: () => (stopping ??= boss.stop({ graceful: true, wait: true, timeout: STOP_TIMEOUT_MS })),
  };
}
