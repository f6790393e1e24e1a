/**
 * The date range and interval of an insights page, read from and written to the URL's search
 * params (`?range=30d&interval=DAY`, or `?range=custom&from=…&to=…`). Dates are UTC days written
 * YYYY-MM-DD, both ends included, as the insights API takes them.
 */

export type InsightInterval = 'DAY' | 'WEEK' | 'MONTH';
export type RangePreset = '7d' | '30d' | '90d' | '12m' | 'ytd' | 'custom';

export const RANGE_PRESETS: readonly { value: RangePreset; label: string }[] = [
  { value: '7d', label: 'Last 7 days' },
  { value: '30d', label: 'Last 30 days' },
  { value: '90d', label: 'Last 90 days' },
  { value: '12m', label: 'Last 12 months' },
  { value: 'ytd', label: 'This year' },
  { value: 'custom', label: 'Custom' },
];

export const INTERVALS: readonly { value: InsightInterval; label: string }[] = [
  { value: 'DAY', label: 'Day' },
  { value: 'WEEK', label: 'Week' },
  { value: 'MONTH', label: 'Month' },
];

/** The API refuses longer ranges. */
export const MAX_RANGE_DAYS = 731;
export const DEFAULT_PRESET = '30d' satisfies RangePreset;

export interface InsightsRange {
  preset: RangePreset;
  from: string;
  to: string;
  interval: InsightInterval;
  /** Why a custom range cannot be asked for, or null when it can. */
  problem: string | null;
}

const DAY_MS = 86_400_000;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The UTC day of `date`, YYYY-MM-DD. */
export const isoDay = (date: Date) => date.toISOString().slice(0, 10);

function parseDay(text: string | null): Date | null {
  if (!text || !ISO_DATE.test(text)) return null;
  const date = new Date(`${text}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || isoDay(date) !== text ? null : date;
}

const addDays = (day: string, days: number) =>
  isoDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));

/** Days from `from` to `to`, both included. */
export const daysInRange = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

/** The first and last day of a preset, ending today. */
export function presetDays(preset: Exclude<RangePreset, 'custom'>, today: string) {
  switch (preset) {
    case '7d':
      return { from: addDays(today, -6), to: today };
    case '30d':
      return { from: addDays(today, -29), to: today };
    case '90d':
      return { from: addDays(today, -89), to: today };
    case '12m': {
      // From the day after this date a year ago: twelve whole months up to today.
      const yearAgo = new Date(`${today}T00:00:00Z`);
      yearAgo.setUTCFullYear(yearAgo.getUTCFullYear() - 1);
      return { from: addDays(isoDay(yearAgo), 1), to: today };
    }
    case 'ytd':
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
  }
}

/** Days for a short range, weeks up to about four months, months beyond. */
export function defaultInterval(from: string, to: string): InsightInterval {
  const days = daysInRange(from, to);
  if (days <= 31) return 'DAY';
  return days <= 120 ? 'WEEK' : 'MONTH';
}

const isPreset = (value: string | null): value is RangePreset =>
  RANGE_PRESETS.some((preset) => preset.value === value);
const isInterval = (value: string | null): value is InsightInterval =>
  INTERVALS.some((interval) => interval.value === value);

/** Why `from`–`to` cannot be asked for, in words for the person choosing it; null when fine. */
export function rangeProblem(from: string, to: string): string | null {
  if (!parseDay(from) || !parseDay(to)) return 'Enter both dates.';
  if (to < from) return 'The end date must be on or after the start date.';
  if (daysInRange(from, to) > MAX_RANGE_DAYS) return 'Choose a range of at most two years.';
  return null;
}

/** The range in `params`; anything missing or unreadable falls back to the last 30 days. */
export function readInsightsRange(params: URLSearchParams, today: string): InsightsRange {
  const asked = params.get('range');
  const preset = isPreset(asked) ? asked : DEFAULT_PRESET;
  let days: { from: string; to: string };
  let problem: string | null = null;
  if (preset === 'custom') {
    const fallback = presetDays(DEFAULT_PRESET, today);
    days = { from: params.get('from') ?? fallback.from, to: params.get('to') ?? fallback.to };
    problem = rangeProblem(days.from, days.to);
  } else {
    days = presetDays(preset, today);
  }
  const interval = params.get('interval');
  return {
    preset,
    ...days,
    interval: isInterval(interval)
      ? interval
      : problem
        ? 'DAY'
        : defaultInterval(days.from, days.to),
    problem,
  };
}

/**
 * The search params for a range: a preset's dates move with the day, so only a custom range
 * writes them; the interval is written only when it is not the range's default.
 */
export function writeInsightsRange(
  range: Pick<InsightsRange, 'preset' | 'from' | 'to' | 'interval'>,
): URLSearchParams {
  const params = new URLSearchParams();
  params.set('range', range.preset);
  if (range.preset === 'custom') {
    params.set('from', range.from);
    params.set('to', range.to);
  }
  const fine = range.preset !== 'custom' || rangeProblem(range.from, range.to) === null;
  if (!fine || range.interval !== defaultInterval(range.from, range.to)) {
    params.set('interval', range.interval);
  }
  return params;
}

const dayFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "Oct 29, 2026 – Nov 27, 2026". */
export function describeDays(from: string, to: string): string {
  const first = parseDay(from);
  const last = parseDay(to);
  if (!first || !last) return `${from} – ${to}`;
  return `${dayFormat.format(first)} – ${dayFormat.format(last)}`;
}
