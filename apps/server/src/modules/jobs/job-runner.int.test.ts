import { asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { jobRuns } from '../../db/tables';
import { logInAsActor } from '../../test/actors';
import { gql } from '../../test/graphql-client';
import { createTestApp, type TestApp } from '../../test/test-app';
import { defineJob, startJobRunner, type JobDefinition, type JobRunner } from '.';
import { FAST_TUNING } from './testing/fast-tuning';

const BACKGROUND_JOBS = `{
  backgroundJobs {
    name schedule retryLimit nextRunAt
    lastRun { attempt outcome startedAt finishedAt durationMs error }
    recentFailures { attempt outcome startedAt error }
  }
}`;

interface JobView {
  name: string;
  schedule: string | null;
  retryLimit: number;
  nextRunAt: string | null;
  lastRun: { attempt: number; outcome: string; durationMs: number | null } | null;
  recentFailures: { attempt: number; outcome: string; startedAt: string; error: string }[];
}

let t: TestApp;
let adminCookie: string;
let runner: JobRunner | undefined;

beforeAll(async () => {
  t = await createTestApp();
  adminCookie = await logInAsActor(t.app, 'admin');
});
afterEach(async () => {
  await runner?.stop();
  runner = undefined;
});
afterAll(() => t.close());

async function start(jobs: JobDefinition<never>[]) {
  runner = await startJobRunner({
    database: t.database,
    context: t.app.services,
    jobs,
    tuning: FAST_TUNING,
  });
  return runner;
}

async function jobsAsAdmin(): Promise<JobView[]> {
  const result = await gql(t.app, BACKGROUND_JOBS, {}, { cookie: adminCookie });
  expect(result.body.errors).toBeUndefined();
  return (result.body.data as { backgroundJobs: JobView[] }).backgroundJobs;
}

const runsOf = (name: string) =>
  t.database.db
    .select()
    .from(jobRuns)
    .where(eq(jobRuns.job_name, name))
    .orderBy(asc(jobRuns.attempt));

describe('the job runner', () => {
  it('runs a scheduled job, and admins see its last and next run', async () => {
    let runs = 0;
    const job = defineJob({
      name: 'test.every-minute',
      schedule: '* * * * *',
      async run() {
        runs++;
      },
    });
    await start([job]);
    await vi.waitFor(() => expect(runs).toBe(1), { timeout: 15_000, interval: 200 });
    await vi.waitFor(async () => expect((await runsOf(job.name))[0]?.outcome).toBe('completed'), {
      timeout: 5_000,
    });

    const listed = (await jobsAsAdmin()).find((candidate) => candidate.name === job.name);
    expect(listed).toMatchObject({
      schedule: '* * * * *',
      lastRun: { attempt: 1, outcome: 'completed' },
      recentFailures: [],
    });
    expect(listed!.lastRun!.durationMs).toBeGreaterThanOrEqual(0);
    // The next period starts at the next whole minute.
    const next = new Date(listed!.nextRunAt!);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect(next.getUTCSeconds()).toBe(0);
    expect(next.getTime() - Date.now()).toBeLessThanOrEqual(60_000);
    // The runner's own housekeeping is listed too.
    expect((await jobsAsAdmin()).map((candidate) => candidate.name)).toContain(
      'jobs.prune-run-history',
    );
  });

  it('retries a failing job with growing waits, and admins see each failure', async () => {
    const job = defineJob<{ order: number }>({
      name: 'test.always-fails',
      retry: { limit: 2, delaySeconds: 1, backoff: true },
      async run(_ctx, data, run) {
        throw new Error(`order ${data.order} failed on attempt ${run.attempt}`);
      },
    });
    const jobs = await start([job as JobDefinition<never>]);
    await jobs.send(job, { order: 42 });
    await vi.waitFor(
      async () => {
        const runs = await runsOf(job.name);
        expect(runs.map((run) => run.outcome)).toEqual(['failed', 'failed', 'failed']);
      },
      { timeout: 20_000, interval: 250 },
    );
    const [first, second, third] = await runsOf(job.name);
    // Retry n waits delay * 2^n / 2 plus up to as much again: 1-2 s, then 2-4 s.
    const wait = (before: typeof first, after: typeof first) =>
      after!.started_at.getTime() - before!.finished_at!.getTime();
    expect(wait(first, second)).toBeGreaterThanOrEqual(900);
    expect(wait(second, third)).toBeGreaterThanOrEqual(1900);

    const listed = (await jobsAsAdmin()).find((candidate) => candidate.name === job.name);
    expect(listed).toMatchObject({
      schedule: null,
      retryLimit: 2,
      nextRunAt: null,
      lastRun: { attempt: 3, outcome: 'failed' },
    });
    expect(listed!.recentFailures.map((run) => [run.attempt, run.outcome, run.error])).toEqual([
      [3, 'failed', 'order 42 failed on attempt 3'],
      [2, 'failed', 'order 42 failed on attempt 2'],
      [1, 'failed', 'order 42 failed on attempt 1'],
    ]);
  });

  it('keeps one run waiting at most, however often a job is sent', async () => {
    let runs = 0;
    const job = defineJob({
      name: 'test.coalesced',
      async run() {
        runs++;
        await new Promise((resolve) => setTimeout(resolve, 1500));
      },
    });
    const jobs = await start([job]);
    expect(await jobs.send(job, {})).not.toBeNull();
    await vi.waitFor(() => expect(runs).toBe(1), { timeout: 10_000, interval: 100 });
    // While the first runs, one more may wait; the others are dropped.
    const sent = await Promise.all([jobs.send(job, {}), jobs.send(job, {}), jobs.send(job, {})]);
    expect(sent.filter((id) => id !== null)).toHaveLength(1);
    await vi.waitFor(() => expect(runs).toBe(2), { timeout: 10_000, interval: 100 });
  });

  it('refuses the job list to anyone but an admin', async () => {
    const buyer = await logInAsActor(t.app, 'buyer');
    const refused = await gql(t.app, BACKGROUND_JOBS, {}, { cookie: buyer });
    expect(refused.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(refused.body.data).toBeNull();
    const anonymous = await gql(t.app, BACKGROUND_JOBS);
    expect(anonymous.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});
