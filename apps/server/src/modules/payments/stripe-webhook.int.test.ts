import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { DomainError } from '../../platform/domain-error';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkouts,
  ledgerEntries,
  mailOutbox,
  orderEvents,
  orders,
  paymentAccounts,
  stripeEvents,
} from '../../db/tables';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { PaidCheckoutView } from '../checkout/checkout-answer';
import {
  checkoutContext,
  createBuyer,
  createProducer,
  createProduct,
  orderRequest,
  stockOf,
  type LineSpec,
} from '../checkout/checkout-fixtures';
import { ABANDONED_AFTER_MS, failAbandonedCheckouts } from '../checkout/checkout-sweeper';
import { placeOrder } from '../checkout/place-order';
import { ledgerImbalance } from '../payouts/ledger';
import {
  createStripeProvider,
  type StripeConnectClient,
  type StripePaymentsClient,
} from './stripe-provider';

const SECRET = 'whsec_integration_account_endpoint';
const CONNECT_SECRET = 'whsec_integration_connect_endpoint';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ STRIPE_WEBHOOK_SECRET: `${SECRET},${CONNECT_SECRET}` });
});
afterAll(() => t.close());

const db = () => t.database.db;
const hex = () => randomBytes(8).toString('hex');

/** A payment intent creation that Stripe has received and not yet answered. */
interface PendingCharge {
  params: Stripe.PaymentIntentCreateParams & { metadata: Record<string, string> };
  resolve(intent: unknown): void;
  reject(error: unknown): void;
}

/**
 * A Stripe client whose payment intents wait until the test answers them: the time in which the
 * request that charged a cart can die, or race the webhook.
 */
function controlledStripe() {
  const waiting: PendingCharge[] = [];
  const unused = async (): Promise<never> => {
    throw new Error('not used by these tests');
  };
  const client = {
    accounts: { create: unused, retrieve: unused, del: unused },
    accountLinks: { create: unused },
    paymentIntents: {
      create: (params: PendingCharge['params']) =>
        new Promise((resolve, reject) => waiting.push({ params, resolve, reject })),
    },
    transfers: { create: unused, createReversal: unused },
    refunds: { create: async () => ({ id: 're_controlled', status: 'succeeded' }) },
  } as unknown as StripeConnectClient & StripePaymentsClient;
  return {
    provider: createStripeProvider(client, { publicUrl: 'https://bevy.example' }),
    async next(): Promise<PendingCharge> {
      for (let waited = 0; waiting.length === 0; waited += 5) {
        if (waited > 10_000) throw new Error('the checkout never charged the card');
        await sleep(5);
      }
      return waiting.shift()!;
    },
  };
}

interface StartedCheckout {
  /** A buyer of its own: declines count against a buyer, and some of these checkouts fail. */
  buyerId: number;
  input: ReturnType<typeof orderRequest>;
  /** The buyer's request, still waiting for Stripe's answer. */
  placing: Promise<PaidCheckoutView>;
  charge: PendingCharge;
  checkoutId: string;
  /** The payment intent Stripe made for it. */
  intent: ReturnType<typeof intentFor>;
}

/** A checkout whose orders hold their stock while the charge waits for Stripe. */
async function startCheckout(lines: LineSpec[], businessIds: number[]): Promise<StartedCheckout> {
  const stripe = controlledStripe();
  const buyerId = await createBuyer(db());
  const input = orderRequest(lines, businessIds, { payment: { paymentMethodId: 'pm_card_visa' } });
  const placing = placeOrder(
    checkoutContext(db(), t.app.log, buyerId, stripe.provider),
    structuredClone(input),
  );
  // Observed by each test; this only keeps an early failure from going unhandled meanwhile.
  placing.catch(() => undefined);
  const charge = await stripe.next();
  return {
    buyerId,
    input,
    placing,
    charge,
    checkoutId: charge.params.metadata.checkout_id!,
    intent: intentFor(charge),
  };
}

function intentFor(charge: PendingCharge) {
  return {
    id: `pi_${hex()}`,
    object: 'payment_intent',
    amount: charge.params.amount,
    amount_received: charge.params.amount,
    currency: 'usd',
    status: 'succeeded',
    latest_charge: `ch_${hex()}`,
    transfer_group: charge.params.transfer_group ?? null,
    metadata: charge.params.metadata,
    last_payment_error: null as null | Record<string, string>,
  };
}

type Intent = ReturnType<typeof intentFor>;

const insufficientFunds = {
  type: 'card_error',
  code: 'card_declined',
  decline_code: 'insufficient_funds',
  message: 'Your card has insufficient funds.',
};

const failedIntent = (intent: Intent): Intent => ({
  ...intent,
  status: 'requires_payment_method',
  amount_received: 0,
  latest_charge: null as unknown as string,
  last_payment_error: insufficientFunds,
});

/** Stripe's answer to the checkout's own request: the card error it throws on a decline. */
const cardError = () =>
  Object.assign(new Error(insufficientFunds.message), {
    ...insufficientFunds,
    type: 'StripeCardError',
  });

let clock = Math.floor(Date.now() / 1000) - 3600;

function eventOf(type: string, object: object, created = clock++) {
  return {
    id: `evt_${hex()}`,
    object: 'event',
    api_version: '2026-01-28.clover',
    created,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}

type StripeEventBody = ReturnType<typeof eventOf>;

async function deliver(event: StripeEventBody, secret = SECRET) {
  const payload = JSON.stringify(event);
  const response = await t.app.inject({
    method: 'POST',
    url: '/stripe/webhook',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }),
    },
    payload,
  });
  return response;
}

/** A fixed shuffle per seed, so that a failing order can be replayed. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  const result = [...items];
  let state = seed;
  for (let index = result.length - 1; index > 0; index--) {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    const other = state % (index + 1);
    [result[index], result[other]] = [result[other]!, result[index]!];
  }
  return result;
}

/** Everything a payment event may change about a checkout. */
async function stateOf(checkoutId: string, productIds: number[]) {
  const [checkout] = await db().select().from(checkouts).where(eq(checkouts.id, checkoutId));
  const orderRows = await db()
    .select({ id: orders.id, status: orders.status, payout: orders.payout_status })
    .from(orders)
    .where(eq(orders.checkout_id, checkoutId))
    .orderBy(orders.id);
  const ledger = await db()
    .select({ kind: ledgerEntries.kind, amountCents: ledgerEntries.amount_cents })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.checkout_id, checkoutId));
  const events =
    orderRows.length === 0
      ? []
      : await db()
          .select({ to: orderEvents.to_status })
          .from(orderEvents)
          .where(
            inArray(
              orderEvents.order_id,
              orderRows.map((order) => order.id),
            ),
          );
  return {
    status: checkout!.status,
    paymentId: checkout!.provider_payment_id,
    chargeId: checkout!.provider_charge_id,
    failureCode: checkout!.failure_code,
    reconciliation: checkout!.reconciliation_note,
    answer: checkout!.answer,
    orders: orderRows.map(({ status, payout }) => [status, payout]),
    ledger: ledger.map(({ kind }) => kind).sort(),
    imbalance: ledgerImbalance(ledger),
    orderEvents: events.map(({ to }) => to).sort(),
    stock: await Promise.all(productIds.map((id) => stockOf(db(), id))),
  };
}

const outcomeOf = async (eventId: string) => {
  const [row] = await db().select().from(stripeEvents).where(eq(stripeEvents.id, eventId));
  return row;
};

const mailsTo = async (address: string) => {
  const [row] = await db()
    .select({ n: count() })
    .from(mailOutbox)
    .where(sql`lower(${mailOutbox.to_address}) = ${address.toLowerCase()}`);
  return row!.n;
};

async function createStripeAccount(businessId: number) {
  const accountId = `acct_${hex()}`;
  await db().insert(paymentAccounts).values({
    business_id: businessId,
    provider: 'stripe',
    account_id: accountId,
  });
  return accountId;
}

const accountState = async (accountId: string) => {
  const [row] = await db()
    .select()
    .from(paymentAccounts)
    .where(eq(paymentAccounts.account_id, accountId));
  return row!;
};

describe('Stripe webhooks', () => {
  it('refuses a bad signature and records nothing; accepts either endpoint’s secret', async () => {
    const producer = await createProducer(db());
    const wine = await createProduct(db(), producer.id, { stock: 4 });
    const started = await startCheckout([{ productId: wine.id, quantity: 1 }], [producer.id]);
    const event = eventOf('payment_intent.succeeded', started.intent);
    const payload = JSON.stringify(event);
    const before = await stateOf(started.checkoutId, [wine.id]);
    expect(before).toMatchObject({
      status: 'processing',
      orders: [['awaiting_payment', 'not_due']],
    });

    const post = (signature: string | undefined, body = payload) =>
      t.app.inject({
        method: 'POST',
        url: '/stripe/webhook',
        headers: {
          'content-type': 'application/json',
          ...(signature === undefined ? {} : { 'stripe-signature': signature }),
        },
        payload: body,
      });
    const sign = (options: { secret?: string; timestamp?: number; body?: string } = {}) =>
      Stripe.webhooks.generateTestHeaderString({
        payload: options.body ?? payload,
        secret: options.secret ?? SECRET,
        timestamp: options.timestamp,
      });
    const refused = [
      await post(undefined),
      await post(sign({ secret: 'whsec_another_endpoint' })),
      await post(sign({ timestamp: Math.floor(Date.now() / 1000) - 600 })),
      await post(sign({ body: JSON.stringify(event, null, 2) })),
      // A forged amount under a signature of the real event.
      await post(sign(), payload.replace(`"amount":${started.intent.amount}`, '"amount":1')),
    ];
    expect(refused.map((answer) => [answer.statusCode, answer.json().error.code])).toEqual([
      [400, 'SIGNATURE_MISSING'],
      [400, 'SIGNATURE_INVALID'],
      [400, 'SIGNATURE_EXPIRED'],
      [400, 'SIGNATURE_INVALID'],
      [400, 'SIGNATURE_INVALID'],
    ]);
    expect(await outcomeOf(event.id)).toBeUndefined();
    expect(await stateOf(started.checkoutId, [wine.id])).toEqual(before);

    // The body exactly as signed, whatever its formatting; the Connect endpoint's secret works too.
    const pretty = JSON.stringify(event, null, 2);
    const accepted = await post(sign({ secret: CONNECT_SECRET, body: pretty }), pretty);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ received: true, duplicate: false });
    expect((await stateOf(started.checkoutId, [wine.id])).status).toBe('paid');

    started.charge.resolve(started.intent);
    await started.placing;
  });

  it('the request finishing after the webhook settled adds no event and no email', async () => {
    const producer = await createProducer(db());
    const wine = await createProduct(db(), producer.id, { stock: 4 });
    const started = await startCheckout([{ productId: wine.id, quantity: 1 }], [producer.id]);
    const mailsBefore = await mailsTo(started.input.contact.email);
    await deliver(eventOf('payment_intent.succeeded', started.intent));
    expect(await mailsTo(started.input.contact.email)).toBe(mailsBefore + 1);

    started.charge.resolve(started.intent);
    const answer = await started.placing;
    expect(answer.orders[0]!.status).toBe('placed');
    expect(await stateOf(started.checkoutId, [wine.id])).toMatchObject({
      status: 'paid',
      ledger: ['charge', 'commission', 'transfer'],
      orderEvents: ['awaiting_payment', 'placed'],
      stock: [3],
    });
    expect(await mailsTo(started.input.contact.email)).toBe(mailsBefore + 1);
  });

  it.each([1, 2, 3])(
    'each event five times, shuffled (seed %i): every change happens once',
    async (seed) => {
      const cellar = await createProducer(db());
      const brewery = await createProducer(db());
      const wine = await createProduct(db(), cellar.id, { stock: 10, retail: [[1, 2_499]] });
      const ale = await createProduct(db(), brewery.id, { stock: 10, retail: [[1, 899]] });
      const products = [wine.id, ale.id];
      const accountId = await createStripeAccount(brewery.id);

      // A: paid, but its request dies before recording it; B: declined, same.
      const paid = await startCheckout(
        [
          { productId: wine.id, quantity: 2 },
          { productId: ale.id, quantity: 1 },
        ],
        [cellar.id, brewery.id],
      );
      const declined = await startCheckout([{ productId: wine.id, quantity: 3 }], [cellar.id]);
      expect(await Promise.all(products.map((id) => stockOf(db(), id)))).toEqual([5, 9]);
      const mailsBefore = await mailsTo(paid.input.contact.email);

      const base = clock;
      clock += 100;
      const account = (created: number, state: [boolean, boolean, boolean]) =>
        eventOf(
          'account.updated',
          {
            id: accountId,
            object: 'account',
            details_submitted: state[0],
            charges_enabled: state[1],
            payouts_enabled: state[2],
          },
          created,
        );
      const events = [
        eventOf('payment_intent.created', { ...paid.intent, status: 'requires_confirmation' }),
        eventOf('payment_intent.succeeded', paid.intent),
        eventOf('charge.succeeded', { id: paid.intent.latest_charge, object: 'charge' }),
        eventOf('payment_intent.payment_failed', failedIntent(declined.intent)),
        account(base + 10, [true, false, false]),
        account(base + 20, [true, true, false]),
        account(base + 30, [true, true, true]),
      ];
      const deliveries = shuffled(
        events.flatMap((event) => Array.from({ length: 5 }, () => event)),
        seed,
      );
      const answers = [];
      for (const event of deliveries) {
        const response = await deliver(event);
        expect(response.statusCode).toBe(200);
        answers.push(response.json() as { duplicate: boolean });
      }
      expect(answers.filter((answer) => !answer.duplicate)).toHaveLength(events.length);

      const afterPaid = await stateOf(paid.checkoutId, products);
      expect(afterPaid).toMatchObject({
        status: 'paid',
        paymentId: paid.intent.id,
        chargeId: paid.intent.latest_charge,
        reconciliation: null,
        // Settled by the webhook, which calls no one: the payouts wait, held.
        orders: [
          ['placed', 'held'],
          ['placed', 'held'],
        ],
        ledger: ['charge', 'commission', 'commission', 'transfer', 'transfer'],
        imbalance: 0,
        orderEvents: ['awaiting_payment', 'awaiting_payment', 'placed', 'placed'],
      });
      const afterDeclined = await stateOf(declined.checkoutId, products);
      expect(afterDeclined).toMatchObject({
        status: 'payment_failed',
        failureCode: 'insufficient_funds',
        orders: [['payment_failed', 'not_due']],
        ledger: [],
        orderEvents: ['awaiting_payment', 'payment_failed'],
        // The declined cart's three bottles came back once; the paid cart keeps its own.
        stock: [8, 9],
      });
      expect(await accountState(accountId)).toMatchObject({
        details_submitted: true,
        charges_enabled: true,
        payouts_enabled: true,
        state_event_created: new Date((base + 30) * 1000),
      });
      // The buyer's confirmation was queued once, in the transaction that placed the orders.
      expect(await mailsTo(paid.input.contact.email)).toBe(mailsBefore + 1);
      for (const event of events) {
        expect((await outcomeOf(event.id))?.processed_at).toBeInstanceOf(Date);
      }
      expect((await outcomeOf(events[2]!.id))?.outcome).toBe('not handled');

      // The buyer asks again with the same key: the webhook's outcome is the answer.
      const repeatPaid = await placeOrder(
        checkoutContext(db(), t.app.log, paid.buyerId, controlledStripe().provider),
        structuredClone(paid.input),
      );
      expect(repeatPaid).toEqual((afterPaid.answer as { checkout: unknown }).checkout);
      expect(repeatPaid.orders.map((order) => order.status)).toEqual(['placed', 'placed']);
      await expect(
        placeOrder(
          checkoutContext(db(), t.app.log, declined.buyerId, controlledStripe().provider),
          structuredClone(declined.input),
        ),
      ).rejects.toMatchObject({ code: 'PAYMENT_DECLINED' });

      // The requests that were charging wake up: they find the outcome recorded and agree with it.
      paid.charge.resolve(paid.intent);
      expect(await paid.placing).toEqual(repeatPaid);
      declined.charge.reject(cardError());
      const refusal = await declined.placing.catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(DomainError);
      expect({
        code: (refusal as DomainError).code,
        ...(refusal as DomainError).extra,
      }).toMatchObject({
        code: 'PAYMENT_DECLINED',
        declineCode: 'insufficient_funds',
      });

      // And everything once more, late: nothing moves.
      for (const event of shuffled(events, seed + 100)) {
        expect((await deliver(event)).json()).toEqual({ received: true, duplicate: true });
      }
      expect(await stateOf(paid.checkoutId, products)).toEqual(afterPaid);
      expect(await stateOf(declined.checkoutId, products)).toEqual(afterDeclined);
      expect(await mailsTo(paid.input.contact.email)).toBe(mailsBefore + 1);
    },
  );

  it('never undoes a payment: a late failure and a repeated success change nothing', async () => {
    const producer = await createProducer(db());
    const wine = await createProduct(db(), producer.id, { stock: 6 });
    const started = await startCheckout([{ productId: wine.id, quantity: 2 }], [producer.id]);
    started.charge.resolve(started.intent);
    const answer = await started.placing;
    expect(answer.orders[0]!.status).toBe('placed');
    const recorded = await stateOf(started.checkoutId, [wine.id]);
    expect(recorded).toMatchObject({ status: 'paid', stock: [4], imbalance: 0 });

    const lateFailure = eventOf('payment_intent.payment_failed', failedIntent(started.intent));
    const lateSuccess = eventOf('payment_intent.succeeded', started.intent);
    // Without metadata or transfer group, the payment id recorded with the checkout finds it.
    const bare = eventOf('payment_intent.succeeded', {
      ...started.intent,
      metadata: {},
      transfer_group: null,
    });
    for (const event of [lateFailure, lateSuccess, bare, lateFailure, lateSuccess, bare]) {
      expect((await deliver(event)).statusCode).toBe(200);
    }
    expect(await stateOf(started.checkoutId, [wine.id])).toEqual(recorded);
    expect((await outcomeOf(lateFailure.id))?.outcome).toMatch(/already paid/);
    expect((await outcomeOf(bare.id))?.outcome).toMatch(/already paid/);
  });

  it('a charge that succeeds after the checkout was recorded as failed is kept for a person to reconcile', async () => {
    const producer = await createProducer(db());
    const wine = await createProduct(db(), producer.id, { stock: 3 });
    const started = await startCheckout([{ productId: wine.id, quantity: 3 }], [producer.id]);
    // Stripe took too long to answer: the outcome is unknown, so the checkout waits for it...
    started.charge.reject(Object.assign(new Error('timed out'), { type: 'StripeConnectionError' }));
    await expect(started.placing).rejects.toMatchObject({
      code: 'CHECKOUT_IN_PROGRESS',
    });
    expect((await stateOf(started.checkoutId, [wine.id])).status).toBe('processing');
    // ...none comes for half an hour: the sweeper fails it and the bottles go back on sale...
    const later = new Date(Date.now() + ABANDONED_AFTER_MS + 60_000);
    expect(await failAbandonedCheckouts({ db: db(), log: t.app.log }, later)).toBe(1);
    const failed = await stateOf(started.checkoutId, [wine.id]);
    expect(failed).toMatchObject({ status: 'payment_failed', paymentId: null, stock: [3] });

    // ...but the charge had gone through. It is noted, once, and nothing else changes.
    const success = eventOf('payment_intent.succeeded', started.intent);
    for (let delivery = 0; delivery < 5; delivery++) {
      expect((await deliver(success)).statusCode).toBe(200);
    }
    // The buyer, told the payment failed, gets the money back once the webhook has answered.
    let after = await stateOf(started.checkoutId, [wine.id]);
    for (let waited = 0; !after.reconciliation?.includes('Refunded'); waited += 10) {
      if (waited > 5_000) throw new Error('the unrecorded charge was not refunded');
      await sleep(10);
      after = await stateOf(started.checkoutId, [wine.id]);
    }
    expect(after).toEqual({ ...failed, reconciliation: expect.any(String) });
    const [noted, refunded] = after.reconciliation!.split('\n');
    expect(refunded).toMatch(/^Refunded automatically: \d+ cents \(re_offline_\w+\)\.$/);
    expect(after.reconciliation!.split('\n')).toHaveLength(2);
    expect(noted).toContain(started.intent.id);
    expect(after.reconciliation).toContain(started.intent.latest_charge);
    expect(after.reconciliation).toMatch(/recorded as payment_failed: refund the buyer/);
    expect((await outcomeOf(success.id))?.outcome).toMatch(/^to reconcile: /);
    const [listed] = await db()
      .select({ n: count() })
      .from(checkouts)
      .where(
        and(
          eq(checkouts.id, started.checkoutId),
          sql`${checkouts.reconciliation_note} is not null`,
        ),
      );
    expect(listed!.n).toBe(1);

    // The other way round: the webhook recorded a failure, then the request learns it was paid.
    const other = await startCheckout([{ productId: wine.id, quantity: 1 }], [producer.id]);
    await deliver(eventOf('payment_intent.payment_failed', failedIntent(other.intent)));
    other.charge.resolve(other.intent);
    await expect(other.placing).rejects.toMatchObject({
      code: 'PAYMENT_DECLINED',
    });
    expect(await stateOf(other.checkoutId, [wine.id])).toMatchObject({
      status: 'payment_failed',
      ledger: [],
      stock: [3],
      reconciliation: expect.stringContaining(`${other.intent.id}, ${other.intent.latest_charge}`),
    });
    // The request refunds it at once.
    expect((await stateOf(other.checkoutId, [wine.id])).reconciliation).toMatch(
      /\nRefunded automatically: \d+ cents \(re_controlled\)/,
    );
  });

  it('finds a checkout by its transfer group; an amount that differs is not settled', async () => {
    const producer = await createProducer(db());
    const wine = await createProduct(db(), producer.id, { stock: 5 });

    const byGroup = await startCheckout([{ productId: wine.id, quantity: 1 }], [producer.id]);
    const noMetadata = { ...byGroup.intent, metadata: {} };
    expect((await deliver(eventOf('payment_intent.succeeded', noMetadata))).statusCode).toBe(200);
    expect(await stateOf(byGroup.checkoutId, [wine.id])).toMatchObject({
      status: 'paid',
      imbalance: 0,
    });
    byGroup.charge.resolve(byGroup.intent);
    await byGroup.placing;

    const short = await startCheckout([{ productId: wine.id, quantity: 1 }], [producer.id]);
    const shortPaid = { ...short.intent, amount: short.intent.amount - 1 };
    const event = eventOf('payment_intent.succeeded', shortPaid);
    expect((await deliver(event)).statusCode).toBe(200);
    expect(await stateOf(short.checkoutId, [wine.id])).toMatchObject({
      status: 'processing',
      ledger: [],
      reconciliation: expect.stringContaining(`the checkout is for ${short.intent.amount} usd`),
    });
    // The request that charged the right amount still records its own outcome.
    short.charge.resolve(short.intent);
    await short.placing;
    expect(await stateOf(short.checkoutId, [wine.id])).toMatchObject({
      status: 'paid',
      stock: [3],
    });

    const stranger = eventOf('payment_intent.succeeded', {
      ...short.intent,
      id: `pi_${hex()}`,
      metadata: { checkout_id: 'not-a-uuid' },
      transfer_group: null,
    });
    expect((await deliver(stranger)).json()).toEqual({ received: true, duplicate: false });
    expect((await outcomeOf(stranger.id))?.outcome).toMatch(/^no checkout for pi_/);
  });

  it('account.updated: an older event never overwrites a newer state', async () => {
    const producer = await createProducer(db());
    const accountId = await createStripeAccount(producer.id);
    const state = (created: number, enabled: boolean) =>
      eventOf(
        'account.updated',
        {
          id: accountId,
          object: 'account',
          details_submitted: true,
          charges_enabled: enabled,
          payouts_enabled: enabled,
        },
        created,
      );
    const newer = state(clock + 50, false);
    const older = state(clock + 10, true);
    clock += 100;
    await deliver(newer, CONNECT_SECRET);
    await deliver(older, CONNECT_SECRET);
    expect(await accountState(accountId)).toMatchObject({
      charges_enabled: false,
      state_event_created: new Date(newer.created * 1000),
    });
    expect((await outcomeOf(older.id))?.outcome).toMatch(/older than the state already applied/);

    const unknown = eventOf('account.updated', { id: 'acct_unknown', object: 'account' });
    expect((await deliver(unknown)).statusCode).toBe(200);
    expect((await outcomeOf(unknown.id))?.outcome).toBe('no payment account acct_unknown');
  });
});

// PGlite is one connection: only PostgreSQL delivers at truly the same time.
describe.skipIf(process.env.TEST_DB_KIND !== 'postgres')('Stripe webhooks, concurrently', () => {
  it('five simultaneous deliveries, with the charging request finishing at once, settle once', async () => {
    const producer = await createProducer(db());
    const wine = await createProduct(db(), producer.id, { stock: 50 });
    for (let round = 0; round < 5; round++) {
      const started = await startCheckout([{ productId: wine.id, quantity: 2 }], [producer.id]);
      const event = eventOf('payment_intent.succeeded', started.intent);
      const deliveries = Promise.all(Array.from({ length: 5 }, () => deliver(event)));
      started.charge.resolve(started.intent);
      const [answers, answer] = await Promise.all([deliveries, started.placing]);
      expect(answers.map((response) => response.statusCode)).toEqual(Array(5).fill(200));
      expect(answers.filter((response) => !response.json().duplicate)).toHaveLength(1);
      expect(answer.orders[0]!.status).toBe('placed');
      expect(await stateOf(started.checkoutId, [wine.id])).toMatchObject({
        status: 'paid',
        ledger: ['charge', 'commission', 'transfer'],
        imbalance: 0,
        orderEvents: ['awaiting_payment', 'placed'],
        stock: [50 - 2 * (round + 1)],
      });
    }
  });

  it('a success and a failure of one payment at once: one of them wins, wholly', async () => {
    const producer = await createProducer(db());
    const wine = await createProduct(db(), producer.id, { stock: 100 });
    for (let round = 0; round < 5; round++) {
      const started = await startCheckout([{ productId: wine.id, quantity: 1 }], [producer.id]);
      const before = await stockOf(db(), wine.id);
      const success = eventOf('payment_intent.succeeded', started.intent);
      const failure = eventOf('payment_intent.payment_failed', failedIntent(started.intent));
      const answers = await Promise.all(
        [success, failure, success, failure, success, failure].map((event) => deliver(event)),
      );
      expect(answers.map((response) => response.statusCode)).toEqual(Array(6).fill(200));
      const state = await stateOf(started.checkoutId, [wine.id]);
      if (state.status === 'paid') {
        expect(state).toMatchObject({
          ledger: ['charge', 'commission', 'transfer'],
          stock: [before],
        });
      } else {
        expect(state).toMatchObject({ status: 'payment_failed', ledger: [], stock: [before! + 1] });
      }
      expect(state.orderEvents).toHaveLength(2);
      started.charge.resolve(started.intent);
      await started.placing.catch(() => undefined);
    }
  });
});
