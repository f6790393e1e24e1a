import { declineKind, isoDate, nextRetryOn } from '@bevy/core';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clubChargeTries, clubShipments } from '../../db/tables';
import type { ChargeOutcome } from '../../platform/payment-provider';
import { recordPaymentFailure, settlePaidByProvider } from '../checkout/index';
import { queueMail } from '../mail/index';
import { declinedEmail } from './club-emails';
import type { ClaimedShipment, RunContext } from './club-run';

/**
 * The provider's answer to one try, recorded once: whoever records it first (the run, a rerun,
 * a second process) changes the try from 'asking'; the others change nothing. Paid: the order is
 * settled as any paid checkout (ledger, placed, emails). Declined: a soft decline waits for its
 * next day on the schedule (1, 3, 7 days after the first); a hard one, or the last soft one,
 * fails the order and gives its stock back. The member hears of every decline.
 */
export async function recordChargeAnswer(
  ctx: RunContext,
  claimed: ClaimedShipment,
  attempt: typeof clubChargeTries.$inferSelect,
  outcome: ChargeOutcome,
): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const succeeded = outcome.status === 'succeeded';
    const [answered] = await db
      .update(clubChargeTries)
      .set({
        status: succeeded ? 'succeeded' : 'declined',
        payment_id: outcome.paymentId,
        charge_id: succeeded ? outcome.chargeId : null,
        decline_code: succeeded ? null : outcome.code,
        answered_at: now,
      })
      .where(and(eq(clubChargeTries.id, attempt.id), eq(clubChargeTries.status, 'asking')))
      .returning();
    if (!answered) return;
    if (outcome.status === 'succeeded') {
      const [charged] = await db
        .update(clubShipments)
        .set({ outcome: 'charged', lease_until: null, next_try_on: null, updated_at: now })
        .where(eq(clubShipments.id, attempt.shipment_id))
        .returning({ checkoutId: clubShipments.checkout_id });
      await settlePaidByProvider(
        { db, config: ctx.config },
        { id: charged!.checkoutId!, amountCents: attempt.amount_cents },
        { paymentId: outcome.paymentId, chargeId: outcome.chargeId },
      );
      return;
    }
    // Only the recorder of this try's answer gets here: the shipment is ours to change.
    const [shipment] = await db
      .select()
      .from(clubShipments)
      .where(eq(clubShipments.id, attempt.shipment_id));
    const checkoutId = shipment!.checkout_id!;
    const today = isoDate(now);
    const firstDeclinedOn = shipment!.first_declined_on ?? today;
    const nextTryOn =
      declineKind(outcome.code) === 'soft'
        ? nextRetryOn(firstDeclinedOn, attempt.try_number)
        : null;
    await db
      .update(clubShipments)
      .set({
        outcome: nextTryOn ? 'retrying' : 'declined',
        first_declined_on: firstDeclinedOn,
        next_try_on: nextTryOn,
        decline_code: outcome.code,
        decline_message: outcome.message,
        lease_until: null,
        updated_at: now,
      })
      .where(eq(clubShipments.id, shipment!.id));
    if (!nextTryOn) {
      await recordPaymentFailure(
        db,
        checkoutId,
        { code: 'PAYMENT_FAILED', message: outcome.message },
        { paymentId: outcome.paymentId, failureCode: outcome.code },
      );
    }
    await queueMail({ db, config: ctx.config }, [
      declinedEmail(ctx.config, {
        user: claimed.user,
        club: { name: claimed.clubName },
        membershipId: claimed.membership.id,
        amountCents: attempt.amount_cents,
        reason: outcome.message,
        nextTryOn,
      }),
    ]);
  });
}
