/** The job runner: durable, scheduled background work on the app's database (pg-boss). */
export {
  defineJob,
  type JobData,
  type JobDefinition,
  type JobRetry,
  type JobRunInfo,
  type NoData,
} from './define-job';
export {
  startJobRunner,
  type JobRunner,
  type JobRunnerOptions,
  type JobRunnerTuning,
  type SendOptions,
} from './job-runner';
export { listJobs, type JobRunView, type JobSummary } from './job-board';
