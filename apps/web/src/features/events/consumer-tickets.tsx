import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconTicket } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useQuery } from 'urql';
import { MY_TICKETS } from './api/events';

/** On /consumer: the buyer's upcoming tickets in a line each, and the way to their QR codes. */
export function ConsumerTickets() {
  const [{ data }] = useQuery({ query: MY_TICKETS, requestPolicy: 'cache-and-network' });
  const upcoming = (data?.myTickets ?? []).filter(
    (ticket) => !ticket.eventEnded && ticket.status === 'valid',
  );
  if (upcoming.length === 0) return null;
  const events = [...new Map(upcoming.map((ticket) => [ticket.eventUrlKey, ticket])).values()];
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="tickets-heading">
      <Stack gap="xs">
        <Group justify="space-between" align="baseline">
          <Title order={2} fz="lg" id="tickets-heading">
            <Group gap={6} component="span">
              <IconTicket size={20} aria-hidden />
              Your tickets
            </Group>
          </Title>
          <Anchor component={Link} to="/consumer/tickets">
            Show QR codes
          </Anchor>
        </Group>
        {events.map((ticket) => (
          <Text key={ticket.eventUrlKey} fz="sm">
            <Text span fw={600}>
              {ticket.eventTitle}
            </Text>{' '}
            · {ticket.eventWhen} ·{' '}
            {upcoming.filter((other) => other.eventUrlKey === ticket.eventUrlKey).length} ticket(s)
          </Text>
        ))}
      </Stack>
    </Card>
  );
}
