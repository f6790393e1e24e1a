import { formatCents } from '@bevy/core';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useMutation } from 'urql';
import { DialogModal } from '../../components/dialog-modal';
import { DialogEnd, ReasonField, useDialogSubmit } from './order-actions';
import { CANCEL_MY_ORDER, type Order } from './api/orders';

/**
 * The buyer's own cancellation, offered until the producer accepts the order (the server says
 * when through `buyerCanCancel`, and checks again): a confirmation first, as it cannot be undone.
 */
export function BuyerCancel({ order }: { order: Order }) {
  const [opened, setOpened] = useState(false);
  const [{ fetching }, cancel] = useMutation(CANCEL_MY_ORDER);
  const [reason, setReason] = useState('');
  const { error, onSubmit } = useDialogSubmit(
    () => cancel({ id: order.id, reason: reason.trim() || null }),
    () => setOpened(false),
  );
  if (!order.buyerCanCancel) return null;
  const left = order.totalCents - order.refundedCents;

  return (
    <>
      <Group>
        <Button
          variant="default"
          color="red.9"
          leftSection={<IconX size={18} aria-hidden />}
          onClick={() => setOpened(true)}
        >
          Cancel my order
        </Button>
        <Text size="sm" c="dark.6">
          Possible until {order.businessName} accepts it.
        </Text>
      </Group>
      <DialogModal
        opened={opened}
        onClose={() => setOpened(false)}
        title={`Cancel order ${order.number}?`}
      >
        <form onSubmit={onSubmit}>
          <Stack gap="md">
            <Text>
              {order.paymentMethod === 'invoice'
                ? `Its invoice is cancelled: you will owe nothing for it. ${order.businessName} is told by email.`
                : `You are refunded in full (${formatCents(left)}) to the card you paid with, and ${order.businessName} is told by email.`}{' '}
              This cannot be undone.
            </Text>
            <ReasonField value={reason} onChange={setReason} />
            <DialogEnd
              error={error}
              dismissLabel="Keep the order"
              submitLabel="Cancel order"
              destructive
              loading={fetching}
              onDismiss={() => setOpened(false)}
            />
          </Stack>
        </form>
      </DialogModal>
    </>
  );
}
