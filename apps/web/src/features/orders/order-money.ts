import { formatCents } from '@bevy/core';
import type { Order } from './order-documents';

/**
 * What a refund of `amount` of the subtotal gives back. The server adds the share of tax + fees
 * at the order's rate; the page knows that rate only as the order's rounded tax, so the sum
 * with tax is an estimate.
 */
export function refundText(order: Order, amount: number): string {
  const products = formatCents(amount);
  // An invoice order's refund is taken off what the buyer owes the producer.
  const what = order.paymentMethod === 'invoice' ? 'Taken off the invoice' : 'Refund to the buyer';
  if (order.taxAndFeesCents === 0 || order.subtotalCents === 0) {
    return `${what}: ${products}`;
  }
  const refundedSubtotal = order.lines.reduce(
    (sum, line) => sum + line.refundedQuantity * line.unitPriceCents,
    0,
  );
  const kept = order.subtotalCents - refundedSubtotal - amount;
  const keptTotal = kept + Math.round((kept * order.taxAndFeesCents) / order.subtotalCents);
  const estimate = order.totalCents - keptTotal - order.refundedCents;
  return `${what}: ${products} plus its share of tax and fees, about ${formatCents(estimate)} in all`;
}
