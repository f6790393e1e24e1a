import { screen, within } from '@testing-library/react';
import { CombinedError, Provider, type Client } from 'urql';
import { describe, expect, it } from 'vitest';
import { concat, fromValue, never } from 'wonka';
import { renderInApp } from '../../test/render';
import { JobsSection } from './jobs-section';
import { describeSchedule, formatDuration, type BackgroundJob } from './jobs-table';

/**
 * The GraphQL client at its boundary: every query answers `answer`, or never answers. A query's
 * results never end, as the real client's do not (an ended query forgets its error).
 */
function renderWith(answer: { data?: unknown; error?: CombinedError } | 'pending') {
  const client = {
    executeQuery: () =>
      answer === 'pending'
        ? never
        : concat([fromValue({ stale: false, hasNext: false, ...answer }), never]),
  } as unknown as Client;
  return renderInApp(
    <Provider value={client}>
      <JobsSection />
    </Provider>,
  );
}

const sweep: BackgroundJob = {
  name: 'checkout.sweep-abandoned',
  schedule: '* * * * *',
  nextRunAt: '2030-01-01T10:01:00.000Z',
  retryLimit: 2,
  lastRun: {
    attempt: 2,
    outcome: 'completed',
    startedAt: '2030-01-01T10:00:00.000Z',
    finishedAt: '2030-01-01T10:00:01.500Z',
    durationMs: 1500,
    error: null,
  },
  recentFailures: [
    {
      attempt: 1,
      outcome: 'interrupted',
      startedAt: '2030-01-01T09:59:00.000Z',
      error: 'The process running it stopped before it finished.',
    },
  ],
};
const relay: BackgroundJob = {
  name: 'mail.relay-queued',
  schedule: null,
  nextRunAt: null,
  retryLimit: 0,
  lastRun: null,
  recentFailures: [],
};

describe('the jobs page', () => {
  it('shows each job with its schedule, last and next run, and what failed lately', () => {
    renderWith({ data: { backgroundJobs: [sweep, relay] } });
    expect(screen.getByRole('heading', { name: 'Background jobs', level: 2 })).toBeVisible();
    const sweepRow = screen.getByRole('row', { name: /checkout\.sweep-abandoned/ });
    expect(within(sweepRow).getByText('Every minute')).toBeVisible();
    expect(within(sweepRow).getByText('Completed')).toBeVisible();
    expect(within(sweepRow).getByText(/took 1\.5 s \(attempt 2\)/)).toBeVisible();
    const relayRow = screen.getByRole('row', { name: /mail\.relay-queued/ });
    expect(within(relayRow).getByText('Not run yet')).toBeVisible();
    expect(within(relayRow).getByText('Not scheduled')).toBeVisible();

    const failures = screen.getByRole('region', { name: 'Recent failures' });
    expect(within(failures).getByRole('listitem')).toHaveTextContent(
      /attempt 1: Interrupted — The process running it stopped before it finished\./,
    );
  });

  it('says so when no job has started yet', () => {
    renderWith({ data: { backgroundJobs: [] } });
    expect(screen.getByRole('status')).toHaveTextContent(/No background jobs yet/);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows the refusal when the jobs cannot be read', () => {
    renderWith({
      error: new CombinedError({
        graphQLErrors: [
          { message: 'Only administrators can do that.', extensions: { code: 'FORBIDDEN' } },
        ],
      }),
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Only administrators can do that.');
  });

  it('shows that it is loading until the answer comes', () => {
    renderWith('pending');
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
  });
});

describe('job schedules and durations in words', () => {
  it.each([
    ['* * * * *', 'Every minute'],
    ['*/10 * * * *', 'Every 10 minutes'],
    ['17 * * * *', 'Every hour at :17'],
    ['40 3 * * *', 'Daily at 03:40 UTC'],
    ['0 9 * * 1', null],
  ])('%s is %s', (cron, words) => {
    expect(describeSchedule(cron)).toBe(words);
  });

  it.each([
    [250, '250 ms'],
    [4_200, '4.2 s'],
    [185_000, '3 min 5 s'],
  ])('%i ms reads %s', (ms, words) => {
    expect(formatDuration(ms)).toBe(words);
  });
});
