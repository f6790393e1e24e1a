import {
  commissionOf,
  refundDue,
  type Cents,
  type LedgerEntryKind,
  type RateMillionths,
} from '@bevy/core';

/**
 * The marketplace's ledger as arithmetic, apart from the database. A checkout's charge pays for
 * each of its orders' commission (ours) and transfer (the producer's payout); a refund is paid
 * for by reversing part of both. For every checkout, at every moment:
 *
 *   charge − refunds = (transfers − transfer reversals) + (commissions − commission reversals)
 *
 * with every amount a whole, non-negative number of cents.
 */

export interface LedgerMovement {
  kind: LedgerEntryKind;
  amountCents: Cents;
  /** Null only for the charge, which is for the whole cart. */
  orderId: number | null;
}

/** One order's money as it was placed (decision 009: payout = total − commission). */
export interface OrderMoney {
  orderId: number;
  subtotal: Cents;
  taxRate: RateMillionths;
  total: Cents;
  commission: Cents;
  payout: Cents;
}

/** What has been given back on an order so far. */
export interface RefundState {
  refundedSubtotal: Cents;
  refunded: Cents;
  commissionReversed: Cents;
  transferReversed: Cents;
}

export const NOTHING_REFUNDED: RefundState = {
  refundedSubtotal: 0,
  refunded: 0,
  commissionReversed: 0,
  transferReversed: 0,
};

/**
 * The refund state of an order that has no ledger entries (paid by invoice: no money moved
 * through us), from the subtotal its lines gave back and what its row says was refunded. It is
 * the state the ledger would hold, since planRefund works from the totals of what is kept.
 */
export function refundStateWithoutLedger(
  order: OrderMoney,
  refundedSubtotal: Cents,
  refunded: Cents,
): RefundState {
  const commissionReversed = order.commission - commissionOf(order.subtotal - refundedSubtotal);
  return {
    refundedSubtotal,
    refunded,
    commissionReversed,
    transferReversed: refunded - commissionReversed,
  };
}

/** Signs of each kind in the balance: what came in from the buyer minus where it went. */
const BALANCE_SIGN: Record<LedgerEntryKind, 1 | -1> = {
  charge: 1,
  refund: -1,
  transfer: -1,
  transfer_reversal: 1,
  commission: -1,
  commission_reversal: 1,
};

/** Zero when the movements balance; otherwise the cents that are unaccounted for. */
export function ledgerImbalance(
  movements: readonly Pick<LedgerMovement, 'kind' | 'amountCents'>[],
) {
  return movements.reduce(
    (sum, { kind, amountCents }) => sum + BALANCE_SIGN[kind] * amountCents,
    0,
  );
}

/** The movements of a paid checkout: its one charge, and per order commission and transfer. */
export function paidCheckoutMovements(
  chargeCents: Cents,
  orders: readonly OrderMoney[],
): LedgerMovement[] {
  const totals = orders.reduce((sum, order) => sum + order.total, 0);
  if (totals !== chargeCents) {
    throw new Error(`The charge (${chargeCents}) is not the orders' total (${totals}).`);
  }
  return [
    { kind: 'charge', amountCents: chargeCents, orderId: null },
    ...orders.flatMap((order): LedgerMovement[] => [
      { kind: 'commission', amountCents: order.commission, orderId: order.orderId },
      { kind: 'transfer', amountCents: order.payout, orderId: order.orderId },
    ]),
  ];
}

export interface RefundPlan {
  /** Back to the buyer: the subtotal part and its share of tax + fees. */
  refund: Cents;
  /** Of the refund, what the marketplace gives up of its commission. */
  commissionReversal: Cents;
  /** Of the refund, what is taken back from the producer's transfer. */
  transferReversal: Cents;
  /** The order's refund state afterwards. */
  next: RefundState;
  movements: LedgerMovement[];
}

/**
 * Refunds `subtotalCents` of an order's subtotal (a line's unit price × the units given back; on
 * cancellation, everything not yet refunded). Amounts are the difference between the totals of
 * what was kept before and after, each rounded as decision 009 says, so rounding never drifts:
 * refunding everything returns exactly the total, the commission and the payout.
 */
export function planRefund(
  order: OrderMoney,
  state: RefundState,
  subtotalCents: Cents,
): RefundPlan {
  const refundable = order.subtotal - state.refundedSubtotal;
  if (!Number.isSafeInteger(subtotalCents) || subtotalCents <= 0 || subtotalCents > refundable) {
    throw new RangeError(`Cannot refund ${subtotalCents} of ${refundable} cents still refundable.`);
  }
  const keptSubtotal = refundable - subtotalCents;
  const keptCommission = commissionOf(keptSubtotal);
  const refund = refundDue(order, state, subtotalCents);
  const commissionReversal = order.commission - keptCommission - state.commissionReversed;
  const transferReversal = refund - commissionReversal;
  const next: RefundState = {
    refundedSubtotal: state.refundedSubtotal + subtotalCents,
    refunded: state.refunded + refund,
    commissionReversed: state.commissionReversed + commissionReversal,
    transferReversed: state.transferReversed + transferReversal,
  };
  const movements: LedgerMovement[] = [
    { kind: 'refund', amountCents: refund, orderId: order.orderId },
    { kind: 'commission_reversal', amountCents: commissionReversal, orderId: order.orderId },
    { kind: 'transfer_reversal', amountCents: transferReversal, orderId: order.orderId },
  ];
  return {
    refund,
    commissionReversal,
    transferReversal,
    next,
    movements: movements.filter((movement) => movement.amountCents > 0),
  };
}

/** Cancelling an order refunds all that is left of it. */
export function planCancellation(order: OrderMoney, state: RefundState): RefundPlan | null {
  const left = order.subtotal - state.refundedSubtotal;
  return left > 0 ? planRefund(order, state, left) : null;
}
