import { SOFT_DECLINE_RETRY_DAYS, declineKind, shiftDate } from '@bevy/core';
import { and, eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import pMap from 'p-map';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../../db/client';
import {
  checkouts,
  clubChargeTries,
  clubShipments,
  ledgerEntries,
  memberships,
  offlineCharges,
  orderLines,
  orders,
  products,
} from '../../db/tables';
import {
  PaymentProviderError,
  type PaymentProvider,
  type SavedCardChargeRequest,
} from '../../platform/payment-provider';
import { createTestDatabase } from '../../test/test-app';
import { createOfflineProvider } from '../payments/offline-provider';
import {
  CLUB_CARDS,
  createClubWorld,
  createWorldRelease,
  joinAsNewBuyer,
  type ClubWorld,
} from './club-fixtures';
import { retryDueCharges, runRelease, type RunOptions } from './club-run';

/**
 * The run's promise, on PostgreSQL (decision 019): a release for 500 members with cards that
 * fail in every way, run by two processes at once, killed mid-way and restarted, then retried
 * day after day the same way, gives each member exactly one order (none when held or skipped) and
 * at most one successful charge, retries only soft declines on days 1, 3 and 7, and keeps the
 * ledger balanced and the stock exact.
 */

const onPostgres = process.env.TEST_DB_KIND === 'postgres';
const MEMBERS = 500;
const CHARGE_ON = '2027-03-10';
const STOCK = 10_000;

/** What happens to a member, drawn at random. */
const FATES = [
  'pays',
  'soft-always',
  'insufficient-funds',
  'soft-then-pays',
  'hard',
  'card-expires',
  'moved-away',
  'paused',
] as const;
type Fate = (typeof FATES)[number];

let database: Database;
let second: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  if (!onPostgres) return;
  const created = await createTestDatabase();
  ({ database, drop } = created);
  second = await created.openAnother!();
});
afterAll(() => drop?.());

/** A small seeded generator, so a failing case can be replayed from fast-check's seed. */
function randomFrom(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
}

const KEY = /^club-charge-r\d+-m(\d+)-t(\d+)$/;

/**
 * The offline provider as a flaky network and a set of cards: some members' cards decline at
 * the provider (hard, or soft at first), and a share of requests fail after or before reaching
 * it (the answer is lost). The same key always gets the same card behaviour, as at Stripe.
 */
function flakyProvider(
  real: PaymentProvider,
  fateOf: (membershipId: number) => Fate,
  random: () => number,
): PaymentProvider {
  return {
    ...real,
    async chargeSavedCard(request: SavedCardChargeRequest) {
      const [, membership, attempt] = KEY.exec(request.idempotencyKey)!.map(Number) as number[];
      const roll = random();
      if (roll < 0.03) throw new PaymentProviderError('connection reset', { outcomeUnknown: true });
      const fate = fateOf(membership!);
      if (fate === 'hard') {
        return { status: 'declined', code: 'lost_card', message: 'Declined.', paymentId: null };
      }
      if (fate === 'soft-then-pays' && attempt! < 3) {
        return {
          status: 'declined',
          code: 'insufficient_funds',
          message: 'No funds.',
          paymentId: null,
        };
      }
      const outcome = await real.chargeSavedCard(request);
      if (roll > 0.97) throw new PaymentProviderError('timeout', { outcomeUnknown: true });
      return outcome;
    },
  };
}

class Killed extends Error {}

/** A process's run options: it dies at its `killAt`-th step, if given. */
function processOptions(killAt: number | null): RunOptions {
  let steps = 0;
  return {
    batchSize: 40,
    concurrency: 4,
    onStep: () => {
      steps++;
      if (killAt !== null && steps === killAt) throw new Killed(`killed at step ${steps}`);
    },
  };
}

/** Runs `work` in two "processes" (pools of their own) at once; a killed one is only a crash. */
async function inTwoProcesses(
  worlds: [ClubWorld, ClubWorld],
  work: (world: ClubWorld, options: RunOptions) => Promise<unknown>,
  killAt: [number | null, number | null],
) {
  const results = await Promise.allSettled(
    worlds.map((world, index) => work(world, processOptions(killAt[index]!))),
  );
  for (const result of results) {
    if (result.status === 'rejected' && !(result.reason instanceof Killed)) throw result.reason;
  }
}

async function arrangeMembers(world: ClubWorld, fates: Fate[]): Promise<Map<number, Fate>> {
  const byMembership = new Map<number, Fate>();
  await pMap(
    fates,
    async (fate) => {
      const membership = await joinAsNewBuyer(world, {
        card:
          fate === 'soft-always'
            ? CLUB_CARDS.declinesLater
            : fate === 'insufficient-funds'
              ? CLUB_CARDS.insufficientFunds
              : CLUB_CARDS.succeeds,
      });
      byMembership.set(membership.id, fate);
      const change: Partial<typeof memberships.$inferInsert> | null =
        fate === 'card-expires'
          ? { card_exp_year: 2027, card_exp_month: 2 }
          : fate === 'moved-away'
            ? {
                address: {
                  name: 'Moved Member',
                  line1: '1 Congress Ave',
                  line2: null,
                  city: 'Austin',
                  state: 'TX',
                  zip: '78701',
                },
              }
            : fate === 'paused'
              ? { status: 'paused', paused_until: '2027-06-01' }
              : null;
      if (change) {
        await world.db.update(memberships).set(change).where(eq(memberships.id, membership.id));
      }
    },
    { concurrency: 8 },
  );
  return byMembership;
}

describe.skipIf(!onPostgres)('a release run on PostgreSQL', () => {
  it('charges each member at most once and orders once, however it is killed or doubled', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.integer({ min: 1, max: 400 }),
        fc.integer({ min: 1, max: 40 }),
        async (seed, firstKill, retryKill) => {
          await checkRun(seed, firstKill, retryKill);
        },
      ),
      // A case takes seconds: the first failure is reported as found, not shrunk.
      { numRuns: 1, endOnFailure: true },
    );
  }, 300_000);
});

async function checkRun(seed: number, firstKill: number, retryKill: number) {
  const random = randomFrom(seed);
  // Each member's fate and every flaky answer come from the seed, so a failure can be replayed.
  const fates = Array.from({ length: MEMBERS }, () => FATES[Math.floor(random() * FATES.length)]!);
  let fateOf = (_membership: number): Fate => 'pays';
  const world = await createClubWorld(database.db, {
    today: '2027-03-01',
    stock: STOCK,
    payments: flakyProvider(
      createOfflineProvider(database.db),
      (membership) => fateOf(membership),
      random,
    ),
  });
  const release = await createWorldRelease(world, CHARGE_ON);
  const fatesByMembership = await arrangeMembers(world, fates);
  fateOf = (membership) => fatesByMembership.get(membership) ?? 'pays';
  // The second process: its own pool, the same clock and provider.
  const other: ClubWorld = {
    ...world,
    db: second.db,
    system: { ...world.system, db: second.db },
    payments: flakyProvider(
      createOfflineProvider(second.db),
      (membership) => fateOf(membership),
      random,
    ),
  };
  other.system.payments = other.payments;

  const run = (target: ClubWorld, options: RunOptions) =>
    runRelease(target.system, release.id, options);
  world.clock.set(`${CHARGE_ON}T06:00:00Z`);
  await inTwoProcesses([world, other], run, [firstKill, null]);
  // Restarted after the lease of what the dead process held: twice, both processes each time.
  for (let restart = 0; restart < 3; restart++) {
    world.clock.advance(10 * 60_000);
    await inTwoProcesses([world, other], run, [null, null]);
  }

  for (let day = 1; day <= 9; day++) {
    world.clock.set(`${shiftDate(CHARGE_ON, day)}T06:00:00Z`);
    const retry = (target: ClubWorld, options: RunOptions) =>
      retryDueCharges(target.system, options);
    await inTwoProcesses([world, other], retry, [day % 2 === 0 ? retryKill : null, null]);
    world.clock.advance(10 * 60_000);
    await inTwoProcesses([world, other], retry, [null, null]);
    world.clock.advance(10 * 60_000);
    await inTwoProcesses([world, other], retry, [null, null]);
  }

  await expectEveryMemberSettled(world.db, release.id, fatesByMembership);
  await expectLedgerBalanced(world.db, release.id);
  await expectStockExact(world);
}

async function expectEveryMemberSettled(db: Db, releaseId: number, fates: Map<number, Fate>) {
  const shipments = await db
    .select()
    .from(clubShipments)
    .where(eq(clubShipments.release_id, releaseId));
  expect(shipments).toHaveLength(fates.size);
  const tries = await db
    .select()
    .from(clubChargeTries)
    .where(
      inArray(
        clubChargeTries.shipment_id,
        shipments.map((row) => row.id),
      ),
    );
  const successes = await db
    .select({
      membershipId: memberships.id,
      count: sql<number>`count(*)::int`,
    })
    .from(offlineCharges)
    .innerJoin(
      memberships,
      eq(memberships.card_payment_method_id, offlineCharges.payment_method_id),
    )
    .where(and(sql`${offlineCharges.charge_id} is not null`))
    .groupBy(memberships.id);
  const chargedAtProvider = new Map(successes.map((row) => [row.membershipId, row.count]));
  const orderRows = await db
    .select({ id: orders.id, status: orders.status, buyerId: orders.buyer_id })
    .from(orders)
    .innerJoin(clubShipments, eq(clubShipments.order_id, orders.id))
    .where(eq(clubShipments.release_id, releaseId));

  for (const shipment of shipments) {
    const fate = fates.get(shipment.membership_id)!;
    const mine = tries
      .filter((row) => row.shipment_id === shipment.id)
      .sort((a, b) => a.try_number - b.try_number);
    const context = `membership ${shipment.membership_id} (${fate})`;
    const expected: Record<Fate, string> = {
      pays: 'charged',
      'soft-then-pays': 'charged',
      'soft-always': 'declined',
      'insufficient-funds': 'declined',
      hard: 'declined',
      'card-expires': 'held',
      'moved-away': 'held',
      paused: 'skipped',
    };
    expect(shipment.outcome, context).toBe(expected[fate]);
    expect(chargedAtProvider.get(shipment.membership_id) ?? 0, context).toBe(
      shipment.outcome === 'charged' ? 1 : 0,
    );
    const order = orderRows.filter((row) => row.id === shipment.order_id);
    if (shipment.outcome === 'held' || shipment.outcome === 'skipped') {
      expect(shipment.order_id, context).toBeNull();
      expect(mine, context).toHaveLength(0);
      continue;
    }
    expect(order, context).toHaveLength(1);
    expect(order[0]!.status, context).toBe(
      shipment.outcome === 'charged' ? 'placed' : 'payment_failed',
    );
    // Tries 1..n, every one answered, the last one the outcome; each after a soft decline only,
    // on its day of the schedule.
    expect(
      mine.map((row) => row.try_number),
      context,
    ).toEqual(mine.map((_, index) => index + 1));
    expect(
      mine.every((row) => row.status !== 'asking'),
      context,
    ).toBe(true);
    mine.forEach((attempt, index) => {
      const offset = index === 0 ? 0 : SOFT_DECLINE_RETRY_DAYS[index - 1]!;
      expect(attempt.created_at.toISOString().slice(0, 10), context).toBe(
        shiftDate(CHARGE_ON, offset),
      );
      if (index > 0) {
        const before = mine[index - 1]!;
        expect(before.status, context).toBe('declined');
        expect(declineKind(before.decline_code), context).toBe('soft');
      }
    });
    const last = mine.at(-1)!;
    if (shipment.outcome === 'declined' && declineKind(last.decline_code) === 'soft') {
      expect(mine, context).toHaveLength(SOFT_DECLINE_RETRY_DAYS.length + 1);
    }
  }
  // One order per member at most: each member is a buyer of their own.
  const buyers = orderRows.map((row) => row.buyerId);
  expect(new Set(buyers).size).toBe(buyers.length);
}

async function expectLedgerBalanced(db: Db, releaseId: number) {
  const rows = await db
    .select({
      checkoutId: checkouts.id,
      status: checkouts.status,
      amount: checkouts.amount_cents,
      total: orders.total_cents,
      charge: sql<number>`coalesce((select sum(amount_cents) from ledger_entries le where le.checkout_id = ${checkouts.id} and le.kind = 'charge'), 0)::int`,
      paidOut: sql<number>`coalesce((select sum(amount_cents) from ledger_entries le where le.checkout_id = ${checkouts.id} and le.kind in ('transfer', 'commission')), 0)::int`,
    })
    .from(clubShipments)
    .innerJoin(checkouts, eq(checkouts.id, clubShipments.checkout_id))
    .innerJoin(orders, eq(orders.id, clubShipments.order_id))
    .where(eq(clubShipments.release_id, releaseId));
  for (const row of rows) {
    expect(row.amount).toBe(row.total);
    expect(row.charge).toBe(row.status === 'paid' ? row.total : 0);
    expect(row.paidOut).toBe(row.charge);
  }
  const [unbalanced] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(ledgerEntries)
    .innerJoin(checkouts, eq(checkouts.id, ledgerEntries.checkout_id))
    .where(and(eq(checkouts.origin, 'club'), sql`${checkouts.status} <> 'paid'`));
  expect(unbalanced!.count).toBe(0);
}

async function expectStockExact(world: ClubWorld) {
  const sold = await world.db
    .select({
      productId: orderLines.product_id,
      quantity: sql<number>`sum(${orderLines.quantity})::int`,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.order_id))
    .where(and(eq(orders.status, 'placed'), inArray(orderLines.product_id, world.productIds)))
    .groupBy(orderLines.product_id);
  const stock = await world.db
    .select({ id: products.id, stock: products.stock_count })
    .from(products)
    .where(inArray(products.id, world.productIds));
  for (const { id, stock: left } of stock) {
    const quantity = sold.find((row) => row.productId === id)?.quantity ?? 0;
    expect(left! + quantity).toBe(STOCK);
  }
}
