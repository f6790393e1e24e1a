/**
 * A server process as far as jobs go, for the two-process tests: starts the job runner on
 * PROBE_DATABASE_URL with two probe jobs that write what they do to `jobs_probe` (which the test
 * creates). SIGUSR2 makes it send the slow probe. Prints "ready" once running.
 *
 *   node --import tsx probe-process.ts
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../../db/client';
import { systemClock } from '../../../platform/clock';
import type { Logger, ServiceContext } from '../../../platform/context';
import { defineJob, startJobRunner } from '..';
import { FAST_TUNING } from './fast-tuning';

const url = process.env.PROBE_DATABASE_URL;
if (!url) throw new Error('PROBE_DATABASE_URL is required');

const database = await openDatabase({ kind: 'postgres', url, maxConnections: 4 });
const record = (kind: string, attempt: number) =>
  database.db.execute(
    sql`insert into jobs_probe (kind, pid, attempt) values (${kind}, ${process.pid}, ${attempt})`,
  );

/** Runs every minute, however many processes run it. */
export const scheduledProbe = defineJob({
  name: 'probe.scheduled',
  schedule: '* * * * *',
  async run(_ctx, _data, job) {
    await record('scheduled', job.attempt);
  },
});

/** Takes a minute on its first attempt (the test kills its process meanwhile), not on a retry. */
export const slowProbe = defineJob({
  name: 'probe.slow',
  retry: { limit: 2, delaySeconds: 1, backoff: false },
  timeoutSeconds: 3,
  async run(_ctx, _data, job) {
    await record('slow-start', job.attempt);
    await new Promise((resolve) => setTimeout(resolve, job.attempt === 1 ? 60_000 : 300));
    await record('slow-end', job.attempt);
  },
});

const say = (line: string) => process.stderr.write(`[probe ${process.pid}] ${line}\n`);
const log = {
  level: 'warn',
  info: () => undefined,
  debug: () => undefined,
  trace: () => undefined,
  warn: (...args: unknown[]) => say(JSON.stringify(args)),
  error: (...args: unknown[]) => say(JSON.stringify(args)),
  fatal: (...args: unknown[]) => say(JSON.stringify(args)),
  silent: () => undefined,
  child: () => log,
} as unknown as Logger;

// Only what the probes and the runner read; the rest of a server's context is not needed here.
const context = { db: database.db, log, clock: systemClock, viewer: null, config: {} };
const runner = await startJobRunner({
  database,
  context: context as unknown as ServiceContext,
  jobs: [scheduledProbe, slowProbe],
  tuning: FAST_TUNING,
});
process.on('SIGUSR2', () => void runner.send(slowProbe, {}));
process.stdout.write('ready\n');

process.once('SIGTERM', () => {
  void runner
    .stop()
    .then(() => database.close())
    .then(() => process.exit(0));
});
