/**
 * An order's statuses. 'awaiting_payment' holds the stock while the card is charged and ends in
 * 'placed' or 'payment_failed'; the seller's workflow runs from 'placed' to 'completed',
 * 'cancelled' is possible before fulfillment, and an order whose every unit was refunded is
 * 'refunded'.
 */
export const ORDER_STATUSES = [
  'awaiting_payment',
  'payment_failed',
  'placed',
  'accepted',
  'ready_for_pickup',
  'out_for_delivery',
  'shipped',
  'completed',
  'cancelled',
  'refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * Kinds of money movement in the marketplace's ledger; each amount is positive. A checkout's
 * charge pays for its orders' transfers (payout to the producer) and commissions (ours); a refund
 * is paid for by reversing part of a transfer and of a commission.
 */
export const LEDGER_ENTRY_KINDS = [
  'charge',
  'transfer',
  'commission',
  'refund',
  'transfer_reversal',
  'commission_reversal',
] as const;
export type LedgerEntryKind = (typeof LEDGER_ENTRY_KINDS)[number];

/** What one checkout may hold, within Stripe's limits for one charge ($0.50 to $999,999.99). */
export const CHECKOUT_LIMITS = {
  maxLines: 100,
  maxQuantityPerLine: 9_999,
  minAmountCents: 50,
  maxAmountCents: 99_999_999,
  /** Declined payments a buyer may have in an hour before checkout stops them (card testing). */
  maxDeclinesPerHour: 5,
} as const;

/** What happens after an order is placed, by fulfillment, for /success and the buyer's email. */
export function nextStepsFor(mode: 'pickup' | 'delivery' | 'ship', businessName: string): string {
  switch (mode) {
    case 'pickup':
      return `${businessName} will email you when your order is ready for pickup. Bring a photo ID showing you are 21 or older.`;
    case 'delivery':
      return `${businessName} will email you when your order is out for delivery. An adult 21 or older must sign for it.`;
    case 'ship':
      return `${businessName} will email you a tracking number when your order ships. An adult 21 or older must sign for it on delivery.`;
  }
}

/** The notice shown wherever a buyer chooses delivery or shipping. */
export const ADULT_SIGNATURE_NOTICE =
  'An adult signature (21+) is required on delivery or shipment; a photo ID may be checked.';
