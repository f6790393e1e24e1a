import { CHECK_IN_RESULTS, checkInResultTitle, type CheckInResult } from '@bevy/core';

const clock = new Intl.DateTimeFormat('en-US', { timeStyle: 'short' });

/** "6:42 PM" for an ISO timestamp, in the phone's time zone; the text itself if it is no time. */
export function formatClock(iso: string | Date): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  return Number.isNaN(date.getTime()) ? String(iso) : clock.format(date);
}

/** The result as the core knows it, or null for a result this page does not know. */
export function knownResult(result: string): CheckInResult | null {
  return (CHECK_IN_RESULTS as readonly string[]).includes(result)
    ? (result as CheckInResult)
    : null;
}

/** The server's title of an answer, or the core's when the server sent none. */
export function answerTitle(answer: { result: string; title: string }): string {
  if (answer.title) return answer.title;
  const result = knownResult(answer.result);
  return result ? checkInResultTitle(result) : answer.result;
}

/** "1 scan" or "3 scans". */
export function scansLabel(count: number): string {
  return `${count} ${count === 1 ? 'scan' : 'scans'}`;
}
