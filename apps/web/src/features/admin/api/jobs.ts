import { graphql } from '../../../lib/graphql';

export const BACKGROUND_JOBS = graphql(`
  query BackgroundJobs {
    backgroundJobs {
      name
      schedule
      nextRunAt
      retryLimit
      lastRun {
        attempt
        outcome
        startedAt
        finishedAt
        durationMs
        error
      }
      recentFailures {
        attempt
        outcome
        startedAt
        error
      }
    }
  }
`);
