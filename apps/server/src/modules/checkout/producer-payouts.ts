import type { Cents } from '@bevy/core';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { ledgerEntries, orders } from '../../db/tables';
import { sendPayout } from '../payouts/index';
import type { Claim } from './checkout-claims';
import type { CheckoutContext } from './checkout-context';
import type { ReservedOrder } from './checkout-reservation';
import { preparedSql } from './prepared';

/**
 * The transfer of each producer's payout right after the charge, and its undo: what a refund
 * took back in the moment between the payment and the transfer's record is reversed at the
 * provider. A payout not sent now stays held, for the periodic release (payouts module).
 */

/**
 * Sends each producer its payout from the charge. A producer without a connected account that
 * can take it, or a transfer that fails, leaves the payout held (recorded, not yet sent).
 */
export async function transferPayouts(
  ctx: CheckoutContext,
  claim: Claim,
  chargeId: string,
  reserved: ReservedOrder[],
  payoutAccounts: ReadonlyMap<number, string>,
) {
  const sent: SentPayout[] = [];
  for (const { id, number, priced: order } of reserved) {
    const destination = payoutAccounts.get(order.business.id);
    if (!destination || order.totals.payout === 0) continue;
    try {
      const transferId = await sendPayout(ctx.payments, {
        order: { id, number },
        amountCents: order.totals.payout,
        destination,
        transferGroup: claim.transferGroup,
        chargeId,
      });
      sent.push({ orderId: id, transferId, amountCents: order.totals.payout });
    } catch (error) {
      ctx.log.warn({ err: error, orderId: id }, 'payout transfer failed; the payout stays held');
    }
  }
  try {
    await recordSentPayouts(ctx, sent);
  } catch (error) {
    // Sent but not recorded: they stay held, and releasing them later reuses each payout's key.
    ctx.log.error({ err: error, checkoutId: claim.id }, 'sent payouts could not be recorded');
  }
}

/** A payout the provider has just sent, to be recorded. */
interface SentPayout {
  orderId: number;
  transferId: string;
  amountCents: Cents;
}

/**
 * The record of payouts sent (recordSentPayouts), under the orders' locks: the ids of those of
 * which a refund meanwhile took something back, left as they were.
 */
// Spelled out: a data-modifying WITH that Drizzle's builders cannot write. The orders are found
// by `= any(array(...))`, not `in (select ...)`: a set-returning function is guessed at 100
// rows, and against that guess a small orders table was read whole on every checkout.
const sentPayoutsStatement = preparedSql(
  'checkout_sent_payouts',
  () => sql`with locked as (
      select o.id, coalesce((select sum(le.amount_cents) from ${ledgerEntries} le
          where le.order_id = o.id and le.kind = 'transfer_reversal'), 0)::int as reversed
      from ${orders} o
      where o.id = any(array(select order_id
        from json_to_recordset(${sql.placeholder('payouts')}::json) as p(order_id int)))
      order by o.id
      for update),
    unreversed as (
      select p.order_id, p.transfer_id
      from json_to_recordset(${sql.placeholder('payouts')}::json) as p(order_id int,
        transfer_id text)
      join locked on locked.id = p.order_id and locked.reversed <= 0),
    referenced as (
      update ${ledgerEntries} le set provider_reference = unreversed.transfer_id
      from unreversed where le.order_id = unreversed.order_id and le.kind = 'transfer'),
    transferred as (
      update ${orders} o set payout_status = 'transferred',
        updated_at = ${sql.placeholder('now')}::timestamptz
      from unreversed where o.id = unreversed.order_id)
    select id from locked where reversed > 0`,
);

/**
 * Records the payouts sent right after a checkout was paid (the provider calls are made before,
 * so no lock is held across the network). Usually one statement, under the orders' locks; an
 * order refunded in the moment between the payment and this record is left to
 * recordReversedPayouts.
 */
async function recordSentPayouts(ctx: CheckoutContext, sent: readonly SentPayout[]) {
  if (sent.length === 0) return;
  const payouts = JSON.stringify(
    sent.map((payout) => ({ order_id: payout.orderId, transfer_id: payout.transferId })),
  );
  const result = await sentPayoutsStatement(ctx.db, { payouts, now: new Date() });
  const reversed = new Set(rowsOf<{ id: number }>(result).map((row) => row.id));
  if (reversed.size > 0) {
    await recordReversedPayouts(
      ctx,
      sent.filter((payout) => reversed.has(payout.orderId)),
    );
  }
}

/**
 * Records payouts of which a refund made in the moment between the payment and their record took
 * something back: the refund found the payout still held, so it took nothing back from the
 * transfer. That part is reversed at the provider here, under the orders' locks, so the producer
 * never keeps what was refunded to the buyer.
 */
async function recordReversedPayouts(ctx: CheckoutContext, sent: readonly SentPayout[]) {
  const ids = sent.map((payout) => payout.orderId);
  await ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const locked = await db
      .select({
        id: orders.id,
        // Spelled out: inside a select from one table, Drizzle leaves columns unqualified.
        reversed: sql<number>`coalesce((select sum(le.amount_cents) from ledger_entries le
          where le.order_id = "orders"."id" and le.kind = 'transfer_reversal'), 0)::int`,
      })
      .from(orders)
      .where(inArray(orders.id, ids))
      .orderBy(asc(orders.id))
      .for('update');
    const fullyReversed: number[] = [];
    for (const { id, reversed } of locked) {
      if (reversed <= 0) continue;
      const payout = sent.find((candidate) => candidate.orderId === id)!;
      const amount = Math.min(reversed, payout.amountCents);
      try {
        const reversalId = await ctx.payments.reverseTransfer({
          transferId: payout.transferId,
          amountCents: amount,
          idempotencyKey: `bevy-transfer-reversal-${id}-after-payout`,
        });
        await db
          .update(ledgerEntries)
          .set({ provider_reference: reversalId })
          .where(
            and(
              eq(ledgerEntries.order_id, id),
              eq(ledgerEntries.kind, 'transfer_reversal'),
              isNull(ledgerEntries.provider_reference),
            ),
          );
        if (amount >= payout.amountCents) fullyReversed.push(id);
      } catch (error) {
        // The payout stays 'transferred' with a reversal the provider has not made: loud, so
        // that someone takes it back by hand.
        ctx.log.error(
          { err: error, orderId: id, transferId: payout.transferId, amount },
          'a refund made while the payout was being sent is not yet taken back from the producer',
        );
      }
    }
    await db
      .update(ledgerEntries)
      .set({
        provider_reference: sql`case ${ledgerEntries.order_id} ${sql.join(
          sent.map((payout) => sql`when ${payout.orderId} then ${payout.transferId}`),
          sql` `,
        )} end`,
      })
      .where(and(inArray(ledgerEntries.order_id, ids), eq(ledgerEntries.kind, 'transfer')));
    const transferred = ids.filter((id) => !fullyReversed.includes(id));
    if (transferred.length > 0) {
      await db
        .update(orders)
        .set({ payout_status: 'transferred', updated_at: new Date() })
        .where(inArray(orders.id, transferred));
    }
    if (fullyReversed.length > 0) {
      await db
        .update(orders)
        .set({ payout_status: 'reversed', updated_at: new Date() })
        .where(inArray(orders.id, fullyReversed));
    }
  });
}
