import {
  Button,
  Container,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCalendarOff } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from 'urql';
import { EmptyState } from '../../components/empty-state';
import { ErrorAlert } from '../../components/error-alert';
import { EventCard } from '../../components/event-card';
import { PageLoading } from '../../components/page-loading';
import { describeError } from '../../lib/server-error';
import { siteConfig } from '../../lib/site-config';
import { EVENTS } from './api/events';

const RADII = ['10', '25', '50', '100', '250'];

/** Upcoming events at every producer (/events), by date and by distance from a ZIP code. */
export function EventsPage() {
  useDocumentTitle(`Events · ${siteConfig.siteName}`);
  const [params, setParams] = useSearchParams();
  const applied = {
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    zip: params.get('zip') ?? '',
    radius: params.get('radius') ?? '50',
  };
  const [draft, setDraft] = useState(applied);
  const [{ data, fetching, error }] = useQuery({
    query: EVENTS,
    variables: {
      from: applied.from || null,
      to: applied.to || null,
      zip: applied.zip || null,
      radiusMiles: applied.zip ? Number(applied.radius) : null,
    },
  });
  const search = (submitted: FormEvent) => {
    submitted.preventDefault();
    const next = new URLSearchParams();
    for (const [key, value] of Object.entries(draft)) {
      if (value && !(key === 'radius' && !draft.zip)) next.set(key, value);
    }
    setParams(next);
  };
  const events = data?.events ?? [];
  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <div>
          <Title order={1}>Events</Title>
          <Text c="dark.6">
            Tastings, tours, release parties and dinners at producers near you. Times are the
            venue’s.
          </Text>
        </div>
        <form onSubmit={search} aria-label="Find events">
          <Group align="flex-end" gap="sm">
            <TextInput
              type="date"
              label="From"
              value={draft.from}
              onChange={(event) => setDraft({ ...draft, from: event.currentTarget.value })}
            />
            <TextInput
              type="date"
              label="To"
              value={draft.to}
              onChange={(event) => setDraft({ ...draft, to: event.currentTarget.value })}
            />
            <TextInput
              label="Near ZIP code"
              placeholder="e.g. 94559"
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={5}
              w={140}
              value={draft.zip}
              onChange={(event) => setDraft({ ...draft, zip: event.currentTarget.value.trim() })}
            />
            <Select
              label="Within"
              data={RADII.map((miles) => ({ value: miles, label: `${miles} miles` }))}
              value={draft.radius}
              onChange={(value) => setDraft({ ...draft, radius: value ?? '50' })}
              allowDeselect={false}
              w={130}
            />
            <Button type="submit">Find events</Button>
          </Group>
        </form>
        {error ? (
          <ErrorAlert title="We could not list events" message={describeError(error).message} />
        ) : fetching && events.length === 0 ? (
          <PageLoading />
        ) : events.length === 0 ? (
          <EmptyState icon={IconCalendarOff}>
            <Text fw={600}>No upcoming events match.</Text>
            <Text c="dark.6">Try other dates, or a wider distance.</Text>
          </EmptyState>
        ) : (
          <SimpleGrid
            cols={{ base: 1, md: 2 }}
            spacing="md"
            component="section"
            aria-label="Upcoming events"
          >
            {events.map((event) => (
              <EventCard key={event.id} event={event} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Container>
  );
}
