import { formatCents } from '@bevy/core';
import { Anchor, Card, Group, Image, Stack, Text } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { Link } from 'react-router';
import { StatusBadge } from './status-badge';

/** What a card needs of an event: the listing's and the business page's queries both give it. */
export interface EventCardData {
  urlKey: string;
  title: string;
  when: string;
  imageUrl: string | null;
  venueCity: string;
  venueState: string;
  visibility: string;
  cancelled: boolean;
  availability: string;
  seatsLeft: number;
  distanceMiles: number | null;
  business: { name: string };
  ticketTypes: { viewerPriceCents: number }[];
}

/** An upcoming event in a list: when, where, from what price, and how many seats are left. */
export function EventCard({
  event,
  headingLevel = 'h2',
}: {
  event: EventCardData;
  headingLevel?: 'h2' | 'h3';
}) {
  const prices = event.ticketTypes.map((type) => type.viewerPriceCents);
  const from = prices.length > 0 ? Math.min(...prices) : null;
  const Heading = headingLevel;
  return (
    <Card withBorder radius="md" padding="md">
      <Group align="flex-start" wrap="nowrap" gap="md">
        {event.imageUrl ? (
          <Image src={event.imageUrl} alt="" w={88} h={88} radius="sm" fit="cover" />
        ) : (
          <IconCalendarEvent size={40} aria-hidden style={{ flexShrink: 0 }} />
        )}
        <Stack gap={2} miw={0}>
          <Heading style={{ margin: 0, fontSize: 'var(--mantine-font-size-lg)' }}>
            <Anchor component={Link} to={`/events/${encodeURIComponent(event.urlKey)}`}>
              {event.title}
            </Anchor>
          </Heading>
          <Text fz="sm" fw={600}>
            {event.when}
          </Text>
          <Text fz="sm" c="dark.6">
            {event.business.name} · {event.venueCity}, {event.venueState}
            {event.distanceMiles !== null ? ` · ${Math.round(event.distanceMiles)} mi away` : ''}
          </Text>
          <Group gap="xs" mt={4}>
            {event.cancelled ? <StatusBadge color="red">Cancelled</StatusBadge> : null}
            {event.visibility === 'members' ? (
              <StatusBadge color="blue">Club members only</StatusBadge>
            ) : null}
            <StatusBadge color={event.seatsLeft > 0 ? 'teal' : 'red'}>
              {event.availability}
            </StatusBadge>
            {from !== null ? <Text fz="sm">From {formatCents(from)}</Text> : null}
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}
