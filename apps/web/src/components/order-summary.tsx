import { feeRows, formatCents, type Cents, type FulfillmentMode } from '@bevy/core';
import { Paper, Stack, Table, Title, type MantineSpacing } from '@mantine/core';
import { useId, type ReactNode } from 'react';

/** One line of a summary: what an amount is, and the amount (or what stands in its place). */
export type SummaryRow = {
  key: string | number;
  label: ReactNode;
  /** Under the label, smaller: how the amount is made up. */
  detail?: ReactNode;
  /** A total: label and amount in bold. */
  strong?: boolean;
} & ({ cents: Cents } | { text: ReactNode });

/** What an order's amounts are read from (an order placed, or read back). */
export interface OrderAmounts {
  subtotalCents: Cents;
  taxAndFeesCents: Cents;
  fulfillmentMode: FulfillmentMode;
  fulfillmentFeeCents: Cents;
  totalCents: Cents;
}

/**
 * An order's amounts as rows: subtotal (unless its lines are listed just above), tax and fees,
 * the delivery or shipping fee when there is one, and the total.
 */
export function orderAmountRows(
  order: OrderAmounts,
  { withSubtotal = true, totalLabel = 'Total' } = {},
): SummaryRow[] {
  const rows: SummaryRow[] = [];
  if (withSubtotal) rows.push({ key: 'subtotal', label: 'Subtotal', cents: order.subtotalCents });
  rows.push({ key: 'tax-and-fees', label: 'Tax and fees', cents: order.taxAndFeesCents });
  for (const [label, cents] of feeRows(order.fulfillmentMode, order.fulfillmentFeeCents)) {
    rows.push({ key: 'fulfillment-fee', label, cents });
  }
  rows.push({ key: 'total', label: totalLabel, cents: order.totalCents, strong: true });
  return rows;
}

/**
 * The rows alone, for a table that lists lines above them; `labelSpan` is how many of its
 * columns the label takes (it then lines up with the amounts, on the right).
 */
export function SummaryRows({
  rows,
  labelSpan = 1,
}: {
  rows: readonly SummaryRow[];
  labelSpan?: number;
}) {
  return rows.map((row) => (
    <Table.Tr key={row.key}>
      <Table.Th
        scope="row"
        fw={row.strong ? 700 : 400}
        colSpan={labelSpan > 1 ? labelSpan : undefined}
        ta={labelSpan > 1 ? 'right' : undefined}
      >
        {row.label}
        {row.detail}
      </Table.Th>
      <Table.Td ta="right" fw={row.strong ? 700 : undefined}>
        {'cents' in row ? formatCents(row.cents) : row.text}
      </Table.Td>
    </Table.Tr>
  ));
}

/**
 * A summary of amounts (per producer or per charge, fees, tax, totals), used wherever one is
 * drawn: the cart and checkout as the "Order summary" card (`title`), with what follows the
 * table as children; an order's page as a table named by `label`.
 */
export function OrderSummary({
  rows,
  title,
  label,
  verticalSpacing,
  children,
}: {
  rows: readonly SummaryRow[];
  title?: string;
  /** The table's accessible name, when no title names it. */
  label?: string;
  verticalSpacing?: MantineSpacing | number;
  children?: ReactNode;
}) {
  const headingId = useId();
  const table = (
    <Table verticalSpacing={verticalSpacing} aria-label={label}>
      <Table.Tbody>
        <SummaryRows rows={rows} />
      </Table.Tbody>
    </Table>
  );
  if (!title) return table;
  return (
    <Paper component="section" withBorder p="md" radius="md" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} fz="lg" id={headingId}>
          {title}
        </Title>
        {table}
        {children}
      </Stack>
    </Paper>
  );
}
