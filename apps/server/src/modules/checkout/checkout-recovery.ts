import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { retryWhileConnectionLost } from '../../db/connection-retry';
import { isConnectionLoss } from '../../db/errors';
import { DomainError, SERVICE_UNAVAILABLE } from '../../platform/domain-error';
import type { CheckoutAnswer } from './checkout-answer';
import { INTERRUPTED_MESSAGE, releaseUncharged } from './checkout-outcome';

/**
 * A checkout whose request loses the database connection (a failover, a backend ended, a
 * network blip) is finished by that request as soon as the database answers again, so nothing
 * stays held for the sweeper: before the charge, what it holds is given back and the buyer may
 * send the same request again; after it, the known outcome is recorded (decision 012).
 */

interface RecoveryContext {
  db: Db;
  log: FastifyBaseLogger;
}

/** How long a request keeps trying to give back what its checkout holds. */
const RELEASE_RETRY_MS = 30_000;
/** How long the buyer waits for a charge's outcome to be recorded before hearing "not yet". */
const RECORD_WAIT_MS = 15_000;
/** How long this process keeps trying to record a charge's outcome that it alone knows. */
const RECORD_RETRY_MS = 10 * 60_000;

const lostBeforeCharge = () => new DomainError(SERVICE_UNAVAILABLE, INTERRUPTED_MESSAGE);

const outcomeNotRecordedYet = () =>
  new DomainError(
    'CHECKOUT_IN_PROGRESS',
    'We could not record your payment yet. Do not pay again: your cart is kept, and trying again in a minute shows whether the order was placed.',
  );

/**
 * Runs the steps before the charge. If the connection is lost meanwhile, the checkout gives
 * back what it holds (releaseUncharged) once the database answers, and the buyer is told that
 * nothing was charged and to try again; the same key then starts afresh.
 */
export async function beforeCharge<T>(
  ctx: RecoveryContext,
  checkoutId: string,
  steps: () => Promise<T>,
): Promise<T> {
  try {
    return await steps();
  } catch (error) {
    if (!isConnectionLoss(error)) throw error;
    ctx.log.warn({ err: error, checkoutId }, 'a checkout lost the database before its charge');
    try {
      await retryWhileConnectionLost(() => releaseUncharged(ctx.db, checkoutId), RELEASE_RETRY_MS);
    } catch (releaseError) {
      ctx.log.error(
        { err: releaseError, checkoutId },
        'a checkout could not give back what it holds; the sweeper will',
      );
    }
    throw lostBeforeCharge();
  }
}

/**
 * Records a charge's outcome (paid or failed), which only this request knows, trying again while
 * the connection is lost. The buyer waits a while for the answer; past that they are told not
 * to pay again, and this process goes on trying, so that a repeat of the request (which waits
 * for the stored answer) or the buyer's orders page shows the outcome once it is recorded.
 */
export async function recordOutcome(
  ctx: RecoveryContext,
  checkoutId: string,
  record: () => Promise<CheckoutAnswer>,
): Promise<CheckoutAnswer> {
  const recording = retryWhileConnectionLost(record, RECORD_RETRY_MS);
  const waiting = new AbortController();
  let answer: CheckoutAnswer | undefined;
  try {
    answer = await Promise.race([
      recording,
      sleep(RECORD_WAIT_MS, undefined, { signal: waiting.signal }).catch(() => undefined),
    ]);
  } finally {
    waiting.abort();
  }
  if (answer) return answer;
  recording.catch((error: unknown) =>
    ctx.log.error({ err: error, checkoutId }, 'a charge’s outcome could not be recorded'),
  );
  throw outcomeNotRecordedYet();
}
