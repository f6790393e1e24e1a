import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Column } from '../../components/charts/chart-card';
import { formatCount, money, percent } from '../../components/charts/figures';
import { InsightsBody } from '../../components/charts/insights-body';
import { useInsightsRange } from '../../components/charts/range-control';
import { KpiGrid, totalsKpi, type Kpi } from '../../components/charts/kpi-grid';
import { SliceCard } from '../../components/charts/slice-card';
import { TimeCard } from '../../components/charts/time-card';
import { useLiveQuery } from '../../lib/use-live-query';
import {
  MARKETPLACE_INSIGHTS,
  type MarketplaceInsights,
  type MarketplacePoint,
} from './api/insights';

const SALES_COLUMNS: readonly Column<MarketplacePoint>[] = [
  { label: 'Period', kind: 'text', value: (point) => point.label },
  { label: 'Gross sales', kind: 'money', value: (point) => point.grossCents },
  { label: 'Commission', kind: 'money', value: (point) => point.commissionCents },
  { label: 'Wholesale', kind: 'money', value: (point) => point.wholesaleCents },
  { label: 'Previous period gross', kind: 'money', value: (point) => point.previousGrossCents },
  { label: 'Refunded', kind: 'money', value: (point) => point.refundedCents },
  { label: 'Orders', kind: 'count', value: (point) => point.orders },
];

function kpis(insights: MarketplaceInsights): Kpi[] {
  const both = { current: insights.totals, previous: insights.previousTotals };
  return [
    totalsKpi('Gross sales', 'grossCents', money, both),
    totalsKpi('Commission earned', 'commissionCents', money, both),
    totalsKpi('Refunds', 'refundedCents', money, both, true),
    totalsKpi('Orders', 'orders', formatCount, both),
    { label: 'Active producers', value: formatCount(insights.activeProducers) },
    { label: 'Active buyers', value: formatCount(insights.activeBuyers) },
    { label: 'Wholesale share', value: percent(insights.wholesaleShare) },
  ];
}

function Figures({ insights, fileName }: { insights: MarketplaceInsights; fileName: string[] }) {
  return (
    <Stack gap="md">
      <KpiGrid label="Marketplace figures" kpis={kpis(insights)} />
      <TimeCard
        title="Sales over time"
        points={insights.salesOverTime}
        series={[
          { key: 'grossCents', label: 'Gross sales', color: 'wine.7' },
          { key: 'commissionCents', label: 'Commission', color: 'teal.8' },
          { key: 'wholesaleCents', label: 'Wholesale', color: 'indigo.7' },
          {
            key: 'previousGrossCents',
            label: 'Previous period gross',
            color: 'gray.6',
            dashed: true,
          },
        ]}
        columns={SALES_COLUMNS}
        fileName={fileName}
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <SliceCard
          title="Sales by state"
          nameLabel="State"
          figure="grossCents"
          slices={insights.byState}
          fileName={fileName}
        />
        <SliceCard
          title="Sales by beverage type"
          nameLabel="Beverage type"
          ordersLabel="Units sold"
          figure="grossCents"
          slices={insights.byBeverageType}
          fileName={fileName}
        />
        <SliceCard
          title="Buyer kind"
          nameLabel="Buyer kind"
          figure="grossCents"
          variant="donut"
          slices={insights.byBuyerKind}
          fileName={fileName}
        />
      </SimpleGrid>
    </Stack>
  );
}

/** /admin/insights: the marketplace's sales, commission and reach over a range, kept live. */
export function InsightsSection() {
  const rangeState = useInsightsRange();
  const { range } = rangeState;
  const result = useLiveQuery(
    MARKETPLACE_INSIGHTS,
    { from: range.from, to: range.to, interval: range.interval },
    { pause: range.problem !== null },
  );
  return (
    <Stack gap="md" component="section" aria-labelledby="admin-insights-title">
      <Title order={2} id="admin-insights-title">
        Insights
      </Title>
      <Text>
        The whole marketplace: what buyers spent, the commission it earned, and who is buying,
        compared with the same number of days before. The figures refresh by themselves.
      </Text>
      <InsightsBody
        rangeState={rangeState}
        result={{ ...result, data: result.data?.marketplaceInsights }}
        skeletonCards={3}
      >
        {(insights) => (
          <Figures insights={insights} fileName={['marketplace', range.from, range.to]} />
        )}
      </InsightsBody>
    </Stack>
  );
}
