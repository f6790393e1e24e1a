import { Anchor, Button, Card, Stack, Text, Title } from '@mantine/core';
import { IconCalendarEvent, IconPlus } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from 'urql';
import { BusinessFrame, type FramedBusiness } from '../../components/business-frame';
import { EmptyState } from '../../components/empty-state';
import { ErrorAlert } from '../../components/error-alert';
import { PageLoading } from '../../components/page-loading';
import { SuccessNotice } from '../../components/success-notice';
import { describeError } from '../../lib/server-error';
import { EVENTS_TO_MANAGE, type ManagedEvent } from './api/event-admin';
import { eventManagePath } from './event-admin-labels';
import { EventCard } from './event-card';
import { EventForm } from './event-form';

/** Events still to come (or under way) and those over, each in the server's order. */
function splitByTime(events: readonly ManagedEvent[], now: number) {
  const upcoming: ManagedEvent[] = [];
  const past: ManagedEvent[] = [];
  for (const event of events) {
    (new Date(event.endsAt).getTime() <= now ? past : upcoming).push(event);
  }
  return { upcoming, past };
}

function EventSection({
  id,
  title,
  events,
  businessSlug,
  past,
}: {
  id: string;
  title: string;
  events: readonly ManagedEvent[];
  businessSlug: string;
  past: boolean;
}) {
  if (events.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Title order={2} fz="xl" id={id}>
        {title}
      </Title>
      {events.map((event) => (
        <EventCard key={event.id} event={event} businessSlug={businessSlug} past={past} />
      ))}
    </Stack>
  );
}

function EventsList({ business }: { business: FramedBusiness }) {
  const [{ data, fetching, error }, refetch] = useQuery({
    query: EVENTS_TO_MANAGE,
    variables: { businessSlug: business.slug },
    requestPolicy: 'cache-and-network',
  });
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<ManagedEvent | null>(null);
  const [now] = useState(() => Date.now());
  // Closing the form (cancelled or done) puts the keyboard back on "New event".
  const newEventButton = useRef<HTMLButtonElement>(null);
  const formWasOpen = useRef(false);
  useEffect(() => {
    if (creating) formWasOpen.current = true;
    else if (formWasOpen.current) {
      formWasOpen.current = false;
      newEventButton.current?.focus();
    }
  }, [creating]);

  if (fetching && !data) return <PageLoading />;
  if (error && !data) {
    return (
      <ErrorAlert
        title="Your events could not be loaded"
        message={describeError(error).message}
        onRetry={() => refetch({ requestPolicy: 'network-only' })}
      />
    );
  }
  const events = data?.eventsToManage ?? [];
  const { upcoming, past } = splitByTime(events, now);

  return (
    <Stack gap="lg">
      <Text>
        Tastings, tours, release parties and dinners. An event’s tickets go on sale as soon as you
        create it, and guests are checked in at the door with their ticket’s QR code.
      </Text>
      {created ? (
        <SuccessNotice onClose={() => setCreated(null)}>
          {created.title} is created and on sale.{' '}
          <Anchor component={Link} to={eventManagePath(business.slug, created.id)} fz="sm">
            See its sales
          </Anchor>
        </SuccessNotice>
      ) : null}
      {creating ? (
        <Card withBorder radius="md" padding="md" component="section" aria-labelledby="new-event">
          <Title order={2} fz="xl" id="new-event" mb="sm">
            New event
          </Title>
          <EventForm
            businessSlug={business.slug}
            onCancel={() => setCreating(false)}
            onCreated={(event) => {
              setCreating(false);
              setCreated(event);
              refetch({ requestPolicy: 'network-only' });
            }}
          />
        </Card>
      ) : (
        <Button
          ref={newEventButton}
          leftSection={<IconPlus size={16} aria-hidden />}
          style={{ alignSelf: 'flex-start' }}
          onClick={() => {
            setCreated(null);
            setCreating(true);
          }}
        >
          New event
        </Button>
      )}
      {events.length === 0 ? (
        creating ? null : (
          <EmptyState icon={IconCalendarEvent}>
            <Text ta="center">{business.name} has no events yet.</Text>
            <Text ta="center" fz="sm" c="dark.6">
              Create one with “New event”: its tickets go on sale at once.
            </Text>
          </EmptyState>
        )
      ) : (
        <>
          <EventSection
            id="upcoming-events"
            title="Upcoming"
            events={upcoming}
            businessSlug={business.slug}
            past={false}
          />
          <EventSection
            id="past-events"
            title="Past"
            events={past}
            businessSlug={business.slug}
            past
          />
        </>
      )}
    </Stack>
  );
}

/** Route /business/:slug/events: the producer's events, upcoming first, and a new one. */
export function EventsManagePage() {
  return (
    <BusinessFrame title={(business) => `Events of ${business.name}`}>
      {(business) => <EventsList business={business} />}
    </BusinessFrame>
  );
}
