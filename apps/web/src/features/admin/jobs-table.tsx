import { Code, Stack, Table, Text, Title } from '@mantine/core';
import { StatusBadge } from '../../components/status-badge';
import type { ResultOf } from '../../lib/graphql';
import type { BACKGROUND_JOBS } from './api/jobs';

export type BackgroundJob = ResultOf<typeof BACKGROUND_JOBS>['backgroundJobs'][number];
type JobRun = NonNullable<BackgroundJob['lastRun']>;

// Jobs run every few seconds or minutes: their times need the seconds.
const momentFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
});

function Moment({ at }: { at: string }) {
  return <time dateTime={at}>{momentFormat.format(new Date(at))}</time>;
}

const OUTCOME_COLORS: Record<JobRun['outcome'], string> = {
  completed: 'green',
  failed: 'red',
  interrupted: 'orange',
  running: 'blue',
};

const OUTCOME_LABELS: Record<JobRun['outcome'], string> = {
  completed: 'Completed',
  failed: 'Failed',
  interrupted: 'Interrupted',
  running: 'Running',
};

/** "250 ms", "4.2 s", "3 min 5 s". */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

const pad = (value: string) => value.padStart(2, '0');

/** The common cron shapes in words ("Every 10 minutes", "Daily at 03:40 UTC"); null for others. */
export function describeSchedule(cron: string): string | null {
  const [minute, hour, day, month, weekday, ...rest] = cron.trim().split(/\s+/);
  if (rest.length > 0 || day !== '*' || month !== '*' || weekday !== '*') return null;
  if (minute === '*' && hour === '*') return 'Every minute';
  const every = /^\*\/(\d+)$/.exec(minute ?? '');
  if (every && hour === '*') return `Every ${every[1]} minutes`;
  if (/^\d+$/.test(minute ?? '') && hour === '*') return `Every hour at :${pad(minute!)}`;
  if (/^\d+$/.test(minute ?? '') && /^\d+$/.test(hour ?? '')) {
    return `Daily at ${pad(hour!)}:${pad(minute!)} UTC`;
  }
  return null;
}

function Schedule({ cron }: { cron: string | null }) {
  if (!cron) return <Text size="sm">On demand, or turned off</Text>;
  const words = describeSchedule(cron);
  return (
    <Stack gap={2}>
      {words ? <Text size="sm">{words}</Text> : null}
      <Code>{cron}</Code>
    </Stack>
  );
}

function LastRun({ run }: { run: JobRun | null }) {
  if (!run) return <Text size="sm">Not run yet</Text>;
  return (
    <Stack gap={4} align="flex-start">
      <StatusBadge color={OUTCOME_COLORS[run.outcome]}>{OUTCOME_LABELS[run.outcome]}</StatusBadge>
      <Text size="sm">
        <Moment at={run.startedAt} />
        {run.durationMs !== null ? `, took ${formatDuration(run.durationMs)}` : null}
        {run.attempt > 1 ? ` (attempt ${run.attempt})` : null}
      </Text>
    </Stack>
  );
}

/** Each job with its schedule, last run, next run and how many recent runs failed. */
export function JobsTable({ jobs }: { jobs: BackgroundJob[] }) {
  return (
    // Narrower than the table, the frame scrolls: it takes focus, so keyboards can scroll it too.
    <Table.ScrollContainer
      minWidth={760}
      type="native"
      tabIndex={0}
      role="region"
      aria-label="Background jobs table"
    >
      <Table striped captionSide="top" verticalSpacing="sm">
        <Table.Caption>
          <Text ta="left" size="sm" c="dark.6">
            Background jobs, with their last and next runs
          </Text>
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Job</Table.Th>
            <Table.Th scope="col">Schedule</Table.Th>
            <Table.Th scope="col">Last run</Table.Th>
            <Table.Th scope="col">Next run</Table.Th>
            <Table.Th scope="col">Recent failures</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {jobs.map((job) => (
            <Table.Tr key={job.name}>
              <Table.Th scope="row">
                <Code fw={600}>{job.name}</Code>
              </Table.Th>
              <Table.Td>
                <Schedule cron={job.schedule} />
              </Table.Td>
              <Table.Td>
                <LastRun run={job.lastRun} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">
                  {job.nextRunAt ? <Moment at={job.nextRunAt} /> : 'Not scheduled'}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">
                  {job.recentFailures.length === 0 ? 'None' : job.recentFailures.length}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** What went wrong in each job's latest failed or interrupted runs, newest first. */
export function RecentFailures({ jobs }: { jobs: BackgroundJob[] }) {
  const failing = jobs.filter((job) => job.recentFailures.length > 0);
  return (
    <Stack gap="sm" component="section" aria-labelledby="admin-job-failures-title">
      <Title order={3} id="admin-job-failures-title">
        Recent failures
      </Title>
      {failing.length === 0 ? <Text>No job has failed lately.</Text> : null}
      {failing.map((job) => (
        <Stack key={job.name} gap={4}>
          <Title order={4} size="h6">
            <Code fw={600}>{job.name}</Code>
          </Title>
          <Stack component="ul" gap={4} m={0} pl="lg">
            {job.recentFailures.map((run) => (
              <Text component="li" size="sm" key={`${run.startedAt}-${run.attempt}`}>
                <Moment at={run.startedAt} />, attempt {run.attempt}: {OUTCOME_LABELS[run.outcome]}
                {run.error ? (
                  <>
                    {' '}
                    — <span style={{ overflowWrap: 'anywhere' }}>{run.error}</span>
                  </>
                ) : null}
              </Text>
            ))}
          </Stack>
        </Stack>
      ))}
    </Stack>
  );
}
