import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useMutation } from 'urql';
import { DialogModal } from '../../components/dialog-modal';
import { describeError } from '../../lib/server-error';
import { CANCEL_MEMBERSHIP } from './api/memberships';

/**
 * Cancelling in two clicks: this button, then the dialog's. Skipping and pausing are mentioned in
 * the dialog, never put in the way.
 */
export function CancelMembershipButton({
  membershipId,
  clubName,
  onCancelled,
}: {
  membershipId: number;
  clubName: string;
  onCancelled?: () => void;
}) {
  const [opened, setOpened] = useState(false);
  const [reason, setReason] = useState('');
  const [{ fetching, error }, cancel] = useMutation(CANCEL_MEMBERSHIP);

  const confirm = async () => {
    const result = await cancel({ membershipId, reason: reason.trim() || null });
    if (result.error) return;
    setOpened(false);
    onCancelled?.();
  };

  return (
    <>
      <Button
        color="red"
        variant="outline"
        onClick={() => setOpened(true)}
        aria-label={`Cancel membership of ${clubName}`}
      >
        Cancel membership
      </Button>
      <DialogModal opened={opened} onClose={() => setOpened(false)} title={`Cancel ${clubName}?`}>
        <Stack gap="sm">
          <Text fz="sm">
            Your membership ends now and no further release is charged. Releases already charged are
            still sent. If you only need a break, you can skip a release or pause instead.
          </Text>
          <Textarea
            label="Anything the producer should know? (optional)"
            value={reason}
            maxLength={500}
            onChange={(event) => setReason(event.currentTarget.value)}
          />
          {error ? (
            <Alert color="red" title="Your membership was not cancelled">
              {describeError(error).message}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpened(false)}>
              Keep my membership
            </Button>
            <Button color="red" loading={fetching} onClick={() => void confirm()}>
              Cancel membership
            </Button>
          </Group>
        </Stack>
      </DialogModal>
    </>
  );
}
