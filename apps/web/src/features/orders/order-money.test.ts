import { orderTotals, percentToMillionths, percentOf } from '@bevy/core';
import { describe, expect, it } from 'vitest';
import type { Order, OrderLine } from './order-documents';
import { refundText } from './order-money';

function order(
  lines: Pick<OrderLine, 'unitPriceCents' | 'quantity' | 'refundedQuantity'>[],
  taxPercent: number,
  refundedCents = 0,
): Order {
  const totals = orderTotals(
    lines.map((line) => ({ unitPrice: line.unitPriceCents, quantity: line.quantity })),
    percentToMillionths(taxPercent),
  );
  return {
    subtotalCents: totals.subtotal,
    taxAndFeesCents: totals.taxAndFees,
    totalCents: totals.total,
    refundedCents,
    lines: lines.map((line, index) => ({
      ...line,
      id: index + 1,
      productId: index + 1,
      productName: `Product ${index + 1}`,
      lineTotalCents: line.unitPriceCents * line.quantity,
    })),
  } as Order;
}

describe('the refund a seller is about to make', () => {
  it('is exactly unit price × units without tax and fees', () => {
    expect(
      refundText(order([{ unitPriceCents: 2599, quantity: 3, refundedQuantity: 0 }], 0), 5198),
    ).toBe('Refund to the buyer: $51.98');
  });

  it('adds the share of tax and fees, within a cent of what the server computes', () => {
    const rate = percentToMillionths(8.875);
    const placed = order(
      [
        { unitPriceCents: 2599, quantity: 3, refundedQuantity: 1 },
        { unitPriceCents: 1800, quantity: 6, refundedQuantity: 0 },
      ],
      8.875,
    );
    // What the server refunds (ledger planRefund) after a first refund of one 25.99 unit.
    const first = 2599;
    const firstRefund =
      placed.totalCents -
      (placed.subtotalCents - first + percentOf(placed.subtotalCents - first, rate));
    const refunded = { ...placed, refundedCents: firstRefund };
    const amount = 2 * 1800;
    const kept = placed.subtotalCents - first - amount;
    const server = placed.totalCents - (kept + percentOf(kept, rate)) - firstRefund;
    const text = refundText(refunded, amount);
    const estimate = Number(/about \$([\d.,]+) in all/.exec(text)![1]!.replace(',', '')) * 100;
    expect(text).toMatch(/^Refund to the buyer: \$36\.00 plus its share of tax and fees/);
    expect(Math.abs(Math.round(estimate) - server)).toBeLessThanOrEqual(1);
  });

  it('is taken off the invoice of an order paid by invoice', () => {
    const onInvoice = {
      ...order([{ unitPriceCents: 2599, quantity: 3, refundedQuantity: 0 }], 0),
      paymentMethod: 'invoice',
    };
    expect(refundText(onInvoice, 2599)).toBe('Taken off the invoice: $25.99');
  });
});
