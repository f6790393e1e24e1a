import { eq } from 'drizzle-orm';
import { DomainError } from '../../platform/domain-error';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, orderLines, orders } from '../../db/tables';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  CARDS,
  checkoutContext,
  createBuyer,
  createProducer,
  createProduct,
  orderRequest,
  payingWith,
  stockOf,
  userIdByEmail,
} from './checkout-fixtures';
import { placeOrder } from './place-order';

// PGlite is one connection, so only PostgreSQL can run checkouts truly at the same time.
describe.skipIf(process.env.TEST_DB_KIND !== 'postgres')('concurrent checkouts', () => {
  let t: TestApp;
  let buyerId: number;
  /** Fifty buyers: one buyer's attempts in flight at once count against its card-testing limit. */
  let buyers: number[];
  beforeAll(async () => {
    t = await createTestApp();
    buyerId = await userIdByEmail(t.database.db, 'buyer@bevy.example');
    buyers = [];
    for (let i = 0; i < 50; i++) buyers.push(await createBuyer(t.database.db));
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  const asBuyer = (id = buyerId) => checkoutContext(db(), t.app.log, id);

  const statusesHolding = async (productId: number) =>
    (
      await db()
        .select({ status: orders.status })
        .from(orderLines)
        .innerJoin(orders, eq(orders.id, orderLines.order_id))
        .where(eq(orderLines.product_id, productId))
    ).map((row) => row.status);

  it('50 buyers of the last unit: exactly one order and 49 "sold out", 20 times over', async () => {
    const producer = await createProducer(db());
    for (let round = 0; round < 20; round++) {
      const wine = await createProduct(db(), producer.id, { stock: 1 });
      const results = await Promise.allSettled(
        buyers.map((id) =>
          placeOrder(
            asBuyer(id),
            orderRequest([{ productId: wine.id, quantity: 1 }], [producer.id]),
          ),
        ),
      );
      const placed = results.filter((result) => result.status === 'fulfilled');
      const refused = results.flatMap((result) =>
        result.status === 'rejected' ? [result.reason as unknown] : [],
      );
      expect(placed, `round ${round}`).toHaveLength(1);
      expect(refused).toHaveLength(49);
      for (const reason of refused) {
        expect(reason).toBeInstanceOf(DomainError);
        expect((reason as DomainError).code).toBe('SOLD_OUT');
        expect((reason as DomainError).message).toBe(`${wine.name} is sold out.`);
      }
      expect(await statusesHolding(wine.id)).toEqual(['placed']);
      expect(await stockOf(db(), wine.id)).toBe(0);
    }
  });

  it('10 submissions of one request at once: one order, one charge, the same answer', async () => {
    const producer = await createProducer(db());
    const wine = await createProduct(db(), producer.id, { stock: 100 });
    for (let round = 0; round < 5; round++) {
      const input = orderRequest([{ productId: wine.id, quantity: 3 }], [producer.id]);
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => placeOrder(asBuyer(), structuredClone(input))),
      );
      for (const answer of answers) expect(answer).toEqual(answers[0]);
      const charges = await db()
        .select({ kind: ledgerEntries.kind })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.checkout_id, answers[0]!.id));
      expect(charges.filter((entry) => entry.kind === 'charge')).toHaveLength(1);
    }
    expect(await statusesHolding(wine.id)).toEqual(Array(5).fill('placed'));
    expect(await stockOf(db(), wine.id)).toBe(100 - 5 * 3);
  });

  it('carts that share products in any order do not deadlock', async () => {
    const producer = await createProducer(db());
    const first = await createProduct(db(), producer.id, { stock: 100 });
    const second = await createProduct(db(), producer.id, { stock: 100 });
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, index) => {
        const lines = [
          { productId: first.id, quantity: 1 },
          { productId: second.id, quantity: 2 },
        ];
        return placeOrder(
          asBuyer(buyers[index]),
          orderRequest(index % 2 === 0 ? lines : lines.reverse(), [producer.id]),
        );
      }),
    );
    expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
    expect(await stockOf(db(), first.id)).toBe(80);
    expect(await stockOf(db(), second.id)).toBe(60);
  });

  it('fifteen declined cards sent at once by one buyer: at most five reach the card', async () => {
    const producer = await createProducer(db());
    const wine = await createProduct(db(), producer.id, { stock: 100 });
    const tester = await createBuyer(db());
    const results = await Promise.allSettled(
      Array.from({ length: 15 }, () =>
        placeOrder(
          asBuyer(tester),
          orderRequest(
            [{ productId: wine.id, quantity: 1 }],
            [producer.id],
            payingWith(CARDS.declined),
          ),
        ),
      ),
    );
    const codes = results.map((result) =>
      result.status === 'rejected' ? (result.reason as DomainError).code : 'placed',
    );
    expect(codes.filter((code) => code === 'PAYMENT_DECLINED').length).toBeLessThanOrEqual(5);
    expect(codes.every((code) => code === 'PAYMENT_DECLINED' || code === 'TOO_MANY_DECLINES')).toBe(
      true,
    );
    expect(await stockOf(db(), wine.id)).toBe(100);
  });
});
