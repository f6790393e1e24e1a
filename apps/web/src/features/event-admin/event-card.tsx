import { formatCents } from '@bevy/core';
import { Anchor, Button, Card, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconChartBar, IconTicket } from '@tabler/icons-react';
import { Link } from 'react-router';
import { StatusBadge } from '../../components/status-badge';
import type { ManagedEvent } from './api/event-admin';
import {
  countOf,
  eventCheckInPath,
  eventManagePath,
  publicEventPath,
  venueLine,
  VISIBILITY_COLORS,
  VISIBILITY_LABELS,
} from './event-admin-labels';

/** "General admission $25.00 (members $20.00)", for each ticket type. */
function ticketTypesLine(event: ManagedEvent): string {
  return event.ticketTypes
    .map((type) => {
      const notes = [
        type.memberPriceCents !== null && `members ${formatCents(type.memberPriceCents)}`,
        type.membersOnly && 'members only',
      ].filter(Boolean);
      const price = type.priceCents === 0 ? 'free' : formatCents(type.priceCents);
      return `${type.name} ${price}${notes.length > 0 ? ` (${notes.join(', ')})` : ''}`;
    })
    .join(' · ');
}

/** The event's badges: who sees it, and whether it is cancelled or over. */
export function EventBadges({ event, past }: { event: ManagedEvent; past?: boolean }) {
  return (
    <Group gap="xs" wrap="wrap">
      <StatusBadge color={VISIBILITY_COLORS[event.visibility]}>
        {VISIBILITY_LABELS[event.visibility]}
      </StatusBadge>
      {event.adultsOnly ? <StatusBadge color="gray">21+</StatusBadge> : null}
      {event.cancelled ? <StatusBadge color="red">Cancelled</StatusBadge> : null}
      {past && !event.cancelled ? <StatusBadge color="gray">Over</StatusBadge> : null}
    </Group>
  );
}

/** One of the producer's events, with the ways to its sales, its door and its public page. */
export function EventCard({
  event,
  businessSlug,
  past,
}: {
  event: ManagedEvent;
  businessSlug: string;
  past: boolean;
}) {
  const headingId = `event-${event.id}`;
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Title order={3} fz="lg" id={headingId} style={{ overflowWrap: 'anywhere' }}>
            {event.title}
          </Title>
          <EventBadges event={event} past={past} />
        </Group>
        <Text fw={600} fz="sm">
          {event.when}
        </Text>
        <Text fz="sm">{venueLine(event)}</Text>
        <Text fz="sm" c="dark.6">
          Capacity {countOf(event.capacity, 'seat')} · {event.refundPolicy}
        </Text>
        {event.ticketTypes.length > 0 ? <Text fz="sm">{ticketTypesLine(event)}</Text> : null}
        <Group gap="sm" wrap="wrap" mt={4}>
          <Button
            component={Link}
            to={eventManagePath(businessSlug, event.id)}
            size="xs"
            leftSection={<IconChartBar size={16} aria-hidden />}
          >
            Manage <VisuallyHidden>{event.title}</VisuallyHidden>
          </Button>
          <Button
            component={Link}
            to={eventCheckInPath(businessSlug, event.id)}
            size="xs"
            variant="default"
            leftSection={<IconTicket size={16} aria-hidden />}
          >
            Check-in <VisuallyHidden>for {event.title}</VisuallyHidden>
          </Button>
          <Anchor component={Link} to={publicEventPath(event.urlKey)} fz="sm">
            Public page <VisuallyHidden>of {event.title}</VisuallyHidden>
          </Anchor>
        </Group>
      </Stack>
    </Card>
  );
}
