import { and, asc, eq, lt, notExists, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { checkouts, orders } from '../../db/tables';
import type { ServiceContext } from '../../platform/context';
import { defineJob } from '../jobs';
import { ABANDONED_FAILURE_CODE, IN_FLIGHT_MS } from './checkout-limits';
import { recordPaymentFailure, releaseUncharged } from './checkout-outcome';

/** Far longer than any charge may take (the provider's timeouts, a repeat's wait). */
export const ABANDONED_AFTER_MS = 30 * 60 * 1000;

export const ABANDONED_MESSAGE =
  'We could not confirm your payment, so the order was not placed and nothing is held for it. If your card was charged, the charge will be refunded.';

/** Checkouts still 'processing' unchanged since `cutoff` (and meeting `also`), oldest first. */
function processingSince(db: Db, cutoff: Date, ...also: SQL[]) {
  return db
    .select({ id: checkouts.id })
    .from(checkouts)
    .where(
      and(
        eq(checkouts.status, 'processing'),
        // A club's charge may wait days for its retries; the club run settles its own.
        eq(checkouts.origin, 'cart'),
        lt(checkouts.updated_at, cutoff),
        ...also,
      ),
    )
    .orderBy(asc(checkouts.created_at))
    .limit(100);
}

/**
 * Fails checkouts left 'processing' long after any answer could come (the server stopped between
 * holding the stock and recording the charge): their orders end 'payment_failed' and the stock
 * they held goes back on sale. Only a checkout still 'processing' changes, so a request or a
 * webhook that records the payment meanwhile wins; a success that arrives after this is kept
 * for reconciliation by the webhook, not silently.
 */
export async function failAbandonedCheckouts(
  ctx: Pick<ServiceContext, 'db' | 'log'>,
  now = new Date(),
): Promise<number> {
  const stale = await processingSince(ctx.db, new Date(now.getTime() - ABANDONED_AFTER_MS));
  let failed = 0;
  for (const { id } of stale) {
    const done = await ctx.db.transaction((tx) =>
      recordPaymentFailure(
        tx as unknown as Db,
        id,
        { code: 'PAYMENT_FAILED', message: ABANDONED_MESSAGE },
        { paymentId: null, failureCode: ABANDONED_FAILURE_CODE },
      ),
    );
    if (done) {
      failed++;
      ctx.log.warn({ checkoutId: id }, 'an abandoned checkout was failed and its stock released');
    }
  }
  return failed;
}

/**
 * Gives back the keys of checkouts that hold nothing and that no request works on any more: the
 * server stopped, or lost the database for good, after claiming the key and before holding any
 * stock. The same request may then be sent again. Returns how many were released.
 */
export async function releaseStaleClaims(
  ctx: Pick<ServiceContext, 'db' | 'log'>,
  now = new Date(),
): Promise<number> {
  const stale = await processingSince(
    ctx.db,
    new Date(now.getTime() - IN_FLIGHT_MS),
    notExists(
      ctx.db.select({ id: orders.id }).from(orders).where(eq(orders.checkout_id, checkouts.id)),
    ),
  );
  // Its orders may have been created since it was read: then it is left to the 30-minute rule.
  for (const { id } of stale) await releaseUncharged(ctx.db, id, { onlyIfEmpty: true });
  if (stale.length > 0) ctx.log.warn({ released: stale.length }, 'stale checkout claims released');
  return stale.length;
}

/** Sweeps stale and abandoned checkouts every minute. */
export const checkoutSweepJob = defineJob({
  name: 'checkout.sweep-abandoned',
  schedule: '* * * * *',
  // A sweep takes seconds; one cut short holds up the next ones only this long.
  timeoutSeconds: 120,
  async run(ctx) {
    const now = ctx.clock.now();
    await releaseStaleClaims(ctx, now);
    await failAbandonedCheckouts(ctx, now);
  },
});
