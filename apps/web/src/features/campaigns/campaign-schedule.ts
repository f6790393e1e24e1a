/** The server refuses a time more than this far ahead. */
const MAX_AHEAD_MS = 366 * 86_400_000;

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * The instant a datetime-local value ("2026-03-04T09:00") names in the browser's time zone, or
 * null when it is not one.
 */
export function localDateTime(value: string): Date | null {
  const match = LOCAL_DATE_TIME.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(year, month - 1, day, hour, minute);
  // new Date rolls "February 30" over into March: refuse it instead.
  return date.getMonth() === month - 1 && date.getDate() === day ? date : null;
}

/** A datetime-local value for `date` in the browser's time zone. */
export function toLocalInputValue(date: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return (
    `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}` +
    `T${two(date.getHours())}:${two(date.getMinutes())}`
  );
}

/** Where the schedule picker starts: tomorrow at 9 in the morning, when inboxes get read. */
export function defaultScheduleValue(now: Date): string {
  const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 9, 0);
  return toLocalInputValue(tomorrow);
}

/** What is wrong with the chosen time, in the server's words; null when it can be sent. */
export function scheduleError(value: string, now: Date): string | null {
  if (!value) return 'Choose the date and time to send it.';
  const at = localDateTime(value);
  if (!at) return 'Enter a valid date and time.';
  if (at.getTime() <= now.getTime()) return 'Choose a time in the future, or send now.';
  if (at.getTime() > now.getTime() + MAX_AHEAD_MS) return 'Schedule at most a year ahead.';
  return null;
}

/** The chosen time as the server takes it (ISO 8601, UTC), or null when it is not a time. */
export function scheduleIso(value: string): string | null {
  return localDateTime(value)?.toISOString() ?? null;
}
