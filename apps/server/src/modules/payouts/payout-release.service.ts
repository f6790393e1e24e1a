import type { Cents } from '@bevy/core';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { checkouts, ledgerEntries, orders, paymentAccounts } from '../../db/tables';
import type { ServiceContext } from '../../platform/context';
import { defineJob } from '../jobs';
import type { PaymentProvider } from '../../platform/payment-provider';
import { ledgerSumsOf } from './ledger-sums';

type ReleaseContext = Pick<ServiceContext, 'db' | 'payments' | 'log'>;

export interface ReleaseOutcome {
  transferred: number;
  failed: number;
}

/** The connected account of the business that can take a payout now, if there is one. */
async function payoutAccountOf(ctx: ReleaseContext, businessId: number) {
  const [account] = await ctx.db
    .select({ accountId: paymentAccounts.account_id })
    .from(paymentAccounts)
    .where(
      and(
        eq(paymentAccounts.business_id, businessId),
        eq(paymentAccounts.provider, ctx.payments.kind),
        eq(paymentAccounts.charges_enabled, true),
      ),
    );
  return account?.accountId ?? null;
}

/**
 * Sends an order's payout from the charge that paid for it. The key is the order's own, the same
 * at checkout and on every later release, so the provider never pays one order twice.
 */
export function sendPayout(
  payments: PaymentProvider,
  payout: {
    order: { id: number; number: string };
    amountCents: Cents;
    destination: string;
    transferGroup: string;
    chargeId: string;
  },
): Promise<string> {
  return payments.transferPayout({
    amountCents: payout.amountCents,
    destinationAccountId: payout.destination,
    transferGroup: payout.transferGroup,
    sourceChargeId: payout.chargeId,
    idempotencyKey: `bevy-payout-${payout.order.id}`,
    description: `Bevy order ${payout.order.number}`,
  });
}

/**
 * Sends one held payout. The order's row is locked for the call, as refunds lock it, so that a
 * refund and a release cannot both count the same money: the producer gets the transfer less
 * what refunds already took back from it. The key is the one checkout used for this payout, so
 * a transfer that went through then but was never recorded is not made twice.
 */
async function releaseOne(
  ctx: ReleaseContext,
  orderId: number,
  destination: string,
): Promise<'transferred' | 'reversed' | 'skipped'> {
  return ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order || order.payout_status !== 'held') return 'skipped';
    const [checkout] = await db
      .select({ chargeId: checkouts.provider_charge_id, transferGroup: checkouts.transfer_group })
      .from(checkouts)
      .where(eq(checkouts.id, order.checkout_id));
    const sums = (await ledgerSumsOf(db, [orderId])).get(orderId) ?? {};
    const owed = (sums.transfer ?? 0) - (sums.transfer_reversal ?? 0);
    if (owed <= 0) {
      await db
        .update(orders)
        .set({ payout_status: 'reversed', updated_at: new Date() })
        .where(eq(orders.id, orderId));
      return 'reversed';
    }
    if (!checkout?.chargeId) return 'skipped';
    const transferId = await sendPayout(ctx.payments, {
      order,
      amountCents: owed,
      destination,
      transferGroup: checkout.transferGroup,
      chargeId: checkout.chargeId,
    });
    await db
      .update(ledgerEntries)
      .set({ provider_reference: transferId })
      .where(and(eq(ledgerEntries.order_id, orderId), eq(ledgerEntries.kind, 'transfer')));
    await db
      .update(orders)
      .set({ payout_status: 'transferred', updated_at: new Date() })
      .where(eq(orders.id, orderId));
    return 'transferred';
  });
}

/**
 * Pays out what was held for a business while it could not take payouts (no connected account
 * yet, or a transfer that failed), once its account can. Called when a producer finishes
 * onboarding and when the provider reports the account enabled; safe to call any number of times.
 */
export async function releaseHeldPayouts(
  ctx: ReleaseContext,
  businessId: number,
): Promise<ReleaseOutcome> {
  const outcome: ReleaseOutcome = { transferred: 0, failed: 0 };
  const destination = await payoutAccountOf(ctx, businessId);
  if (!destination) return outcome;
  const held = await ctx.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.business_id, businessId), eq(orders.payout_status, 'held')))
    .orderBy(asc(orders.id));
  for (const { id } of held) {
    try {
      if ((await releaseOne(ctx, id, destination)) === 'transferred') outcome.transferred++;
    } catch (error) {
      outcome.failed++;
      ctx.log.warn({ err: error, orderId: id }, 'a held payout could not be sent; it stays held');
    }
  }
  return outcome;
}

/**
 * Releases what is held for every producer whose account can now take it: payouts held because
 * a transfer failed at checkout, or because the webhook settled the checkout. Run now and then.
 */
export async function releaseAllHeldPayouts(ctx: ReleaseContext): Promise<ReleaseOutcome> {
  const waiting = await ctx.db
    .selectDistinct({ businessId: orders.business_id })
    .from(orders)
    .innerJoin(paymentAccounts, eq(paymentAccounts.business_id, orders.business_id))
    .where(
      and(
        eq(orders.payout_status, 'held'),
        eq(paymentAccounts.provider, ctx.payments.kind),
        eq(paymentAccounts.charges_enabled, true),
      ),
    );
  const total: ReleaseOutcome = { transferred: 0, failed: 0 };
  for (const { businessId } of waiting) {
    const outcome = await releaseHeldPayouts(ctx, businessId);
    total.transferred += outcome.transferred;
    total.failed += outcome.failed;
  }
  return total;
}

/** Releases held payouts every ten minutes. */
export const payoutReleaseJob = defineJob({
  name: 'payouts.release-held',
  schedule: '*/10 * * * *',
  async run(ctx) {
    const { transferred, failed } = await releaseAllHeldPayouts(ctx);
    if (transferred > 0 || failed > 0) ctx.log.info({ transferred, failed }, 'held payouts');
  },
});
