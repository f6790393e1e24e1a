import { Box, Group, Paper, SimpleGrid, Text } from '@mantine/core';
import { IconArrowDownRight, IconArrowRight, IconArrowUpRight } from '@tabler/icons-react';
import { change } from './figures';

type Totals = Record<
  'grossCents' | 'refundedCents' | 'netCents' | 'commissionCents' | 'orders' | 'averageOrderCents',
  number
>;

export interface Kpi {
  label: string;
  /** The figure, written out. */
  value: string;
  /** This period's and the previous period's number, to show the change; none for no change line. */
  compare?: {
    current: number;
    previous: number;
    /** Whether a rise is bad news (refunds). */ riseIsBad?: boolean;
  };
}

/** A headline figure from a period's totals, compared with the previous period's. */
export function totalsKpi(
  label: string,
  key: keyof Totals,
  format: (value: number) => string,
  totals: { current: Totals; previous: Totals },
  riseIsBad = false,
): Kpi {
  const current = totals.current[key];
  return {
    label,
    value: format(current),
    compare: { current, previous: totals.previous[key], riseIsBad },
  };
}

const TREND_ICON = { up: IconArrowUpRight, down: IconArrowDownRight, flat: IconArrowRight };

/** The change line: sign, arrow and words say it; colour only repeats it. */
function ChangeLine({ compare }: { compare: NonNullable<Kpi['compare']> }) {
  const delta = change(compare.current, compare.previous);
  if (!delta) {
    return (
      <Text fz="xs" c="dark.6">
        None in the previous period
      </Text>
    );
  }
  const good =
    delta.trend === 'flat' ? null : (delta.trend === 'up') !== Boolean(compare.riseIsBad);
  const TrendIcon = TREND_ICON[delta.trend];
  return (
    <Group gap={4} wrap="wrap">
      <TrendIcon
        size={14}
        aria-hidden
        color={
          good === null
            ? undefined
            : good
              ? 'var(--mantine-color-teal-9)'
              : 'var(--mantine-color-red-9)'
        }
      />
      <Text fz="xs" fw={600} c={good === null ? 'dark.6' : good ? 'teal.9' : 'red.9'}>
        {delta.text}
      </Text>
      <Text fz="xs" c="dark.6">
        vs previous period
      </Text>
    </Group>
  );
}

/** The headline figures of a range, each with its change against the previous period. */
export function KpiGrid({ kpis, label }: { kpis: readonly Kpi[]; label: string }) {
  return (
    <Box component="section" aria-label={label}>
      <SimpleGrid component="dl" cols={{ base: 2, md: 4 }} spacing="sm" m={0}>
        {kpis.map((kpi) => (
          <Paper key={kpi.label} withBorder radius="md" p="sm">
            <Text component="dt" fz="sm" c="dark.6">
              {kpi.label}
            </Text>
            <Text component="dd" m={0} fz="xl" fw={700}>
              {kpi.value}
              {kpi.compare ? <ChangeLine compare={kpi.compare} /> : null}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
    </Box>
  );
}
