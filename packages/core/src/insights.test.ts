import { describe, expect, it } from 'vitest';
import {
  bucketLabel,
  bucketOfDay,
  bucketStart,
  insightBuckets,
  parseInsightsRange,
  type InsightsRange,
} from './insights';

function range(from: string, to: string): InsightsRange {
  const parsed = parseInsightsRange(from, to);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.range;
}

describe('parseInsightsRange', () => {
  it('adds the previous period: as many days, ending the day before', () => {
    expect(range('2026-11-01', '2026-11-30')).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
      previousFrom: '2026-10-02',
      previousTo: '2026-10-31',
      days: 30,
    });
    expect(range('2026-03-01', '2026-03-01')).toMatchObject({
      previousFrom: '2026-02-28',
      previousTo: '2026-02-28',
      days: 1,
    });
  });

  it('refuses malformed dates, reversed ranges and more than two years, saying which', () => {
    expect(parseInsightsRange('2026-13-01', '2026-12-01')).toEqual({
      ok: false,
      field: 'from',
      message: 'Write the start date as YYYY-MM-DD.',
    });
    expect(parseInsightsRange('2026-11-01', 'yesterday')).toMatchObject({ field: 'to' });
    expect(parseInsightsRange('2026-11-02', '2026-11-01')).toMatchObject({
      message: 'The end date is before the start date.',
    });
    expect(parseInsightsRange('2024-11-26', '2026-11-27')).toMatchObject({
      message: 'Choose a range of at most two years.',
    });
    // 731 days (a leap year inside) is allowed.
    expect(parseInsightsRange('2023-11-28', '2025-11-27')).toMatchObject({ ok: true });
  });
});

describe('buckets', () => {
  it('starts weeks on Monday and months on the 1st, labelled for people', () => {
    expect(bucketStart('2026-11-29', 'WEEK')).toBe('2026-11-23'); // a Sunday
    expect(bucketStart('2026-11-23', 'WEEK')).toBe('2026-11-23'); // a Monday
    expect(bucketStart('2026-11-27', 'MONTH')).toBe('2026-11-01');
    expect(bucketLabel('2026-11-27', 'DAY')).toBe('Nov 27');
    expect(bucketLabel('2026-11-23', 'WEEK')).toBe('Week of Nov 23');
    expect(bucketLabel('2026-11-01', 'MONTH')).toBe('Nov 2026');
  });

  it('lists every bucket touching the range, across a year end', () => {
    const months = insightBuckets(range('2025-11-15', '2026-02-10'), 'MONTH');
    expect(months.map((b) => b.period)).toEqual([
      '2025-11-01',
      '2025-12-01',
      '2026-01-01',
      '2026-02-01',
    ]);
    expect(insightBuckets(range('2026-11-01', '2026-11-30'), 'DAY')).toHaveLength(30);
    const weeks = insightBuckets(range('2026-11-01', '2026-11-30'), 'WEEK');
    expect(weeks[0]).toEqual({ period: '2026-10-26', label: 'Week of Oct 26' });
    expect(weeks.at(-1)!.period).toBe('2026-11-30');
  });

  it('puts a previous day in the bucket of the day one period later', () => {
    const november = range('2026-11-01', '2026-11-30');
    expect(bucketOfDay('2026-11-05', november, 'DAY')).toEqual({
      period: '2026-11-05',
      previous: false,
    });
    expect(bucketOfDay('2026-10-02', november, 'DAY')).toEqual({
      period: '2026-11-01',
      previous: true,
    });
    expect(bucketOfDay('2026-10-31', november, 'WEEK')).toEqual({
      period: '2026-11-30',
      previous: true,
    });
    expect(bucketOfDay('2026-10-01', november, 'DAY')).toBeNull();
    expect(bucketOfDay('2026-12-01', november, 'DAY')).toBeNull();
  });
});
