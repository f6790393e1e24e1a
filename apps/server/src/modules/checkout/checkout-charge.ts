import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { checkouts } from '../../db/tables';
import type { ServiceContext } from '../../platform/context';
import { DomainError } from '../../platform/domain-error';
import { PaymentProviderError, type PaymentSource } from '../../platform/payment-provider';
import type { CheckoutRefusal } from './checkout-answer';
import type { Claim } from './checkout-claims';
import type { CheckoutContext } from './checkout-context';

/**
 * The card charge, and its undo: one charge for the card orders of a cart, and the refund of a
 * charge that went through for a checkout we had already recorded as not paid (the buyer was told
 * so). Both carry keys of their own, so that however often they are sent, the provider charges
 * once and refunds once.
 */

const PAYMENT_FAILED_MESSAGE =
  'The payment service could not be reached, so the order was not placed. Please try again in a moment.';

const paymentUnconfirmed = () =>
  new DomainError(
    'CHECKOUT_IN_PROGRESS',
    'The payment service did not confirm your payment in time. Do not pay again: your cart is kept, and trying again in a few minutes shows whether the payment went through.',
  );

/** What the charge came to: paid, or failed with the refusal the buyer gets. */
export type ChargeResult =
  | { paid: true; paymentId: string; chargeId: string }
  | {
      paid: false;
      refusal: CheckoutRefusal;
      payment: { paymentId: string | null; failureCode: string };
    };

/**
 * Charges the card orders' amount once, under the checkout's key. A charge whose outcome is
 * unknown (a timeout, a lost connection) is neither paid nor failed: the buyer is told not to
 * pay again (CHECKOUT_IN_PROGRESS) and the checkout stays 'processing' until the webhook reports
 * the outcome or the sweeper fails it (checkout-sweeper.ts).
 */
export async function chargeCard(
  ctx: CheckoutContext,
  claim: Claim,
  charge: {
    amountCents: number;
    source: PaymentSource;
    orderNumbers: string[];
    receiptEmail: string;
  },
): Promise<ChargeResult> {
  try {
    const outcome = await ctx.payments.chargeCart({
      amountCents: charge.amountCents,
      source: charge.source,
      checkoutId: claim.id,
      transferGroup: claim.transferGroup,
      idempotencyKey: `bevy-checkout-${claim.id}`,
      description: `Bevy: ${charge.orderNumbers.join(', ')}`,
      receiptEmail: charge.receiptEmail,
    });
    if (outcome.status === 'succeeded') return { paid: true, ...outcome };
    return {
      paid: false,
      refusal: {
        code: 'PAYMENT_DECLINED',
        message: outcome.message,
        field: charge.source.kind === 'card' ? 'payment.card.number' : 'payment.paymentMethodId',
        declineCode: outcome.code,
      },
      payment: { paymentId: outcome.paymentId, failureCode: outcome.code },
    };
  } catch (error) {
    if (error instanceof PaymentProviderError && error.outcomeUnknown) {
      // The charge may have gone through: failing it here and letting the buyer pay again could
      // charge them twice. A repeat of the request waits for the outcome.
      ctx.log.warn({ err: error, checkoutId: claim.id }, 'a charge’s outcome is unknown for now');
      throw paymentUnconfirmed();
    }
    if (!(error instanceof PaymentProviderError)) {
      ctx.log.error({ err: error, checkoutId: claim.id }, 'charging a cart failed unexpectedly');
    }
    return {
      paid: false,
      refusal: { code: 'PAYMENT_FAILED', message: PAYMENT_FAILED_MESSAGE },
      payment: { paymentId: null, failureCode: 'provider_error' },
    };
  }
}

/**
 * Notes money the provider reports that our record does not match (a charge that succeeded after
 * the checkout was recorded as failed), for a person to refund or settle; nothing else changes.
 */
export async function noteReconciliation(db: Db, checkoutId: string, note: string) {
  await db
    .update(checkouts)
    .set({
      reconciliation_note: sql`concat_ws(E'\n', ${checkouts.reconciliation_note}, ${note}::text)`,
      updated_at: new Date(),
    })
    .where(eq(checkouts.id, checkoutId));
}

/** A charge of a checkout we recorded as not paid: the buyer must get the money back. */
export interface RefundToMake {
  checkoutId: string;
  paymentId: string;
  chargeId: string;
  amountCents: number;
}

/**
 * Refunds a charge made for a checkout we had recorded as not paid (the buyer was told so), and
 * notes it with the checkout for the people reconciling. The key is the payment's, so whichever
 * of the request and the webhook gets here, the charge is refunded once.
 */
export async function refundUnrecordedCharge(
  ctx: Pick<ServiceContext, 'db' | 'payments' | 'log'>,
  refund: RefundToMake,
): Promise<void> {
  try {
    const refundId = await ctx.payments.refundCharge({
      chargeId: refund.chargeId,
      amountCents: refund.amountCents,
      idempotencyKey: `bevy-unrecorded-${refund.paymentId}`,
      reason: 'The order was not placed.',
    });
    await noteReconciliation(
      ctx.db,
      refund.checkoutId,
      `Refunded automatically: ${refund.amountCents} cents (${refundId}).`,
    );
  } catch (error) {
    ctx.log.error(
      { err: error, checkoutId: refund.checkoutId, paymentId: refund.paymentId },
      'a charge for a checkout that was not paid could not be refunded; refund it by hand',
    );
  }
}

/**
 * The request's charge went through, but the webhook (or the sweeper) had recorded the checkout
 * as failed first: never keep it silently. It is noted for reconciliation and refunded.
 */
export async function refundChargeAfterFailure(
  ctx: CheckoutContext,
  refund: RefundToMake,
): Promise<void> {
  ctx.log.error(
    { checkoutId: refund.checkoutId, paymentId: refund.paymentId },
    'charged after failing',
  );
  await noteReconciliation(
    ctx.db,
    refund.checkoutId,
    `Charged ${refund.amountCents} cents (${refund.paymentId}, ${refund.chargeId}) after the checkout was recorded as failed: refund the buyer.`,
  );
  await refundUnrecordedCharge(ctx, refund);
}
