import { Box, Button, Center, Group, Loader, Pagination, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { CombinedError } from 'urql';
import type { ComponentProps, ReactNode } from 'react';
import { DialogModal } from '../../components/dialog-modal';
import { ErrorAlert } from '../../components/error-alert';
import { paginationLabels } from '../../lib/pagination-labels';
import { PAGE_SIZE, errorMessage, readableErrorColor } from './admin-utils';

export function Loading() {
  return (
    <Center py="xl" role="status">
      <Loader size="sm" aria-hidden />
      <Box ml="sm">Loading...</Box>
    </Center>
  );
}

export { ErrorAlert };

/** A section's query as it stands: its error with a retry, or a spinner until the first answer. */
export function QueryStatus({
  error,
  loading,
  onRetry,
}: {
  error: CombinedError | undefined;
  /** Fetching with nothing to show yet. */
  loading: boolean;
  onRetry: () => void;
}) {
  return (
    <>
      {error ? <ErrorAlert message={errorMessage(error)} onRetry={onRetry} /> : null}
      {loading ? <Loading /> : null}
    </>
  );
}

/** Asks the server again for what a section shows; busy while it is asking. */
export function RefreshButton({ busy, onClick }: { busy: boolean; onClick: () => void }) {
  return (
    <Button
      variant="default"
      leftSection={<IconRefresh size={16} aria-hidden />}
      onClick={onClick}
      aria-busy={busy}
    >
      Refresh
    </Button>
  );
}

/** The shared dialog, with the admin area's readable error color (modals are portalled out). */
export function AdminModal(props: Omit<ComponentProps<typeof DialogModal>, 'style'>) {
  return <DialogModal {...props} style={readableErrorColor} />;
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
