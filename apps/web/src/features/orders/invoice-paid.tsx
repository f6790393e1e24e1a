import { formatCents } from '@bevy/core';
import { Button, Stack, Text } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { useState } from 'react';
import { useMutation } from 'urql';
import { DialogModal } from '../../components/dialog-modal';
import { DialogEnd, useDialogSubmit } from './order-actions';
import { MARK_INVOICE_PAID, type Order } from './api/orders';

/**
 * The producer records that the buyer paid an invoice order (the money never passes through the
 * marketplace), after confirming the amount. Shown while the server says the invoice is open.
 */
export function MarkInvoicePaid({ order }: { order: Order }) {
  const [opened, setOpened] = useState(false);
  const [{ fetching }, markPaid] = useMutation(MARK_INVOICE_PAID);
  const { error, onSubmit } = useDialogSubmit(
    () => markPaid({ id: order.id }),
    () => setOpened(false),
  );
  if (!order.canMarkInvoicePaid) return null;
  const owed = order.totalCents - order.refundedCents;

  return (
    <>
      <Button
        variant="default"
        leftSection={<IconReceipt size={18} aria-hidden />}
        onClick={() => setOpened(true)}
      >
        Mark invoice paid
      </Button>
      <DialogModal
        opened={opened}
        onClose={() => setOpened(false)}
        title={`Mark the invoice of order ${order.number} paid?`}
      >
        <form onSubmit={onSubmit}>
          <Stack gap="md">
            <Text>
              Confirm that you received {formatCents(owed)} from {order.contactName}. The
              order&apos;s history records who marked it and when; the buyer sees it as paid.
            </Text>
            <DialogEnd
              error={error}
              dismissLabel="Not yet"
              submitLabel="Mark paid"
              loading={fetching}
              onDismiss={() => setOpened(false)}
            />
          </Stack>
        </form>
      </DialogModal>
    </>
  );
}
