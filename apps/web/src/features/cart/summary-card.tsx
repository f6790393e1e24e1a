import { formatCents } from '@bevy/core';
import { Paper, Stack, Table, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { CartView, ProducerGroupView } from './cart-view';

/**
 * The "Order summary" card of the cart and the checkout: one row per producer with its total,
 * then the total of all; each page adds its own detail under a producer's name, its own rows
 * after the total, and what follows the table.
 */
export function SummaryCard({
  view,
  totalLabel,
  groupDetail,
  groupTotal,
  extraRows,
  children,
}: {
  view: CartView;
  totalLabel: string;
  groupDetail?: (group: ProducerGroupView) => ReactNode;
  groupTotal: (group: ProducerGroupView) => string;
  extraRows?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper component="section" withBorder p="md" radius="md" aria-labelledby="summary-heading">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="summary-heading">
          Order summary
        </Title>
        <Table>
          <Table.Tbody>
            {view.groups.map((group) => (
              <Table.Tr key={group.businessId}>
                <Table.Th scope="row" fw="normal">
                  {group.name}
                  {groupDetail?.(group)}
                </Table.Th>
                <Table.Td ta="right">{groupTotal(group)}</Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr>
              <Table.Th scope="row">{totalLabel}</Table.Th>
              <Table.Td ta="right" fw={700}>
                {formatCents(view.grandTotal)}
              </Table.Td>
            </Table.Tr>
            {extraRows}
          </Table.Tbody>
        </Table>
        {children}
      </Stack>
    </Paper>
  );
}
