import { LineChart } from '@mantine/charts';
import { ChartCard, type Column } from './chart-card';
import { compactMoney, money } from './figures';

export interface TimeSeries<Point> {
  /** The point's field the line draws. */
  key: keyof Point & string;
  label: string;
  color: string;
  /** A dashed line, for the previous period: the pattern says it as well as the colour. */
  dashed?: boolean;
}

/**
 * Money over time, a line per series, one point per bucket (day, week or month). The summary
 * names the highest point, so the chart's name says more than its title.
 */
export function TimeCard<Point extends { period: string; label: string }>({
  title,
  points,
  series,
  columns,
  fileName,
}: {
  title: string;
  points: readonly Point[];
  series: readonly TimeSeries<Point>[];
  columns: readonly Column<Point>[];
  fileName: string[];
}) {
  const first = series[0]!;
  const value = (point: Point) => Number(point[first.key]);
  const best = points.reduce<Point | null>(
    (top, point) => (!top || value(point) > value(top) ? point : top),
    null,
  );
  const anything = points.some((point) => series.some((line) => Number(point[line.key]) !== 0));
  const summary =
    best && points.length > 0
      ? `${title}: ${series.map((line) => line.label).join(', ')} from ${points[0]!.label} to ${points[points.length - 1]!.label}. Highest ${first.label.toLowerCase()}: ${money(value(best))} (${best.label}).`
      : title;
  return (
    <ChartCard
      title={title}
      summary={summary}
      columns={columns}
      rows={points}
      fileName={fileName}
      empty={!anything}
      chart={
        <LineChart
          h={260}
          data={points.map((point) => ({ ...point }))}
          dataKey="label"
          series={series.map((line) => ({
            name: line.key,
            label: line.label,
            color: line.color,
            strokeDasharray: line.dashed ? '6 4' : undefined,
          }))}
          curveType="linear"
          withDots={points.length <= 31}
          withLegend
          valueFormatter={compactMoney}
          yAxisProps={{ width: 64 }}
          accessibilityLayer={false}
        />
      }
    />
  );
}
