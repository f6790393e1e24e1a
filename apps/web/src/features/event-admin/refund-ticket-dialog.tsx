import { formatCents, formatTicketCode } from '@bevy/core';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useMutation } from 'urql';
import { DialogModal } from '../../components/dialog-modal';
import { describeError } from '../../lib/server-error';
import { REFUND_TICKET, type EventAttendeeView } from './api/event-admin';
import { attendeeLabel } from './attendees-table';

function RefundConfirmation({
  businessSlug,
  eventId,
  attendee,
  onRefunded,
  onClose,
}: {
  businessSlug: string;
  eventId: number;
  attendee: EventAttendeeView;
  onRefunded: (attendee: EventAttendeeView) => void;
  onClose: () => void;
}) {
  const [{ fetching }, refundTicket] = useMutation(REFUND_TICKET);
  const [refusal, setRefusal] = useState<string | null>(null);
  const price = formatCents(attendee.priceCents);

  const refund = async () => {
    setRefusal(null);
    const result = await refundTicket({ businessSlug, eventId, ticketId: attendee.ticketId });
    if (result.error) {
      setRefusal(describeError(result.error).message);
      return;
    }
    onRefunded(attendee);
  };

  return (
    <Stack gap="md">
      {refusal ? (
        <Alert color="red" title="The ticket was not refunded" role="alert">
          {refusal}
        </Alert>
      ) : null}
      <Text fz="sm">
        {attendeeLabel(attendee)}’s {attendee.typeName} ticket (order {attendee.orderNumber}, code{' '}
        {formatTicketCode(attendee.code)}) is refunded in full: {price} goes back to{' '}
        {attendee.buyerName ?? 'the buyer'}. The ticket no longer admits anyone and its seat is
        freed. This cannot be undone.
      </Text>
      <Group>
        <Button color="red.9" loading={fetching} onClick={() => void refund()}>
          Refund {price}
        </Button>
        <Button variant="default" onClick={onClose} data-autofocus>
          Keep the ticket
        </Button>
      </Group>
    </Stack>
  );
}

/** Asks before refunding one ticket; closed while `attendee` is null. */
export function RefundTicketDialog({
  businessSlug,
  eventId,
  attendee,
  onRefunded,
  onClose,
}: {
  businessSlug: string;
  eventId: number;
  attendee: EventAttendeeView | null;
  onRefunded: (attendee: EventAttendeeView) => void;
  onClose: () => void;
}) {
  // The last ticket stays shown while the dialog fades out.
  const [shown, setShown] = useState(attendee);
  if (attendee && attendee !== shown) setShown(attendee);
  return (
    <DialogModal opened={attendee !== null} onClose={onClose} title="Refund this ticket?">
      {shown ? (
        <RefundConfirmation
          key={shown.ticketId}
          businessSlug={businessSlug}
          eventId={eventId}
          attendee={shown}
          onRefunded={onRefunded}
          onClose={onClose}
        />
      ) : null}
    </DialogModal>
  );
}
