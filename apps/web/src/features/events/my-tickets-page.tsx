import {
  Anchor,
  Button,
  Card,
  Container,
  Group,
  Image,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCalendarPlus, IconPrinter, IconTicketOff } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { StatusBadge } from '../../components/status-badge';
import { useMutation, useQuery } from 'urql';
import { DialogModal } from '../../components/dialog-modal';
import { EmptyState } from '../../components/empty-state';
import { ErrorAlert } from '../../components/error-alert';
import { PageLoading } from '../../components/page-loading';
import { describeError } from '../../lib/server-error';
import { siteConfig } from '../../lib/site-config';
import { MY_TICKETS, REFUND_MY_TICKET, type MyTicket } from './api/events';

/** The ticket's QR code as an image, drawn in the browser (the code never leaves the page). */
function TicketQr({ ticket }: { ticket: MyTicket }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void import('qrcode').then((QRCode) =>
      QRCode.toDataURL(ticket.code, { margin: 2, width: 240, errorCorrectionLevel: 'M' }).then(
        (url) => {
          if (current) setSrc(url);
        },
      ),
    );
    return () => {
      current = false;
    };
  }, [ticket.code]);
  return (
    <Image
      src={src ?? undefined}
      alt={`QR code of ticket ${ticket.codeForPeople}`}
      w={180}
      h={180}
      bg="white"
      data-ticket-code={ticket.code}
    />
  );
}

function statusOf(ticket: MyTicket): { label: string; color: string } | null {
  if (ticket.status === 'refunded') return { label: 'Refunded', color: 'gray' };
  if (ticket.status === 'cancelled') return { label: 'Cancelled', color: 'red' };
  if (ticket.checkedInAtVenueTime) {
    return { label: `Checked in at ${ticket.checkedInAtVenueTime}`, color: 'teal' };
  }
  return null;
}

function TicketCard({ ticket, onRefund }: { ticket: MyTicket; onRefund: (t: MyTicket) => void }) {
  const status = statusOf(ticket);
  const usable = ticket.status === 'valid' && !ticket.eventEnded;
  return (
    <Card withBorder radius="md" padding="md" component="article" className="ticket-card">
      <Stack gap="xs" align="center">
        {usable ? <TicketQr ticket={ticket} /> : null}
        <Text fw={700}>{ticket.typeName}</Text>
        {ticket.attendeeName ? <Text>{ticket.attendeeName}</Text> : null}
        <Text ff="monospace" fz="sm" aria-label={`Code ${ticket.codeForPeople}`}>
          {ticket.codeForPeople}
        </Text>
        {status ? <StatusBadge color={status.color}>{status.label}</StatusBadge> : null}
        {ticket.refundable ? (
          <Button variant="subtle" color="red" size="compact-sm" onClick={() => onRefund(ticket)}>
            Refund this ticket
          </Button>
        ) : null}
      </Stack>
    </Card>
  );
}

/** Tickets grouped by event, in the order the server gave them. */
function byEvent(tickets: readonly MyTicket[]): MyTicket[][] {
  const groups = new Map<string, MyTicket[]>();
  for (const ticket of tickets) {
    groups.set(ticket.eventUrlKey, [...(groups.get(ticket.eventUrlKey) ?? []), ticket]);
  }
  return [...groups.values()];
}

function EventTickets({
  tickets,
  onRefund,
}: {
  tickets: MyTicket[];
  onRefund: (t: MyTicket) => void;
}) {
  const first = tickets[0]!;
  const headingId = `event-${first.eventUrlKey}`;
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <div>
        <Title order={2} fz="lg" id={headingId}>
          <Anchor component={Link} to={`/events/${encodeURIComponent(first.eventUrlKey)}`}>
            {first.eventTitle}
          </Anchor>
        </Title>
        <Text fw={600}>{first.eventWhen}</Text>
        <Text fz="sm" c="dark.6">
          {first.venue} · hosted by {first.businessName} · order {first.orderNumber}
        </Text>
        {first.eventCancelled ? (
          <Text c="red.9" fw={600}>
            This event was cancelled and your tickets refunded.
          </Text>
        ) : first.adultsOnly && !first.eventEnded ? (
          <Text fz="sm">21+: bring a photo ID, it is checked at the door.</Text>
        ) : null}
        {!first.eventEnded && !first.eventCancelled ? (
          <Anchor
            href={`/events/${encodeURIComponent(first.eventUrlKey)}/calendar.ics`}
            fz="sm"
            className="no-print"
          >
            <IconCalendarPlus size={14} aria-hidden /> Add to calendar
          </Anchor>
        ) : null}
      </div>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
        {tickets.map((ticket) => (
          <TicketCard key={ticket.id} ticket={ticket} onRefund={onRefund} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** The buyer's tickets (/consumer/tickets): QR codes to show at the door, printable. */
export function MyTicketsPage() {
  useDocumentTitle(`Your tickets · ${siteConfig.siteName}`);
  const [{ data, fetching, error }] = useQuery({
    query: MY_TICKETS,
    requestPolicy: 'cache-and-network',
  });
  const [refunding, setRefunding] = useState<MyTicket | null>(null);
  const [refund, runRefund] = useMutation(REFUND_MY_TICKET);
  const tickets = refund.data?.refundMyTicket ?? data?.myTickets ?? [];
  const upcoming = tickets.filter((ticket) => !ticket.eventEnded);
  const past = tickets.filter((ticket) => ticket.eventEnded);
  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={1}>Your tickets</Title>
            <Text c="dark.6">Show a code at the door, on your phone or printed.</Text>
          </div>
          {upcoming.length > 0 ? (
            <Button
              variant="default"
              leftSection={<IconPrinter size={18} aria-hidden />}
              onClick={() => window.print()}
              className="no-print"
            >
              Print tickets
            </Button>
          ) : null}
        </Group>
        {refund.error ? (
          <ErrorAlert
            title="The ticket was not refunded"
            message={describeError(refund.error).message}
          />
        ) : null}
        {refund.data ? (
          <Text role="status" c="teal.9" fw={600}>
            Your ticket was refunded to the card you paid with.
          </Text>
        ) : null}
        {error ? (
          <ErrorAlert
            title="We could not load your tickets"
            message={describeError(error).message}
          />
        ) : fetching && tickets.length === 0 ? (
          <PageLoading />
        ) : tickets.length === 0 ? (
          <EmptyState icon={IconTicketOff}>
            <Text fw={600}>You have no tickets yet.</Text>
            <Anchor component={Link} to="/events">
              Find an event near you
            </Anchor>
          </EmptyState>
        ) : (
          <>
            {byEvent(upcoming).map((group) => (
              <EventTickets key={group[0]!.eventUrlKey} tickets={group} onRefund={setRefunding} />
            ))}
            {past.length > 0 ? (
              <Stack gap="md" className="no-print">
                <Title order={2} fz="md" c="dark.6">
                  Past events
                </Title>
                {byEvent(past).map((group) => (
                  <EventTickets
                    key={group[0]!.eventUrlKey}
                    tickets={group}
                    onRefund={setRefunding}
                  />
                ))}
              </Stack>
            ) : null}
          </>
        )}
      </Stack>
      <DialogModal
        opened={refunding !== null}
        onClose={() => setRefunding(null)}
        title="Refund this ticket?"
      >
        <Stack gap="sm">
          <Text>
            {refunding?.typeName} for {refunding?.eventTitle} is refunded to the card you paid with,
            and its seat goes back on sale. This cannot be undone.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRefunding(null)}>
              Keep it
            </Button>
            <Button
              color="red"
              loading={refund.fetching}
              onClick={() => {
                const ticketId = refunding!.id;
                setRefunding(null);
                void runRefund({ ticketId });
              }}
            >
              Refund the ticket
            </Button>
          </Group>
        </Stack>
      </DialogModal>
    </Container>
  );
}
