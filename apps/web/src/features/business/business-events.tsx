import { Anchor, Box, Group, SimpleGrid, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useQuery } from 'urql';
import { EventCard } from '../../components/event-card';
import { BUSINESS_EVENTS } from './api/business';

/** The producer's upcoming events on its page; nothing when it has none. */
export function BusinessEvents({ slug, name }: { slug: string; name: string }) {
  const [{ data }] = useQuery({ query: BUSINESS_EVENTS, variables: { businessSlug: slug } });
  const events = data?.events ?? [];
  if (events.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="business-events-heading" mb="xl">
      <Group justify="space-between" align="baseline" mb="sm">
        <Title order={2} id="business-events-heading">
          Upcoming events at {name}
        </Title>
        <Anchor component={Link} to="/events">
          All events
        </Anchor>
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {events.map((event) => (
          <EventCard key={event.id} event={event} headingLevel="h3" />
        ))}
      </SimpleGrid>
    </Box>
  );
}
