import {
  COMMISSION_BASIS_POINTS,
  formatCents,
  ORDER_ACTION_LABELS,
  parseTrackingNumber,
  TRACKING_NUMBER_MAX_LENGTH,
  type OrderStatus,
} from '@bevy/core';
import { Button, Group, NumberInput, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useMutation, type CombinedError } from 'urql';
import { describeError } from '../../lib/server-error';
import {
  ADVANCE_ORDER,
  CANCEL_ORDER,
  REFUND_ORDER_LINE,
  type Order,
  type OrderLine,
} from './api/orders';
import { refundText } from './order-money';
import { refundableUnits } from './order-sections';
import { DialogModal } from '../../components/dialog-modal';
import { ErrorAlert } from './order-ui';

const MAX_REASON_LENGTH = 500;
const COMMISSION_PERCENT = COMMISSION_BASIS_POINTS / 100;

const actionLabel = (status: string) => ORDER_ACTION_LABELS[status as OrderStatus] ?? status;

/** The end of a dialog's form: the server's refusal, if any, then its two buttons. */
export function DialogEnd({
  error,
  dismissLabel,
  submitLabel,
  loading,
  destructive,
  onDismiss,
}: {
  error: string | null;
  dismissLabel: string;
  submitLabel: string;
  loading: boolean;
  destructive?: boolean;
  onDismiss: () => void;
}) {
  return (
    <>
      {error ? <ErrorAlert message={error} /> : null}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onDismiss}>
          {dismissLabel}
        </Button>
        <Button type="submit" color={destructive ? 'red.9' : undefined} loading={loading}>
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}

/** Why the seller cancels or refunds; it goes into the order's history. */
/**
 * A dialog form's submission: runs `send`, shows the server's refusal in the dialog (which stays
 * open, with what was typed) or calls `done`.
 */
export function useDialogSubmit(send: () => Promise<{ error?: CombinedError }>, done: () => void) {
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const result = await send();
    if (result.error) {
      setError(describeError(result.error).message);
      return;
    }
    done();
  };
  return { error, onSubmit: (event: FormEvent) => void submit(event) };
}

export function ReasonField({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Textarea
      label="Reason (optional)"
      description="Shown in the order's history."
      maxLength={MAX_REASON_LENGTH}
      autosize
      minRows={2}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}

/** Mark shipped: the tracking number is required. */
function ShipDialog({
  order,
  opened,
  onClose,
}: {
  order: Order;
  opened: boolean;
  onClose: () => void;
}) {
  const [{ fetching }, advance] = useMutation(ADVANCE_ORDER);
  const [tracking, setTracking] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseTrackingNumber(tracking);
    if (!parsed.ok) {
      setFieldError(parsed.message);
      return;
    }
    setFieldError(null);
    setError(null);
    const result = await advance({ id: order.id, to: 'shipped', trackingNumber: parsed.value });
    if (result.error) {
      const refusal = describeError(result.error);
      if (refusal.field === 'trackingNumber') setFieldError(refusal.message);
      else setError(refusal.message);
      return;
    }
    onClose();
  };

  return (
    <DialogModal opened={opened} onClose={onClose} title={`Mark ${order.number} shipped`}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <TextInput
            label="Tracking number"
            description="The buyer gets it by email."
            required
            maxLength={TRACKING_NUMBER_MAX_LENGTH}
            value={tracking}
            onChange={(event) => {
              setTracking(event.currentTarget.value);
              setFieldError(null);
            }}
            error={fieldError}
            data-autofocus
          />
          <DialogEnd
            error={error}
            dismissLabel="Cancel"
            submitLabel="Mark shipped"
            loading={fetching}
            onDismiss={onClose}
          />
        </Stack>
      </form>
    </DialogModal>
  );
}

/** Cancel the order: the buyer gets back everything not yet refunded. */
function CancelDialog({
  order,
  opened,
  onClose,
}: {
  order: Order;
  opened: boolean;
  onClose: () => void;
}) {
  const [{ fetching }, cancel] = useMutation(CANCEL_ORDER);
  const [reason, setReason] = useState('');
  const { error, onSubmit } = useDialogSubmit(
    () => cancel({ id: order.id, reason: reason.trim() || null }),
    onClose,
  );
  const refund = order.totalCents - order.refundedCents;

  return (
    <DialogModal opened={opened} onClose={onClose} title={`Cancel order ${order.number}?`}>
      <form onSubmit={onSubmit}>
        <Stack gap="md">
          {order.paymentMethod === 'invoice' ? (
            <Text>
              The buyer&apos;s invoice is cancelled: they no longer owe the {formatCents(refund)}{' '}
              left on it, and you owe no {COMMISSION_PERCENT}% commission on the order. The buyer is
              told by email. This cannot be undone.
            </Text>
          ) : (
            <Text>
              The buyer is refunded in full ({formatCents(refund)}) to the card they paid with, and
              the marketplace&apos;s {COMMISSION_PERCENT}% commission on the order is reversed. The
              buyer is told by email. This cannot be undone.
            </Text>
          )}
          <ReasonField value={reason} onChange={setReason} />
          <DialogEnd
            error={error}
            dismissLabel="Keep the order"
            submitLabel="Cancel order"
            destructive
            loading={fetching}
            onDismiss={onClose}
          />
        </Stack>
      </form>
    </DialogModal>
  );
}

/** Refund some units of one line. */
export function RefundDialog({
  order,
  line,
  opened,
  onClose,
}: {
  order: Order;
  line: OrderLine | null;
  opened: boolean;
  onClose: () => void;
}) {
  const [{ fetching }, refundLine] = useMutation(REFUND_ORDER_LINE);
  // The order is re-read after each refund: count what is left from it, not from the line as
  // it was when the dialog opened, or the closing dialog would price a refund of nothing left.
  const current = line ? (order.lines.find((candidate) => candidate.id === line.id) ?? line) : null;
  const remaining = current ? refundableUnits(current) : 0;
  const [quantity, setQuantity] = useState<number | string>(1);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const units = typeof quantity === 'number' ? quantity : Number.NaN;
  const valid = Number.isInteger(units) && units >= 1 && units <= remaining;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!current || !valid) return;
    setError(null);
    const result = await refundLine({
      orderId: order.id,
      lineId: current.id,
      quantity: units,
      reason: reason.trim() || null,
    });
    if (result.error) {
      setError(describeError(result.error).message);
      return;
    }
    onClose();
  };

  return (
    <DialogModal
      opened={opened}
      onClose={onClose}
      title={line ? `Refund ${line.productName}` : 'Refund'}
    >
      {current && remaining > 0 ? (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack gap="md">
            <Text size="sm">
              {current.quantity} ordered at {formatCents(current.unitPriceCents)} each
              {current.refundedQuantity > 0 ? `, ${current.refundedQuantity} refunded already` : ''}
              .
            </Text>
            <NumberInput
              label="Units to refund"
              description={`From 1 to ${remaining}`}
              min={1}
              max={remaining}
              step={1}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="strict"
              value={quantity}
              onChange={setQuantity}
              error={valid ? null : `Enter a whole number from 1 to ${remaining}.`}
              data-autofocus
            />
            <Text role="status" fw={600}>
              {valid ? refundText(order, current.unitPriceCents * units) : 'Refund to the buyer: —'}
            </Text>
            <ReasonField value={reason} onChange={setReason} />
            <DialogEnd
              error={error}
              dismissLabel="Cancel"
              submitLabel="Refund"
              loading={fetching}
              onDismiss={onClose}
            />
          </Stack>
        </form>
      ) : null}
    </DialogModal>
  );
}

/**
 * The seller's next steps: one button per status the order may move to now (the server says
 * which), and cancellation while it is allowed.
 */
export function SellerActions({
  order,
  onRefused,
}: {
  order: Order;
  /** After a refusal: the order may have changed elsewhere, so show it as it is now. */
  onRefused: () => void;
}) {
  const [{ fetching }, advance] = useMutation(ADVANCE_ORDER);
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // A new key on each opening starts the dialog's form afresh.
  const [dialog, setDialog] = useState<{ kind: 'ship' | 'cancel' | null; key: number }>({
    kind: null,
    key: 0,
  });
  const open = (kind: 'ship' | 'cancel') => {
    setError(null);
    setDialog((current) => ({ kind, key: current.key + 1 }));
  };
  const close = () => setDialog((current) => ({ ...current, kind: null }));

  const moveTo = async (status: string) => {
    if (status === 'shipped') {
      open('ship');
      return;
    }
    setError(null);
    setPending(status);
    const result = await advance({ id: order.id, to: status });
    setPending(null);
    if (result.error) {
      setError(describeError(result.error).message);
      onRefused();
    }
  };

  const anyAction = order.nextStatuses.length > 0 || order.canCancel;
  if (!anyAction && !error) return null;
  return (
    <Stack gap="sm">
      {anyAction ? (
        <Group gap="sm" role="group" aria-label="Order actions">
          {order.nextStatuses.map((status) => (
            <Button
              key={status}
              onClick={() => void moveTo(status)}
              loading={fetching && pending === status}
              disabled={fetching && pending !== status}
            >
              {actionLabel(status)}
            </Button>
          ))}
          {order.canCancel ? (
            <Button variant="outline" color="red.9" onClick={() => open('cancel')}>
              {actionLabel('cancelled')}
            </Button>
          ) : null}
        </Group>
      ) : null}
      {error ? <ErrorAlert title="The order was not changed" message={error} /> : null}
      <ShipDialog
        key={`ship-${dialog.key}`}
        order={order}
        opened={dialog.kind === 'ship'}
        onClose={close}
      />
      <CancelDialog
        key={`cancel-${dialog.key}`}
        order={order}
        opened={dialog.kind === 'cancel'}
        onClose={close}
      />
    </Stack>
  );
}
