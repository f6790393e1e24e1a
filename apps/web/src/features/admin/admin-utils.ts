import type { CSSProperties } from 'react';
import type { CombinedError } from 'urql';

/**
 * Mantine draws field errors in red.6, below AA contrast on white; inside the admin area (and
 * its modals, which are portalled out of it) they use red.9.
 */
export const readableErrorColor = {
  '--mantine-color-error': 'var(--mantine-color-red-9)',
} as CSSProperties;

/** Rows per page in the paged admin lists (users, mail). */
export const PAGE_SIZE = 25;

const GENERIC_ERROR = 'Something went wrong on our side. Please try again in a moment.';

/**
 * The message to show for a failed query or mutation. The server writes every non-INTERNAL
 * message for end users, so those are shown as they are.
 */
export function errorMessage(error: CombinedError): string {
  const graphqlError = error.graphQLErrors[0];
  if (graphqlError) {
    if (graphqlError.extensions?.code === 'INTERNAL' || !graphqlError.message) {
      return GENERIC_ERROR;
    }
    return graphqlError.message;
  }
  if (error.networkError) {
    return 'Could not reach the server. Check your connection and try again.';
  }
  return GENERIC_ERROR;
}

/** The form field a BAD_USER_INPUT error names, if any. */
export function errorField(error: CombinedError): string | null {
  const field = error.graphQLErrors[0]?.extensions?.field;
  return typeof field === 'string' && field !== '' ? field : null;
}

const dateFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** A calendar date (YYYY-MM-DD) such as "Dec 31, 2027". */
export function formatDate(isoDate: string): string {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(isoDate) ? `${isoDate}T00:00:00Z` : isoDate);
  return Number.isNaN(date.getTime()) ? isoDate : dateFormat.format(date);
}

/** A moment (ISO timestamp) in the reader's time zone, such as "Dec 31, 2027, 4:05 PM". */
export function formatDateTime(timestamp: string): string {
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime()) ? timestamp : dateTimeFormat.format(date);
}

/** "Showing 26–50 of 120 users" style summary of a page. */
export function pageSummary(page: number, shown: number, total: number, noun: string): string {
  if (total === 0) return `No ${noun}.`;
  if (shown === 0) return `No ${noun} on this page (${total} in all).`;
  const first = (page - 1) * PAGE_SIZE + 1;
  const last = first + shown - 1;
  return `Showing ${first}–${last} of ${total} ${noun}`;
}
