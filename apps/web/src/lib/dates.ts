const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

/** "March 4, 2026" for a calendar date written YYYY-MM-DD, read as a local day (no time zone shift). */
export function formatCalendarDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  if (!year || !month || !day) return isoDate;
  return longDate.format(new Date(year, month - 1, day));
}

/** "March 4, 2026" for an ISO timestamp, in the browser's time zone. */
export function formatTimestampDate(isoTimestamp: string): string {
  const date = new Date(isoTimestamp);
  return Number.isNaN(date.getTime()) ? isoTimestamp : longDate.format(date);
}

/** Today's date in the browser's time zone, written YYYY-MM-DD (what <input type="date"> uses). */
export function todayIsoDate(): string {
  return localIsoDate(new Date());
}

/** Tomorrow's date in the browser's time zone, written YYYY-MM-DD. */
export function tomorrowIsoDate(): string {
  const tomorrow = new Date();
  tomorrow.setDate(tomorrow.getDate() + 1);
  return localIsoDate(tomorrow);
}

function localIsoDate(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

const dateAndTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** "Mar 4, 2026, 4:05 PM" for an ISO timestamp, in the browser's time zone. */
export function formatTimestampDateTime(isoTimestamp: string): string {
  const date = new Date(isoTimestamp);
  return Number.isNaN(date.getTime()) ? isoTimestamp : dateAndTime.format(date);
}
