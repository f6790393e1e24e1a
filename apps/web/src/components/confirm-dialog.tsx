import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { DialogModal } from './dialog-modal';

/** Asks before something that cannot be taken back; Cancel takes the focus first. */
export function ConfirmDialog({
  opened,
  title,
  message,
  confirmLabel,
  busy,
  error,
  errorTitle = 'That did not work',
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  busy: boolean;
  error: string | null;
  /** Heading of the alert that shows `error`. */
  errorTitle?: string;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <DialogModal opened={opened} onClose={onClose} title={title}>
      <Stack gap="md">
        <Text>{message}</Text>
        {error ? (
          <Alert color="red" title={errorTitle}>
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} data-autofocus>
            Cancel
          </Button>
          <Button color="red.9" loading={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </DialogModal>
  );
}
