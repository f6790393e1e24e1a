import { Button, Notification, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { ReorderOutcome } from './use-reorder';

const list = (names: string[]) => names.join(', ');

/** What "Order again" could not do: products no longer for sale, or a full cart. */
export function ReorderNotice({
  outcome,
  onClose,
}: {
  outcome: ReorderOutcome;
  onClose: () => void;
}) {
  const title =
    outcome.added === 0
      ? 'Nothing was added to your cart'
      : `${outcome.added} ${outcome.added === 1 ? 'product was' : 'products were'} added to your cart`;
  return (
    <Notification
      role="alert"
      color="yellow"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title={title}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': 'Dismiss' }}
      withBorder
    >
      <Stack gap="xs" mt={4}>
        {outcome.unavailable.length > 0 ? (
          <Text size="sm" c="dark.8">
            No longer available: {list(outcome.unavailable)}.
          </Text>
        ) : null}
        {outcome.cartFull.length > 0 ? (
          <Text size="sm" c="dark.8">
            Your cart is full, so these were left out: {list(outcome.cartFull)}.
          </Text>
        ) : null}
        {outcome.added > 0 ? (
          <Button component={Link} to="/cart" size="xs" variant="light" w="fit-content">
            Go to your cart
          </Button>
        ) : null}
      </Stack>
    </Notification>
  );
}
