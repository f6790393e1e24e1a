import {
  Alert,
  Anchor,
  Button,
  Container,
  Grid,
  Group,
  Image,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCalendarPlus, IconMapPin } from '@tabler/icons-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { ShareButton } from '../../components/share-button';
import { StatusBadge } from '../../components/status-badge';
import { useQuery } from 'urql';
import { ErrorAlert } from '../../components/error-alert';
import { PageLoading } from '../../components/page-loading';
import { describeError } from '../../lib/server-error';
import { siteConfig } from '../../lib/site-config';
import { useMe } from '../../lib/use-me';
import { EVENT_PAGE, WAITLIST_OFFER, type PublicEvent } from './api/events';
import { eventJsonLd, venueAddress } from './event-details';
import { TicketTypePicker } from './ticket-type-picker';

/** A waitlist offer behind the page's link, when it is the viewer's and still held. */
function useOffer(key: string | null) {
  const { me } = useMe();
  const [{ data, error }] = useQuery({
    query: WAITLIST_OFFER,
    variables: { key: key ?? '' },
    pause: !key || !me,
  });
  return { offer: data?.waitlistOffer ?? null, error, needsLogin: Boolean(key) && !me };
}

function OfferNotice({ offerKey, event }: { offerKey: string | null; event: PublicEvent }) {
  const { offer, error, needsLogin } = useOffer(offerKey);
  if (!offerKey) return null;
  if (needsLogin) {
    return (
      <Alert color="blue" title="A seat is held for you">
        <Anchor component={Link} to="/login">
          Log in
        </Anchor>{' '}
        to buy the seats the waitlist holds for you.
      </Alert>
    );
  }
  if (error) {
    return <ErrorAlert title="This offer cannot be used" message={describeError(error).message} />;
  }
  if (!offer) return null;
  const type = event.ticketTypes.find((candidate) => candidate.id === offer.ticketTypeId);
  return offer.live ? (
    <Alert color="teal" title="Your seats are held for you">
      {offer.quantity} × {type?.name ?? 'ticket'} until{' '}
      {new Date(offer.expiresAt!).toLocaleString('en-US', {
        timeZone: event.timeZone,
        dateStyle: 'medium',
        timeStyle: 'short',
      })}{' '}
      (the venue’s time). Add them to your cart and check out before then.
    </Alert>
  ) : (
    <Alert color="yellow" title="This offer has ended" c="dark.8">
      The seats went to the next person waiting. You can join the waitlist again.
    </Alert>
  );
}

function EventBody({ event, offerKey }: { event: PublicEvent; offerKey: string | null }) {
  const { offer } = useOffer(offerKey);
  const address = venueAddress(event);
  const mapUrl = `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
  const membersOnly = event.visibility === 'members' && !event.viewerIsMember;
  return (
    <Stack gap="lg">
      <script type="application/ld+json">{eventJsonLd(event, window.location.origin)}</script>
      <Stack gap={4}>
        <Group gap="xs">
          {event.cancelled ? <StatusBadge color="red">Cancelled</StatusBadge> : null}
          {event.adultsOnly ? (
            <StatusBadge color="yellow">21+ · bring a photo ID</StatusBadge>
          ) : null}
          {event.visibility === 'members' ? (
            <StatusBadge color="blue">Club members only</StatusBadge>
          ) : null}
        </Group>
        <Title order={1}>{event.title}</Title>
        <Group justify="space-between" gap="sm">
          <Text>
            Hosted by{' '}
            <Anchor component={Link} to={`/business/${encodeURIComponent(event.business.slug)}`}>
              {event.business.name}
            </Anchor>
          </Text>
          <ShareButton
            url={`/events/${encodeURIComponent(event.urlKey)}`}
            title={event.title}
            text={`${event.title}, hosted by ${event.business.name}.`}
            image={event.imageUrl}
          />
        </Group>
      </Stack>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            {event.imageUrl ? (
              <Image src={event.imageUrl} alt="" radius="md" mah={360} fit="cover" />
            ) : null}
            <Stack gap={2}>
              <Text fw={700}>{event.when}</Text>
              <Group gap={4} wrap="nowrap" align="flex-start">
                <IconMapPin size={18} aria-hidden style={{ flexShrink: 0, marginTop: 3 }} />
                <Text>{address}</Text>
              </Group>
              <Group gap="md" mt={4}>
                <Anchor href={mapUrl} target="_blank" rel="noopener noreferrer">
                  Open in a map
                </Anchor>
                <Button
                  component="a"
                  href={`/events/${encodeURIComponent(event.urlKey)}/calendar.ics`}
                  variant="light"
                  size="xs"
                  leftSection={<IconCalendarPlus size={16} aria-hidden />}
                >
                  Add to calendar
                </Button>
              </Group>
            </Stack>
            {event.description ? (
              <Text style={{ whiteSpace: 'pre-line' }}>{event.description}</Text>
            ) : null}
            <Text fz="sm" c="dark.6">
              {event.refundPolicy} {event.seatsLeft > 0 ? `${event.availability}.` : ''}
            </Text>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="sm" component="section" aria-labelledby="tickets-heading">
            <Title order={2} fz="lg" id="tickets-heading">
              Tickets
            </Title>
            <OfferNotice offerKey={offerKey} event={event} />
            {event.cancelled ? (
              <Alert color="red" title="This event is cancelled">
                Every ticket was refunded.
              </Alert>
            ) : membersOnly ? (
              <Alert color="blue" title="For club members">
                This event is for members of {event.business.name}’s clubs.{' '}
                <Anchor
                  component={Link}
                  to={`/business/${encodeURIComponent(event.business.slug)}`}
                >
                  See their clubs
                </Anchor>
                .
              </Alert>
            ) : null}
            {event.ticketTypes.map((type) => (
              <TicketTypePicker
                key={type.id}
                event={event}
                type={type}
                offered={offer?.live && offer.ticketTypeId === type.id ? offer.quantity : 0}
              />
            ))}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** An event's public page (/events/{key}): when and where in the venue's time, and its tickets. */
export function EventPage() {
  const { key = '' } = useParams();
  const [search] = useSearchParams();
  const [{ data, fetching, error }] = useQuery({ query: EVENT_PAGE, variables: { urlKey: key } });
  const event = data?.event;
  useDocumentTitle(event ? `${event.title} · ${siteConfig.siteName}` : siteConfig.siteName);
  return (
    <Container size="lg" py="lg">
      {fetching && !event ? (
        <PageLoading />
      ) : error || !event ? (
        <Stack gap="md">
          <Title order={1}>Event not found</Title>
          <ErrorAlert
            title="We could not show this event"
            message={error ? describeError(error).message : 'There is no such event.'}
          />
          <Anchor component={Link} to="/events">
            See upcoming events
          </Anchor>
        </Stack>
      ) : (
        <EventBody event={event} offerKey={search.get('offer')} />
      )}
    </Container>
  );
}
