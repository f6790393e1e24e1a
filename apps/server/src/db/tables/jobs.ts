import { index, integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const JOB_RUN_OUTCOMES = ['running', 'completed', 'failed', 'interrupted'] as const;

export const jobRunOutcomeEnum = pgEnum('job_run_outcome', JOB_RUN_OUTCOMES);

/**
 * One attempt of a background job (the job runner's queue lives in pg-boss's own schema): what
 * admins read at /admin/jobs. A run still 'running' after `expires_at` was cut short (its
 * process stopped); the runner then tries the job again.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    job_name: text('job_name').notNull(),
    /** pg-boss's id of the job this is an attempt of. */
    job_id: uuid('job_id').notNull(),
    /** 1 for the first try, 2 for the first retry... */
    attempt: integer('attempt').notNull(),
    outcome: jobRunOutcomeEnum('outcome').notNull().default('running'),
    started_at: timestamp('started_at', { withTimezone: true }).notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    finished_at: timestamp('finished_at', { withTimezone: true }),
    /** Why a failed or interrupted run stopped. */
    error: text('error'),
  },
  (t) => [
    index('job_runs_name_started_idx').on(t.job_name, t.started_at),
    index('job_runs_job_idx').on(t.job_id),
  ],
);
