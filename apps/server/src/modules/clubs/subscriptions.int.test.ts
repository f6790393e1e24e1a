import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { clubReleases, clubShipments, memberships, orderLines, orders } from '../../db/tables';
import { refusalOf } from '../../test/refusal';
import { createTestDatabase } from '../../test/test-app';
import { createBuyer } from '../checkout/checkout-fixtures';
import { createClubWorld, joinRequest, mailSubjectsTo, type ClubWorld } from './club-fixtures';
import { advanceClubCalendar } from './club-timeline';
import { createSubscription, SUBSCRIBED_ALREADY, setClubStatus } from './clubs.service';
import { skipRelease } from './member-changes.service';
import { joinClub } from './memberships.service';
import { membershipView } from './membership-views.service';
import { createRelease } from './releases.service';

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
});
afterAll(() => drop());

/** The world's first product ($32) as a subscription of 6 or 12 at 10% off, monthly or every 2 months. */
async function offerSubscription(world: ClubWorld) {
  const offer = await createSubscription(world.seller, world.business.slug, {
    productId: world.productIds[0]!,
    description: 'Our Pinot, by the case.',
    cadences: ['monthly', 'every_2_months'],
    quantities: [12, 6],
    memberDiscountBasisPoints: 1_000,
    skipsPerYear: 3,
    offersPickup: true,
    offersDelivery: false,
    offersShipping: true,
  });
  await setClubStatus(world.seller, world.business.slug, offer.slug, 'open');
  return offer;
}

async function subscribe(
  world: ClubWorld,
  offer: Awaited<ReturnType<typeof offerSubscription>>,
  cadence: string | null,
  tier = 0,
) {
  const userId = await createBuyer(world.db);
  return joinClub(world.contextOf(userId), world.business.slug, offer.slug, {
    ...joinRequest(world),
    tierId: offer.tiers[tier]!.id,
    cadence: cadence as never,
  });
}

async function dayOf(world: ClubWorld, day: string) {
  world.clock.set(`${day}T06:00:00Z`);
  await advanceClubCalendar(world.system);
}

async function ordersOf(world: ClubWorld, membershipId: number) {
  return world.db
    .select({
      chargeOn: clubReleases.charge_on,
      outcome: clubShipments.outcome,
      total: orders.total_cents,
      status: orders.status,
      orderId: orders.id,
    })
    .from(clubShipments)
    .innerJoin(clubReleases, eq(clubReleases.id, clubShipments.release_id))
    .leftJoin(orders, eq(orders.id, clubShipments.order_id))
    .where(eq(clubShipments.membership_id, membershipId))
    .orderBy(asc(clubReleases.charge_on));
}

describe('a product subscription', () => {
  it('orders on the day of subscribing, then on each subscriber’s own cadence', async () => {
    const world = await createClubWorld(database.db, { today: '2027-01-31' });
    const offer = await offerSubscription(world);
    expect(offer).toMatchObject({
      name: 'Estate Pinot Noir subscription',
      subscription_cadences: ['monthly', 'every_2_months'],
    });
    expect(offer.tiers.map((tier) => [tier.name, tier.bottles])).toEqual([
      ['6 per order', 6],
      ['12 per order', 12],
    ]);
    const monthly = await subscribe(world, offer, 'monthly');
    const everyOther = await subscribe(world, offer, 'every_2_months', 1);
    expect(monthly).toMatchObject({ cadence: 'monthly', next_charge_on: '2027-01-31' });
    expect(monthly.renewal_terms).toContain('less my 10% subscription discount');
    expect(monthly.renewal_terms).toContain('today and then every month until I cancel');
    expect(everyOther.renewal_terms).toContain('every 2 months');

    await dayOf(world, '2027-01-31');
    const first = await ordersOf(world, monthly.id);
    // 6 × $32.00 less 10% = $172.80, shipped to Oregon.
    expect(first).toMatchObject([{ chargeOn: '2027-01-31', outcome: 'charged', status: 'placed' }]);
    const [lines] = await world.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.order_id, first[0]!.orderId!));
    expect(lines).toMatchObject({ quantity: 6, unit_price_cents: 2_880 });
    expect((await ordersOf(world, everyOther.id))[0]).toMatchObject({ outcome: 'charged' });

    // Counted from the day of subscribing: the last day of shorter months.
    const [after] = await world.db.select().from(memberships).where(eq(memberships.id, monthly.id));
    expect(after!.next_charge_on).toBe('2027-02-28');
    const view = await membershipView(world.contextOf(monthly.user_id), monthly.id);
    expect(view.nextRelease).toMatchObject({ chargeOn: '2027-02-28', subtotalCents: 17_280 });

    for (const day of ['2027-02-21', '2027-02-28', '2027-03-31']) await dayOf(world, day);
    expect((await ordersOf(world, monthly.id)).map((row) => row.chargeOn)).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
    ]);
    expect((await ordersOf(world, everyOther.id)).map((row) => row.chargeOn)).toEqual([
      '2027-01-31',
      '2027-03-31',
    ]);
    const subjects = await mailSubjectsTo(world, monthly.user_id);
    expect(subjects).toContain('Estate Pinot Noir subscription: Estate Pinot Noir on 2027-02-28');
  });

  it('orders for a subscriber who joins after the day’s orders ran', async () => {
    const world = await createClubWorld(database.db, { today: '2027-04-05' });
    const offer = await offerSubscription(world);
    const early = await subscribe(world, offer, 'monthly');
    await dayOf(world, '2027-04-05');
    const late = await subscribe(world, offer, 'every_2_months');
    await dayOf(world, '2027-04-05');
    for (const member of [early, late]) {
      expect(await ordersOf(world, member.id)).toMatchObject([
        { chargeOn: '2027-04-05', outcome: 'charged', status: 'placed' },
      ]);
    }
    const [after] = await world.db.select().from(memberships).where(eq(memberships.id, late.id));
    expect(after!.next_charge_on).toBe('2027-06-05');
  });

  it('lets a subscriber skip their next order, and moves on to the one after', async () => {
    const world = await createClubWorld(database.db, { today: '2027-05-10' });
    const offer = await offerSubscription(world);
    const member = await subscribe(world, offer, 'monthly');
    await dayOf(world, '2027-05-10');
    const view = await membershipView(world.contextOf(member.user_id), member.id);
    await skipRelease(world.contextOf(member.user_id), member.id, view.nextRelease!.id, true);
    await dayOf(world, '2027-06-10');
    expect((await ordersOf(world, member.id)).map((row) => row.outcome)).toEqual([
      'charged',
      'skipped',
    ]);
    const [after] = await world.db.select().from(memberships).where(eq(memberships.id, member.id));
    expect(after!.next_charge_on).toBe('2027-07-10');
  });

  it('refuses a cadence it does not offer, a second offer of the product, and composed releases', async () => {
    const world = await createClubWorld(database.db);
    const offer = await offerSubscription(world);
    expect((await refusalOf(subscribe(world, offer, 'every_3_months'))).message).toBe(
      'Choose how often your order comes.',
    );
    expect((await refusalOf(subscribe(world, offer, null))).message).toBe(
      'Choose how often your order comes.',
    );
    expect((await refusalOf(offerSubscription(world))).message).toBe(SUBSCRIBED_ALREADY);
    const composed = createRelease(world.seller, world.business.slug, offer.slug, {
      title: 'Extra',
      chargeOn: '2027-06-01',
      items: [{ tierId: offer.tiers[0]!.id, productId: world.productIds[0]!, quantity: 6 }],
    });
    expect((await refusalOf(composed)).message).toMatch(/made for each subscriber/);
    const releases = await world.db
      .select()
      .from(clubReleases)
      .where(and(eq(clubReleases.club_id, offer.id)));
    expect(releases).toHaveLength(0);
  });
});
