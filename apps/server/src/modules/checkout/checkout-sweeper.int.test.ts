import { setTimeout as sleep } from 'node:timers/promises';
import { placeOrderSchema } from '@bevy/core/checkout-schemas';
import { eq } from 'drizzle-orm';
import { DomainError } from '../../platform/domain-error';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkouts, orders } from '../../db/tables';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createOfflineProvider } from '../payments/offline-provider';
import {
  PaymentProviderError,
  type ChargeOutcome,
  type PaymentProvider,
} from '../../platform/payment-provider';
import {
  checkoutContext,
  claimedCheckout,
  createBuyer,
  createProducer,
  createProduct,
  orderRequest,
  stockOf,
} from './checkout-fixtures';
import { IN_FLIGHT_MS } from './checkout-limits';
import { INTERRUPTED_FAILURE_CODE, releaseUncharged } from './checkout-outcome';
import {
  ABANDONED_AFTER_MS,
  ABANDONED_MESSAGE,
  failAbandonedCheckouts,
  releaseStaleClaims,
} from './checkout-sweeper';
import { requestFingerprint } from './checkout-claims';
import { placeOrder } from './place-order';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;

describe('checkouts left processing', () => {
  it('are failed after half an hour and give their stock back; a late answer changes nothing', async () => {
    const producer = await createProducer(db());
    const wine = await createProduct(db(), producer.id, { stock: 4 });
    const buyer = await createBuyer(db());
    // A charge that never answers, as if the server had stopped while it was being made.
    let answer: (outcome: ChargeOutcome) => void = () => undefined;
    let charging = false;
    const stuck: PaymentProvider = {
      ...createOfflineProvider(),
      chargeCart: () => {
        charging = true;
        return new Promise((resolve) => (answer = resolve));
      },
    };
    const placing = placeOrder(
      checkoutContext(db(), t.app.log, buyer, stuck),
      orderRequest([{ productId: wine.id, quantity: 3 }], [producer.id]),
    ).catch((error: unknown) => error);
    while (!charging) await sleep(5);
    expect(await stockOf(db(), wine.id)).toBe(1);

    // Not yet: it may still be answered.
    expect(await failAbandonedCheckouts({ db: db(), log: t.app.log })).toBe(0);
    const later = new Date(Date.now() + ABANDONED_AFTER_MS + 60_000);
    expect(await failAbandonedCheckouts({ db: db(), log: t.app.log }, later)).toBe(1);
    expect(await stockOf(db(), wine.id)).toBe(4);
    const [checkout] = await db().select().from(checkouts).where(eq(checkouts.buyer_id, buyer));
    expect(checkout).toMatchObject({ status: 'payment_failed', failure_code: 'abandoned' });
    const held = await db().select().from(orders).where(eq(orders.checkout_id, checkout!.id));
    expect(held.map((order) => order.status)).toEqual(['payment_failed']);
    // Once is enough.
    expect(await failAbandonedCheckouts({ db: db(), log: t.app.log }, later)).toBe(0);

    // The charge is declined at last: the buyer is told what was recorded, and nothing moves.
    answer({
      status: 'declined',
      code: 'card_declined',
      message: 'Your card was declined.',
      paymentId: null,
    });
    const refused = await placing;
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).message).toBe(ABANDONED_MESSAGE);
    expect(await stockOf(db(), wine.id)).toBe(4);
  });

  it('a charge whose outcome is unknown keeps the checkout processing, for the webhook or the sweeper', async () => {
    const producer = await createProducer(db());
    const wine = await createProduct(db(), producer.id, { stock: 2 });
    const buyer = await createBuyer(db());
    const timedOut: PaymentProvider = {
      ...createOfflineProvider(),
      chargeCart: async () => {
        throw new PaymentProviderError('Stripe could not take the payment.', {
          outcomeUnknown: true,
        });
      },
    };
    const refused = await placeOrder(
      checkoutContext(db(), t.app.log, buyer, timedOut),
      orderRequest([{ productId: wine.id, quantity: 2 }], [producer.id]),
    ).catch((error: unknown) => error as DomainError);
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).code).toBe('CHECKOUT_IN_PROGRESS');
    expect((refused as DomainError).message).toMatch(/^The payment service did not confirm/);
    const [checkout] = await db().select().from(checkouts).where(eq(checkouts.buyer_id, buyer));
    expect(checkout!.status).toBe('processing');
    expect(await stockOf(db(), wine.id)).toBe(0);

    const later = new Date(Date.now() + ABANDONED_AFTER_MS + 60_000);
    expect(await failAbandonedCheckouts({ db: db(), log: t.app.log }, later)).toBe(1);
    expect(await stockOf(db(), wine.id)).toBe(2);
  });
});

/** A checkout row as a request leaves it when it dies between claiming its key and holding stock. */
async function leftClaim(
  buyerId: number,
  input: ReturnType<typeof orderRequest>,
  fields: Partial<typeof checkouts.$inferInsert> = {},
) {
  return claimedCheckout(db(), buyerId, {
    idempotency_key: input.idempotencyKey,
    request_fingerprint: requestFingerprint(placeOrderSchema.parse(input)),
    ...fields,
  });
}

describe('checkouts that lost their request before holding anything', () => {
  it('give their key back after two minutes, and the same request then goes through', async () => {
    const producer = await createProducer(db());
    const wine = await createProduct(db(), producer.id, { stock: 5 });
    const buyer = await createBuyer(db());
    const input = orderRequest([{ productId: wine.id, quantity: 1 }], [producer.id]);
    const id = await leftClaim(buyer, input);
    const ctx = { db: db(), log: t.app.log };

    expect(await releaseStaleClaims(ctx)).toBe(0);
    expect(await releaseStaleClaims(ctx, new Date(Date.now() + IN_FLIGHT_MS + 1000))).toBe(1);
    expect(await db().select().from(checkouts).where(eq(checkouts.id, id))).toEqual([]);

    const placed = await placeOrder(checkoutContext(db(), t.app.log, buyer), input);
    expect(placed.orders).toHaveLength(1);
    expect(await stockOf(db(), wine.id)).toBe(4);
  });

  it('but one holding orders is left alone: its charge may be on its way', async () => {
    const producer = await createProducer(db());
    const wine = await createProduct(db(), producer.id, { stock: 4 });
    const buyer = await createBuyer(db());
    let answer: (outcome: ChargeOutcome) => void = () => undefined;
    let charging = false;
    const slow: PaymentProvider = {
      ...createOfflineProvider(),
      chargeCart: () => {
        charging = true;
        return new Promise((resolve) => (answer = resolve));
      },
    };
    const placing = placeOrder(
      checkoutContext(db(), t.app.log, buyer, slow),
      orderRequest([{ productId: wine.id, quantity: 3 }], [producer.id]),
    );
    while (!charging) await sleep(5);
    const [checkout] = await db().select().from(checkouts).where(eq(checkouts.buyer_id, buyer));
    const later = new Date(Date.now() + IN_FLIGHT_MS + 60_000);
    expect(await releaseStaleClaims({ db: db(), log: t.app.log }, later)).toBe(0);
    // As if its orders were created between the sweeper's question and its lock.
    await releaseUncharged(db(), checkout!.id, { onlyIfEmpty: true });
    expect(await stockOf(db(), wine.id)).toBe(1);

    answer({ status: 'succeeded', paymentId: 'pi_slow', chargeId: 'ch_slow' });
    expect((await placing).orders).toHaveLength(1);
    expect(await stockOf(db(), wine.id)).toBe(1);
  });

  it('are not declines: only attempts in flight count, and interrupted ones never', async () => {
    const producer = await createProducer(db());
    const wine = await createProduct(db(), producer.id, { stock: 20 });
    const buyer = await createBuyer(db());
    const request = () => orderRequest([{ productId: wine.id, quantity: 1 }], [producer.id]);
    const longAgo = new Date(Date.now() - IN_FLIGHT_MS - 60_000);
    for (let i = 0; i < 5; i++) {
      await leftClaim(buyer, request(), { created_at: longAgo, updated_at: longAgo });
      await leftClaim(buyer, request(), {
        status: 'payment_failed',
        failure_code: INTERRUPTED_FAILURE_CODE,
      });
    }
    const placed = await placeOrder(checkoutContext(db(), t.app.log, buyer), request());
    expect(placed.orders).toHaveLength(1);

    // The positive control: five attempts in flight right now do stop a sixth.
    for (let i = 0; i < 5; i++) await leftClaim(buyer, request());
    const refused = await placeOrder(checkoutContext(db(), t.app.log, buyer), request()).catch(
      (error: unknown) => error as DomainError,
    );
    expect((refused as DomainError).code).toBe('TOO_MANY_DECLINES');
  });
});
