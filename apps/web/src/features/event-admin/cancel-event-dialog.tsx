import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconCalendarX } from '@tabler/icons-react';
import { useState } from 'react';
import { useMutation } from 'urql';
import { DialogModal } from '../../components/dialog-modal';
import type { ResultOf } from '../../lib/graphql';
import { describeError } from '../../lib/server-error';
import { CANCEL_EVENT } from './api/event-admin';
import { countOf } from './event-admin-labels';

export type CancelEventResult = ResultOf<typeof CANCEL_EVENT>['cancelEvent'];

/** The server keeps this much of the reason. */
const REASON_LIMIT = 500;

function CancelEventForm({
  businessSlug,
  eventId,
  title,
  ticketsSold,
  onCancelled,
  onClose,
}: {
  businessSlug: string;
  eventId: number;
  title: string;
  ticketsSold: number;
  onCancelled: (result: CancelEventResult) => void;
  onClose: () => void;
}) {
  const [{ fetching }, cancelEvent] = useMutation(CANCEL_EVENT);
  const [reason, setReason] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);

  const cancel = async () => {
    setRefusal(null);
    const result = await cancelEvent({ businessSlug, eventId, reason: reason.trim() || null });
    if (result.error) {
      setRefusal(describeError(result.error).message);
      return;
    }
    onCancelled(result.data!.cancelEvent);
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void cancel();
      }}
    >
      <Stack gap="md">
        {refusal ? (
          <Alert color="red" title="The event was not cancelled" role="alert">
            {refusal}
          </Alert>
        ) : null}
        <Text fz="sm">
          {title} comes off sale at once and its waiting list is closed. Every ticket holder is
          refunded in full and emailed that the event is cancelled
          {ticketsSold > 0 ? ` (${countOf(ticketsSold, 'ticket')} sold so far)` : ''}. This cannot
          be undone.
        </Text>
        <Textarea
          label="Reason (optional)"
          description="Included in the email to ticket holders."
          autosize
          minRows={2}
          maxLength={REASON_LIMIT}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
        />
        <Group>
          <Button
            type="submit"
            color="red.9"
            loading={fetching}
            leftSection={<IconCalendarX size={16} aria-hidden />}
          >
            Cancel the event and refund everyone
          </Button>
          <Button variant="default" onClick={onClose} data-autofocus>
            Keep the event
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Asks before cancelling the event, with an optional reason for the ticket holders. */
export function CancelEventDialog({
  opened,
  businessSlug,
  eventId,
  title,
  ticketsSold,
  onCancelled,
  onClose,
}: {
  opened: boolean;
  businessSlug: string;
  eventId: number;
  title: string;
  ticketsSold: number;
  onCancelled: (result: CancelEventResult) => void;
  onClose: () => void;
}) {
  return (
    <DialogModal opened={opened} onClose={onClose} title={`Cancel ${title}?`}>
      <CancelEventForm
        businessSlug={businessSlug}
        eventId={eventId}
        title={title}
        ticketsSold={ticketsSold}
        onCancelled={onCancelled}
        onClose={onClose}
      />
    </DialogModal>
  );
}

/**
 * A cancelled event whose refunds did not all go through (the payment provider was down):
 * cancelling again retries them.
 */
export function RetryRefunds({
  businessSlug,
  eventId,
  unrefunded,
  onDone,
}: {
  businessSlug: string;
  eventId: number;
  unrefunded: number;
  onDone: (result: CancelEventResult) => void;
}) {
  const [{ fetching }, cancelEvent] = useMutation(CANCEL_EVENT);
  const [refusal, setRefusal] = useState<string | null>(null);

  const retry = async () => {
    setRefusal(null);
    const result = await cancelEvent({ businessSlug, eventId, reason: null });
    if (result.error) {
      setRefusal(describeError(result.error).message);
      return;
    }
    onDone(result.data!.cancelEvent);
  };

  return (
    <Alert color="orange" title="Some tickets are not refunded yet">
      <Stack gap="xs">
        <Text fz="sm" c="dark.8">
          The event is cancelled, but {countOf(unrefunded, 'paid ticket')}{' '}
          {unrefunded === 1 ? 'is' : 'are'} not refunded yet.
        </Text>
        {refusal ? (
          <Text fz="sm" c="red.9" role="alert">
            {refusal}
          </Text>
        ) : null}
        <Button
          size="xs"
          variant="default"
          loading={fetching}
          onClick={() => void retry()}
          style={{ alignSelf: 'flex-start' }}
        >
          Retry the refunds
        </Button>
      </Stack>
    </Alert>
  );
}
