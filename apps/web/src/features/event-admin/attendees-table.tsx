import { formatCents, formatEventTime, formatTicketCode } from '@bevy/core';
import { Anchor, Box, Button, Table, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { CaptionedTable } from '../../components/captioned-table';
import { StatusBadge } from '../../components/status-badge';
import type { EventAttendeeView } from './api/event-admin';
import { attendeeStatus, isRefundable } from './attendee-list';

const NO_WRAP = { whiteSpace: 'nowrap' } as const;

/** Who the ticket is for, or who bought it when no name was given. */
export const attendeeLabel = (attendee: EventAttendeeView) =>
  attendee.attendeeName ?? attendee.buyerName ?? 'A guest';

/** The event's tickets, one a row: guest, type, price, state, buyer and order. */
export function AttendeesTable({
  attendees,
  caption,
  timeZone,
  canRefund,
  onRefund,
}: {
  attendees: readonly EventAttendeeView[];
  caption: string;
  /** The venue's zone, in which check-in times are shown. */
  timeZone: string;
  /** Whether paid tickets offer "Refund" (not once the event is cancelled). */
  canRefund: boolean;
  onRefund: (attendee: EventAttendeeView) => void;
}) {
  return (
    <CaptionedTable caption={caption} minWidth={960}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Guest</Table.Th>
          <Table.Th scope="col">Ticket</Table.Th>
          <Table.Th scope="col" style={{ textAlign: 'right' }}>
            Price
          </Table.Th>
          <Table.Th scope="col">Status</Table.Th>
          <Table.Th scope="col">Buyer</Table.Th>
          <Table.Th scope="col">Order</Table.Th>
          {canRefund ? <Table.Th scope="col">Actions</Table.Th> : null}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {attendees.map((attendee) => {
          const status = attendeeStatus(attendee);
          return (
            <Table.Tr key={attendee.ticketId}>
              <Table.Th scope="row" fw={600}>
                {attendee.attendeeName ?? (
                  <Text component="span" fz="sm" fs="italic" c="dark.6">
                    No name given
                  </Text>
                )}
                <Text fz="xs" c="dark.6" fw={400} ff="monospace" style={NO_WRAP}>
                  <VisuallyHidden>Code</VisuallyHidden> {formatTicketCode(attendee.code)}
                </Text>
              </Table.Th>
              <Table.Td style={NO_WRAP}>{attendee.typeName}</Table.Td>
              <Table.Td style={{ ...NO_WRAP, textAlign: 'right' }}>
                {formatCents(attendee.priceCents)}
              </Table.Td>
              <Table.Td>
                <Box w="max-content">
                  <StatusBadge color={status.color}>{status.label}</StatusBadge>
                </Box>
                {attendee.checkedInAt ? (
                  <Text fz="xs" c="dark.6" style={NO_WRAP}>
                    at {formatEventTime(new Date(attendee.checkedInAt), timeZone)}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>
                {attendee.buyerName ?? '—'}
                {attendee.buyerEmail ? (
                  <Text fz="xs" c="dark.6" style={{ overflowWrap: 'anywhere' }}>
                    {attendee.buyerEmail}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td style={NO_WRAP}>
                <Anchor component={Link} to={`/orders/${attendee.orderId}`} fz="sm">
                  <VisuallyHidden>Order</VisuallyHidden> {attendee.orderNumber}
                </Anchor>
              </Table.Td>
              {canRefund ? (
                <Table.Td>
                  {isRefundable(attendee) ? (
                    <Button
                      variant="default"
                      size="xs"
                      onClick={() => onRefund(attendee)}
                      aria-label={`Refund the ticket of ${attendeeLabel(attendee)} (${attendee.typeName})`}
                    >
                      Refund
                    </Button>
                  ) : (
                    <Text fz="sm">—</Text>
                  )}
                </Table.Td>
              ) : null}
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </CaptionedTable>
  );
}
