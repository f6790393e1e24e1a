import type { JobRunnerTuning } from '../job-runner';

/** Short periods, so a test sees in seconds what takes minutes in production. */
export const FAST_TUNING: JobRunnerTuning = {
  pollingIntervalSeconds: 0.5,
  maintenanceIntervalSeconds: 1,
  cronMonitorIntervalSeconds: 1,
  cronWorkerIntervalSeconds: 1,
};
