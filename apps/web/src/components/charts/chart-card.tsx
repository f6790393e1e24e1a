import '@mantine/charts/styles.css';
import {
  Box,
  Button,
  Card,
  Group,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { csvFileName, downloadCsv, toCsv, type CsvCell } from '../../lib/csv';
import { CaptionedTable } from '../captioned-table';
import { formatCount, money, percent } from './figures';

/** What a column holds, which says how it is shown and written to CSV. */
export type ColumnKind = 'text' | 'money' | 'count' | 'share' | 'days';

export interface Column<Row> {
  label: string;
  kind: ColumnKind;
  value: (row: Row) => string | number | null;
}

function shown(kind: ColumnKind, value: string | number | null): string {
  if (value === null) return kind === 'share' ? 'Unlimited' : '—';
  if (typeof value === 'string') return value;
  switch (kind) {
    case 'money':
      return money(value);
    case 'share':
      return percent(value);
    case 'days':
      return `${formatCount(Math.round(value))} days`;
    default:
      return formatCount(value);
  }
}

/** Money in dollars and shares in percent, as numbers a spreadsheet can add up. */
function written(kind: ColumnKind, value: string | number | null): CsvCell {
  if (typeof value !== 'number') return value;
  if (kind === 'money') return Math.round(value) / 100;
  if (kind === 'share') return Math.round(value * 1000) / 10;
  return value;
}

const csvHeader = (column: Column<never>) =>
  column.kind === 'money'
    ? `${column.label} (USD)`
    : column.kind === 'share'
      ? `${column.label} (%)`
      : column.label;

/** The rows as CSV text, the header first: what "Download CSV" saves. */
export function chartCsv<Row>(columns: readonly Column<Row>[], rows: readonly Row[]): string {
  return toCsv([
    columns.map((column) => csvHeader(column as Column<never>)),
    ...rows.map((row) => columns.map((column) => written(column.kind, column.value(row)))),
  ]);
}

/** The figures of a chart as a table, for those who cannot see the chart or want the numbers. */
export function FiguresTable<Row>({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
}) {
  return (
    <CaptionedTable caption={caption} minWidth={Math.max(280, columns.length * 110)}>
      <Table.Thead>
        <Table.Tr>
          {columns.map((column, index) => (
            <Table.Th
              key={column.label}
              ta={index > 0 && column.kind !== 'text' ? 'right' : 'left'}
            >
              {column.label}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row, rowIndex) => (
          <Table.Tr key={rowIndex}>
            {columns.map((column, index) => {
              const text = shown(column.kind, column.value(row));
              return index === 0 ? (
                <Table.Th key={column.label} scope="row" fw={500}>
                  {text}
                </Table.Th>
              ) : (
                <Table.Td key={column.label} ta={column.kind === 'text' ? 'left' : 'right'}>
                  {text}
                </Table.Td>
              );
            })}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </CaptionedTable>
  );
}

/**
 * A card with one chart: its heading, a Chart / Table switch, "Download CSV", and the chart in a
 * `role="img"` box named by `summary` (the table says the rest). With no rows, or `empty` set,
 * it shows `emptyText` instead.
 */
export function ChartCard<Row>({
  title,
  summary,
  columns,
  rows,
  fileName,
  chart,
  empty = rows.length === 0,
  emptyText = 'No sales in this range.',
  children,
}: {
  title: string;
  /** What the chart shows, in a sentence: the chart's accessible name and the table's caption. */
  summary: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  /** Words for the CSV file's name, e.g. the business and the range. */
  fileName: string[];
  chart: ReactNode;
  empty?: boolean;
  emptyText?: string;
  /** Figures shown above the chart, in either view. */
  children?: ReactNode;
}) {
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const headingId = `chart-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <Card component="section" aria-labelledby={headingId} withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Group justify="space-between" align="center" gap="xs" wrap="wrap">
          <Title order={2} fz="lg" id={headingId}>
            {title}
          </Title>
          {empty ? null : (
            <Group gap="xs" wrap="wrap">
              <SegmentedControl
                size="xs"
                aria-label={`Show ${title} as`}
                data={[
                  { value: 'chart', label: 'Chart' },
                  { value: 'table', label: 'Table' },
                ]}
                value={view}
                onChange={(value) => setView(value as 'chart' | 'table')}
              />
              <Button
                size="xs"
                variant="default"
                leftSection={<IconDownload size={16} aria-hidden />}
                aria-label={`Download CSV of ${title}`}
                onClick={() =>
                  downloadCsv(csvFileName(...fileName, title), chartCsv(columns, rows))
                }
              >
                Download CSV
              </Button>
            </Group>
          )}
        </Group>
        {children}
        {empty ? (
          <Text c="dark.6">{emptyText}</Text>
        ) : view === 'chart' ? (
          <Box role="img" aria-label={summary}>
            {chart}
          </Box>
        ) : (
          <FiguresTable caption={summary} columns={columns} rows={rows} />
        )}
      </Stack>
    </Card>
  );
}
