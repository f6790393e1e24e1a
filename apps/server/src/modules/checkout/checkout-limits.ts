import { CHECKOUT_LIMITS } from '@bevy/core';
import { and, count, eq, gt, ne, notInArray, or, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { checkouts } from '../../db/tables';
import type { CheckoutRefusal } from './checkout-answer';
import { INTERRUPTED_FAILURE_CODE } from './checkout-outcome';

const HOUR_MS = 60 * 60 * 1000;

/** The failure code of a checkout the sweeper failed (checkout-sweeper.ts); not a decline. */
export const ABANDONED_FAILURE_CODE = 'abandoned';

/**
 * A checkout still 'processing' this long after its last change has no request working on it
 * any more (a charge takes well under a minute, even with the provider's retries): it is no
 * longer an attempt in flight, and one that holds nothing is swept.
 */
export const IN_FLIGHT_MS = 2 * 60 * 1000;

export const TOO_MANY_DECLINES_MESSAGE =
  'Too many declined payments in the last hour. Please wait an hour, or call your bank, before you try again.';

/**
 * Card testing (trying many stolen numbers through one account) shows as a run of declines:
 * after a few in an hour, the buyer's new attempts are refused before any card is charged.
 * Attempts of the buyer's still being paid count as well, so that a burst sent at once cannot
 * all reach the card before the first declines are recorded. Failures that are ours (the payment
 * service or the database unreachable, a checkout left behind) are not the buyer's and do not
 * count. This counts them, as a query that checkout-catalog reads along with the cart
 * (its values are placeholders: the statement is prepared).
 */
export function recentDeclines(
  db: Db,
  asked: {
    buyerId: SQLWrapper;
    checkoutId: SQLWrapper;
    since: SQLWrapper;
    inFlightSince: SQLWrapper;
  },
) {
  return db
    .select({ declines: count() })
    .from(checkouts)
    .where(
      and(
        eq(checkouts.buyer_id, asked.buyerId),
        gt(checkouts.updated_at, asked.since),
        or(
          and(
            eq(checkouts.status, 'payment_failed'),
            // Ours, not the buyer's: the payment service failed, the database connection was
            // lost, or the server stopped midway.
            notInArray(checkouts.failure_code, [
              'provider_error',
              INTERRUPTED_FAILURE_CODE,
              ABANDONED_FAILURE_CODE,
            ]),
          ),
          // Attempts still being paid count too: many sent at once must not all slip past.
          and(
            eq(checkouts.status, 'processing'),
            ne(checkouts.id, asked.checkoutId),
            gt(checkouts.updated_at, asked.inFlightSince),
          ),
        ),
      ),
    );
}

/** Since when recentDeclines counts, at `now`. */
export const declineWindow = (now: Date) => ({
  since: new Date(now.getTime() - HOUR_MS),
  inFlightSince: new Date(now.getTime() - IN_FLIGHT_MS),
});

/** The refusal of a buyer with this many recent declines (recentDeclines), or null. */
export function declineLimitRefusal(declines: number): CheckoutRefusal | null {
  if (declines < CHECKOUT_LIMITS.maxDeclinesPerHour) return null;
  return { code: 'TOO_MANY_DECLINES', message: TOO_MANY_DECLINES_MESSAGE };
}
