import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import {
  checkouts,
  clubChargeTries,
  ledgerEntries,
  memberships,
  orders,
  products,
} from '../../db/tables';
import { refusalOf } from '../../test/refusal';
import { createTestDatabase } from '../../test/test-app';
import { failAbandonedCheckouts } from '../checkout/checkout-sweeper';
import {
  CLUB_CARDS,
  createClubWorld,
  createWorldRelease,
  joinAsNewBuyer,
  mailTo,
  shipmentOfMember,
} from './club-fixtures';
import { retryDueCharges, runRelease } from './club-run';
import { membershipView } from './membership-views.service';

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
});
afterAll(() => drop());

describe('joining a club', () => {
  it('saves the card and the renewal terms naming amount and cadence, and emails the member', async () => {
    const world = await createClubWorld(database.db);
    const membership = await joinAsNewBuyer(world);
    expect(membership).toMatchObject({
      status: 'active',
      card_last4: '4242',
      joined_on: '2027-03-01',
    });
    expect(membership.renewal_terms).toContain('less my 15% member discount');
    expect(membership.renewal_terms).toContain('on each release date the producer sets');
    const mail = await mailTo(world, membership.user_id);
    expect(mail.map((row) => row.subject)).toEqual(['Welcome to Cellar Club']);
  });

  it('refuses a buyer who turns 21 tomorrow, and takes them the day they do', async () => {
    const world = await createClubWorld(database.db, { today: '2027-03-01' });
    const error = await refusalOf(joinAsNewBuyer(world, { dateOfBirth: '2006-03-02' }));
    expect(error.message).toBe('You must be 21 or older to use this marketplace.');
    world.clock.set('2027-03-02T12:00:00Z');
    await expect(joinAsNewBuyer(world, { dateOfBirth: '2006-03-02' })).resolves.toMatchObject({
      status: 'active',
    });
  });

  it('refuses shipping to a state the producer may not ship to, naming it', async () => {
    const world = await createClubWorld(database.db);
    const error = await refusalOf(joinAsNewBuyer(world, { state: 'TX' }));
    expect(error.message).toMatch(/cannot ship to Texas/);
  });

  it('refuses a card that cannot be saved, and saves nothing', async () => {
    const world = await createClubWorld(database.db);
    const error = await refusalOf(joinAsNewBuyer(world, { card: '4000000000000002' }));
    expect(error.message).toBe('Your card was declined.');
  });
});

describe('a release run', () => {
  it('charges each member once, places the order, and keeps the ledger balanced', async () => {
    const world = await createClubWorld(database.db);
    const release = await createWorldRelease(world, '2027-03-10');
    const paying = await joinAsNewBuyer(world);
    const pickup = await joinAsNewBuyer(world, { mode: 'pickup' });
    world.clock.set('2027-03-09T12:00:00Z');
    expect((await runRelease(world.system, release.id)).processed).toBe(0);
    world.clock.set('2027-03-10T12:00:00Z');
    const first = await runRelease(world.system, release.id);
    expect(first).toMatchObject({ processed: 2, finished: true });
    expect((await runRelease(world.system, release.id)).processed).toBe(0);

    for (const member of [paying, pickup]) {
      const shipment = await shipmentOfMember(world, member.id);
      expect(shipment.outcome).toBe('charged');
      const [order] = await world.db.select().from(orders).where(eq(orders.id, shipment.order_id!));
      expect(order).toMatchObject({ status: 'placed', payout_status: 'held' });
      // 2 × $32.00 and 1 × $24.00, each less 15%: $27.20 and $20.40; subtotal $74.80.
      expect(order!.subtotal_cents).toBe(7_480);
      expect(order!.commission_cents).toBe(598);
      const money = await world.db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.checkout_id, order!.checkout_id));
      const sum = (kind: string) =>
        money
          .filter((row) => row.kind === kind)
          .reduce((total, row) => total + row.amount_cents, 0);
      expect(sum('charge')).toBe(order!.total_cents);
      expect(sum('charge')).toBe(sum('transfer') + sum('commission'));
    }
    const [pinot] = await world.db
      .select({ stock: products.stock_count })
      .from(products)
      .where(eq(products.id, world.productIds[0]!));
    expect(pinot!.stock).toBe(100_000 - 4);
  });

  it('charges the members the stock covers, and holds only the one it runs short for', async () => {
    const world = await createClubWorld(database.db);
    const release = await createWorldRelease(world, '2027-03-10');
    const members = [
      await joinAsNewBuyer(world),
      await joinAsNewBuyer(world),
      await joinAsNewBuyer(world),
    ];
    // Each member receives 2 of the first product: enough for two of the three.
    await world.db
      .update(products)
      .set({ stock_count: 5 })
      .where(eq(products.id, world.productIds[0]!));
    world.clock.set('2027-03-10T12:00:00Z');
    expect(await runRelease(world.system, release.id)).toMatchObject({ finished: true });
    const shipments = [];
    for (const member of members) shipments.push(await shipmentOfMember(world, member.id));
    expect(shipments.map((shipment) => shipment.outcome).sort()).toEqual([
      'charged',
      'charged',
      'held',
    ]);
    expect(shipments.find((shipment) => shipment.outcome === 'held')).toMatchObject({
      hold_reasons: ['out_of_stock'],
      order_id: null,
    });
    const [left] = await world.db
      .select({ stock: products.stock_count })
      .from(products)
      .where(eq(products.id, world.productIds[0]!));
    expect(left!.stock).toBe(1);
  });

  it('retries a soft decline on days 1, 3 and 7, then fails the order and returns its stock', async () => {
    const world = await createClubWorld(database.db, { stock: 50 });
    const release = await createWorldRelease(world, '2027-03-10');
    const member = await joinAsNewBuyer(world, { card: CLUB_CARDS.declinesLater });
    world.clock.set('2027-03-10T09:00:00Z');
    await runRelease(world.system, release.id);
    let shipment = await shipmentOfMember(world, member.id);
    expect(shipment).toMatchObject({ outcome: 'retrying', tries: 1, next_try_on: '2027-03-11' });
    const [order] = await world.db.select().from(orders).where(eq(orders.id, shipment.order_id!));
    expect(order!.status).toBe('awaiting_payment');

    // Nothing is due before its day; the checkout sweeper leaves a club's checkout alone.
    await retryDueCharges(world.system);
    expect(await shipmentOfMember(world, member.id)).toMatchObject({ tries: 1 });
    world.clock.set('2027-03-11T09:00:00Z');
    await failAbandonedCheckouts(world.system, new Date('2027-03-11T09:00:00Z'));
    expect(
      (await world.db.select().from(orders).where(eq(orders.id, shipment.order_id!)))[0]!.status,
    ).toBe('awaiting_payment');
    await retryDueCharges(world.system);
    shipment = await shipmentOfMember(world, member.id);
    expect(shipment).toMatchObject({ outcome: 'retrying', tries: 2, next_try_on: '2027-03-13' });
    world.clock.set('2027-03-13T09:00:00Z');
    await retryDueCharges(world.system);
    expect(await shipmentOfMember(world, member.id)).toMatchObject({
      tries: 3,
      next_try_on: '2027-03-17',
    });
    world.clock.set('2027-03-16T09:00:00Z');
    await retryDueCharges(world.system);
    expect(await shipmentOfMember(world, member.id)).toMatchObject({ tries: 3 });
    world.clock.set('2027-03-17T09:00:00Z');
    await retryDueCharges(world.system);
    shipment = await shipmentOfMember(world, member.id);
    expect(shipment).toMatchObject({ outcome: 'declined', tries: 4, next_try_on: null });
    const [failed] = await world.db.select().from(orders).where(eq(orders.id, shipment.order_id!));
    expect(failed!.status).toBe('payment_failed');
    const [checkout] = await world.db
      .select()
      .from(checkouts)
      .where(eq(checkouts.id, failed!.checkout_id));
    expect(checkout!.status).toBe('payment_failed');
    const stock = await world.db
      .select({ stock: products.stock_count })
      .from(products)
      .where(inArray(products.id, world.productIds));
    expect(stock.map((row) => row.stock)).toEqual([50, 50]);
    const tries = await world.db
      .select()
      .from(clubChargeTries)
      .where(eq(clubChargeTries.shipment_id, shipment.id));
    expect(tries.map((row) => [row.try_number, row.status])).toEqual([
      [1, 'declined'],
      [2, 'declined'],
      [3, 'declined'],
      [4, 'declined'],
    ]);
    const mail = await mailTo(world, member.user_id);
    expect(mail.filter((row) => row.subject.includes('declined'))).toHaveLength(4);
  });

  it('holds a member who moved to a state the producer may not ship to, and tells them why', async () => {
    const world = await createClubWorld(database.db);
    const release = await createWorldRelease(world, '2027-03-10');
    const member = await joinAsNewBuyer(world);
    await world.db
      .update(memberships)
      .set({
        address: {
          name: 'Riley Retail',
          line1: '1 Main St',
          line2: null,
          city: 'Austin',
          state: 'TX',
          zip: '78701',
        },
      })
      .where(eq(memberships.id, member.id));
    world.clock.set('2027-03-10T09:00:00Z');
    await runRelease(world.system, release.id);
    const shipment = await shipmentOfMember(world, member.id);
    expect(shipment).toMatchObject({
      outcome: 'held',
      hold_reasons: ['state_forbids'],
      order_id: null,
    });
    const tries = await world.db
      .select()
      .from(clubChargeTries)
      .where(and(eq(clubChargeTries.shipment_id, shipment.id)));
    expect(tries).toHaveLength(0);
    const mail = await mailTo(world, member.user_id);
    const held = mail.find((row) => row.subject === 'Cellar Club: action needed');
    expect(held?.text_body).toContain('This producer may not ship this release to your state.');
  });
});

describe('a product deleted from an upcoming release', () => {
  it('goes, and the member is asked to swap it; unswapped, they are held at the run', async () => {
    const world = await createClubWorld(database.db);
    const release = await createWorldRelease(world, '2027-03-10');
    const member = await joinAsNewBuyer(world);
    // What the fuzzer found: deleting the product failed with an internal error.
    await world.db.delete(products).where(eq(products.id, world.productIds[1]!));
    const view = await membershipView(world.contextOf(member.user_id), member.id);
    expect(view.nextRelease).toMatchObject({ unavailable: 'A product the producer removed' });
    world.clock.set('2027-03-10T09:00:00Z');
    await runRelease(world.system, release.id);
    expect(await shipmentOfMember(world, member.id)).toMatchObject({
      outcome: 'held',
      hold_reasons: ['out_of_stock'],
    });
  });
});
