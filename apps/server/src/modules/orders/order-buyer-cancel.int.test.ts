import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, orders } from '../../db/tables';
import { gql } from '../../test/graphql-client';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createProducer, createProduct, stockOf } from '../checkout/checkout-fixtures';
import {
  ADVANCE,
  checkOutOne,
  checkoutImbalance,
  createUser,
  firstError,
  mutateOrder,
  orderAs,
  ORDER_FIELDS,
  type TestUser,
} from './order-management-fixtures';

/** A buyer cancels their own order until the producer accepts it; nobody else can. */

const CANCEL_MINE = `mutation($id: Int!, $reason: String) {
  cancelMyOrder(id: $id, reason: $reason) { ${ORDER_FIELDS} }
}`;

let t: TestApp;
const db = () => t.database.db;
let shop: { id: number; name: string; slug: string };
let seller: TestUser;
let buyer: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  shop = await createProducer(db(), { sales_tax_rate: '8.8750' });
  seller = await createUser(t.app, db(), { businessIds: [shop.id] });
  buyer = await createUser(t.app, db(), { name: 'Casey Buyer' });
  stranger = await createUser(t.app, db());
});
afterAll(() => t.close());

const mailsAfter = async (id: number) =>
  (await db().select().from(mailOutbox).orderBy(desc(mailOutbox.id))).filter((m) => m.id > id);
const lastMailId = async () =>
  (await db().select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1))[0]?.id ?? 0;

describe('a buyer cancelling their own order', () => {
  it('before it is accepted: refunded in full, stock back, both sides emailed', async () => {
    const wine = await createProduct(db(), shop.id, { retail: [[1, 2500]], stock: 10 });
    const placed = await checkOutOne(t.app, buyer, [{ productId: wine.id, quantity: 2 }], shop.id);
    expect(await stockOf(db(), wine.id)).toBe(8);
    expect((await orderAs(t.app, buyer, placed.id))!.buyerCanCancel).toBe(true);
    expect((await orderAs(t.app, seller, placed.id))!.buyerCanCancel).toBe(false);
    const before = await lastMailId();

    const cancelled = await mutateOrder(t.app, buyer, CANCEL_MINE, {
      id: placed.id,
      reason: 'Ordered the wrong vintage',
    });
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      refundedCents: placed.totalCents,
      buyerCanCancel: false,
    });
    expect(cancelled.events.at(-1)).toMatchObject({
      fromStatus: 'placed',
      toStatus: 'cancelled',
      note: expect.stringMatching(/^Cancelled by the buyer: .*Ordered the wrong vintage$/),
    });
    expect(await stockOf(db(), wine.id)).toBe(10);
    expect(await checkoutImbalance(db(), placed.id)).toBe(0);
    const mails = await mailsAfter(before);
    expect(mails.map((mail) => [mail.to_address, mail.subject]).sort()).toEqual(
      [
        ['buyer@bevy.example', `Your Bevy order ${placed.number} was cancelled`],
        [seller.email, `Order ${placed.number} was cancelled by the buyer`],
      ].sort(),
    );
    const toSeller = mails.find((mail) => mail.to_address === seller.email)!;
    expect(toSeller.text_body).toContain('Their reason: Ordered the wrong vintage');
    expect(toSeller.text_body).toContain("$54.44 was refunded to the buyer's card.");
  });

  it('is refused once the producer accepted, and twice; nothing changes', async () => {
    const wine = await createProduct(db(), shop.id, { retail: [[1, 1800]], stock: 10 });
    const placed = await checkOutOne(t.app, buyer, [{ productId: wine.id, quantity: 1 }], shop.id);
    await mutateOrder(t.app, seller, ADVANCE, { id: placed.id, to: 'accepted' });
    expect((await orderAs(t.app, buyer, placed.id))!.buyerCanCancel).toBe(false);
    const refused = await gql(t.app, CANCEL_MINE, { id: placed.id }, { cookie: buyer.cookie });
    expect(firstError(refused)).toMatchObject({
      code: 'INVALID_TRANSITION',
      message:
        'The producer has accepted this order, so only they can cancel it now. Contact them about it.',
    });
    const [row] = await db().select().from(orders).where(eq(orders.id, placed.id));
    expect(row).toMatchObject({ status: 'accepted', refunded_cents: 0 });
  });

  it('is NOT_FOUND for anyone but the buyer, the producer included, and for nobody logged in', async () => {
    const wine = await createProduct(db(), shop.id, { retail: [[1, 1800]], stock: 10 });
    const placed = await checkOutOne(t.app, buyer, [{ productId: wine.id, quantity: 1 }], shop.id);
    for (const who of [stranger, seller]) {
      const answer = await gql(t.app, CANCEL_MINE, { id: placed.id }, { cookie: who.cookie });
      expect(firstError(answer)).toMatchObject({ code: 'NOT_FOUND' });
    }
    expect(firstError(await gql(t.app, CANCEL_MINE, { id: placed.id }))).toMatchObject({
      code: 'UNAUTHENTICATED',
    });
    const [row] = await db().select().from(orders).where(eq(orders.id, placed.id));
    expect(row!.status).toBe('placed');
  });
});
