import { commissionOf, percentOf, percentToMillionths } from '@bevy/core';
import { desc, eq } from 'drizzle-orm';
import { DomainError } from '../../platform/domain-error';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, orderLines, orders } from '../../db/tables';
import { gql } from '../../test/graphql-client';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createOfflineProvider } from '../payments/offline-provider';
import {
  PaymentProviderError,
  type ChargeRefundRequest,
  type PaymentProvider,
  type TransferReversalRequest,
} from '../../platform/payment-provider';
import {
  createProducer,
  createProduct,
  stockOf,
  TEST_MAIL_CONFIG,
} from '../checkout/checkout-fixtures';
import {
  ADVANCE,
  CANCEL,
  checkOutOne,
  checkoutImbalance,
  connectPayouts,
  createUser,
  firstError,
  ledgerOfOrder,
  mutateOrder,
  orderAs,
  REFUND_LINE,
  type OrderResult,
  type TestUser,
} from './order-management-fixtures';
import { cancelOrder } from './order-changes.service';
import { refundOrderLine } from './order-refunds.service';

let t: TestApp;
const db = () => t.database.db;
let shop: { id: number; name: string; slug: string };
let connectedShop: { id: number; name: string; slug: string };
let seller: TestUser;
let buyer: TestUser;

const TAX = '8.8750';

beforeAll(async () => {
  t = await createTestApp();
  shop = await createProducer(db(), { sales_tax_rate: TAX });
  connectedShop = await createProducer(db(), { sales_tax_rate: TAX });
  await connectPayouts(db(), connectedShop.id);
  seller = await createUser(t.app, db(), { businessIds: [shop.id, connectedShop.id] });
  buyer = await createUser(t.app, db());
});
afterAll(() => t.close());

/** What the order's buyer paid and what its sellers got, as the ledger says, by kind. */
async function ledgerSums(orderId: number) {
  const sums: Record<string, number> = {};
  for (const entry of await ledgerOfOrder(db(), orderId)) {
    sums[entry.kind] = (sums[entry.kind] ?? 0) + entry.amount_cents;
  }
  return sums;
}

/** A seller's context for calling the service directly, with a provider of the test's choice. */
const sellerContext = (payments: PaymentProvider) => ({
  db: db(),
  config: TEST_MAIL_CONFIG,
  log: t.app.log,
  payments,
  viewer: { id: seller.id, sessionId: 'test-session', isAdmin: false },
});

/** The offline provider, remembering what it was asked to do. */
function spyingProvider(overrides: Partial<PaymentProvider> = {}) {
  const offline = createOfflineProvider();
  const refunds: ChargeRefundRequest[] = [];
  const reversals: TransferReversalRequest[] = [];
  const provider: PaymentProvider = {
    ...offline,
    refundCharge: async (request) => {
      refunds.push(request);
      return offline.refundCharge(request);
    },
    reverseTransfer: async (request) => {
      reversals.push(request);
      return offline.reverseTransfer(request);
    },
    ...overrides,
  };
  return { provider, refunds, reversals };
}

async function codeOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('Expected a refusal.');
}

async function everything(orderId: number) {
  const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
  const lines = await db().select().from(orderLines).where(eq(orderLines.order_id, orderId));
  return { order, lines, ledger: await ledgerOfOrder(db(), orderId) };
}

describe('cancelling an order', () => {
  it('refunds the buyer in full, reverses commission and payout, gives back the stock', async () => {
    const wine = await createProduct(db(), shop.id, { retail: [[1, 2599]], stock: 10 });
    const rose = await createProduct(db(), shop.id, { retail: [[1, 1333]] });
    const placed = await checkOutOne(
      t.app,
      buyer,
      [
        { productId: wine.id, quantity: 3 },
        { productId: rose.id, quantity: 2 },
      ],
      shop.id,
    );
    expect(await stockOf(db(), wine.id)).toBe(7);
    await mutateOrder(t.app, seller, ADVANCE, { id: placed.id, to: 'accepted' });
    const before = (await orderAs(t.app, seller, placed.id))!;

    const cancelled = await mutateOrder(t.app, seller, CANCEL, {
      id: placed.id,
      reason: '  The vintage is corked  ',
    });
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      statusLabel: 'Cancelled',
      refundedCents: before.totalCents,
      commissionCents: 0,
      payoutCents: 0,
      payoutStatus: 'reversed',
      canCancel: false,
      nextStatuses: [],
    });
    expect(cancelled.lines.map((line) => line.refundedQuantity)).toEqual([3, 2]);
    expect(cancelled.events.at(-1)).toMatchObject({
      fromStatus: 'accepted',
      toStatus: 'cancelled',
      note: 'The vintage is corked',
    });
    const [order] = await db().select().from(orders).where(eq(orders.id, placed.id));
    const sums = await ledgerSums(placed.id);
    expect(sums).toEqual({
      commission: order!.commission_cents,
      transfer: order!.payout_cents,
      refund: order!.total_cents,
      commission_reversal: order!.commission_cents,
      transfer_reversal: order!.payout_cents,
    });
    const refund = (await ledgerOfOrder(db(), placed.id)).find((e) => e.kind === 'refund')!;
    expect(refund.provider_reference).toMatch(/^re_offline_/);
    expect(refund.business_id).toBe(shop.id);
    expect(await checkoutImbalance(db(), placed.id)).toBe(0);
    expect(await stockOf(db(), wine.id)).toBe(10);
    expect(await stockOf(db(), rose.id)).toBeNull();
    const [mail] = await db().select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1);
    expect(mail).toMatchObject({
      to_address: 'buyer@bevy.example',
      subject: expect.stringContaining(placed.number),
    });
    // The buyer sees the cancellation and the refund, not the money behind it.
    expect(await orderAs(t.app, buyer, placed.id)).toMatchObject({
      status: 'cancelled',
      refundedCents: before.totalCents,
      commissionCents: null,
    });
  });

  it('takes back a payout that was already transferred, at the provider', async () => {
    const wine = await createProduct(db(), connectedShop.id, { retail: [[1, 4000]] });
    const placed = await checkOutOne(
      t.app,
      buyer,
      [{ productId: wine.id, quantity: 2 }],
      connectedShop.id,
    );
    expect((await orderAs(t.app, seller, placed.id))!.payoutStatus).toBe('transferred');
    const cancelled = await mutateOrder(t.app, seller, CANCEL, { id: placed.id });
    expect(cancelled).toMatchObject({ payoutStatus: 'reversed', payoutCents: 0 });
    expect(cancelled.events.at(-1)!.note).toBeNull();
    const reversal = (await ledgerOfOrder(db(), placed.id)).find(
      (entry) => entry.kind === 'transfer_reversal',
    )!;
    expect(reversal.provider_reference).toMatch(/^trr_offline_/);
    expect(await checkoutImbalance(db(), placed.id)).toBe(0);
  });

  it('refuses a reason longer than 500 characters, changing nothing', async () => {
    const wine = await createProduct(db(), shop.id, { retail: [[1, 1000]] });
    const placed = await checkOutOne(t.app, buyer, [{ productId: wine.id, quantity: 1 }], shop.id);
    const before = await everything(placed.id);
    const result = await gql(
      t.app,
      CANCEL,
      { id: placed.id, reason: 'x'.repeat(501) },
      { cookie: seller.cookie },
    );
    expect(firstError(result)).toMatchObject({ code: 'BAD_USER_INPUT', field: 'reason' });
    expect(await everything(placed.id)).toEqual(before);
  });
});

describe('refunding part of a line', () => {
  it('refunds unit price × quantity with its share of tax + fees; then cancelling returns exactly the rest', async () => {
    const wine = await createProduct(db(), shop.id, { retail: [[1, 2599]], stock: 20 });
    const rose = await createProduct(db(), shop.id, { retail: [[1, 1333]], stock: 20 });
    const placed = await checkOutOne(
      t.app,
      buyer,
      [
        { productId: wine.id, quantity: 3 },
        { productId: rose.id, quantity: 2 },
      ],
      shop.id,
    );
    const order = (await orderAs(t.app, seller, placed.id))!;
    const [wineLine, roseLine] = order.lines;
    const rate = percentToMillionths(TAX);
    const keptTotal = (subtotal: number) => subtotal + percentOf(subtotal, rate);

    const first = await mutateOrder(t.app, seller, REFUND_LINE, {
      orderId: placed.id,
      lineId: wineLine!.id,
      quantity: 1,
      reason: 'Broken bottle',
    });
    // 10,463 subtotal → 10,463 − 2,599 = 7,864 kept.
    const expectedFirst = order.totalCents - keptTotal(order.subtotalCents - 2599);
    expect(first).toMatchObject({ status: 'placed', refundedCents: expectedFirst });
    expect(first.lines.map((line) => line.refundedQuantity)).toEqual([1, 0]);
    expect(first.commissionCents).toBe(commissionOf(order.subtotalCents - 2599));
    expect(first.events.at(-1)).toMatchObject({
      fromStatus: 'placed',
      toStatus: 'placed',
      note: expect.stringMatching(/^Refunded 1 × .+ \(\$\d+\.\d\d\): Broken bottle$/),
    });
    expect(await checkoutImbalance(db(), placed.id)).toBe(0);

    await mutateOrder(t.app, seller, ADVANCE, { id: placed.id, to: 'accepted' });
    const second = await mutateOrder(t.app, seller, REFUND_LINE, {
      orderId: placed.id,
      lineId: roseLine!.id,
      quantity: 2,
    });
    expect(second.refundedCents).toBe(order.totalCents - keptTotal(2 * 2599));
    expect(second.lines.map((line) => line.refundedQuantity)).toEqual([1, 2]);
    expect(await checkoutImbalance(db(), placed.id)).toBe(0);

    const cancelled = await mutateOrder(t.app, seller, CANCEL, { id: placed.id });
    expect(cancelled.refundedCents).toBe(order.totalCents);
    expect(cancelled.commissionCents).toBe(0);
    expect(cancelled.payoutCents).toBe(0);
    const sums = await ledgerSums(placed.id);
    expect(sums.refund).toBe(order.totalCents);
    expect(sums.commission_reversal).toBe(sums.commission);
    expect(sums.transfer_reversal).toBe(sums.transfer);
    expect((await ledgerOfOrder(db(), placed.id)).filter((e) => e.kind === 'refund')).toHaveLength(
      3,
    );
    expect(await checkoutImbalance(db(), placed.id)).toBe(0);
    // Refunded units stay sold; the other two bottles of wine come back. The rosé was all refunded.
    expect(await stockOf(db(), wine.id)).toBe(20 - 1);
    expect(await stockOf(db(), rose.id)).toBe(20 - 2);
  });

  it('works after fulfillment, and refuses more than is left, a line of another order, zero', async () => {
    const wine = await createProduct(db(), shop.id, { retail: [[1, 1200]] });
    const placed = await checkOutOne(t.app, buyer, [{ productId: wine.id, quantity: 3 }], shop.id);
    const other = await checkOutOne(t.app, buyer, [{ productId: wine.id, quantity: 1 }], shop.id);
    for (const to of ['accepted', 'ready_for_pickup', 'completed']) {
      await mutateOrder(t.app, seller, ADVANCE, { id: placed.id, to });
    }
    const order = (await orderAs(t.app, seller, placed.id))!;
    const lineId = order.lines[0]!.id;
    const otherLineId = (await orderAs(t.app, seller, other.id))!.lines[0]!.id;
    const refund = (variables: Record<string, unknown>) =>
      gql(
        t.app,
        REFUND_LINE,
        { orderId: placed.id, lineId, ...variables },
        {
          cookie: seller.cookie,
        },
      );

    const partly = await mutateOrder(t.app, seller, REFUND_LINE, {
      orderId: placed.id,
      lineId,
      quantity: 1,
    });
    expect(partly).toMatchObject({ status: 'completed', refundedCents: expect.any(Number) });
    const before = await everything(placed.id);
    expect(firstError(await refund({ quantity: 3 }))).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'quantity',
      message: 'Only 2 of this line can still be refunded.',
    });
    expect(firstError(await refund({ quantity: 0 }))).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'quantity',
    });
    expect(firstError(await refund({ quantity: -1 }))).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'quantity',
    });
    expect(firstError(await refund({ quantity: 1, lineId: otherLineId }))).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'lineId',
    });
    expect(await everything(placed.id)).toEqual(before);

    const all = await mutateOrder(t.app, seller, REFUND_LINE, {
      orderId: placed.id,
      lineId,
      quantity: 2,
    });
    expect(all).toMatchObject({
      refundedCents: order.totalCents,
      payoutStatus: 'reversed',
      payoutCents: 0,
      commissionCents: 0,
    });
    expect(all.status).toBe('refunded');
    expect(firstError(await refund({ quantity: 1 }))).toMatchObject({
      code: 'BAD_USER_INPUT',
      message: 'This line has been refunded in full already.',
    });
    expect(await checkoutImbalance(db(), placed.id)).toBe(0);
  });

  it('refunding the last unit makes the order Refunded, ends its workflow and emails the buyer each time', async () => {
    // The sequence that once blanked the order page: 8.875%, 2 × $25, one unit, then the last.
    const wine = await createProduct(db(), shop.id, { retail: [[1, 2500]], stock: 10 });
    const placed = await checkOutOne(t.app, buyer, [{ productId: wine.id, quantity: 2 }], shop.id);
    const order = (await orderAs(t.app, seller, placed.id))!;
    const lineId = order.lines[0]!.id;
    const mailsSince = async (id: number) =>
      (await db().select().from(mailOutbox).orderBy(desc(mailOutbox.id))).filter(
        (mail) => mail.id > id,
      );
    const [latest] = await db().select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1);
    const before = latest?.id ?? 0;

    const first = await mutateOrder(t.app, seller, REFUND_LINE, {
      orderId: placed.id,
      lineId,
      quantity: 1,
    });
    expect(first.status).toBe('placed');
    const [partMail] = await mailsSince(before);
    expect(partMail).toMatchObject({
      to_address: 'buyer@bevy.example',
      subject: `A refund on your Bevy order ${placed.number}`,
      text_body: expect.stringContaining(`A refund of $27.22 goes back to the card`),
    });

    const last = await mutateOrder(t.app, seller, REFUND_LINE, {
      orderId: placed.id,
      lineId,
      quantity: 1,
    });
    expect(last).toMatchObject({ status: 'refunded', refundedCents: order.totalCents });
    expect(last.events.at(-1)).toMatchObject({ fromStatus: 'placed', toStatus: 'refunded' });
    const [fullMail] = await mailsSince(partMail!.id);
    expect(fullMail).toMatchObject({
      to_address: 'buyer@bevy.example',
      subject: `Your Bevy order ${placed.number} was refunded`,
      text_body: expect.stringContaining('in full: $54.44 in all, with any part refunded before.'),
    });
    expect(order.totalCents).toBe(5444);

    // Nothing is left to accept, fulfil or cancel.
    expect(
      firstError(
        await gql(t.app, ADVANCE, { id: placed.id, to: 'accepted' }, { cookie: seller.cookie }),
      ),
    ).toMatchObject({ code: 'INVALID_TRANSITION' });
    expect(
      firstError(await gql(t.app, CANCEL, { id: placed.id }, { cookie: seller.cookie })),
    ).toMatchObject({ code: 'INVALID_TRANSITION' });
    expect(await checkoutImbalance(db(), placed.id)).toBe(0);
  });
});

describe('the payment provider', () => {
  it('is asked with keys unique to each refund of the order, and with the reason', async () => {
    const wine = await createProduct(db(), connectedShop.id, { retail: [[1, 1000]] });
    const placed = await checkOutOne(
      t.app,
      buyer,
      [{ productId: wine.id, quantity: 4 }],
      connectedShop.id,
    );
    const lineId = (await orderAs(t.app, seller, placed.id))!.lines[0]!.id;
    const spy = spyingProvider();
    await refundOrderLine(sellerContext(spy.provider), {
      orderId: placed.id,
      lineId,
      quantity: 1,
      reason: 'Dented',
    });
    await cancelOrder(sellerContext(spy.provider), { id: placed.id });
    const [checkout] = await db()
      .select({ checkoutId: orders.checkout_id })
      .from(orders)
      .where(eq(orders.id, placed.id));
    const prefix = `${checkout!.checkoutId}-${placed.id}`;
    expect(spy.refunds.map((request) => request.idempotencyKey)).toEqual([
      `bevy-refund-${prefix}-1`,
      `bevy-refund-${prefix}-2`,
    ]);
    expect(spy.refunds[0]!.reason).toBe('Dented');
    expect(spy.reversals.map((request) => request.idempotencyKey)).toEqual([
      `bevy-transfer-reversal-${prefix}-1`,
      `bevy-transfer-reversal-${prefix}-2`,
    ]);
    const transfer = (await ledgerOfOrder(db(), placed.id)).find((e) => e.kind === 'transfer')!;
    expect(
      spy.reversals.every((request) => request.transferId === transfer.provider_reference),
    ).toBe(true);
    const sums = await ledgerSums(placed.id);
    expect(spy.refunds.reduce((sum, request) => sum + request.amountCents, 0)).toBe(sums.refund);
    expect(spy.reversals.reduce((sum, request) => sum + request.amountCents, 0)).toBe(
      sums.transfer_reversal,
    );
  });

  it('failing: REFUND_FAILED and nothing recorded; a retry uses the same keys', async () => {
    const wine = await createProduct(db(), connectedShop.id, { retail: [[1, 1500]], stock: 5 });
    const placed = await checkOutOne(
      t.app,
      buyer,
      [{ productId: wine.id, quantity: 2 }],
      connectedShop.id,
    );
    const before = await everything(placed.id);
    const stock = await stockOf(db(), wine.id);

    const down = spyingProvider({
      refundCharge: async () => {
        throw new PaymentProviderError('Stripe could not refund the buyer.');
      },
    });
    expect(
      await codeOf(cancelOrder(sellerContext(down.provider), { id: placed.id })),
    ).toMatchObject({ code: 'REFUND_FAILED' });
    expect(await everything(placed.id)).toEqual(before);
    expect(await stockOf(db(), wine.id)).toBe(stock);

    // The buyer's refund goes through, the producer's payout cannot be taken back.
    const halfway = spyingProvider({
      reverseTransfer: async () => {
        throw new PaymentProviderError('Stripe could not take back the payout.');
      },
    });
    expect(
      await codeOf(cancelOrder(sellerContext(halfway.provider), { id: placed.id })),
    ).toMatchObject({ code: 'REFUND_FAILED' });
    expect(await everything(placed.id)).toEqual(before);

    const working = spyingProvider();
    await cancelOrder(sellerContext(working.provider), { id: placed.id });
    // The same key as the refund already made: the provider answers with it, no second refund.
    expect(working.refunds[0]!.idempotencyKey).toBe(halfway.refunds[0]!.idempotencyKey);
    expect(working.refunds[0]!.amountCents).toBe(halfway.refunds[0]!.amountCents);
    const after = await everything(placed.id);
    expect(after.order!.status).toBe('cancelled');
    expect(after.order!.refunded_cents).toBe(after.order!.total_cents);
    expect(await checkoutImbalance(db(), placed.id)).toBe(0);
    expect(await stockOf(db(), wine.id)).toBe(5);
  });
});

describe('refunds at the same time', () => {
  it('never refund more than was bought, whatever the interleaving', async () => {
    const wine = await createProduct(db(), shop.id, { retail: [[1, 1999]], stock: 30 });
    for (let round = 0; round < 3; round++) {
      const placed = await checkOutOne(
        t.app,
        buyer,
        [{ productId: wine.id, quantity: 5 }],
        shop.id,
      );
      const order = (await orderAs(t.app, seller, placed.id))!;
      const lineId = order.lines[0]!.id;
      const results = await Promise.all(
        Array.from({ length: 8 }, () =>
          gql(
            t.app,
            REFUND_LINE,
            { orderId: placed.id, lineId, quantity: 1 },
            {
              cookie: seller.cookie,
            },
          ),
        ),
      );
      const refused = results.map(firstError).filter((error) => error !== undefined);
      expect(results.length - refused.length, `round ${round}`).toBe(5);
      for (const error of refused) expect(error).toMatchObject({ code: 'BAD_USER_INPUT' });
      const final = (await orderAs(t.app, seller, placed.id))!;
      expect(final.lines[0]!.refundedQuantity).toBe(5);
      expect(final.refundedCents).toBe(order.totalCents);
      expect((await ledgerSums(placed.id)).refund).toBe(order.totalCents);
      expect(await checkoutImbalance(db(), placed.id)).toBe(0);
    }
  });

  it('a cancellation racing line refunds still refunds exactly the total', async () => {
    const wine = await createProduct(db(), shop.id, { retail: [[1, 777]], stock: 30 });
    const placed = await checkOutOne(t.app, buyer, [{ productId: wine.id, quantity: 4 }], shop.id);
    const order: OrderResult = (await orderAs(t.app, seller, placed.id))!;
    const lineId = order.lines[0]!.id;
    const [one, , two] = await Promise.all([
      gql(
        t.app,
        REFUND_LINE,
        { orderId: placed.id, lineId, quantity: 1 },
        {
          cookie: seller.cookie,
        },
      ),
      gql(t.app, CANCEL, { id: placed.id }, { cookie: seller.cookie }),
      gql(
        t.app,
        REFUND_LINE,
        { orderId: placed.id, lineId, quantity: 2 },
        {
          cookie: seller.cookie,
        },
      ),
      gql(t.app, CANCEL, { id: placed.id }, { cookie: seller.cookie }),
    ]);
    const final = (await orderAs(t.app, seller, placed.id))!;
    expect(final.status).toBe('cancelled');
    expect(final.refundedCents).toBe(order.totalCents);
    const refunds = (await ledgerOfOrder(db(), placed.id)).filter((e) => e.kind === 'refund');
    expect(refunds.reduce((sum, entry) => sum + entry.amount_cents, 0)).toBe(order.totalCents);
    expect(await checkoutImbalance(db(), placed.id)).toBe(0);
    // Units refunded line by line before the cancellation stay sold; the rest came back.
    const refundedFirst = (firstError(one!) ? 0 : 1) + (firstError(two!) ? 0 : 2);
    expect(await stockOf(db(), wine.id)).toBe(30 - refundedFirst);
  });
});
