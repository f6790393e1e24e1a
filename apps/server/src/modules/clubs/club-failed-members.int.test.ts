import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { clubChargeTries, memberships, orders, products } from '../../db/tables';
import { createTestDatabase } from '../../test/test-app';
import {
  CLUB_CARDS,
  createClubWorld,
  createWorldRelease,
  joinAsNewBuyer,
  shipmentOfMember,
  type ClubWorld,
} from './club-fixtures';
import { retryFailedShipments } from './club-admin.service';
import { retryDueCharges, runRelease } from './club-run';
import { cancelMembership, updateCard } from './member-changes.service';

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
});
afterAll(() => drop());

const RUN_DAY = '2027-03-10';

/** A member whose card is declined at the run (soft: retried on days 1, 3 and 7). */
async function declinedAtRun(world: ClubWorld) {
  const release = await createWorldRelease(world, RUN_DAY);
  const member = await joinAsNewBuyer(world, { card: CLUB_CARDS.declinesLater });
  world.clock.set(`${RUN_DAY}T09:00:00Z`);
  await runRelease(world.system, release.id);
  return { release, member };
}

const stockOf = async (world: ClubWorld) =>
  (
    await world.db
      .select({ stock: products.stock_count })
      .from(products)
      .where(eq(products.id, world.productIds[0]!))
  )[0]!.stock;

const triesOf = async (world: ClubWorld, shipmentId: number) =>
  world.db.select().from(clubChargeTries).where(eq(clubChargeTries.shipment_id, shipmentId));

describe('a member who cancels while a release waits on them', () => {
  it('is not charged by a later retry: the order fails and its stock comes back', async () => {
    const world = await createClubWorld(database.db, { stock: 50 });
    const { member } = await declinedAtRun(world);
    const waiting = await shipmentOfMember(world, member.id);
    expect(waiting).toMatchObject({ outcome: 'retrying', tries: 1 });
    expect(await stockOf(world)).toBe(48);

    await cancelMembership(world.contextOf(member.user_id), member.id, 'Moving abroad');
    world.clock.set('2027-03-11T09:00:00Z');
    await retryDueCharges(world.system);
    expect(await triesOf(world, waiting.id)).toHaveLength(1);
    expect(await shipmentOfMember(world, member.id)).toMatchObject({
      outcome: 'declined',
      next_try_on: null,
    });
    const [order] = await world.db.select().from(orders).where(eq(orders.id, waiting.order_id!));
    expect(order!.status).toBe('payment_failed');
    expect(await stockOf(world)).toBe(50);
  });

  it('is passed over when the producer retries the held members', async () => {
    const world = await createClubWorld(database.db);
    const release = await createWorldRelease(world, RUN_DAY);
    const member = await joinAsNewBuyer(world);
    await world.db
      .update(memberships)
      .set({ card_exp_year: 2027, card_exp_month: 2 })
      .where(eq(memberships.id, member.id));
    world.clock.set(`${RUN_DAY}T09:00:00Z`);
    await runRelease(world.system, release.id);
    expect(await shipmentOfMember(world, member.id)).toMatchObject({ outcome: 'held' });

    await cancelMembership(world.contextOf(member.user_id), member.id, null);
    await world.db
      .update(memberships)
      .set({ card_exp_year: 2034 })
      .where(eq(memberships.id, member.id));
    await retryFailedShipments(world.seller, world.business.slug, world.clubSlug, release.id);
    const shipment = await shipmentOfMember(world, member.id);
    expect(shipment).toMatchObject({ outcome: 'skipped', order_id: null });
    expect(await triesOf(world, shipment.id)).toHaveLength(0);
  });
});

describe('the producer’s retry of the failed members', () => {
  it('charges a finally declined member again once their card is fixed, with a new order', async () => {
    const world = await createClubWorld(database.db, { stock: 50 });
    const { release, member } = await declinedAtRun(world);
    for (const day of ['2027-03-11', '2027-03-13', '2027-03-17']) {
      world.clock.set(`${day}T09:00:00Z`);
      await retryDueCharges(world.system);
    }
    const declined = await shipmentOfMember(world, member.id);
    expect(declined).toMatchObject({ outcome: 'declined', tries: 4 });
    expect(await stockOf(world)).toBe(50);

    await updateCard(world.contextOf(member.user_id), member.id, {
      idempotencyKey: 'new-card-after-decline',
      payment: {
        card: { number: CLUB_CARDS.succeeds, expMonth: 12, expYear: 2034, cvc: '123' },
      },
    });
    await retryFailedShipments(world.seller, world.business.slug, world.clubSlug, release.id);
    const charged = await shipmentOfMember(world, member.id);
    expect(charged).toMatchObject({ outcome: 'charged', tries: 5, decline_code: null });
    expect(charged.order_id).not.toBe(declined.order_id);
    const statuses = await world.db
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(eq(orders.buyer_id, member.user_id));
    expect(statuses.sort((a, b) => a.id - b.id).map((row) => row.status)).toEqual([
      'payment_failed',
      'placed',
    ]);
    expect(await stockOf(world)).toBe(48);
    // Asked again, the same retry changes nothing.
    await retryFailedShipments(world.seller, world.business.slug, world.clubSlug, release.id);
    expect(await triesOf(world, charged.id)).toHaveLength(5);
  });
});
