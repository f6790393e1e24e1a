import { BarChart } from '@mantine/charts';
import { Card, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { CategoryBars } from '../../components/charts/category-bars';
import { ChartCard, type Column } from '../../components/charts/chart-card';
import { formatCount, money, percent } from '../../components/charts/figures';
import { formatTimestampDate } from '../../lib/dates';
import type {
  CampaignRevenue,
  ClubInsights,
  CustomerMix,
  EventSellThrough,
  ProductFigure,
} from './api/insights';

const PRODUCT_COLUMNS: readonly Column<ProductFigure>[] = [
  { label: 'Product', kind: 'text', value: (row) => row.name },
  { label: 'Units sold', kind: 'count', value: (row) => row.units },
  { label: 'Units refunded', kind: 'count', value: (row) => row.refundedUnits },
  { label: 'Revenue', kind: 'money', value: (row) => row.revenueCents },
];

export function TopProductsCard({
  products,
  fileName,
}: {
  products: readonly ProductFigure[];
  fileName: string[];
}) {
  const top = products[0];
  return (
    <ChartCard
      title="Top products"
      summary={
        top
          ? `Top products by revenue. First: ${top.name}, ${money(top.revenueCents)} from ${formatCount(top.units)} units.`
          : 'Top products by revenue.'
      }
      columns={PRODUCT_COLUMNS}
      rows={products}
      fileName={fileName}
      chart={
        <CategoryBars
          rows={products}
          name={(row) => row.name}
          value={(row) => row.revenueCents}
          label="Revenue"
        />
      }
    />
  );
}

type CustomerRow = { kind: string; customers: number; netCents: number };

const CUSTOMER_COLUMNS: readonly Column<CustomerRow>[] = [
  { label: 'Customers', kind: 'text', value: (row) => row.kind },
  { label: 'People', kind: 'count', value: (row) => row.customers },
  { label: 'Net sales', kind: 'money', value: (row) => row.netCents },
];

export function CustomersCard({ mix, fileName }: { mix: CustomerMix; fileName: string[] }) {
  const rows: CustomerRow[] = [
    { kind: 'New', customers: mix.newCustomers, netCents: mix.newNetCents },
    { kind: 'Returning', customers: mix.returningCustomers, netCents: mix.returningNetCents },
  ];
  return (
    <ChartCard
      title="New and returning customers"
      summary={`New customers: ${formatCount(mix.newCustomers)}, ${money(mix.newNetCents)} net. Returning customers: ${formatCount(mix.returningCustomers)}, ${money(mix.returningNetCents)} net.`}
      columns={CUSTOMER_COLUMNS}
      rows={rows}
      fileName={fileName}
      empty={mix.newCustomers + mix.returningCustomers === 0}
      chart={
        <BarChart
          h={200}
          data={rows.map((row) => ({ kind: row.kind, customers: row.customers }))}
          dataKey="kind"
          series={[{ name: 'customers', label: 'Customers', color: 'wine.7' }]}
          valueFormatter={formatCount}
          accessibilityLayer={false}
        />
      }
    />
  );
}

const EVENT_COLUMNS: readonly Column<EventSellThrough>[] = [
  { label: 'Event', kind: 'text', value: (row) => row.name },
  { label: 'Date', kind: 'text', value: (row) => formatTimestampDate(row.startsAt) },
  { label: 'Tickets sold', kind: 'count', value: (row) => row.sold },
  {
    label: 'Capacity',
    kind: 'text',
    value: (row) => (row.capacity === null ? 'Unlimited' : formatCount(row.capacity)),
  },
  { label: 'Sell-through', kind: 'share', value: (row) => row.sellThrough },
  { label: 'Revenue', kind: 'money', value: (row) => row.revenueCents },
];

const sellThroughText = (event: EventSellThrough) =>
  event.sellThrough === null
    ? `${formatCount(event.sold)} sold, unlimited`
    : `${percent(event.sellThrough)} sold`;

export function EventsCard({
  events,
  fileName,
}: {
  events: readonly EventSellThrough[];
  fileName: string[];
}) {
  return (
    <ChartCard
      title="Event sell-through"
      summary={`Event sell-through: ${events.map((event) => `${event.name} ${sellThroughText(event)}`).join('; ')}.`}
      columns={EVENT_COLUMNS}
      rows={events}
      fileName={fileName}
      emptyText="No events in this range."
      chart={
        <CategoryBars
          rows={events}
          // One scale, percent of capacity: an unlimited event has no bar, and its name says so
          // first, where the axis does not cut it.
          name={(event) =>
            `${event.sellThrough === null ? 'Unlimited' : percent(event.sellThrough)} · ${event.name}`
          }
          value={(event) =>
            event.sellThrough === null ? 0 : Math.round(event.sellThrough * 1000) / 10
          }
          label="Sold, % of capacity"
          format={(value) => `${formatCount(value)}%`}
        />
      }
    />
  );
}

const CAMPAIGN_COLUMNS: readonly Column<CampaignRevenue>[] = [
  { label: 'Campaign', kind: 'text', value: (row) => row.subject },
  {
    label: 'Sent',
    kind: 'text',
    value: (row) => (row.sentAt ? formatTimestampDate(row.sentAt) : ''),
  },
  { label: 'Recipients', kind: 'count', value: (row) => row.recipients },
  { label: 'Clicks', kind: 'count', value: (row) => row.clicks },
  { label: 'Orders', kind: 'count', value: (row) => row.orders },
  { label: 'Revenue', kind: 'money', value: (row) => row.revenueCents },
];

export function CampaignsCard({
  campaigns,
  fileName,
}: {
  campaigns: readonly CampaignRevenue[];
  fileName: string[];
}) {
  const total = campaigns.reduce((sum, campaign) => sum + campaign.revenueCents, 0);
  return (
    <ChartCard
      title="Campaign revenue"
      summary={`Campaign revenue: ${formatCount(campaigns.length)} campaigns sent brought ${money(total)}.`}
      columns={CAMPAIGN_COLUMNS}
      rows={campaigns}
      fileName={fileName}
      emptyText="No campaigns sent in this range."
      chart={
        <CategoryBars
          rows={campaigns}
          name={(row) => row.subject}
          value={(row) => row.revenueCents}
          label="Revenue"
        />
      }
    />
  );
}

/** The club's figures: no chart, a few numbers that each mean something on their own. */
export function ClubCard({ club }: { club: ClubInsights }) {
  const figures: [string, string][] = [
    ['Active members', formatCount(club.activeMembers)],
    ['Joined', formatCount(club.joined)],
    ['Cancelled', formatCount(club.cancelled)],
    ['Churn rate', percent(club.churnRate)],
    ['Involuntary churn', formatCount(club.involuntaryChurn)],
    [
      'Recovered payments',
      `${formatCount(club.recoveredPayments)} (${money(club.recoveredCents)})`,
    ],
    ['Average tenure', `${formatCount(Math.round(club.averageTenureDays))} days`],
  ];
  const none = club.activeMembers + club.joined + club.cancelled + club.involuntaryChurn === 0;
  return (
    <Card component="section" aria-labelledby="club-heading" withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="club-heading">
          Club
        </Title>
        {none ? (
          <Text c="dark.6">No club members in this range.</Text>
        ) : (
          <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="xs" m={0}>
            {figures.map(([label, value]) => (
              <Paper key={label} bg="gray.0" radius="sm" p="xs">
                <Text component="dt" fz="sm" c="dark.6">
                  {label}
                </Text>
                <Text component="dd" m={0} fw={700}>
                  {value}
                </Text>
              </Paper>
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Card>
  );
}
