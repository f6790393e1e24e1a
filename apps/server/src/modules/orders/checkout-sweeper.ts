import { and, asc, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { checkouts } from '../../db/schema';
import type { RequestContext } from '../../graphql/context';
import { ABANDONED_FAILURE_CODE } from './checkout-limits';
import { recordPaymentFailure } from './checkout.service';

/** Far longer than any charge may take (the provider's timeouts, a repeat's wait). */
export const ABANDONED_AFTER_MS = 30 * 60 * 1000;
const SWEEP_INTERVAL_MS = 5 * 60 * 1000;

export const ABANDONED_MESSAGE =
  'We could not confirm your payment, so the order was not placed and nothing is held for it. If your card was charged, the charge will be refunded.';

/**
 * Fails checkouts left 'processing' long after any answer could come (the server stopped between
 * holding the stock and recording the charge): their orders end 'payment_failed' and the stock
 * they held goes back on sale. Only a checkout still 'processing' changes, so a request or a
 * webhook that records the payment meanwhile wins; a success that arrives after this is kept
 * for reconciliation by the webhook, not silently.
 */
export async function failAbandonedCheckouts(
  ctx: Pick<RequestContext, 'db' | 'log'>,
  now = new Date(),
): Promise<number> {
  const stale = await ctx.db
    .select({ id: checkouts.id })
    .from(checkouts)
    .where(
      and(
        eq(checkouts.status, 'processing'),
        lt(checkouts.updated_at, new Date(now.getTime() - ABANDONED_AFTER_MS)),
      ),
    )
    .orderBy(asc(checkouts.created_at))
    .limit(100);
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

/** Sweeps abandoned checkouts every five minutes while the server runs. */
export function startCheckoutSweepJob(ctx: Pick<RequestContext, 'db' | 'log'>): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      await failAbandonedCheckouts(ctx);
    } catch (error) {
      ctx.log.error({ err: error }, 'sweeping abandoned checkouts failed');
    } finally {
      running = false;
    }
  };
  void run();
  const timer = setInterval(() => void run(), SWEEP_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
