import { declineKind, isoDate, nextRetryOn } from '@bevy/core';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { clubChargeTries, clubShipments } from '../../db/tables';
import type { ChargeOutcome } from '../../platform/payment-provider';
import { recordPaymentFailure, settleManyPaidByProvider } from '../checkout/index';
import { queueMail } from '../mail/index';
import { declinedEmail } from './club-emails';
import type { ClaimedShipment, RunContext } from './club-run';
import type { ChargeTry } from './shipment-prepare';

/**
 * The provider's answers, each recorded once: whoever records a try's answer first (the run, a
 * rerun, a second process) changes it from 'asking'; the others change nothing. Paid: the order
 * is settled as any paid checkout (ledger, placed, emails), a batch's together. Declined: a soft
 * decline waits for its next day on the schedule (1, 3, 7 days after the first); a hard one, or
 * the last soft one, fails the order and gives its stock back. The member hears of every decline.
 */

type Succeeded = Extract<ChargeOutcome, { status: 'succeeded' }>;
type Declined = Extract<ChargeOutcome, { status: 'declined' }>;

/** Paid tries, recorded and their orders settled in one transaction with a statement per step. */
export async function recordPaidAnswers(
  ctx: RunContext,
  paid: readonly { attempt: ChargeTry; outcome: Succeeded }[],
): Promise<void> {
  if (paid.length === 0) return;
  const now = ctx.clock.now();
  const values = sql.join(
    paid.map(
      ({ attempt, outcome }) =>
        sql`(${attempt.id}::int, ${outcome.paymentId}::text, ${outcome.chargeId}::text)`,
    ),
    sql`, `,
  );
  await ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const answered = rowsOf<{ shipment_id: number }>(
      await db.execute(sql`
        update club_charge_tries as t
        set status = 'succeeded', payment_id = v.payment_id, charge_id = v.charge_id,
          decline_code = null, answered_at = ${now.toISOString()}::timestamptz
        from (values ${values}) as v(id, payment_id, charge_id)
        where t.id = v.id and t.status = 'asking'
        returning t.shipment_id`),
    );
    if (answered.length === 0) return;
    const charged = await db
      .update(clubShipments)
      .set({ outcome: 'charged', lease_until: null, next_try_on: null, updated_at: now })
      .where(
        inArray(
          clubShipments.id,
          answered.map((row) => row.shipment_id),
        ),
      )
      .returning({ id: clubShipments.id, checkoutId: clubShipments.checkout_id });
    const answerOf = new Map(paid.map((entry) => [entry.attempt.shipment_id, entry]));
    await settleManyPaidByProvider(
      { db, config: ctx.config },
      charged.map((shipment) => {
        const { attempt, outcome } = answerOf.get(shipment.id)!;
        return {
          id: shipment.checkoutId!,
          amountCents: attempt.amount_cents,
          payment: { paymentId: outcome.paymentId, chargeId: outcome.chargeId },
        };
      }),
    );
  });
}

/** A declined try, recorded once: retried on the schedule when soft, the order failed if not. */
export async function recordDecline(
  ctx: RunContext,
  claimed: ClaimedShipment,
  attempt: ChargeTry,
  outcome: Declined,
): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const [answered] = await db
      .update(clubChargeTries)
      .set({
        status: 'declined',
        payment_id: outcome.paymentId,
        charge_id: null,
        decline_code: outcome.code,
        answered_at: now,
      })
      .where(and(eq(clubChargeTries.id, attempt.id), eq(clubChargeTries.status, 'asking')))
      .returning();
    if (!answered) return;
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
