import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../test/render';
import { OrderSummary, orderAmountRows, type OrderAmounts } from './order-summary';

const order: OrderAmounts = {
  subtotalCents: 5_000,
  taxAndFeesCents: 450,
  fulfillmentMode: 'ship',
  fulfillmentFeeCents: 1_200,
  totalCents: 6_650,
};

/** Each row of the table as its label and its amount. */
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => [
      within(row).getByRole('rowheader').textContent,
      within(row).getByRole('cell').textContent,
    ]);

describe('OrderSummary', () => {
  it('draws an order’s amounts, with its shipping fee, as a table named for the order', () => {
    renderInApp(<OrderSummary rows={orderAmountRows(order)} label="Totals of order BV-1" />);
    expect(rowsOf(screen.getByRole('table', { name: 'Totals of order BV-1' }))).toEqual([
      ['Subtotal', '$50.00'],
      ['Tax and fees', '$4.50'],
      ['Shipping', '$12.00'],
      ['Total', '$66.50'],
    ]);
  });

  it('leaves out a fee of nothing, and the subtotal under the lines it sums', () => {
    const rows = orderAmountRows(
      { ...order, fulfillmentMode: 'pickup', fulfillmentFeeCents: 0, totalCents: 5_450 },
      { withSubtotal: false, totalLabel: 'Order total' },
    );
    expect(rows.map((row) => row.label)).toEqual(['Tax and fees', 'Order total']);
  });

  it('is a titled region with what follows the table, as the cart and checkout show it', () => {
    renderInApp(
      <OrderSummary
        title="Order summary"
        rows={[
          { key: 1, label: 'Orchard Folk', text: '—' },
          { key: 'total', label: 'Grand total', cents: 2_500, strong: true },
        ]}
      >
        Checkout confirms every price.
      </OrderSummary>,
    );
    const summary = screen.getByRole('region', { name: 'Order summary' });
    expect(rowsOf(summary)).toEqual([
      ['Orchard Folk', '—'],
      ['Grand total', '$25.00'],
    ]);
    expect(summary).toHaveTextContent('Checkout confirms every price.');
  });
});
