import { isIsoDate } from './accounts';
import { daysBetween, shiftDate as addDays } from './clubs';

/**
 * Insights' calendar: a range of whole UTC days (both ends inclusive), the same number of days
 * before it to compare with, and the buckets a chart draws (days, weeks from Monday, calendar
 * months). Days are "YYYY-MM-DD" strings throughout; arithmetic goes through UTC midnights.
 */

export const INSIGHT_INTERVALS = ['DAY', 'WEEK', 'MONTH'] as const;
export type InsightInterval = (typeof INSIGHT_INTERVALS)[number];

/** Two years, a leap day included. */
export const INSIGHTS_MAX_DAYS = 731;

export interface InsightsRange {
  from: string;
  to: string;
  /** The same number of days, ending the day before `from`. */
  previousFrom: string;
  previousTo: string;
  days: number;
}

export type InsightsRangeResult =
  { ok: true; range: InsightsRange } | { ok: false; message: string; field: 'from' | 'to' };

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Checks a range a person chose and adds the previous period; the message says what is wrong. */
export function parseInsightsRange(from: string, to: string): InsightsRangeResult {
  const start = from.trim();
  const end = to.trim();
  if (!isIsoDate(start)) {
    return { ok: false, field: 'from', message: 'Write the start date as YYYY-MM-DD.' };
  }
  if (!isIsoDate(end)) {
    return { ok: false, field: 'to', message: 'Write the end date as YYYY-MM-DD.' };
  }
  const days = daysBetween(start, end) + 1;
  if (days < 1)
    return { ok: false, field: 'to', message: 'The end date is before the start date.' };
  if (days > INSIGHTS_MAX_DAYS) {
    return { ok: false, field: 'to', message: 'Choose a range of at most two years.' };
  }
  return {
    ok: true,
    range: {
      from: start,
      to: end,
      previousFrom: addDays(start, -days),
      previousTo: addDays(start, -1),
      days,
    },
  };
}

/** The first day of the bucket holding `day`: itself, its week's Monday, or its month's 1st. */
export function bucketStart(day: string, interval: InsightInterval): string {
  if (interval === 'DAY') return day;
  if (interval === 'MONTH') return `${day.slice(0, 7)}-01`;
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(day, -((weekday + 6) % 7));
}

/** "Nov 27", "Week of Nov 23", "Nov 2026". */
export function bucketLabel(start: string, interval: InsightInterval): string {
  const month = MONTHS[Number(start.slice(5, 7)) - 1] ?? '';
  if (interval === 'MONTH') return `${month} ${start.slice(0, 4)}`;
  const dayMonth = `${month} ${Number(start.slice(8, 10))}`;
  return interval === 'WEEK' ? `Week of ${dayMonth}` : dayMonth;
}

export interface InsightBucket {
  /** First day of the bucket; a week or month may begin before the range does. */
  period: string;
  label: string;
}

/** Every bucket touching the range, in order, so a chart shows empty ones as zeros. */
export function insightBuckets(range: InsightsRange, interval: InsightInterval): InsightBucket[] {
  const buckets: InsightBucket[] = [];
  let period = bucketStart(range.from, interval);
  while (period <= range.to) {
    buckets.push({ period, label: bucketLabel(period, interval) });
    period =
      interval === 'DAY'
        ? addDays(period, 1)
        : interval === 'WEEK'
          ? addDays(period, 7)
          : nextMonth(period);
  }
  return buckets;
}

function nextMonth(first: string): string {
  const year = Number(first.slice(0, 4));
  const month = Number(first.slice(5, 7));
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
}

/**
 * The bucket a day's figures go to: a day of the range to its own bucket, a day of the previous
 * period to the bucket of the day exactly `days` later (the same position), else null.
 */
export function bucketOfDay(
  day: string,
  range: InsightsRange,
  interval: InsightInterval,
): { period: string; previous: boolean } | null {
  if (day >= range.from && day <= range.to) {
    return { period: bucketStart(day, interval), previous: false };
  }
  if (day >= range.previousFrom && day <= range.previousTo) {
    return { period: bucketStart(addDays(day, range.days), interval), previous: true };
  }
  return null;
}
