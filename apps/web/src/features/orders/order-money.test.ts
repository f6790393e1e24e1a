import { orderTotals, percentToMillionths } from '@bevy/core';
import { describe, expect, it } from 'vitest';
import type { Order, OrderLine } from './api/orders';
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
    taxRate: String(taxPercent),
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

  it('adds the share of tax and fees exactly as the server’s ledger will refund it', () => {
    const placed = order(
      [
        { unitPriceCents: 2599, quantity: 3, refundedQuantity: 1 },
        { unitPriceCents: 1800, quantity: 6, refundedQuantity: 0 },
      ],
      8.875,
    );
    // Subtotal $185.97, tax + fees $16.50, total $202.47. The first unit's refund of $25.99 gave
    // back $28.29 (the total kept fell from $202.47 to $174.18); two more units of $18.00 leave
    // $123.98 + $11.00 = $134.98 kept, so $39.20 comes back.
    expect(placed.totalCents).toBe(20_247);
    const refunded = { ...placed, refundedCents: 2_829 };
    expect(refundText(refunded, 2 * 1800)).toBe(
      'Refund to the buyer: $39.20 ($36.00 and its share of tax and fees)',
    );
  });

  it('refunding all that is left gives back exactly the rest of the total', () => {
    const placed = order([{ unitPriceCents: 1999, quantity: 3, refundedQuantity: 0 }], 9.25);
    expect(placed.totalCents).toBe(6_552);
    expect(refundText(placed, 3 * 1999)).toBe(
      'Refund to the buyer: $65.52 ($59.97 and its share of tax and fees)',
    );
  });

  it('is taken off the invoice of an order paid by invoice', () => {
    const onInvoice = {
      ...order([{ unitPriceCents: 2599, quantity: 3, refundedQuantity: 0 }], 0),
      paymentMethod: 'invoice',
    };
    expect(refundText(onInvoice, 2599)).toBe('Taken off the invoice: $25.99');
  });

  it('prices nothing, and never throws, for more than is left (the order re-read after the last refund)', () => {
    // 8.875%, 2 × $25.00, both refunded: asking for one more unit once blanked the page.
    const refunded = order([{ unitPriceCents: 2500, quantity: 2, refundedQuantity: 2 }], 8.875);
    const all = { ...refunded, refundedCents: refunded.totalCents };
    expect(refundText(all, 2500)).toBe('Refund to the buyer: —');
    expect(refundText(all, 0)).toBe('Refund to the buyer: —');
  });

  it('keeps the delivery fee through partial refunds, and gives it back with the last units', () => {
    const products = order([{ unitPriceCents: 2000, quantity: 2, refundedQuantity: 0 }], 10);
    const placed = {
      ...products,
      fulfillmentMode: 'delivery',
      fulfillmentFeeCents: 500,
      totalCents: products.totalCents + 500,
    };
    expect(refundText(placed, 2000)).toBe(
      'Refund to the buyer: $22.00 ($20.00 and its share of tax and fees)',
    );
    const afterOne = {
      ...placed,
      refundedCents: 2200,
      lines: placed.lines.map((line) => ({ ...line, refundedQuantity: 1 })),
    };
    expect(refundText(afterOne, 2000)).toBe(
      'Refund to the buyer: $27.00 ($20.00 and its share of tax and fees, and the delivery fee)',
    );
  });
});
