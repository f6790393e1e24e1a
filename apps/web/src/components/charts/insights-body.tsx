import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { CombinedError } from 'urql';
import { describeDays } from '../../lib/insights-range';
import { describeError } from '../../lib/server-error';
import { ErrorAlert } from '../error-alert';
import { InsightsSkeleton } from './insights-skeleton';
import { RangeControl, type useInsightsRange } from './range-control';
import { UpdatedNote } from './updated-note';

/**
 * An insights page below its heading: the range control, the days shown and when they were
 * updated, then the figures — or a skeleton while they load, or the error with "Try again".
 */
export function InsightsBody<Data>({
  rangeState: { range, today, change },
  result: { data, error, fetching, refresh, updatedAt },
  skeletonCards,
  children,
}: {
  rangeState: ReturnType<typeof useInsightsRange>;
  result: {
    data: Data | null | undefined;
    error: CombinedError | undefined;
    fetching: boolean;
    refresh: () => void;
    updatedAt: Date | null;
  };
  skeletonCards: number;
  children: (data: Data) => ReactNode;
}) {
  return (
    <>
      <RangeControl range={range} today={today} onChange={change} />
      <Stack gap={0}>
        <Text fw={600}>{describeDays(range.from, range.to)}</Text>
        <UpdatedNote at={updatedAt} failed={Boolean(error) && Boolean(data)} />
      </Stack>
      {range.problem ? null : error && !data ? (
        <ErrorAlert
          title="The figures could not be loaded"
          message={describeError(error).message}
          onRetry={refresh}
        />
      ) : !data ? (
        fetching ? (
          <InsightsSkeleton cards={skeletonCards} />
        ) : null
      ) : (
        children(data)
      )}
    </>
  );
}
