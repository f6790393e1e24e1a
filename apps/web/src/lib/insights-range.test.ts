import { describe, expect, it } from 'vitest';
import {
  defaultInterval,
  describeDays,
  presetDays,
  rangeProblem,
  readInsightsRange,
  writeInsightsRange,
} from './insights-range';

const TODAY = '2026-11-27';
const read = (search: string) => readInsightsRange(new URLSearchParams(search), TODAY);

describe('presetDays', () => {
  it('ends every preset today, both ends counted', () => {
    expect(presetDays('7d', TODAY)).toEqual({ from: '2026-11-21', to: TODAY });
    expect(presetDays('30d', TODAY)).toEqual({ from: '2026-10-29', to: TODAY });
    expect(presetDays('90d', TODAY)).toEqual({ from: '2026-08-30', to: TODAY });
    expect(presetDays('12m', TODAY)).toEqual({ from: '2025-11-28', to: TODAY });
    expect(presetDays('ytd', TODAY)).toEqual({ from: '2026-01-01', to: TODAY });
  });
});

describe('readInsightsRange', () => {
  it('is the last 30 days by day when the URL says nothing', () => {
    expect(read('')).toEqual({
      preset: '30d',
      from: '2026-10-29',
      to: TODAY,
      interval: 'DAY',
      problem: null,
    });
  });

  it('picks weeks for 90 days and months for a year, unless the URL names one', () => {
    expect(read('range=90d').interval).toBe('WEEK');
    expect(read('range=12m').interval).toBe('MONTH');
    expect(read('range=12m&interval=DAY').interval).toBe('DAY');
  });

  it('reads a custom range and says what is wrong with a bad one', () => {
    expect(read('range=custom&from=2026-01-01&to=2026-01-31')).toMatchObject({
      from: '2026-01-01',
      to: '2026-01-31',
      interval: 'DAY',
      problem: null,
    });
    expect(read('range=custom&from=2026-02-01&to=2026-01-01').problem).toBe(
      'The end date must be on or after the start date.',
    );
    expect(read('range=custom&from=2020-01-01&to=2026-01-01').problem).toBe(
      'Choose a range of at most two years.',
    );
    expect(read('range=custom&from=2026-02-30&to=2026-03-01').problem).toBe('Enter both dates.');
  });

  it('ignores what it does not know', () => {
    expect(read('range=forever&interval=YEAR')).toMatchObject({ preset: '30d', interval: 'DAY' });
  });
});

describe('writeInsightsRange', () => {
  it('writes a preset without dates, and the interval only when not the default', () => {
    expect(writeInsightsRange(read('range=7d')).toString()).toBe('range=7d');
    expect(writeInsightsRange({ ...read('range=7d'), interval: 'WEEK' }).toString()).toBe(
      'range=7d&interval=WEEK',
    );
  });

  it('writes a custom range with its dates, and reads back the same', () => {
    const params = writeInsightsRange({
      preset: 'custom',
      from: '2026-03-01',
      to: '2026-06-30',
      interval: 'MONTH',
    });
    expect(params.toString()).toBe('range=custom&from=2026-03-01&to=2026-06-30');
    expect(readInsightsRange(params, TODAY)).toMatchObject({
      from: '2026-03-01',
      to: '2026-06-30',
      interval: 'MONTH',
    });
  });
});

describe('helpers', () => {
  it('chooses the interval by length', () => {
    expect(defaultInterval('2026-11-01', '2026-12-01')).toBe('DAY');
    expect(defaultInterval('2026-01-01', '2026-04-30')).toBe('WEEK');
    expect(defaultInterval('2026-01-01', '2026-05-01')).toBe('MONTH');
  });

  it('accepts exactly two years and a single day', () => {
    expect(rangeProblem('2024-11-27', '2026-11-27')).toBeNull();
    expect(rangeProblem(TODAY, TODAY)).toBeNull();
  });

  it('describes days in words', () => {
    expect(describeDays('2026-10-29', TODAY)).toBe('Oct 29, 2026 – Nov 27, 2026');
  });
});
