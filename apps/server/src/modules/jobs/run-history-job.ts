import { defineJob } from './define-job';
import { pruneRunHistory } from './job-runs';

/** Long enough to compare this week with last; the admin page shows the latest runs only. */
export const RUN_HISTORY_DAYS = 14;

/** The runner's own housekeeping: forgets old runs, every night. */
export const pruneRunHistoryJob = defineJob({
  name: 'jobs.prune-run-history',
  schedule: '40 3 * * *',
  async run(ctx) {
    const before = new Date(ctx.clock.now().getTime() - RUN_HISTORY_DAYS * 86_400_000);
    const removed = await pruneRunHistory(ctx.db, before);
    if (removed > 0) ctx.log.info({ removed }, 'old job runs forgotten');
  },
});
