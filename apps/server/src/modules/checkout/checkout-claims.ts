import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { PlaceOrderInput } from '@bevy/core/checkout-schemas';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { checkouts } from '../../db/tables';
import { DomainError } from '../../platform/domain-error';
import type { CheckoutAnswer } from './checkout-answer';
import type { CheckoutContext } from './checkout-context';
import { beforeCharge } from './checkout-recovery';
import { preparedPerDb } from './prepared';

/**
 * Claims: one request per payment attempt, identified by the client's idempotency key. The first
 * request claims the key (a unique row per buyer and key) and works; a repeat of it waits for the
 * holder's stored answer and replays it, and a different request under the same key is refused.
 */

/** How long a repeat of a request waits for the first one's answer. */
const REPEAT_WAIT_MS = 30_000;
const REPEAT_POLL_MS = 25;

const keyReused = () =>
  new DomainError(
    'IDEMPOTENCY_KEY_REUSED',
    'This checkout attempt was already used for a different cart. Reload the page and try again.',
    'idempotencyKey',
  );

export const stillProcessing = () =>
  new DomainError(
    'CHECKOUT_IN_PROGRESS',
    'This payment is still being processed. Check your orders before trying again.',
  );

/** Values with object keys in a fixed order, and absent or null fields left out. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, entry]) => entry !== null && entry !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([key, entry]) => [key, canonical(entry)]),
    );
  }
  return value;
}

/**
 * What identifies a request apart from its key: the cart, choices and details as understood.
 * Card numbers are not hashed whole (a hash of 16 digits can be reversed): their last four are.
 */
export function requestFingerprint(input: PlaceOrderInput): string {
  const { idempotencyKey: _key, payment, ...request } = input;
  const paidWith = payment?.card
    ? {
        cardLast4: payment.card.number.slice(-4),
        expMonth: payment.card.expMonth,
        expYear: payment.card.expYear,
      }
    : { paymentMethodId: payment?.paymentMethodId };
  const text = JSON.stringify(canonical({ ...request, paidWith }));
  return createHash('sha256').update(text).digest('hex');
}

/** A request's hold on its key: the checkout's id, and the group its charge and payouts share. */
export interface Claim {
  id: string;
  transferGroup: string;
}

const claimStatement = preparedPerDb((db) =>
  db
    .insert(checkouts)
    .values({
      id: sql.placeholder('id'),
      buyer_id: sql.placeholder('buyerId'),
      idempotency_key: sql.placeholder('key'),
      request_fingerprint: sql.placeholder('fingerprint'),
      payment_provider: sql.placeholder('provider'),
      transfer_group: sql.placeholder('transferGroup'),
    })
    .onConflictDoNothing({ target: [checkouts.buyer_id, checkouts.idempotency_key] })
    .returning({ id: checkouts.id })
    .prepare('checkout_claim'),
);

/**
 * Takes the key for this request, or returns null when another request holds it. A lost
 * connection may have stored the claim unseen: beforeCharge then deletes it by its id.
 */
export async function claimKey(
  ctx: CheckoutContext,
  buyerId: number,
  input: PlaceOrderInput,
  fingerprint: string,
): Promise<Claim | null> {
  const id = randomUUID();
  const transferGroup = `checkout_${id}`;
  const claimed = await beforeCharge(ctx, id, () =>
    claimStatement(ctx.db).execute({
      id,
      buyerId,
      key: input.idempotencyKey,
      fingerprint,
      provider: ctx.payments.kind,
      transferGroup,
    }),
  );
  return claimed.length > 0 ? { id, transferGroup } : null;
}

/**
 * The answer of the request that holds the key, once it has one; undefined if that request
 * gave the key up (it failed unexpectedly before changing anything).
 */
export async function answerOfHolder(
  db: Db,
  buyerId: number,
  key: string,
  fingerprint: string,
): Promise<CheckoutAnswer | undefined> {
  const deadline = Date.now() + REPEAT_WAIT_MS;
  for (;;) {
    const [held] = await db
      .select({ fingerprint: checkouts.request_fingerprint, answer: checkouts.answer })
      .from(checkouts)
      .where(and(eq(checkouts.buyer_id, buyerId), eq(checkouts.idempotency_key, key)));
    if (!held) return undefined;
    if (held.fingerprint !== fingerprint) throw keyReused();
    if (held.answer) return held.answer;
    if (Date.now() > deadline) throw stillProcessing();
    await sleep(REPEAT_POLL_MS);
  }
}
