import { COMMISSION_BASIS_POINTS, formatCents, formatDueDate } from '@bevy/core';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from 'urql';
import { BusinessFrame, type FramedBusiness } from '../../components/business-frame';
import { CaptionedTable } from '../../components/captioned-table';
import { OrderStatusBadge, PayoutStatusBadge } from '../../components/order-status';
import { PageLoading } from '../../components/page-loading';
import { formatCalendarDate, formatTimestampDate } from '../../lib/dates';
import type { ResultOf } from '../../lib/graphql';
import { describeError } from '../../lib/server-error';
import { BUSINESS_PAYOUTS } from './api/payouts';

const COMMISSION_PERCENT = COMMISSION_BASIS_POINTS / 100;

type PayoutOrderRow = ResultOf<typeof BUSINESS_PAYOUTS>['businessPayouts']['orders'][number];

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const dateParam = (value: string | null) => (value && ISO_DATE.test(value) ? value : null);

function Figure({ label, cents, note }: { label: string; cents: number; note: string }) {
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-label={label}>
      <Text size="sm" c="dark.6" fw={600}>
        {label}
      </Text>
      <Text fz={26} fw={700}>
        {formatCents(cents)}
      </Text>
      <Text size="xs" c="dark.6">
        {note}
      </Text>
    </Card>
  );
}

function LedgerTable({ rows, caption }: { rows: PayoutOrderRow[]; caption: string }) {
  return (
    <CaptionedTable minWidth={860} caption={caption}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Order</Table.Th>
          <Table.Th scope="col">Date</Table.Th>
          <Table.Th scope="col">Status</Table.Th>
          <Table.Th scope="col" ta="right">
            Total
          </Table.Th>
          <Table.Th scope="col" ta="right">
            Commission
          </Table.Th>
          <Table.Th scope="col" ta="right">
            Refunded
          </Table.Th>
          <Table.Th scope="col" ta="right">
            Net
          </Table.Th>
          <Table.Th scope="col">Payout</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.orderId}>
            <Table.Th scope="row">
              <Anchor component={Link} to={`/orders/${row.orderId}`} fw={600}>
                {row.number}
              </Anchor>
            </Table.Th>
            <Table.Td>{formatTimestampDate(row.createdAt)}</Table.Td>
            <Table.Td>
              <OrderStatusBadge status={row.status} label={row.statusLabel} />
            </Table.Td>
            <Table.Td ta="right">{formatCents(row.totalCents)}</Table.Td>
            <Table.Td ta="right">{formatCents(row.commissionCents)}</Table.Td>
            <Table.Td ta="right">{formatCents(row.refundedCents)}</Table.Td>
            <Table.Td ta="right" fw={600}>
              {row.paymentMethod === 'invoice' ? '—' : formatCents(row.netCents)}
            </Table.Td>
            <Table.Td>
              {row.paymentMethod === 'invoice' && row.invoiceDueOn ? (
                <Text size="sm">Invoice, due {formatDueDate(row.invoiceDueOn)}</Text>
              ) : (
                <PayoutStatusBadge status={row.payoutStatus} />
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </CaptionedTable>
  );
}

function rangeText(from: string | null, to: string | null): string {
  if (from && to) return `from ${formatCalendarDate(from)} to ${formatCalendarDate(to)}`;
  if (from) return `since ${formatCalendarDate(from)}`;
  if (to) return `up to ${formatCalendarDate(to)}`;
  return 'all time';
}

function Payouts({ business }: { business: FramedBusiness }) {
  const [params, setParams] = useSearchParams();
  const from = dateParam(params.get('from'));
  const to = dateParam(params.get('to'));
  const setRange = (change: { from?: string | null; to?: string | null }) => {
    const next = { from, to, ...change };
    const query = new URLSearchParams();
    if (next.from) query.set('from', next.from);
    if (next.to) query.set('to', next.to);
    setParams(query, { replace: true });
  };
  const backwards = from !== null && to !== null && from > to;

  const [result, reexecute] = useQuery({
    query: BUSINESS_PAYOUTS,
    variables: { slug: business.slug, from, to },
    pause: backwards,
    requestPolicy: 'cache-and-network',
  });
  const ledger = result.data?.businessPayouts;
  const period = rangeText(from, to);

  return (
    <Stack gap="md">
      <Text c="dark.6">
        What buyers paid for your orders, the marketplace&apos;s {COMMISSION_PERCENT}% commission,
        refunds, and what is paid out to you.
      </Text>
      <Group component="form" role="search" aria-label="Date range" align="flex-end" gap="md">
        <TextInput
          type="date"
          label="From"
          value={from ?? ''}
          max={to ?? undefined}
          onChange={(event) => setRange({ from: dateParam(event.currentTarget.value) })}
          w={180}
        />
        <TextInput
          type="date"
          label="To"
          value={to ?? ''}
          min={from ?? undefined}
          onChange={(event) => setRange({ to: dateParam(event.currentTarget.value) })}
          w={180}
        />
        {from || to ? (
          <Button variant="default" onClick={() => setRange({ from: null, to: null })}>
            All time
          </Button>
        ) : null}
      </Group>
      {backwards ? (
        <Alert color="red" title="Check the dates">
          The start of the range is after its end.
        </Alert>
      ) : null}
      {result.error ? (
        <Alert color="red" title="We could not load the payouts">
          <Group justify="space-between">
            <Text size="sm">{describeError(result.error).message}</Text>
            <Button
              size="xs"
              variant="default"
              onClick={() => reexecute({ requestPolicy: 'network-only' })}
            >
              Try again
            </Button>
          </Group>
        </Alert>
      ) : null}
      {!ledger && result.fetching ? <PageLoading /> : null}
      {ledger && !backwards ? (
        <>
          <Title order={2} fz="lg">
            Summary, {period}
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
            <Figure label="Gross sales" cents={ledger.grossSalesCents} note="Totals buyers paid" />
            <Figure
              label={`Commission (${COMMISSION_PERCENT}%)`}
              cents={ledger.commissionCents}
              note="Kept from card payments, after reversals"
            />
            <Figure
              label="Refunds"
              cents={ledger.refundsCents}
              note={
                ledger.orders.some((row) => row.paymentMethod === 'invoice')
                  ? 'Paid back to buyers, or taken off invoices'
                  : 'Paid back to buyers'
              }
            />
            <Figure label="Net" cents={ledger.netCents} note="Paid out to you" />
            {ledger.invoicedCents > 0 ? (
              <Figure
                label="On invoice"
                cents={ledger.invoicedCents}
                note="Owed to you directly by wholesale buyers"
              />
            ) : null}
            {ledger.invoiceCommissionOwedCents > 0 ? (
              <Figure
                label="Commission owed on invoice orders"
                cents={ledger.invoiceCommissionOwedCents}
                note={`The marketplace's ${COMMISSION_PERCENT}% on orders buyers pay you directly, owed by you`}
              />
            ) : null}
          </SimpleGrid>
          <Title order={2} fz="lg">
            Orders
          </Title>
          {ledger.orders.length === 0 ? (
            <Text>No paid orders {period === 'all time' ? 'yet' : 'in this period'}.</Text>
          ) : (
            <LedgerTable
              rows={ledger.orders}
              caption={`Payout of each order of ${business.name}, newest first`}
            />
          )}
        </>
      ) : null}
    </Stack>
  );
}

/** /business/{slug}/payouts: the business's ledger, for the people who work there. */
export function PayoutsPage() {
  return (
    <BusinessFrame title={(business) => `Payouts for ${business.name}`}>
      {(business) => <Payouts business={business} />}
    </BusinessFrame>
  );
}
