import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconCalendarX, IconTicket } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from 'urql';
import { BusinessFrame, type FramedBusiness } from '../../components/business-frame';
import { ErrorAlert } from '../../components/error-alert';
import { PageLoading } from '../../components/page-loading';
import { SuccessNotice } from '../../components/success-notice';
import { FRAMED_BUSINESS } from '../../lib/api/business';
import { describeError } from '../../lib/server-error';
import { EVENT_SALES, type EventSalesView } from './api/event-admin';
import { AttendeesSection } from './attendees-section';
import { CancelEventDialog, type CancelEventResult } from './cancel-event-dialog';
import { EventBadges } from './event-card';
import {
  countOf,
  eventCheckInPath,
  eventsPath,
  publicEventPath,
  venueLine,
} from './event-admin-labels';
import { EventFigures, SalesByTypeTable } from './event-figures';
import { useLastGood, useLiveRefresh } from '../../lib/use-live-refresh';

/** How often the figures (check-ins above all) are fetched again while the page is visible. */
const LIVE_REFRESH_MS = 5_000;

/** The event id of the URL, or null when it is not one. */
function eventIdOf(param: string | undefined): number | null {
  const id = Number(param);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** What cancelling answered, in words: how many refunds went through, and how many did not. */
function cancelMessage({ refunded, failed }: CancelEventResult): string {
  const done =
    refunded > 0 ? `${countOf(refunded, 'ticket')} refunded.` : 'No ticket needed a refund.';
  return failed > 0
    ? `${done} ${countOf(failed, 'refund')} failed: retry them below once the payment provider answers again.`
    : done;
}

function EventHeader({
  businessSlug,
  sales,
  onCancel,
}: {
  businessSlug: string;
  sales: EventSalesView;
  onCancel: () => void;
}) {
  const { event } = sales;
  const past = new Date(event.endsAt).getTime() <= Date.now();
  return (
    <Stack gap="xs">
      <EventBadges event={event} past={past} />
      <Text fw={600}>{event.when}</Text>
      <Text fz="sm">{venueLine(event)}</Text>
      <Text fz="sm" c="dark.6">
        {event.refundPolicy}
      </Text>
      <Group gap="sm" wrap="wrap" mt={4}>
        <Button
          component={Link}
          to={eventCheckInPath(businessSlug, event.id)}
          size="xs"
          leftSection={<IconTicket size={16} aria-hidden />}
        >
          Check-in
        </Button>
        <Anchor component={Link} to={publicEventPath(event.urlKey)} fz="sm">
          Public page
        </Anchor>
        <Anchor component={Link} to={eventsPath(businessSlug)} fz="sm">
          All events
        </Anchor>
        {event.cancelled ? null : (
          <Button
            size="xs"
            variant="outline"
            color="red.9"
            ml="auto"
            leftSection={<IconCalendarX size={16} aria-hidden />}
            onClick={onCancel}
          >
            Cancel event
          </Button>
        )}
      </Group>
    </Stack>
  );
}

function EventSalesSections({
  business,
  sales,
  stale,
  onRefresh,
}: {
  business: FramedBusiness;
  sales: EventSalesView;
  /** The last live refresh failed: the figures may be behind. */
  stale: boolean;
  onRefresh: () => void;
}) {
  const { event } = sales;
  const [cancelling, setCancelling] = useState(false);
  const [cancelled, setCancelled] = useState<CancelEventResult | null>(null);
  const onCancelResult = (result: CancelEventResult) => {
    setCancelled(result);
    onRefresh();
  };

  return (
    <Stack gap="lg">
      <EventHeader
        businessSlug={business.slug}
        sales={sales}
        onCancel={() => {
          setCancelled(null);
          setCancelling(true);
        }}
      />
      {cancelled ? (
        <SuccessNotice onClose={() => setCancelled(null)}>
          {event.title} is cancelled and its ticket holders are emailed. {cancelMessage(cancelled)}
        </SuccessNotice>
      ) : null}
      {event.cancelled && !cancelled ? (
        <Alert color="red" title="This event is cancelled">
          <Text fz="sm" c="dark.8">
            It is off sale; its ticket holders were refunded and emailed.
          </Text>
        </Alert>
      ) : null}
      <Stack gap="sm" component="section" aria-labelledby="event-figures">
        <Title order={2} fz="xl" id="event-figures">
          Sales and check-in
        </Title>
        <Text fz="sm" c="dark.6">
          {stale
            ? 'The figures could not be refreshed just now: they may be a little behind.'
            : 'Refreshed every few seconds while this page is open.'}
        </Text>
        <EventFigures sales={sales} />
        {sales.types.length > 0 ? <SalesByTypeTable sales={sales} /> : null}
      </Stack>
      <AttendeesSection
        businessSlug={business.slug}
        event={event}
        checkedIn={sales.checkedIn}
        onTicketsChanged={onRefresh}
        onRefundsRetried={onCancelResult}
      />
      <CancelEventDialog
        opened={cancelling}
        businessSlug={business.slug}
        eventId={event.id}
        title={event.title}
        ticketsSold={sales.sold}
        onClose={() => setCancelling(false)}
        onCancelled={(result) => {
          setCancelling(false);
          onCancelResult(result);
        }}
      />
    </Stack>
  );
}

/**
 * Route /business/:slug/events/:id: an event's sales by ticket type, its check-ins as they happen,
 * its attendees (filter, CSV, refunds), and cancelling it.
 */
export function EventManagePage() {
  const { slug = '', id } = useParams();
  const eventId = eventIdOf(id);
  const [{ data, fetching, error }, refetch] = useQuery({
    query: EVENT_SALES,
    variables: { businessSlug: slug, eventId: eventId ?? 0 },
    requestPolicy: 'cache-and-network',
    pause: eventId === null,
  });
  // The frame's own query, started now rather than once the sales are in: both load at once.
  useQuery({ query: FRAMED_BUSINESS, variables: { slug } });
  const refresh = useCallback(() => refetch({ requestPolicy: 'network-only' }), [refetch]);
  const sales = useLastGood(data?.eventSales, `${slug}/${eventId}`);
  useLiveRefresh(refresh, LIVE_REFRESH_MS, sales !== null);

  if (fetching && !sales) return <PageLoading />;
  return (
    <BusinessFrame title={(business) => sales?.event.title ?? `An event of ${business.name}`}>
      {(business) =>
        sales ? (
          <EventSalesSections
            business={business}
            sales={sales}
            stale={Boolean(error)}
            onRefresh={refresh}
          />
        ) : (
          <>
            <ErrorAlert
              title="This event could not be loaded"
              message={error ? describeError(error).message : 'There is no such event.'}
              onRetry={error ? refresh : undefined}
            />
            <Text>
              <Anchor component={Link} to={eventsPath(business.slug)}>
                Back to the events of {business.name}
              </Anchor>
            </Text>
          </>
        )
      }
    </BusinessFrame>
  );
}
