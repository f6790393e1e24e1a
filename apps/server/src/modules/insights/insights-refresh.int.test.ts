import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, type Database } from '../../db/client';
import { createTestDatabase } from '../../test/test-app';
import { createBuyer, createProducer } from '../checkout/checkout-fixtures';
import { refreshInsights } from './insights-refresh';
import { insertOrderAt } from './testing/insights-fixtures';

/**
 * Refreshes racing each other and the writers, as two server processes (two pools) would: the
 * sums still equal the orders, day by day, and no refresh fails on a duplicate key.
 */

const onPostgres = process.env.TEST_DB_KIND === 'postgres';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!onPostgres)('refreshing the daily sums concurrently', () => {
  let first: Database;
  let second: Database;
  let drop: () => Promise<void>;
  let businessId: number;
  let buyerId: number;

  beforeAll(async () => {
    const made = await createTestDatabase();
    first = made.database;
    second = await made.openAnother!();
    drop = made.drop;
    businessId = (await createProducer(first.db)).id;
    buyerId = await createBuyer(first.db);
  });
  afterAll(() => drop());

  const day = (n: number) => `2026-10-${String(1 + (n % 9)).padStart(2, '0')}`;

  /** Per day: the sums as stored, and as SQL computes them from the orders. */
  async function storedAndExpected() {
    const stored = rowsOf<{ day: string; orders: string; gross: string; refunded: string }>(
      await first.db.execute(sql`
        select day::text as day, sum(orders) as orders, sum(gross_cents) as gross,
          sum(refunded_cents) as refunded
        from sales_daily
        where business_id = ${businessId} and dimension = 'all' and orders > 0
        group by day order by day`),
    );
    const expected = rowsOf<{ day: string; orders: string; gross: string; refunded: string }>(
      await first.db.execute(sql`
        select (created_at at time zone 'UTC')::date::text as day, count(*) as orders,
          sum(total_cents) as gross, sum(refunded_cents) as refunded
        from orders where business_id = ${businessId}
          and status not in ('awaiting_payment', 'payment_failed', 'cancelled')
        group by 1 order by 1`),
    );
    const plain = (rows: typeof stored) => rows.map((row) => Object.values(row).map(String));
    return { stored: plain(stored), expected: plain(expected) };
  }

  it('never counts a day twice, while orders keep coming', async () => {
    let written = 0;
    for (let round = 0; round < 12; round += 1) {
      const writes = Array.from({ length: 4 }, (_, index) =>
        insertOrderAt(index % 2 === 0 ? first.db : second.db, {
          businessId,
          buyerId,
          at: `${day(round * 4 + index)}T${String(10 + index).padStart(2, '0')}:00:00Z`,
          lines: [[null, `Lot ${round}`, 1000 + index, 1 + index, index === 3 ? 1 : 0]],
        }),
      );
      const refreshes = [
        refreshInsights(first.db, [businessId]),
        refreshInsights(second.db, [businessId]),
        refreshInsights(second.db),
        refreshInsights(first.db),
      ];
      await Promise.all([...writes, ...refreshes]);
      written += writes.length;
    }
    await refreshInsights(first.db, [businessId]);
    const { stored, expected } = await storedAndExpected();
    expect(stored).toEqual(expected);
    expect(expected.reduce((sum, row) => sum + Number(row[1]), 0)).toBe(written);
  });

  it('makes a second refresh wait for one in flight, then recompute the day again', async () => {
    const at = `${day(5)}T21:00:00Z`;
    await insertOrderAt(first.db, { businessId, buyerId, at, lines: [[null, 'Lot A', 700, 1]] });
    // Holds the first refresh halfway: its sales sums rewritten, its product sums waiting.
    let release!: () => void;
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const blocker = first.db.transaction(async (tx) => {
      await tx.execute(sql`lock table product_sales_daily in access exclusive mode`);
      locked();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await isLocked;
    const inFlight = refreshInsights(second.db, [businessId]);
    await sleep(200);
    await insertOrderAt(first.db, { businessId, buyerId, at, lines: [[null, 'Lot B', 900, 2]] });
    const next = refreshInsights(first.db, [businessId]);
    await sleep(200);
    release();
    await blocker;
    expect((await Promise.all([inFlight, next])).map((r) => r.days)).toEqual([1, 1]);
    const { stored, expected } = await storedAndExpected();
    expect(stored).toEqual(expected);
  });

  it('leaves nothing to do once claimed, and two claims of the same marks recompute once', async () => {
    await insertOrderAt(first.db, {
      businessId,
      buyerId,
      at: `${day(3)}T20:00:00Z`,
      lines: [[null, 'Late lot', 5000, 2]],
    });
    const results = await Promise.all([
      refreshInsights(first.db, [businessId]),
      refreshInsights(second.db, [businessId]),
    ]);
    // The marks go to whichever locks first; the other finds none left.
    expect(results.map((r) => r.days).sort()).toEqual([0, 1]);
    expect(await refreshInsights(first.db)).toEqual({ days: 0 });
    const { stored, expected } = await storedAndExpected();
    expect(stored).toEqual(expected);
  });
});
