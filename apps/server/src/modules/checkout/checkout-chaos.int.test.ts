import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkouts, ledgerEntries, orderLines, orders, products } from '../../db/tables';
import { createTestApp, type TestApp } from '../../test/test-app';
import { withDatabase } from '../../test/database-url';
import { createSession } from '../accounts/sessions';
import { createBuyer, createProducer, createProduct, orderRequest } from './checkout-fixtures';

const PLACE_ORDER = `mutation PlaceOrder($input: PlaceOrderInput!) {
  placeOrder(input: $input) { id orders { id } }
}`;
const ROUNDS = 20;
const BURST = 20;
const STOCK = 100_000;
/** Codes a buyer may see while the database is away: each says to try again with the same key. */
const RETRYABLE = new Set(['SERVICE_UNAVAILABLE', 'CHECKOUT_IN_PROGRESS']);

/** A small seeded generator, so a failing round can be replayed. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

interface Answer {
  status: number;
  placed: boolean;
  code: string | undefined;
  message: string | undefined;
}

// Every backend is terminated while checkouts run: what a failover or a network blip does.
describe.skipIf(process.env.TEST_DB_KIND !== 'postgres')(
  'checkouts when the database drops',
  () => {
    let t: TestApp;
    let base: string;
    let admin: pg.Client;
    let databaseName: string;
    const buyers: { id: number; cookie: string }[] = [];

    beforeAll(async () => {
      t = await createTestApp();
      base = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const db = t.database.db;
      const result = await db.execute(sql`select current_database() as name`);
      databaseName = (result as unknown as { rows: { name: string }[] }).rows[0]!.name;
      admin = new pg.Client({
        connectionString: withDatabase(process.env.TEST_DATABASE_URL!, 'postgres'),
      });
      await admin.connect();
      for (let i = 0; i < BURST; i++) {
        const id = await createBuyer(db);
        const session = await createSession(db, id, { ip: '127.0.0.1' });
        buyers.push({ id, cookie: `${t.config.sessionCookieName}=${session.token}` });
      }
    });
    afterAll(async () => {
      await admin?.end();
      await t?.close();
    });

    const terminateBackends = () =>
      admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [databaseName],
      );

    async function placeOrderOverHttp(cookie: string, input: unknown): Promise<Answer> {
      const response = await fetch(`${base}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ query: PLACE_ORDER, variables: { input } }),
      });
      const body = (await response.json()) as {
        data?: { placeOrder: unknown } | null;
        errors?: { message: string; extensions?: { code?: string } }[];
      };
      const error = body.errors?.[0];
      return {
        status: response.status,
        placed: Boolean(body.data?.placeOrder),
        code: error?.extensions?.code,
        message: error?.message,
      };
    }

    /** What a buyer does: submit, and while told to try again, try again with the same key. */
    async function checkoutAsBuyer(cookie: string, input: unknown): Promise<Answer[]> {
      const answers = [await placeOrderOverHttp(cookie, input)];
      while (!answers.at(-1)!.placed && RETRYABLE.has(answers.at(-1)!.code ?? '')) {
        if (answers.length > 20) break;
        await sleep(100);
        answers.push(await placeOrderOverHttp(cookie, input));
      }
      return answers;
    }

    it(`survives every backend terminated mid-burst, ${ROUNDS} times, and leaves nothing half-done`, async () => {
      const db = t.database.db;
      const random = seeded(12);
      const producers = [await createProducer(db), await createProducer(db)];
      const wines = [
        await createProduct(db, producers[0]!.id, { stock: STOCK }),
        await createProduct(db, producers[1]!.id, { stock: STOCK }),
      ];
      const codes = new Map<string, number>();
      for (let round = 0; round < ROUNDS; round++) {
        const delay = 40 + Math.floor(random() * 110);
        const burst = buyers.map((buyer, index) =>
          checkoutAsBuyer(
            buyer.cookie,
            orderRequest(
              [
                { productId: wines[0]!.id, quantity: 1 + (index % 3) },
                { productId: wines[1]!.id, quantity: 1 },
              ],
              producers.map((producer) => producer.id),
              { idempotencyKey: randomUUID() },
            ),
          ),
        );
        await sleep(delay);
        await terminateBackends();
        const outcomes = await Promise.all(burst);
        const where = `round ${round} (terminated after ${delay} ms)`;

        const health = await fetch(`${base}/health`);
        expect(health.status, where).toBe(200);
        for (const answers of outcomes) {
          for (const answer of answers) {
            const code = answer.placed ? 'placed' : (answer.code ?? String(answer.status));
            codes.set(code, (codes.get(code) ?? 0) + 1);
            // The one 5xx allowed: 503, the database was away, send the same request again.
            if (answer.status >= 500) {
              expect(answer, where).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
            }
            expect(answer.code, where).not.toBe('TOO_MANY_DECLINES');
            expect(answer.code, where).not.toBe('INTERNAL');
          }
          expect(answers.at(-1), where).toMatchObject({ placed: true });
        }

        // Nothing is left processing, awaiting payment, or holding stock it should not. (The
        // demo data's club charges wait for their retries: they are not carts.)
        const processing = await db
          .select({ id: checkouts.id })
          .from(checkouts)
          .where(and(eq(checkouts.status, 'processing'), eq(checkouts.origin, 'cart')));
        expect(processing, where).toEqual([]);
        const awaiting = await db
          .select({ id: orders.id })
          .from(orders)
          .innerJoin(checkouts, eq(checkouts.id, orders.checkout_id))
          .where(and(eq(orders.status, 'awaiting_payment'), eq(checkouts.origin, 'cart')));
        expect(awaiting, where).toEqual([]);
        for (const wine of wines) {
          const [held] = await db
            .select({ quantity: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int` })
            .from(orderLines)
            .innerJoin(orders, eq(orders.id, orderLines.order_id))
            .where(
              and(
                eq(orderLines.product_id, wine.id),
                eq(orderLines.stock_reserved, true),
                eq(orders.status, 'placed'),
              ),
            );
          const [product] = await db
            .select({ stock: products.stock_count })
            .from(products)
            .where(eq(products.id, wine.id));
          expect(product!.stock! + held!.quantity, `${where}: stock of ${wine.name}`).toBe(STOCK);
        }
      }

      // The terminations did hit checkouts in flight (else this test would prove nothing).
      expect(
        codes.get('SERVICE_UNAVAILABLE') ?? 0,
        JSON.stringify(Object.fromEntries(codes)),
      ).toBeGreaterThan(ROUNDS);

      // Every placed order is whole: its checkout is paid, with one charge and its own entries.
      const placed = await db
        .select({ id: orders.id, checkoutId: orders.checkout_id })
        .from(orders)
        .where(
          inArray(
            orders.business_id,
            producers.map((producer) => producer.id),
          ),
        );
      expect(placed.length).toBe(ROUNDS * BURST * 2);
      const paid = await db
        .select({ id: checkouts.id })
        .from(checkouts)
        .where(
          and(
            inArray(checkouts.id, [...new Set(placed.map((order) => order.checkoutId!))]),
            eq(checkouts.status, 'paid'),
          ),
        );
      expect(paid.length).toBe(ROUNDS * BURST);
      const entries = await db
        .select({ kind: ledgerEntries.kind, n: sql<number>`count(*)::int` })
        .from(ledgerEntries)
        .where(
          inArray(
            ledgerEntries.checkout_id,
            paid.map((checkout) => checkout.id),
          ),
        )
        .groupBy(ledgerEntries.kind);
      expect(Object.fromEntries(entries.map((entry) => [entry.kind, entry.n]))).toMatchObject({
        charge: ROUNDS * BURST,
        commission: ROUNDS * BURST * 2,
        transfer: ROUNDS * BURST * 2,
      });
    }, 240_000);
  },
);
