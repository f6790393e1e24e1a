import { BarChart } from '@mantine/charts';
import { compactMoney } from './figures';

/** Names longer than this are cut on the axis (the table has them whole). */
const LONGEST_NAME = 18;

const shorten = (name: string) =>
  name.length > LONGEST_NAME ? `${name.slice(0, LONGEST_NAME - 1).trimEnd()}…` : name;

/** A horizontal bar per row, names on the left: long names fit better than under columns. */
export function CategoryBars<Row>({
  rows,
  name,
  value,
  label,
  format = compactMoney,
}: {
  rows: readonly Row[];
  name: (row: Row) => string;
  value: (row: Row) => number;
  label: string;
  format?: (value: number) => string;
}) {
  const shown = rows.slice(0, 12);
  return (
    <BarChart
      h={Math.max(140, shown.length * 36 + 40)}
      data={shown.map((row) => ({ name: name(row), value: value(row) }))}
      dataKey="name"
      orientation="vertical"
      series={[{ name: 'value', label, color: 'wine.7' }]}
      valueFormatter={format}
      yAxisProps={{ width: 130, tickFormatter: shorten, interval: 0 }}
      maxBarWidth={28}
      gridAxis="none"
      accessibilityLayer={false}
    />
  );
}
