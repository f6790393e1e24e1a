import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/** A server's refusal or a failed load, in red, with "Try again" when it can be retried. */
export function ErrorAlert({
  title,
  message,
  onClose,
  onRetry,
}: {
  title?: string;
  message: string;
  onClose?: () => void;
  onRetry?: () => void;
}) {
  return (
    <Alert
      color="red"
      variant="light"
      title={title}
      icon={<IconAlertCircle aria-hidden />}
      withCloseButton={Boolean(onClose)}
      closeButtonLabel="Dismiss error"
      onClose={onClose}
    >
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dark.8">
          {message}
        </Text>
        {onRetry ? (
          <Button size="xs" variant="default" onClick={onRetry}>
            Try again
          </Button>
        ) : null}
      </Group>
    </Alert>
  );
}
