import { DonutChart } from '@mantine/charts';
import { CategoryBars } from './category-bars';
import { ChartCard, type Column } from './chart-card';
import { money } from './figures';

/** One part of a whole (a state, a source, a kind of buyer), as the insights API sends it. */
export interface InsightSlice {
  key: string;
  label: string;
  orders: number;
  grossCents: number;
  netCents: number;
}

const COLUMNS: readonly Column<InsightSlice>[] = [
  { label: 'Name', kind: 'text', value: (slice) => slice.label },
  { label: 'Orders', kind: 'count', value: (slice) => slice.orders },
  { label: 'Gross sales', kind: 'money', value: (slice) => slice.grossCents },
  { label: 'Net sales', kind: 'money', value: (slice) => slice.netCents },
];

const DONUT_COLORS = ['wine.7', 'teal.7', 'indigo.6', 'orange.7', 'gray.6', 'lime.8'];

/** "Pickup $1,200.00 (55%), Delivery $980.00 (45%)": the summary a screen reader hears. */
function describeSlices(slices: readonly InsightSlice[], figure: 'grossCents' | 'netCents') {
  const total = slices.reduce((sum, slice) => sum + slice[figure], 0);
  return slices
    .slice(0, 5)
    .map((slice) => {
      const share = total > 0 ? ` (${Math.round((slice[figure] / total) * 100)}%)` : '';
      return `${slice.label} ${money(slice[figure])}${share}`;
    })
    .join(', ');
}

/**
 * Sales split by one thing (state, source, fulfilment, buyer kind, beverage type): a bar per part,
 * or a donut when there are only a few parts of a whole.
 */
export function SliceCard({
  title,
  slices,
  fileName,
  figure = 'netCents',
  variant = 'bar',
  nameLabel = 'Name',
  ordersLabel = 'Orders',
}: {
  title: string;
  slices: readonly InsightSlice[];
  fileName: string[];
  /** Which money the chart draws. */
  figure?: 'grossCents' | 'netCents';
  variant?: 'bar' | 'donut';
  /** The first column's heading, e.g. "State". */
  nameLabel?: string;
  /** What the count is, e.g. "Units sold" where a slice counts order lines. */
  ordersLabel?: string;
}) {
  const columns = [
    { ...COLUMNS[0]!, label: nameLabel },
    { ...COLUMNS[1]!, label: ordersLabel },
    ...COLUMNS.slice(2),
  ];
  const figureName = figure === 'netCents' ? 'Net sales' : 'Gross sales';
  const shown = slices.filter((slice) => slice.orders > 0 || slice[figure] !== 0);
  return (
    <ChartCard
      title={title}
      summary={`${title}, ${figureName.toLowerCase()}: ${describeSlices(slices, figure)}.`}
      columns={columns}
      rows={slices}
      fileName={fileName}
      empty={shown.length === 0}
      chart={
        variant === 'donut' ? (
          <DonutChart
            h={220}
            mx="auto"
            size={170}
            thickness={34}
            // A part with nothing in it would be a legend entry with no slice.
            data={slices
              .map((slice, index) => ({
                name: slice.label,
                value: Math.max(0, slice[figure]),
                color: DONUT_COLORS[index % DONUT_COLORS.length]!,
              }))
              .filter((entry) => entry.value > 0)}
            withLabels={false}
            withLegend
            valueFormatter={money}
            accessibilityLayer={false}
            tooltipDataSource="segment"
          />
        ) : (
          <CategoryBars
            rows={slices}
            name={(slice) => slice.label}
            value={(slice) => slice[figure]}
            label={figureName}
          />
        )
      }
    />
  );
}
