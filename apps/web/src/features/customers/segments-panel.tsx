import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconEdit, IconFilter, IconTrash } from '@tabler/icons-react';
import type { Ref } from 'react';
import type { CombinedError } from 'urql';
import { ErrorAlert } from '../../components/error-alert';
import { PageLoading } from '../../components/page-loading';
import { describeError } from '../../lib/server-error';
import type { SavedSegment } from './api/customers';
import {
  describeFilter,
  filterOfSegment,
  peopleCount,
  sameSegmentFilter,
  SUGGESTED_SEGMENTS,
  type CustomerFilter,
} from './customer-filter';

const LIST_RESET = { listStyle: 'none' } as const;

function SegmentCard({
  segment,
  applied,
  onApply,
  onEdit,
  onDelete,
}: {
  segment: SavedSegment;
  applied: boolean;
  onApply: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <Card component="li" withBorder radius="md" padding="sm">
      <Stack gap={4} h="100%">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Title order={3} fz="md" style={{ overflowWrap: 'anywhere' }}>
            {segment.name}
          </Title>
          {applied ? (
            <Badge variant="light" c="dark.8" tt="none" style={{ flexShrink: 0 }}>
              Showing
            </Badge>
          ) : null}
        </Group>
        <Text fz="sm">
          {peopleCount(segment.count)} · {segment.subscribedCount.toLocaleString('en-US')} agreed to
          email
        </Text>
        <Text fz="xs" c="dark.6" style={{ flex: 1 }}>
          {describeFilter(filterOfSegment(segment.filter))}
        </Text>
        <Group gap={6} mt={4}>
          <Button
            size="xs"
            variant={applied ? 'filled' : 'light'}
            leftSection={<IconFilter size={14} aria-hidden />}
            onClick={onApply}
            aria-label={`Apply segment ${segment.name}`}
          >
            Apply
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconEdit size={14} aria-hidden />}
            onClick={onEdit}
            aria-label={`Update segment ${segment.name}`}
          >
            Update
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconTrash size={14} aria-hidden />}
            onClick={onDelete}
            aria-label={`Delete segment ${segment.name}`}
          >
            Delete
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function Suggestions({
  onApply,
}: {
  onApply: (filter: CustomerFilter, suggestedName: string) => void;
}) {
  return (
    <Stack gap="xs">
      <Text fz="sm">
        No saved segments yet. Start from a suggestion: it shows those customers, and “Save as
        segment” keeps it.
      </Text>
      <Title order={3} fz="sm" id="suggested-segments">
        Suggested segments
      </Title>
      <Group
        component="ul"
        aria-labelledby="suggested-segments"
        gap="xs"
        p={0}
        m={0}
        style={LIST_RESET}
      >
        {SUGGESTED_SEGMENTS.map((suggestion) => (
          <li key={suggestion.name}>
            <Button
              size="xs"
              variant="light"
              onClick={() => onApply(suggestion.filter, suggestion.name)}
            >
              {suggestion.name}
            </Button>
          </li>
        ))}
      </Group>
    </Stack>
  );
}

/** The business's saved segments, counted live, with the ways to apply, update and delete them. */
export function SegmentsPanel({
  segments,
  fetching,
  error,
  filter,
  onRetry,
  onApply,
  onEdit,
  onDelete,
  headingRef,
}: {
  segments: readonly SavedSegment[] | undefined;
  fetching: boolean;
  error: CombinedError | undefined;
  /** The filters now applied to the list, to mark the segment they match. */
  filter: CustomerFilter;
  onRetry: () => void;
  onApply: (filter: CustomerFilter, suggestedName?: string) => void;
  onEdit: (segment: SavedSegment) => void;
  onDelete: (segment: SavedSegment) => void;
  /** Where the keyboard goes once a segment, and its Delete button, is gone. */
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  let body;
  if (!segments && fetching) body = <PageLoading />;
  else if (!segments) {
    body = error ? (
      <ErrorAlert
        title="Your segments could not be loaded"
        message={describeError(error).message}
        onRetry={onRetry}
      />
    ) : null;
  } else if (segments.length === 0) body = <Suggestions onApply={onApply} />;
  else {
    body = (
      <SimpleGrid
        component="ul"
        aria-labelledby="segments-heading"
        // From sm the seller sidebar takes 250 px: one column until there is room again.
        cols={{ base: 1, xs: 2, sm: 1, md: 2, lg: 3 }}
        spacing="sm"
        p={0}
        m={0}
        style={LIST_RESET}
      >
        {segments.map((segment) => {
          const segmentFilter = filterOfSegment(segment.filter);
          return (
            <SegmentCard
              key={segment.id}
              segment={segment}
              applied={sameSegmentFilter(segmentFilter, filter)}
              onApply={() => onApply(segmentFilter)}
              onEdit={() => onEdit(segment)}
              onDelete={() => onDelete(segment)}
            />
          );
        })}
      </SimpleGrid>
    );
  }

  return (
    <Stack component="section" aria-labelledby="segments-heading" gap="sm">
      <Title order={2} fz="xl" id="segments-heading" ref={headingRef} tabIndex={-1}>
        Segments
      </Title>
      {body}
    </Stack>
  );
}
