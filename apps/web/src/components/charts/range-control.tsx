import { Button, Group, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  defaultInterval,
  INTERVALS,
  isoDay,
  RANGE_PRESETS,
  presetDays,
  rangeProblem,
  readInsightsRange,
  writeInsightsRange,
  type InsightInterval,
  type InsightsRange,
  type RangePreset,
} from '../../lib/insights-range';

/** The range and interval in the URL, and a way to change them (each change a history step). */
export function useInsightsRange(today = isoDay(new Date())) {
  const [params, setParams] = useSearchParams();
  const range = readInsightsRange(params, today);
  const change = (next: Pick<InsightsRange, 'preset' | 'from' | 'to' | 'interval'>) => {
    const written = writeInsightsRange(next);
    if (written.toString() !== params.toString()) setParams(written);
  };
  return { range, today, change };
}

/** Two labelled date fields and Apply, for a custom range. */
function CustomDays({
  range,
  onApply,
}: {
  range: InsightsRange;
  onApply: (from: string, to: string) => void;
}) {
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  const [tried, setTried] = useState(false);
  const problem = rangeProblem(from, to);
  return (
    <Stack
      component="form"
      gap={4}
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if (!problem) onApply(from, to);
      }}
    >
      <Group gap="xs" align="flex-end" wrap="wrap">
        <TextInput
          type="date"
          label="From"
          value={from}
          onChange={(e) => setFrom(e.currentTarget.value)}
          w={160}
        />
        <TextInput
          type="date"
          label="To"
          value={to}
          onChange={(e) => setTo(e.currentTarget.value)}
          w={160}
        />
        <Button type="submit" variant="light">
          Apply
        </Button>
      </Group>
      {(tried && problem) || range.problem ? (
        <Text role="alert" fz="sm" c="red.9">
          {(tried && problem) || range.problem}
        </Text>
      ) : null}
    </Stack>
  );
}

/** Spec "Insights": the range (a preset or custom days) and the interval of the figures. */
export function RangeControl({
  range,
  today,
  onChange,
}: {
  range: InsightsRange;
  today: string;
  onChange: (next: Pick<InsightsRange, 'preset' | 'from' | 'to' | 'interval'>) => void;
}) {
  const choosePreset = (preset: RangePreset) => {
    // Custom starts from the days shown, to be edited.
    const days =
      preset === 'custom' ? { from: range.from, to: range.to } : presetDays(preset, today);
    onChange({ preset, ...days, interval: defaultInterval(days.from, days.to) });
  };
  return (
    <Group gap="md" align="flex-end" wrap="wrap">
      <Select
        label="Date range"
        data={RANGE_PRESETS.map(({ value, label }) => ({ value, label }))}
        value={range.preset}
        onChange={(value) => value && choosePreset(value as RangePreset)}
        allowDeselect={false}
        w={180}
      />
      {range.preset === 'custom' ? (
        <CustomDays
          key={`${range.from}/${range.to}`}
          range={range}
          onApply={(from, to) =>
            onChange({ preset: 'custom', from, to, interval: defaultInterval(from, to) })
          }
        />
      ) : null}
      <Stack gap={4}>
        <Text component="span" id="insights-interval" fz="sm" fw={500}>
          Interval
        </Text>
        <SegmentedControl
          aria-labelledby="insights-interval"
          data={INTERVALS.map(({ value, label }) => ({ value, label }))}
          value={range.interval}
          onChange={(value) => onChange({ ...range, interval: value as InsightInterval })}
        />
      </Stack>
    </Group>
  );
}
