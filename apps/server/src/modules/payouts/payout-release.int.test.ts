import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, orderLines, orders, paymentAccounts } from '../../db/tables';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createOfflineProvider } from '../payments/offline-provider';
import { PaymentProviderError, type PaymentProvider } from '../../platform/payment-provider';
import { completeOfflineOnboarding } from '../payments/payments.service';
import {
  checkoutContext,
  createProducer,
  createProduct,
  orderRequest,
  userIdByEmail,
} from '../checkout/checkout-fixtures';
import { placeOrder } from '../checkout/place-order';
import { ledgerImbalance } from './ledger';
import { refundOrderLine } from '../orders/order-refunds.service';
import { releaseAllHeldPayouts, releaseHeldPayouts } from './payout-release.service';

let t: TestApp;
let buyerId: number;
beforeAll(async () => {
  t = await createTestApp();
  buyerId = await userIdByEmail(t.database.db, 'buyer@bevy.example');
});
afterAll(() => t.close());

const db = () => t.database.db;

/** The offline provider, with every transfer it was asked for. */
function recordingProvider() {
  const transfers: { amountCents: number; destinationAccountId: string; key: string }[] = [];
  const offline = createOfflineProvider();
  const provider: PaymentProvider = {
    ...offline,
    transferPayout: async (request) => {
      transfers.push({
        amountCents: request.amountCents,
        destinationAccountId: request.destinationAccountId,
        key: request.idempotencyKey,
      });
      return offline.transferPayout(request);
    },
  };
  return { provider, transfers };
}

async function orderOf(id: number) {
  const [order] = await db().select().from(orders).where(eq(orders.id, id));
  return order!;
}

describe('payouts held until the producer can take them', () => {
  it('are sent once the producer finishes onboarding, less what refunds took back, once', async () => {
    const producer = await createProducer(db());
    const wine = await createProduct(db(), producer.id, { retail: [[1, 2_500]] });
    const place = (quantity: number) =>
      placeOrder(
        checkoutContext(db(), t.app.log, buyerId),
        orderRequest([{ productId: wine.id, quantity }], [producer.id]),
      );
    const first = (await place(2)).orders[0]!;
    const second = (await place(1)).orders[0]!;
    expect((await orderOf(first.id)).payout_status).toBe('held');

    // One unit of the first order is refunded while its payout is held.
    const [line] = await db().select().from(orderLines).where(eq(orderLines.order_id, first.id));
    const asAdmin = {
      ...checkoutContext(db(), t.app.log, buyerId),
      viewer: { id: buyerId, sessionId: 'test-session', isAdmin: true },
    };
    await refundOrderLine(asAdmin, { orderId: first.id, lineId: line!.id, quantity: 1 });
    const held = await orderOf(first.id);
    expect(held.payout_status).toBe('held');
    const reversed = await db()
      .select()
      .from(ledgerEntries)
      .where(
        and(eq(ledgerEntries.order_id, first.id), eq(ledgerEntries.kind, 'transfer_reversal')),
      );
    const owedFirst =
      held.payout_cents - reversed.reduce((sum, entry) => sum + entry.amount_cents, 0);
    expect(owedFirst).toBeLessThan(held.payout_cents);

    const { provider, transfers } = recordingProvider();
    const ctx = { db: db(), payments: provider, log: t.app.log };
    // Without an account that can take them, nothing moves.
    expect(await releaseHeldPayouts(ctx, producer.id)).toEqual({ transferred: 0, failed: 0 });

    await db().insert(paymentAccounts).values({
      business_id: producer.id,
      provider: 'offline',
      account_id: 'acct_offline_00000000000000bb',
    });
    const [account] = await db()
      .select()
      .from(paymentAccounts)
      .where(eq(paymentAccounts.business_id, producer.id));
    const state = await completeOfflineOnboarding(ctx, account!, {
      legalName: 'Test Producer',
      dateOfBirth: '1980-01-31',
      ssnLast4: '0000',
      routingNumber: '110000000',
      accountNumber: '000123456789',
    });
    expect(state.charges_enabled).toBe(true);

    expect(transfers).toEqual([
      {
        amountCents: owedFirst,
        destinationAccountId: 'acct_offline_00000000000000bb',
        key: `bevy-payout-${first.id}`,
      },
      {
        amountCents: (await orderOf(second.id)).payout_cents,
        destinationAccountId: 'acct_offline_00000000000000bb',
        key: `bevy-payout-${second.id}`,
      },
    ]);
    for (const order of [first, second]) {
      expect((await orderOf(order.id)).payout_status).toBe('transferred');
      const [transfer] = await db()
        .select()
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.order_id, order.id), eq(ledgerEntries.kind, 'transfer')));
      expect(transfer!.provider_reference).toMatch(/^tr_offline_/);
    }
    // Again: nothing more is sent.
    expect(await releaseHeldPayouts(ctx, producer.id)).toEqual({ transferred: 0, failed: 0 });
    expect(transfers).toHaveLength(2);
    for (const order of [first, second]) {
      const entries = await db()
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.checkout_id, (await orderOf(order.id)).checkout_id));
      expect(
        ledgerImbalance(entries.map((e) => ({ kind: e.kind, amountCents: e.amount_cents }))),
      ).toBe(0);
    }
  });

  it('a refund made while the payout is on its way is taken back from the transfer once it is recorded', async () => {
    const producer = await createProducer(db());
    await db().insert(paymentAccounts).values({
      business_id: producer.id,
      provider: 'offline',
      account_id: 'acct_offline_00000000000000cc',
      details_submitted: true,
      charges_enabled: true,
      payouts_enabled: true,
    });
    const wine = await createProduct(db(), producer.id, { retail: [[1, 4_000]] });
    const reversals: { transferId: string; amountCents: number }[] = [];
    const offline = createOfflineProvider();
    const asAdmin = {
      ...checkoutContext(db(), t.app.log, buyerId),
      viewer: { id: buyerId, sessionId: 'test-session', isAdmin: true },
    };
    // The seller refunds one unit in the moment between the payment and the payout's record.
    const provider: PaymentProvider = {
      ...offline,
      transferPayout: async (request) => {
        const orderId = Number(/^bevy-payout-(\d+)$/.exec(request.idempotencyKey)![1]);
        const [line] = await db().select().from(orderLines).where(eq(orderLines.order_id, orderId));
        await refundOrderLine(asAdmin, { orderId, lineId: line!.id, quantity: 1 });
        return offline.transferPayout(request);
      },
      reverseTransfer: async (request) => {
        reversals.push({ transferId: request.transferId, amountCents: request.amountCents });
        return offline.reverseTransfer(request);
      },
    };
    const checkout = await placeOrder(
      checkoutContext(db(), t.app.log, buyerId, provider),
      orderRequest([{ productId: wine.id, quantity: 3 }], [producer.id]),
    );
    const order = await orderOf(checkout.orders[0]!.id);
    const entries = await db()
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.checkout_id, order.checkout_id));
    const transfer = entries.find((entry) => entry.kind === 'transfer')!;
    const reversed = entries.filter((entry) => entry.kind === 'transfer_reversal');
    expect(reversed).toHaveLength(1);
    expect(reversals).toEqual([
      { transferId: transfer.provider_reference, amountCents: reversed[0]!.amount_cents },
    ]);
    expect(reversed[0]!.provider_reference).toMatch(/^trr_offline_/);
    expect(order.payout_status).toBe('transferred');
    expect(
      ledgerImbalance(entries.map((e) => ({ kind: e.kind, amountCents: e.amount_cents }))),
    ).toBe(0);
  });

  it('a transfer that failed at checkout is sent by the periodic release, once', async () => {
    const producer = await createProducer(db());
    await db().insert(paymentAccounts).values({
      business_id: producer.id,
      provider: 'offline',
      account_id: 'acct_offline_00000000000000dd',
      details_submitted: true,
      charges_enabled: true,
      payouts_enabled: true,
    });
    const wine = await createProduct(db(), producer.id, { retail: [[1, 1_500]] });
    const failing: PaymentProvider = {
      ...createOfflineProvider(),
      transferPayout: async () => {
        throw new PaymentProviderError('Stripe could not be reached.');
      },
    };
    const checkout = await placeOrder(
      checkoutContext(db(), t.app.log, buyerId, failing),
      orderRequest([{ productId: wine.id, quantity: 2 }], [producer.id]),
    );
    const id = checkout.orders[0]!.id;
    expect((await orderOf(id)).payout_status).toBe('held');

    const { provider, transfers } = recordingProvider();
    const ctx = { db: db(), payments: provider, log: t.app.log };
    const first = await releaseAllHeldPayouts(ctx);
    expect(first.transferred).toBeGreaterThanOrEqual(1);
    expect(transfers.filter((transfer) => transfer.key === `bevy-payout-${id}`)).toEqual([
      {
        amountCents: (await orderOf(id)).payout_cents,
        destinationAccountId: 'acct_offline_00000000000000dd',
        key: `bevy-payout-${id}`,
      },
    ]);
    expect((await orderOf(id)).payout_status).toBe('transferred');
    expect(await releaseAllHeldPayouts(ctx)).toEqual({ transferred: 0, failed: 0 });
  });
});
