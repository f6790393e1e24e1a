import type { Config } from '../../config';
import type { ServiceContext } from '../../platform/context';

/** What a job's data may be: pg-boss stores it as JSON. */
export type JobData = Record<string, unknown>;

/** No data: a job that only needs the context (what every scheduled job is so far). */
export type NoData = Record<string, never>;

export interface JobRetry {
  /** How many times a failed run is tried again (0: never). */
  limit: number;
  /** Seconds before the first retry; with backoff each retry waits about twice as long. */
  delaySeconds: number;
  /** Doubles the wait after every failure, with jitter. On unless set to false. */
  backoff?: boolean;
}

/** What a run knows about itself besides its data. */
export interface JobRunInfo {
  /** pg-boss's id of the job (the same for every attempt). */
  id: string;
  /** 1 for the first try, 2 for the first retry... */
  attempt: number;
  /**
   * Asks for another run of this job `afterSeconds` from now: for work more frequent than cron's
   * one minute. At most one run waits at a time, so asking twice, or from two processes, is harmless.
   */
  runAgainIn(afterSeconds: number): Promise<void>;
}

export interface JobDefinition<Data extends JobData = NoData> {
  /** Unique, stable (it names the job's queue): `<module>.<what-it-does>`. */
  name: string;
  /**
   * A cron expression in UTC (`*\/10 * * * *`: every ten minutes). The finest period is one
   * minute; however many processes run, each period starts one run.
   */
  schedule?: string;
  /**
   * Runs never overlap, across all processes. 'one' (the default, for periodic work): at most one
   * more run waits meanwhile, and sending another changes nothing. 'every': each job sent runs,
   * in turn (work whose data differs).
   */
  waiting?: 'one' | 'every';
  /** Defaults to 2 retries, 30 s apart and growing. */
  retry?: JobRetry;
  /**
   * How long one run may take. A run still going after this is presumed dead (its process was
   * killed) and the job is tried again, by any process. Defaults to 15 minutes.
   */
  timeoutSeconds?: number;
  /** Whether the job runs at all in this configuration (the mail relay needs SMTP). */
  enabled?(config: Config): boolean;
  /**
   * Does the work. The context has no viewer; `ctx.clock` is "now". Throwing fails the run, which
   * is retried as `retry` says. Runs never overlap: one at a time across all processes.
   */
  run(ctx: ServiceContext, data: Data, job: JobRunInfo): Promise<void>;
}

/**
 * A background job, scheduled or sent on demand (`runner.send(job, data)`); the job runner
 * started in main.ts runs it. Defined beside the service it calls.
 */
export function defineJob<Data extends JobData = NoData>(
  definition: JobDefinition<Data>,
): JobDefinition<Data> {
  return definition;
}
