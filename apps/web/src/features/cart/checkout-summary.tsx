import { formatCents, fulfillmentFeeName, type Cents } from '@bevy/core';
import { Table, Text } from '@mantine/core';
import type { CartView, ProducerGroupView } from './cart-view';
import { SummaryCard } from './summary-card';

/** " + delivery fee $5.00", or how it is not known yet; nothing without a fee. */
function feeText(group: ProducerGroupView): string {
  if (!group.fee || !group.mode || group.fee.feeCents === 0) return '';
  const name = fulfillmentFeeName(group.mode).toLowerCase();
  return group.fee.feeCents === null
    ? ` + ${name} (enter the ZIP code)`
    : ` + ${name} ${formatCents(group.fee.feeCents)}`;
}

/** The checkout's totals, per producer and in all, and how they are paid. */
export function Summary({
  view,
  split,
}: {
  view: CartView;
  split: { byCard: Cents; onInvoice: Cents };
}) {
  return (
    <SummaryCard
      view={view}
      totalLabel="Total"
      groupTotal={(group) => formatCents(group.totals?.total ?? 0)}
      groupDetail={(group) => (
        <Text fz="xs" c="dark.6">
          {formatCents(group.totals?.subtotal ?? 0)} + tax and fees{' '}
          {formatCents(group.totals?.taxAndFees ?? 0)}
          {feeText(group)}
        </Text>
      )}
      extraRows={
        split.onInvoice > 0 ? (
          <>
            <Table.Tr>
              <Table.Th scope="row" fw="normal">
                Paid by card now
              </Table.Th>
              <Table.Td ta="right">{formatCents(split.byCard)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row" fw="normal">
                On invoice
              </Table.Th>
              <Table.Td ta="right">{formatCents(split.onInvoice)}</Table.Td>
            </Table.Tr>
          </>
        ) : null
      }
    >
      <Text fz="xs" c="dark.6">
        {split.onInvoice > 0
          ? 'Orders on invoice are paid to the producer directly, by the due date; one card payment covers the rest. Each producer gets its own order.'
          : 'One payment for the whole cart; each producer gets its own order.'}
      </Text>
    </SummaryCard>
  );
}
