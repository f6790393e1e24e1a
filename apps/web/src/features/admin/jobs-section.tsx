import { Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from 'urql';
import { QueryStatus, RefreshButton } from './admin-ui';
import { BACKGROUND_JOBS } from './api/jobs';
import { JobsTable, RecentFailures } from './jobs-table';

/** /admin/jobs: the server's background jobs, their last and next runs and recent failures. */
export function JobsSection() {
  const [result, reexecute] = useQuery({
    query: BACKGROUND_JOBS,
    requestPolicy: 'cache-and-network',
  });
  const refetch = () => reexecute({ requestPolicy: 'network-only' });
  const jobs = result.data?.backgroundJobs;

  return (
    <Stack gap="md" component="section" aria-labelledby="admin-jobs-title">
      <Group justify="space-between">
        <Title order={2} id="admin-jobs-title">
          Background jobs
        </Title>
        <RefreshButton busy={result.fetching} onClick={refetch} />
      </Group>
      <Text>
        Work the server does on its own: reminders, payouts, sweeps, mail and clean-up. A failed run
        is tried again; a run whose server stopped is taken over by another.
      </Text>
      <QueryStatus error={result.error} loading={!jobs && result.fetching} onRetry={refetch} />
      {jobs && jobs.length === 0 ? (
        <Text role="status">
          No background jobs yet. They appear once the server has started its job runner.
        </Text>
      ) : null}
      {jobs && jobs.length > 0 ? (
        <>
          <JobsTable jobs={jobs} />
          <RecentFailures jobs={jobs} />
        </>
      ) : null}
    </Stack>
  );
}
