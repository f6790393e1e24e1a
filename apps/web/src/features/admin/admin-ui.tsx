import {
  Alert,
  Badge,
  Box,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  Pagination,
  Stack,
  Text,
} from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { paginationLabels } from '../../lib/pagination-labels';
import { PAGE_SIZE, readableErrorColor } from './admin-utils';

export function Loading() {
  return (
    <Center py="xl" role="status">
      <Loader size="sm" aria-hidden />
      <Box ml="sm">Loading...</Box>
    </Center>
  );
}

/** A server or validation error, announced to screen readers as it appears. */
export function ErrorAlert({
  message,
  onClose,
  onRetry,
}: {
  message: string;
  onClose?: () => void;
  onRetry?: () => void;
}) {
  return (
    <Alert
      color="red"
      variant="light"
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

/** A small badge with dark text on a light tint, readable whatever the colour. */
export function StatusBadge({ color, children }: { color: string; children: ReactNode }) {
  return (
    <Badge color={color} variant="light" c="dark.8" tt="none" fw={600}>
      {children}
    </Badge>
  );
}

/**
 * A Mantine Modal with a labelled close button, whose header is a plain div (Mantine's <header>
 * counts as a second page banner landmark).
 */
export function AdminModal({
  opened,
  onClose,
  title,
  size,
  returnFocus = true,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  size?: string;
  returnFocus?: boolean;
  children: ReactNode;
}) {
  return (
    <Modal.Root
      opened={opened}
      onClose={onClose}
      centered
      size={size}
      returnFocus={returnFocus}
      style={readableErrorColor}
    >
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header renderRoot={(props) => <div {...props} />}>
          <Modal.Title fw={700}>{title}</Modal.Title>
          <Modal.CloseButton aria-label="Close" />
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}

/** "Are you sure?" dialog; the server's refusal is shown inside it. */
export function ConfirmModal({
  opened,
  title,
  children,
  confirmLabel,
  destructive = false,
  returnFocus = true,
  loading,
  error,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  destructive?: boolean;
  returnFocus?: boolean;
  loading: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <AdminModal opened={opened} onClose={onClose} title={title} returnFocus={returnFocus}>
      <Stack gap="md">
        <Text>{children}</Text>
        {error ? <ErrorAlert message={error} /> : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color={destructive ? 'red.9' : undefined} loading={loading} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </AdminModal>
  );
}

/** Page links for a list of `total` items, PAGE_SIZE a page; nothing when one page is enough. */
export function AdminPagination({
  label,
  total,
  page,
  onChange,
}: {
  label: string;
  total: number;
  page: number;
  onChange: (page: number) => void;
}) {
  const pages = Math.ceil(total / PAGE_SIZE);
  if (pages <= 1) return null;
  return (
    <Box component="nav" aria-label={label}>
      <Pagination total={pages} value={page} onChange={onChange} {...paginationLabels(page)} />
    </Box>
  );
}
