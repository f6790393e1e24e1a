import type { OrderStatus } from '@bevy/core';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { checkouts, orderEvents, orders } from '../../db/tables';
import type { CheckoutAnswer, CheckoutRefusal } from './checkout-answer';
import { releaseStock } from './stock-holds';
import { releaseSeats } from './seat-holds';

/**
 * What a checkout's outcome writes: its stored answer, and for a failed payment the orders'
 * status and the stock they give back. Used by the request, Stripe's webhook and the sweeper.
 */

/**
 * Stores the outcome and the answer that every repeat of the request will get. Only a checkout
 * still 'processing' changes: the request and Stripe's webhook may both report one payment, and
 * the first to arrive decides. Returns whether this call decided.
 */
export async function finishCheckout(
  db: Db,
  checkoutId: string,
  status: 'paid' | 'payment_failed' | 'refused',
  answer: CheckoutAnswer,
  payment: { paymentId?: string | null; chargeId?: string | null; failureCode?: string } = {},
): Promise<boolean> {
  const finished = await db
    .update(checkouts)
    .set({
      status,
      answer,
      provider_payment_id: payment.paymentId ?? null,
      provider_charge_id: payment.chargeId ?? null,
      failure_code: payment.failureCode ?? null,
      updated_at: new Date(),
    })
    .where(and(eq(checkouts.id, checkoutId), eq(checkouts.status, 'processing')))
    .returning({ id: checkouts.id });
  return finished.length > 0;
}

/** The answer stored by whichever of the request and the webhook finished the checkout. */
export async function storedAnswer(db: Db, checkoutId: string): Promise<CheckoutAnswer> {
  const [row] = await db
    .select({ answer: checkouts.answer })
    .from(checkouts)
    .where(eq(checkouts.id, checkoutId));
  return row!.answer!;
}

export async function refuse(db: Db, checkoutId: string, refusal: CheckoutRefusal) {
  const answer: CheckoutAnswer = { ok: false, refusal };
  await finishCheckout(db, checkoutId, 'refused', answer);
  return answer;
}

export async function recordEvents(
  db: Db,
  changed: readonly { id: number }[],
  from: OrderStatus | null,
  to: OrderStatus,
  actorUserId: number | null,
  note: string,
) {
  if (changed.length === 0) return;
  await db.insert(orderEvents).values(
    changed.map(({ id }) => ({
      order_id: id,
      from_status: from,
      to_status: to,
      actor_user_id: actorUserId,
      note,
    })),
  );
}

/**
 * The payment failed, in the caller's transaction: the checkout ends 'payment_failed' and its
 * orders give back the stock they held. Nothing changes unless the checkout is still 'processing'
 * (so this never runs twice, nor undoes a payment); returns whether this call changed it.
 */
export async function recordPaymentFailure(
  db: Db,
  checkoutId: string,
  refusal: CheckoutRefusal,
  payment: { paymentId: string | null; failureCode: string },
): Promise<boolean> {
  const answer: CheckoutAnswer = { ok: false, refusal };
  if (!(await finishCheckout(db, checkoutId, 'payment_failed', answer, payment))) return false;
  const failed = await db
    .update(orders)
    .set({ status: 'payment_failed', updated_at: new Date() })
    .where(and(eq(orders.checkout_id, checkoutId), eq(orders.status, 'awaiting_payment')))
    .returning({ id: orders.id });
  // The undo of the stock hold (stock-holds.ts), once: only orders this call failed.
  await releaseStock(
    db,
    failed.map((order) => order.id),
  );
  await releaseSeats(
    db,
    failed.map((order) => order.id),
  );
  await recordEvents(db, failed, 'awaiting_payment', 'payment_failed', null, refusal.message);
  return true;
}

/** The failure code of a checkout whose request lost the database before charging; not a decline. */
export const INTERRUPTED_FAILURE_CODE = 'interrupted';

export const INTERRUPTED_MESSAGE =
  'We lost our connection to the database before taking your payment, so nothing was charged and the order was not placed. Please try again.';

/**
 * Gives back what a checkout that never reached the charge holds: with nothing created (the
 * usual case: the transaction that holds the stock rolled back), the claim is deleted and the key
 * is free for the same request again; with orders created (their COMMIT went through unseen),
 * they fail and give their stock back, as 'interrupted', which is not a decline (`onlyIfEmpty`
 * leaves them be: only the checkout's own request knows that no charge was asked for). A checkout
 * no longer 'processing' is left as it is. Safe to repeat.
 */
export async function releaseUncharged(
  db: Db,
  checkoutId: string,
  options: { onlyIfEmpty?: boolean } = {},
): Promise<void> {
  await db.transaction(async (tx) => {
    const scoped = tx as unknown as Db;
    const [held] = await scoped
      .select({ status: checkouts.status })
      .from(checkouts)
      .where(eq(checkouts.id, checkoutId))
      .for('update');
    if (held?.status !== 'processing') return;
    const [created] = await scoped
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.checkout_id, checkoutId))
      .limit(1);
    if (!created) {
      await scoped.delete(checkouts).where(eq(checkouts.id, checkoutId));
      return;
    }
    // The sweeper, unlike the checkout's own request, cannot know that no charge was asked for.
    if (options.onlyIfEmpty) return;
    await recordPaymentFailure(
      scoped,
      checkoutId,
      { code: 'PAYMENT_FAILED', message: INTERRUPTED_MESSAGE },
      { paymentId: null, failureCode: INTERRUPTED_FAILURE_CODE },
    );
  });
}
