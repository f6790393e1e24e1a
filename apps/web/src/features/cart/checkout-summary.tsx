import { formatCents, fulfillmentFeeName, type Cents } from '@bevy/core';
import { Text } from '@mantine/core';
import { OrderSummary, type SummaryRow } from '../../components/order-summary';
import type { CartView, ProducerGroupView } from './cart-view';

/** " + delivery fee $5.00", or how it is not known yet; nothing without a fee. */
function feeText(group: ProducerGroupView): string {
  if (!group.fee || !group.mode || group.fee.feeCents === 0) return '';
  const name = fulfillmentFeeName(group.mode).toLowerCase();
  return group.fee.feeCents === null
    ? ` + ${name} (enter the ZIP code)`
    : ` + ${name} ${formatCents(group.fee.feeCents)}`;
}

/** Each producer's total with how it is made up, the total, and what is paid how. */
function checkoutRows(view: CartView, split: { byCard: Cents; onInvoice: Cents }): SummaryRow[] {
  const rows: SummaryRow[] = view.groups.map((group) => ({
    key: group.businessId,
    label: group.name,
    detail: (
      <Text fz="xs" c="dark.6">
        {formatCents(group.totals?.subtotal ?? 0)} + tax and fees{' '}
        {formatCents(group.totals?.taxAndFees ?? 0)}
        {feeText(group)}
      </Text>
    ),
    cents: group.totals?.total ?? 0,
  }));
  rows.push({ key: 'total', label: 'Total', cents: view.grandTotal, strong: true });
  if (split.onInvoice > 0) {
    rows.push(
      { key: 'by-card', label: 'Paid by card now', cents: split.byCard },
      { key: 'on-invoice', label: 'On invoice', cents: split.onInvoice },
    );
  }
  return rows;
}

/** The checkout's totals, per producer and in all, and how they are paid. */
export function CheckoutSummary({
  view,
  split,
}: {
  view: CartView;
  split: { byCard: Cents; onInvoice: Cents };
}) {
  return (
    <OrderSummary title="Order summary" rows={checkoutRows(view, split)}>
      <Text fz="xs" c="dark.6">
        {split.onInvoice > 0
          ? 'Orders on invoice are paid to the producer directly, by the due date; one card payment covers the rest. Each producer gets its own order.'
          : 'One payment for the whole cart; each producer gets its own order.'}
      </Text>
    </OrderSummary>
  );
}
