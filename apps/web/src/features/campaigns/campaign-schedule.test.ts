import { describe, expect, it } from 'vitest';
import {
  defaultScheduleValue,
  localDateTime,
  scheduleError,
  scheduleIso,
  toLocalInputValue,
} from './campaign-schedule';

const NOW = new Date(2026, 2, 4, 15, 30);

describe('scheduling a campaign', () => {
  it('reads a datetime-local value in the browser’s zone, and refuses what is not a date', () => {
    expect(localDateTime('2026-03-05T09:00')).toEqual(new Date(2026, 2, 5, 9, 0));
    expect(localDateTime('2026-02-30T09:00')).toBeNull();
    expect(localDateTime('tomorrow')).toBeNull();
    expect(toLocalInputValue(new Date(2026, 0, 7, 8, 5))).toBe('2026-01-07T08:05');
  });

  it('starts the picker at 9 tomorrow morning', () => {
    expect(defaultScheduleValue(NOW)).toBe('2026-03-05T09:00');
    expect(defaultScheduleValue(new Date(2026, 11, 31, 23, 0))).toBe('2027-01-01T09:00');
  });

  it('asks for a time in the future, at most a year ahead', () => {
    expect(scheduleError('', NOW)).toBe('Choose the date and time to send it.');
    expect(scheduleError('2026-13-01T09:00', NOW)).toBe('Enter a valid date and time.');
    expect(scheduleError('2026-03-04T15:30', NOW)).toBe(
      'Choose a time in the future, or send now.',
    );
    expect(scheduleError('2026-03-04T10:00', NOW)).toMatch(/in the future/);
    expect(scheduleError('2028-03-04T10:00', NOW)).toBe('Schedule at most a year ahead.');
    expect(scheduleError('2026-03-04T15:31', NOW)).toBeNull();
  });

  it('sends the server the instant in ISO 8601', () => {
    expect(scheduleIso('2026-03-05T09:00')).toBe(new Date(2026, 2, 5, 9, 0).toISOString());
    expect(scheduleIso('')).toBeNull();
  });
});
