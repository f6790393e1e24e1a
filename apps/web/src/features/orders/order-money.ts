import {
  formatCents,
  fulfillmentFeeName,
  percentToMillionths,
  refundDue,
  type FulfillmentMode,
} from '@bevy/core';
import type { Order } from './api/orders';

/**
 * What a refund of `amount` of the subtotal gives back: that amount and its share of tax + fees
 * at the order's rate, computed as the server's ledger does (refundDue), so the figure shown is
 * the figure refunded.
 */
export function refundText(order: Order, amount: number): string {
  const products = formatCents(amount);
  // An invoice order's refund is taken off what the buyer owes the producer.
  const what = order.paymentMethod === 'invoice' ? 'Taken off the invoice' : 'Refund to the buyer';
  const refundedSubtotal = order.lines.reduce(
    (sum, line) => sum + line.refundedQuantity * line.unitPriceCents,
    0,
  );
  // More than is left cannot be refunded (the server refuses it too): say nothing rather than
  // price it, which would be a negative amount.
  if (amount <= 0 || amount > order.subtotalCents - refundedSubtotal) return `${what}: —`;
  const due = refundDue(
    {
      subtotal: order.subtotalCents,
      total: order.totalCents,
      taxRate: percentToMillionths(order.taxRate),
    },
    { refundedSubtotal, refunded: order.refundedCents },
    amount,
  );
  // The last units bring back the delivery or shipping fee too (decision 014).
  const fee =
    order.fulfillmentFeeCents > 0 && refundedSubtotal + amount === order.subtotalCents
      ? `, and the ${fulfillmentFeeName(order.fulfillmentMode as FulfillmentMode).toLowerCase()}`
      : '';
  return due === amount
    ? `${what}: ${products}`
    : `${what}: ${formatCents(due)} (${products} and its share of tax and fees${fee})`;
}
