import { FULFILLMENT_MODE_LABELS, type FulfillmentMode } from '@bevy/core';
import { StatusBadge } from './status-badge';

const STATUS_COLORS: Record<string, string> = {
  placed: 'blue',
  accepted: 'indigo',
  ready_for_pickup: 'orange',
  out_for_delivery: 'orange',
  shipped: 'orange',
  completed: 'green',
  cancelled: 'gray',
  refunded: 'grape',
};

/** An order's status as a badge; dark text on a light tint stays readable whatever the color. */
export function OrderStatusBadge({ status, label }: { status: string; label: string }) {
  return <StatusBadge color={STATUS_COLORS[status] ?? 'gray'}>{label}</StatusBadge>;
}

const PAYOUT_STATES: Record<string, { label: string; color: string }> = {
  not_due: { label: 'Not due yet', color: 'gray' },
  held: { label: 'Held', color: 'yellow' },
  transferred: { label: 'Transferred', color: 'green' },
  reversed: { label: 'Reversed', color: 'red' },
};

/** "Transferred" for 'transferred': what a payout state means to a producer. */
export function payoutStatusLabel(status: string): string {
  return PAYOUT_STATES[status]?.label ?? status;
}

/** Where the producer's share of an order stands (not_due, held, transferred, reversed). */
export function PayoutStatusBadge({ status }: { status: string }) {
  return (
    <StatusBadge color={PAYOUT_STATES[status]?.color ?? 'gray'}>
      {payoutStatusLabel(status)}
    </StatusBadge>
  );
}

/** "Shipping" for 'ship'. */
export function fulfillmentLabel(mode: string): string {
  return FULFILLMENT_MODE_LABELS[mode as FulfillmentMode] ?? mode;
}
