import { formatCents } from '@bevy/core';
import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconDownload, IconSearch, IconUsers } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useQuery } from 'urql';
import { EmptyState } from '../../components/empty-state';
import { ErrorAlert } from '../../components/error-alert';
import { PageLoading } from '../../components/page-loading';
import { SuccessNotice } from '../../components/success-notice';
import { describeError } from '../../lib/server-error';
import { EVENT_ATTENDEES, type EventAttendeeView, type ManagedEvent } from './api/event-admin';
import { filterAttendees, isRefundable } from './attendee-list';
import { attendeeLabel, AttendeesTable } from './attendees-table';
import { RetryRefunds, type CancelEventResult } from './cancel-event-dialog';
import { attendeesCsvHref, countOf } from './event-admin-labels';
import { RefundTicketDialog } from './refund-ticket-dialog';
import { useLastGood } from '../../lib/use-live-refresh';

/**
 * The event's tickets with their guests and buyers: a filter, the CSV export, and a refund for
 * each paid ticket while the event is on. `checkedIn` comes from the live figures: when it moves,
 * the list is fetched again so that its check-ins keep up.
 */
export function AttendeesSection({
  businessSlug,
  event,
  checkedIn,
  onTicketsChanged,
  onRefundsRetried,
}: {
  businessSlug: string;
  event: ManagedEvent;
  checkedIn: number;
  /** After a refund: the figures are stale. */
  onTicketsChanged: () => void;
  onRefundsRetried: (result: CancelEventResult) => void;
}) {
  const [{ data, fetching, error }, refetch] = useQuery({
    query: EVENT_ATTENDEES,
    variables: { businessSlug, eventId: event.id },
    requestPolicy: 'cache-and-network',
  });
  const [query, setQuery] = useState('');
  const [refunding, setRefunding] = useState<EventAttendeeView | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const seenCheckedIn = useRef(checkedIn);
  useEffect(() => {
    if (seenCheckedIn.current === checkedIn) return;
    seenCheckedIn.current = checkedIn;
    refetch({ requestPolicy: 'network-only' });
  }, [checkedIn, refetch]);

  const attendees = useLastGood(data?.eventAttendees, `${businessSlug}/${event.id}`);
  const shown = attendees ? filterAttendees(attendees, query) : [];
  const filtered = query.trim() !== '';
  const unrefunded = event.cancelled ? (attendees ?? []).filter(isRefundable).length : 0;
  const refetchAll = () => {
    refetch({ requestPolicy: 'network-only' });
    onTicketsChanged();
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="event-attendees">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2} fz="xl" id="event-attendees">
          Attendees
        </Title>
        <Button
          component="a"
          href={attendeesCsvHref(businessSlug, event.id)}
          download
          variant="default"
          size="xs"
          leftSection={<IconDownload size={16} aria-hidden />}
        >
          Download CSV
        </Button>
      </Group>
      {notice ? <SuccessNotice onClose={() => setNotice(null)}>{notice}</SuccessNotice> : null}
      {unrefunded > 0 ? (
        <RetryRefunds
          businessSlug={businessSlug}
          eventId={event.id}
          unrefunded={unrefunded}
          onDone={(result) => {
            refetchAll();
            onRefundsRetried(result);
          }}
        />
      ) : null}
      {error && !attendees ? (
        <ErrorAlert
          title="The attendees could not be loaded"
          message={describeError(error).message}
          onRetry={() => refetch({ requestPolicy: 'network-only' })}
        />
      ) : null}
      {error && attendees ? (
        <Text fz="sm" c="red.9">
          The list could not be refreshed just now: it may be a little behind.
        </Text>
      ) : null}
      {!attendees && fetching ? <PageLoading /> : null}
      {attendees && attendees.length === 0 ? (
        <EmptyState icon={IconUsers}>
          <Text ta="center">No tickets sold yet.</Text>
        </EmptyState>
      ) : null}
      {attendees && attendees.length > 0 ? (
        <>
          <Group
            component="form"
            role="search"
            aria-label="Filter attendees"
            onSubmit={(submitted) => submitted.preventDefault()}
          >
            <TextInput
              label="Filter by name, email, ticket type, order or code"
              type="search"
              leftSection={<IconSearch size={16} aria-hidden />}
              value={query}
              onChange={(change) => setQuery(change.currentTarget.value)}
              maxLength={100}
              style={{ flex: '1 1 240px', maxWidth: 420 }}
            />
          </Group>
          {shown.length === 0 ? (
            <EmptyState icon={IconSearch}>
              <Text ta="center">No ticket matches “{query.trim()}”.</Text>
              <Button variant="default" size="xs" onClick={() => setQuery('')}>
                Clear the filter
              </Button>
            </EmptyState>
          ) : (
            <AttendeesTable
              attendees={shown}
              caption={`${countOf(shown.length, 'ticket')}${filtered ? ` of ${attendees.length} matching the filter` : ''}, by ticket type and name`}
              timeZone={event.timeZone}
              canRefund={!event.cancelled}
              onRefund={(attendee) => {
                setNotice(null);
                setRefunding(attendee);
              }}
            />
          )}
        </>
      ) : null}
      <RefundTicketDialog
        businessSlug={businessSlug}
        eventId={event.id}
        attendee={refunding}
        onClose={() => setRefunding(null)}
        onRefunded={(attendee) => {
          setRefunding(null);
          setNotice(
            `${attendeeLabel(attendee)}’s ${attendee.typeName} ticket is refunded: ${formatCents(attendee.priceCents)}.`,
          );
          refetchAll();
        }}
      />
    </Stack>
  );
}
