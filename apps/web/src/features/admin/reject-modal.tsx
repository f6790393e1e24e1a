import { rejectionReasonSchema } from '@bevy/core/schemas';
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useRef, useState, type FormEvent } from 'react';
import { AdminModal, ErrorAlert } from './admin-ui';
import type { WholesaleApplication } from './types';

/** Asks for the reason of a rejection, which is emailed to the applicant. */
export function RejectModal({
  opened,
  returnFocus,
  application,
  loading,
  serverError,
  onReject,
  onClose,
}: {
  opened: boolean;
  returnFocus: boolean;
  application: WholesaleApplication | null;
  loading: boolean;
  serverError: string | null;
  onReject: (reason: string) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = rejectionReasonSchema.safeParse(reason);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter a reason.');
      field.current?.focus();
      return;
    }
    setError(null);
    onReject(parsed.data);
  };

  return (
    <AdminModal
      opened={opened}
      returnFocus={returnFocus}
      onClose={onClose}
      title={`Reject ${application?.businessName ?? 'application'}`}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text>
            {application?.applicant.name} keeps retail prices and receives this reason by email, so
            they can fix the problem and apply again.
          </Text>
          <Textarea
            label="Reason"
            required
            autosize
            minRows={3}
            maxRows={10}
            data-autofocus
            ref={field}
            value={reason}
            error={error}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setError(null);
            }}
          />
          {serverError ? <ErrorAlert message={serverError} /> : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color="red.9" loading={loading}>
              Reject application
            </Button>
          </Group>
        </Stack>
      </form>
    </AdminModal>
  );
}
