import { SimpleGrid, Stack, Text } from '@mantine/core';
import { BusinessFrame, type FramedBusiness } from '../../components/business-frame';
import { formatCount, money } from '../../components/charts/figures';
import { InsightsBody } from '../../components/charts/insights-body';
import { useInsightsRange } from '../../components/charts/range-control';
import { KpiGrid, totalsKpi, type Kpi } from '../../components/charts/kpi-grid';
import { SliceCard } from '../../components/charts/slice-card';
import { TimeCard } from '../../components/charts/time-card';
import type { Column } from '../../components/charts/chart-card';
import { useLiveQuery } from '../../lib/use-live-query';
import { BUSINESS_INSIGHTS } from './api/insights';
import {
  CampaignsCard,
  ClubCard,
  CustomersCard,
  EventsCard,
  TopProductsCard,
} from './business-cards';
import type { BusinessInsights, SalesPoint } from './api/insights';

const SALES_COLUMNS: readonly Column<SalesPoint>[] = [
  { label: 'Period', kind: 'text', value: (point) => point.label },
  { label: 'Net sales', kind: 'money', value: (point) => point.netCents },
  { label: 'Previous period net', kind: 'money', value: (point) => point.previousNetCents },
  { label: 'Gross sales', kind: 'money', value: (point) => point.grossCents },
  { label: 'Refunded', kind: 'money', value: (point) => point.refundedCents },
  { label: 'Orders', kind: 'count', value: (point) => point.orders },
];

function kpis({ totals, previousTotals }: BusinessInsights): Kpi[] {
  const both = { current: totals, previous: previousTotals };
  return [
    totalsKpi('Net sales', 'netCents', money, both),
    totalsKpi('Orders', 'orders', formatCount, both),
    totalsKpi('Average order value', 'averageOrderCents', money, both),
    totalsKpi('Refunds', 'refundedCents', money, both, true),
  ];
}

function Figures({ insights, fileName }: { insights: BusinessInsights; fileName: string[] }) {
  return (
    <Stack gap="md">
      <KpiGrid label="Headline figures" kpis={kpis(insights)} />
      <TimeCard
        title="Sales over time"
        points={insights.salesOverTime}
        series={[
          { key: 'netCents', label: 'Net sales', color: 'wine.7' },
          { key: 'previousNetCents', label: 'Previous period', color: 'gray.6', dashed: true },
        ]}
        columns={SALES_COLUMNS}
        fileName={fileName}
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <TopProductsCard products={insights.topProducts} fileName={fileName} />
        <CustomersCard mix={insights.customers} fileName={fileName} />
        <SliceCard
          title="Fulfilment mix"
          nameLabel="Fulfilment"
          slices={insights.fulfillment}
          variant="donut"
          fileName={fileName}
        />
        <SliceCard
          title="Sales by state"
          nameLabel="State"
          slices={insights.byState}
          fileName={fileName}
        />
        <ClubCard club={insights.clubs} />
        <EventsCard events={insights.events} fileName={fileName} />
        <CampaignsCard campaigns={insights.campaigns} fileName={fileName} />
        <SliceCard
          title="Sales by source"
          nameLabel="Source"
          slices={insights.bySource}
          fileName={fileName}
        />
        <SliceCard
          title="Buyer kind"
          nameLabel="Buyer kind"
          slices={insights.byBuyerKind}
          variant="donut"
          fileName={fileName}
        />
      </SimpleGrid>
    </Stack>
  );
}

function InsightsView({ business }: { business: FramedBusiness }) {
  const rangeState = useInsightsRange();
  const { range } = rangeState;
  const result = useLiveQuery(
    BUSINESS_INSIGHTS,
    { slug: business.slug, from: range.from, to: range.to, interval: range.interval },
    { pause: range.problem !== null },
  );
  return (
    <Stack gap="md">
      <Text>
        How {business.name} is selling: orders, customers, clubs, events and campaigns, compared
        with the same number of days before. The figures refresh by themselves.
      </Text>
      <InsightsBody
        rangeState={rangeState}
        result={{ ...result, data: result.data?.businessInsights }}
        skeletonCards={6}
      >
        {(insights) => (
          <Figures insights={insights} fileName={[business.slug, range.from, range.to]} />
        )}
      </InsightsBody>
    </Stack>
  );
}

/** Route /business/:slug/insights: a producer's sales, customers, clubs, events and campaigns. */
export function InsightsPage() {
  return (
    <BusinessFrame title={() => 'Insights'}>
      {(business) => <InsightsView business={business} />}
    </BusinessFrame>
  );
}
