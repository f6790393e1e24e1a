import { builder } from '../../graphql/builder';
import { JOB_RUN_OUTCOMES } from '../../db/tables';
import { requireAdmin } from '../../platform/access';
import { listJobs, type JobRunView, type JobSummary } from './job-board';

const iso = (date: Date | null) => date?.toISOString() ?? null;

const JobRunOutcomeType = builder.enumType('JobRunOutcome', {
  description: 'interrupted: its process stopped mid-run (the job is tried again).',
  values: JOB_RUN_OUTCOMES,
});

const JobRunType = builder.objectRef<JobRunView>('JobRun');
JobRunType.implement({
  description: 'One attempt of a background job.',
  fields: (t) => ({
    attempt: t.exposeInt('attempt', {
      description: '1 for the first try, 2 for the first retry...',
    }),
    outcome: t.expose('outcome', { type: JobRunOutcomeType }),
    startedAt: t.string({
      description: 'ISO timestamp',
      resolve: (run) => run.startedAt.toISOString(),
    }),
    finishedAt: t.string({
      nullable: true,
      description: 'ISO timestamp; null while it runs',
      resolve: (run) => iso(run.finishedAt),
    }),
    durationMs: t.int({
      nullable: true,
      resolve: (run) =>
        run.finishedAt ? run.finishedAt.getTime() - run.startedAt.getTime() : null,
    }),
    error: t.exposeString('error', { nullable: true, description: 'Why it failed' }),
  }),
});

const BackgroundJobType = builder.objectRef<JobSummary>('BackgroundJob');
BackgroundJobType.implement({
  description: 'Scheduled or deferred work the server runs on its own.',
  fields: (t) => ({
    name: t.exposeString('name'),
    schedule: t.exposeString('schedule', {
      nullable: true,
      description: 'Cron expression (UTC); null when it runs only on demand, or is turned off',
    }),
    retryLimit: t.exposeInt('retryLimit', { description: 'Retries after a failed run' }),
    nextRunAt: t.string({
      nullable: true,
      description: 'ISO timestamp',
      resolve: (job) => iso(job.nextRunAt),
    }),
    lastRun: t.expose('lastRun', { type: JobRunType, nullable: true }),
    recentFailures: t.expose('recentFailures', {
      type: [JobRunType],
      description: 'Failed or interrupted runs, newest first',
    }),
  }),
});

builder.queryFields((t) => ({
  backgroundJobs: t.field({
    type: [BackgroundJobType],
    description: "The server's background jobs with their last and next runs. Admins only.",
    resolve: (_root, _args, ctx) => {
      requireAdmin(ctx);
      return listJobs(ctx);
    },
  }),
}));
