import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { checkouts } from '../../db/schema';
import type { PaymentProvider } from '../payments/payment-provider';

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
  ctx: { db: Db; payments: PaymentProvider; log: FastifyBaseLogger },
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
