import { formatDueDate, isoDate, shiftDate } from '@bevy/core';
import { Alert, Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useMutation } from 'urql';
import { DialogModal } from '../../../components/dialog-modal';
import { focusFirstError, showServerRefusal } from '../../../lib/form-focus';
import { describeError } from '../../../lib/server-error';
import { CHANGE_CLUB_MEMBER, type ClubMemberView } from '../api/club-manage';

/** What the producer is about to do to whom; null while no dialog is open. */
export interface MemberChange {
  member: ClubMemberView;
  action: 'pause' | 'cancel';
}

const REASON_NEEDED = 'Give the member a reason.';
const REASON_LIMIT = 500;

/** In the order the form shows them, which is the order the keyboard goes to their errors. */
interface ChangeValues {
  /** The day the pause ends, YYYY-MM-DD; only for a pause. */
  until: string;
  reason: string;
}

/**
 * Pausing (until a date) or cancelling a membership for its member, with the reason they are
 * told. The server requires the reason and a pause's end after today; the form says so first.
 */
function MemberChangeForm({
  businessSlug,
  clubSlug,
  change,
  onDone,
  onClose,
}: {
  businessSlug: string;
  clubSlug: string;
  change: MemberChange;
  onDone: (message: string) => void;
  onClose: () => void;
}) {
  const { member, action } = change;
  const [{ fetching }, changeMember] = useMutation(CHANGE_CLUB_MEMBER);
  const [refusal, setRefusal] = useState<string | null>(null);
  const tomorrow = shiftDate(isoDate(new Date()), 1);
  const form = useForm<ChangeValues>({
    initialValues: { until: '', reason: '' },
    validate: {
      until: (until) =>
        action === 'pause' && !until ? 'Choose the day the pause ends, after today.' : null,
      reason: (reason) => (reason.trim() ? null : REASON_NEEDED),
    },
  });

  const submit = async (values: ChangeValues) => {
    setRefusal(null);
    const result = await changeMember({
      businessSlug,
      clubSlug,
      membershipId: member.membershipId,
      action,
      reason: values.reason.trim(),
      until: action === 'pause' ? values.until : null,
    });
    if (result.error) {
      showServerRefusal(form, describeError(result.error), setRefusal);
      return;
    }
    onDone(
      action === 'pause'
        ? `${member.name}’s membership is paused until ${formatDueDate(values.until)}.`
        : `${member.name}’s membership is cancelled.`,
    );
  };

  return (
    <form noValidate onSubmit={form.onSubmit(submit, (errors) => focusFirstError(form, errors))}>
      <Stack gap="md">
        {refusal ? (
          <Alert color="red" title="The membership was not changed">
            {refusal}
          </Alert>
        ) : null}
        {action === 'cancel' ? (
          <Text fz="sm">
            {member.name} will not be charged for any more releases of this club. This cannot be
            undone: to come back, they join again.
          </Text>
        ) : (
          <Text fz="sm">
            {member.name} is not charged for releases while paused, and is active again on the day
            the pause ends.
          </Text>
        )}
        {action === 'pause' ? (
          <TextInput
            type="date"
            label="Paused until"
            required
            min={tomorrow}
            data-autofocus
            {...form.getInputProps('until')}
          />
        ) : null}
        <Textarea
          label="Reason"
          description="The member is told this reason."
          required
          autosize
          minRows={2}
          maxLength={REASON_LIMIT}
          data-autofocus={action === 'cancel' ? true : undefined}
          {...form.getInputProps('reason')}
        />
        <Group>
          <Button
            type="submit"
            color={action === 'cancel' ? 'red.9' : undefined}
            loading={fetching}
          >
            {action === 'cancel' ? 'Cancel membership' : 'Pause membership'}
          </Button>
          <Button variant="default" onClick={onClose}>
            {action === 'cancel' ? 'Keep membership' : 'Cancel'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The dialog of a pause or a cancellation; closed while `change` is null. */
export function MemberChangeDialog({
  businessSlug,
  clubSlug,
  change,
  onDone,
  onClose,
}: {
  businessSlug: string;
  clubSlug: string;
  change: MemberChange | null;
  onDone: (message: string) => void;
  onClose: () => void;
}) {
  // The last change stays shown while the dialog fades out.
  const [shown, setShown] = useState(change);
  if (change && change !== shown) setShown(change);
  const title = shown
    ? `${shown.action === 'cancel' ? 'Cancel' : 'Pause'} ${shown.member.name}’s membership`
    : '';
  return (
    <DialogModal opened={change !== null} onClose={onClose} title={title}>
      {shown ? (
        <MemberChangeForm
          // A fresh form for each member and action.
          key={`${shown.member.membershipId}-${shown.action}`}
          businessSlug={businessSlug}
          clubSlug={clubSlug}
          change={shown}
          onDone={onDone}
          onClose={onClose}
        />
      ) : null}
    </DialogModal>
  );
}
