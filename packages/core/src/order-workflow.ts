import type { FulfillmentMode } from './fulfillment';
import { ORDER_STATUSES, type OrderStatus } from './orders';

/**
 * The seller's order workflow: placed → accepted → ready for pickup / out for delivery / shipped
 * (by fulfillment) → completed, and cancelled before fulfillment. Orders awaiting payment or whose
 * payment failed are not orders yet: nobody sees them and nothing moves them here.
 */

/** The statuses of a paid order, which people see. */
export type VisibleOrderStatus = Exclude<OrderStatus, 'awaiting_payment' | 'payment_failed'>;
export const VISIBLE_ORDER_STATUSES: readonly VisibleOrderStatus[] = ORDER_STATUSES.filter(
  (status): status is VisibleOrderStatus =>
    status !== 'awaiting_payment' && status !== 'payment_failed',
);

export function isVisibleOrderStatus(status: string): status is VisibleOrderStatus {
  return (VISIBLE_ORDER_STATUSES as readonly string[]).includes(status);
}

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  awaiting_payment: 'Awaiting payment',
  payment_failed: 'Payment failed',
  placed: 'Placed',
  accepted: 'Accepted',
  ready_for_pickup: 'Ready for pickup',
  out_for_delivery: 'Out for delivery',
  shipped: 'Shipped',
  completed: 'Completed',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

/** What the button that moves an order to a status says. */
export const ORDER_ACTION_LABELS: Partial<Record<OrderStatus, string>> = {
  accepted: 'Accept order',
  ready_for_pickup: 'Mark ready for pickup',
  out_for_delivery: 'Mark out for delivery',
  shipped: 'Mark shipped',
  completed: 'Mark completed',
  cancelled: 'Cancel order',
};

/** The label of a status for people; an unknown status is shown as it is. */
export function orderStatusLabel(status: string): string {
  return ORDER_STATUS_LABELS[status as OrderStatus] ?? status;
}

/** The fulfillment step each mode goes through between accepted and completed. */
const FULFILLMENT_STEP: Record<FulfillmentMode, OrderStatus> = {
  pickup: 'ready_for_pickup',
  delivery: 'out_for_delivery',
  ship: 'shipped',
};

/** Statuses from which the order may be cancelled (before fulfillment). */
const CANCELLABLE: readonly OrderStatus[] = ['placed', 'accepted'];

/**
 * The statuses an order may move to next through the workflow, not counting cancellation
 * (which refunds the buyer and has its own action; see `canCancel`).
 */
export function nextStatusesFor(status: OrderStatus, mode: FulfillmentMode): OrderStatus[] {
  switch (status) {
    case 'placed':
      return ['accepted'];
    case 'accepted':
      return [FULFILLMENT_STEP[mode]];
    case 'ready_for_pickup':
    case 'out_for_delivery':
    case 'shipped':
      return FULFILLMENT_STEP[mode] === status ? ['completed'] : [];
    default:
      return [];
  }
}

/** Whether an order in `status` may be cancelled: only before fulfillment. */
export function canCancel(status: OrderStatus): boolean {
  return CANCELLABLE.includes(status);
}

/** Whether part of a line may be refunded: the order was paid and is not cancelled or refunded. */
export function canRefundLine(status: OrderStatus): boolean {
  return isVisibleOrderStatus(status) && status !== 'cancelled' && status !== 'refunded';
}

/**
 * The status an order takes after a line refund: 'refunded' once every unit of every line has
 * been refunded (nothing is left to fulfil or to complete), otherwise the status it had.
 */
export function statusAfterRefund(
  status: OrderStatus,
  lines: readonly { quantity: number; refundedQuantity: number }[],
): OrderStatus {
  const everyUnit = lines.every((line) => line.refundedQuantity >= line.quantity);
  return everyUnit && lines.length > 0 ? 'refunded' : status;
}

/** Whether the workflow allows `from` → `to` for an order fulfilled by `mode`. */
export function canTransition(from: OrderStatus, to: OrderStatus, mode: FulfillmentMode): boolean {
  if (to === 'cancelled') return canCancel(from);
  return nextStatusesFor(from, mode).includes(to);
}

const MODE_NOUN: Record<FulfillmentMode, string> = {
  pickup: 'A pickup order',
  delivery: 'A delivery order',
  ship: 'A shipping order',
};

/** Why `from` → `to` is refused, for the seller; null when it is allowed. */
export function transitionProblem(
  from: OrderStatus,
  to: OrderStatus,
  mode: FulfillmentMode,
): string | null {
  if (canTransition(from, to, mode)) return null;
  const fulfillmentStep = Object.values(FULFILLMENT_STEP).includes(to);
  if (fulfillmentStep && FULFILLMENT_STEP[mode] !== to) {
    return `${MODE_NOUN[mode]} cannot be marked ${ORDER_STATUS_LABELS[to]}.`;
  }
  const what = to === 'cancelled' ? 'cancelled' : `marked ${ORDER_STATUS_LABELS[to]}`;
  return `An order that is ${ORDER_STATUS_LABELS[from]} cannot be ${what}.`;
}

export const TRACKING_NUMBER_MAX_LENGTH = 100;

/** A tracking number as typed, trimmed; or why it cannot be used. */
export function parseTrackingNumber(
  value: string | null | undefined,
): { ok: true; value: string } | { ok: false; message: string } {
  const trimmed = (value ?? '').trim();
  if (trimmed === '') return { ok: false, message: 'Enter the tracking number of the shipment.' };
  if (trimmed.length > TRACKING_NUMBER_MAX_LENGTH) {
    return {
      ok: false,
      message: `A tracking number has at most ${TRACKING_NUMBER_MAX_LENGTH} characters.`,
    };
  }
  return { ok: true, value: trimmed };
}
