import { and, eq, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { Db } from '../../db/client';
import { checkouts, paymentAccounts, stripeEvents } from '../../db/tables';
import {
  noteReconciliation,
  recordPaymentFailure,
  settlePaidByProvider,
  type RefundToMake,
} from '../checkout/index';
import type { OrderEmailContext } from '../orders/index';

/**
 * Stripe's webhook events, applied once each and in any order (decision 011):
 *
 * - The event's id is recorded in `stripe_events` in the same transaction that applies it, so a
 *   redelivery finds it there and changes nothing.
 * - Every change is conditional on the state it moves from: a payment settles or fails a checkout
 *   only while it is 'processing' (the request that charged it may have died, or may still be
 *   running and record the same outcome first), and an account takes a state only from an event
 *   at least as recent as the last one it took.
 * - Nothing here calls Stripe: a checkout settled by a webhook keeps its payouts held (released
 *   later), and a charge for a checkout recorded as failed is refunded after the answer.
 */

export interface WebhookContext extends OrderEmailContext {
  log: FastifyBaseLogger;
}

export interface WebhookResult {
  /** The event was applied before: nothing changed. */
  duplicate: boolean;
  /** What the event changed, or why it changed nothing (also stored with the event). */
  outcome: string;
  /** To refund once the event is answered (a handler never calls Stripe itself). */
  refund?: RefundToMake;
}

export async function handleStripeEvent(
  ctx: WebhookContext,
  event: Stripe.Event,
): Promise<WebhookResult> {
  return ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    // A concurrent delivery of the same event waits here for the first one's transaction.
    const [recorded] = await db
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type, created: new Date(event.created * 1000) })
      .onConflictDoNothing({ target: stripeEvents.id })
      .returning({ id: stripeEvents.id });
    if (!recorded) return { duplicate: true, outcome: 'already applied' };
    const refunds: RefundToMake[] = [];
    const outcome = await applyEvent({ ...ctx, db }, event, refunds);
    await db
      .update(stripeEvents)
      .set({ processed_at: new Date(), outcome })
      .where(eq(stripeEvents.id, event.id));
    return { duplicate: false, outcome, ...(refunds[0] ? { refund: refunds[0] } : {}) };
  });
}

function applyEvent(
  ctx: WebhookContext,
  event: Stripe.Event,
  refunds: RefundToMake[],
): Promise<string> {
  switch (event.type) {
    case 'payment_intent.succeeded':
      return settleIntent(ctx, event.data.object, refunds);
    case 'payment_intent.payment_failed':
      return failIntent(ctx, event.data.object);
    case 'account.updated':
      return updateAccount(ctx.db, event.data.object, event.created);
    default:
      return Promise.resolve('not handled');
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The checkout a payment intent pays for, locked until the transaction ends: by the checkout id
 * in its metadata, else its transfer group, else the payment id recorded with the checkout.
 */
async function checkoutOfIntent(db: Db, intent: Stripe.PaymentIntent) {
  const checkoutId = intent.metadata?.checkout_id;
  const transferGroup = intent.transfer_group ?? intent.metadata?.transfer_group;
  const matches: (SQL | undefined)[] = [
    checkoutId && UUID.test(checkoutId) ? eq(checkouts.id, checkoutId) : undefined,
    transferGroup ? eq(checkouts.transfer_group, transferGroup) : undefined,
    eq(checkouts.provider_payment_id, intent.id),
  ];
  for (const match of matches) {
    if (!match) continue;
    const [row] = await db
      .select({
        id: checkouts.id,
        status: checkouts.status,
        amountCents: checkouts.amount_cents,
        currency: checkouts.currency,
      })
      .from(checkouts)
      .where(match)
      .limit(1)
      .for('update');
    if (row) return row;
  }
  return undefined;
}

const chargeOf = (intent: Stripe.PaymentIntent) =>
  typeof intent.latest_charge === 'string'
    ? intent.latest_charge
    : (intent.latest_charge?.id ?? null);

/**
 * The payment went through. A checkout still 'processing' (its request died, timed out, or is
 * about to record the same) is settled exactly as the request settles it; a paid one is left as
 * it is; money for a checkout recorded as failed, or of another amount, is noted for a person to
 * reconcile, never kept silently.
 */
async function settleIntent(
  ctx: WebhookContext,
  intent: Stripe.PaymentIntent,
  refunds: RefundToMake[],
): Promise<string> {
  const checkout = await checkoutOfIntent(ctx.db, intent);
  if (!checkout) {
    ctx.log.warn({ paymentId: intent.id }, 'Stripe webhook: no checkout for this payment');
    return `no checkout for ${intent.id}`;
  }
  if (checkout.status === 'paid') return `checkout ${checkout.id} was already paid`;
  const chargeId = chargeOf(intent);
  if (
    checkout.status === 'processing' &&
    checkout.amountCents === intent.amount &&
    checkout.currency === intent.currency
  ) {
    await settlePaidByProvider(
      ctx,
      { id: checkout.id, amountCents: checkout.amountCents },
      { paymentId: intent.id, chargeId },
    );
    return `settled checkout ${checkout.id}`;
  }
  const recorded =
    checkout.status === 'processing'
      ? `the checkout is for ${checkout.amountCents ?? 'no'} ${checkout.currency}`
      : `the checkout was recorded as ${checkout.status}`;
  const note =
    `Stripe charged ${intent.amount} ${intent.currency} (${intent.id}, ${chargeId ?? 'no charge'}) ` +
    `but ${recorded}: refund the buyer or settle it by hand.`;
  ctx.log.error(
    { checkoutId: checkout.id, paymentId: intent.id, chargeId },
    'Stripe webhook: a charge that our record does not match, kept for reconciliation',
  );
  await noteReconciliation(ctx.db, checkout.id, note);
  // The buyer was told the payment failed (or the cart was refused): give the money back. A
  // charge of another amount for a checkout still waiting needs a person instead.
  if (checkout.status !== 'processing' && chargeId) {
    refunds.push({
      checkoutId: checkout.id,
      paymentId: intent.id,
      chargeId,
      amountCents: intent.amount,
    });
  }
  return `to reconcile: ${note}`;
}

/**
 * The payment failed: a checkout still 'processing' fails as the request fails it (its stock
 * comes back once); a paid or already failed one is left as it is.
 */
async function failIntent(ctx: WebhookContext, intent: Stripe.PaymentIntent): Promise<string> {
  const checkout = await checkoutOfIntent(ctx.db, intent);
  if (!checkout) {
    ctx.log.warn({ paymentId: intent.id }, 'Stripe webhook: no checkout for this payment');
    return `no checkout for ${intent.id}`;
  }
  if (checkout.status !== 'processing') {
    return `checkout ${checkout.id} was already ${checkout.status}; the failure changes nothing`;
  }
  const problem = intent.last_payment_error;
  const declineCode = problem?.decline_code ?? problem?.code ?? 'card_declined';
  await recordPaymentFailure(
    ctx.db,
    checkout.id,
    {
      code: 'PAYMENT_DECLINED',
      message: problem?.message ?? 'Your card was declined.',
      field: 'payment.paymentMethodId',
      declineCode,
    },
    { paymentId: intent.id, failureCode: declineCode },
  );
  return `failed checkout ${checkout.id} (${declineCode})`;
}

/**
 * A connected account's state, from an event no older than the last one applied to it (events
 * created in the same second apply in the order they arrive).
 */
async function updateAccount(db: Db, account: Stripe.Account, created: number): Promise<string> {
  const at = new Date(created * 1000);
  const [applied] = await db
    .update(paymentAccounts)
    .set({
      details_submitted: account.details_submitted ?? false,
      charges_enabled: account.charges_enabled ?? false,
      payouts_enabled: account.payouts_enabled ?? false,
      state_event_created: at,
      updated_at: new Date(),
    })
    .where(
      and(
        eq(paymentAccounts.account_id, account.id),
        eq(paymentAccounts.provider, 'stripe'),
        or(
          isNull(paymentAccounts.state_event_created),
          lte(paymentAccounts.state_event_created, at),
        ),
      ),
    )
    .returning({ businessId: paymentAccounts.business_id });
  if (applied) return `account ${account.id} of business ${applied.businessId} updated`;
  const [known] = await db
    .select({ businessId: paymentAccounts.business_id })
    .from(paymentAccounts)
    .where(and(eq(paymentAccounts.account_id, account.id), eq(paymentAccounts.provider, 'stripe')));
  return known
    ? `account ${account.id}: older than the state already applied`
    : `no payment account ${account.id}`;
}
