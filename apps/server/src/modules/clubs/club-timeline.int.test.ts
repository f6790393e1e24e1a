import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { mailOutbox, memberships, orderLines } from '../../db/tables';
import { refusalOf } from '../../test/refusal';
import { createTestDatabase } from '../../test/test-app';
import {
  CLUB_CARDS,
  createClubWorld,
  createWorldRelease,
  joinAsNewBuyer,
  mailSubjectsTo,
  shipmentOfMember,
  type ClubWorld,
} from './club-fixtures';
import { advanceClubCalendar } from './club-timeline';
import {
  cancelMembership,
  changeReleaseLines,
  pauseMembership,
  skipRelease,
} from './member-changes.service';

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
});
afterAll(() => drop());

async function dayOf(world: ClubWorld, day: string) {
  world.clock.set(`${day}T06:00:00Z`);
  await advanceClubCalendar(world.system);
}

describe('a club calendar, with the clock moved day by day', () => {
  it('sends the notice and the checks 7 days ahead, closes changes at the cut-off, and runs on the day', async () => {
    const world = await createClubWorld(database.db, { today: '2027-03-01' });
    const release = await createWorldRelease(world, '2027-03-20');
    const swapper = await joinAsNewBuyer(world);
    const skipper = await joinAsNewBuyer(world);
    const expiring = await joinAsNewBuyer(world);
    await world.db
      .update(memberships)
      .set({ card_exp_year: 2027, card_exp_month: 2 })
      .where(eq(memberships.id, expiring.id));
    const paused = await joinAsNewBuyer(world, { card: CLUB_CARDS.declinesLater });
    await pauseMembership(world.contextOf(paused.user_id), paused.id, '2027-03-15');

    await dayOf(world, '2027-03-12');
    expect(await mailSubjectsTo(world, swapper.user_id)).toEqual(['Welcome to Cellar Club']);
    await dayOf(world, '2027-03-13');
    await dayOf(world, '2027-03-13');
    const notice = 'Cellar Club: Release of 2027-03-20 on 2027-03-20';
    expect(await mailSubjectsTo(world, swapper.user_id)).toEqual([
      'Welcome to Cellar Club',
      notice,
    ]);
    // The paused member's pause ends before the charge: they hear of it too.
    expect(await mailSubjectsTo(world, paused.user_id)).toContain(notice);
    expect(await mailSubjectsTo(world, expiring.user_id)).toContain('Cellar Club: action needed');
    const [noticeMail] = await world.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, notice))
      .limit(1);
    // 2 × $27.20 + $20.40 = $74.80, with 8.875% tax: $81.44.
    expect(noticeMail!.text_body).toContain('charged $81.44');

    const swapperCtx = world.contextOf(swapper.user_id);
    const threeRiesling = [{ productId: world.productIds[1]!, quantity: 3 }];
    const tooFew = await refusalOf(
      changeReleaseLines(swapperCtx, swapper.id, release.id, [
        { productId: world.productIds[1]!, quantity: 2 },
      ]),
    );
    expect(tooFew.message).toBe('This release needs at least 3 bottles.');
    world.clock.set('2027-03-18T23:00:00Z');
    await changeReleaseLines(swapperCtx, swapper.id, release.id, threeRiesling);
    await skipRelease(world.contextOf(skipper.user_id), skipper.id, release.id, true);
    world.clock.set('2027-03-19T00:30:00Z');
    const closed = await refusalOf(
      changeReleaseLines(swapperCtx, swapper.id, release.id, threeRiesling),
    );
    expect(closed.message).toBe('Changes to this release closed at the end of its cut-off day.');

    await dayOf(world, '2027-03-15');
    const [resumed] = await world.db
      .select()
      .from(memberships)
      .where(eq(memberships.id, paused.id));
    expect(resumed).toMatchObject({ status: 'active', paused_until: null });

    await dayOf(world, '2027-03-20');
    const swapped = await shipmentOfMember(world, swapper.id);
    expect(swapped!.outcome).toBe('charged');
    const lines = await world.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.order_id, swapped!.order_id!));
    expect(lines.map((line) => [line.product_name, line.quantity, line.unit_price_cents])).toEqual([
      ['Dry Riesling', 3, 2_040],
    ]);
    expect(await shipmentOfMember(world, skipper.id)).toMatchObject({
      outcome: 'skipped',
      order_id: null,
    });
    expect(await shipmentOfMember(world, expiring.id)).toMatchObject({
      outcome: 'held',
      hold_reasons: ['card_expires'],
    });
    expect(await shipmentOfMember(world, paused.id)).toMatchObject({
      outcome: 'retrying',
      next_try_on: '2027-03-21',
    });

    await dayOf(world, '2027-03-21');
    expect(await shipmentOfMember(world, paused.id)).toMatchObject({
      tries: 2,
      next_try_on: '2027-03-23',
    });
  });

  it('restates the renewal terms once a year after joining', async () => {
    const world = await createClubWorld(database.db, { today: '2027-03-01' });
    const member = await joinAsNewBuyer(world);
    const cancelled = await joinAsNewBuyer(world);
    await cancelMembership(world.contextOf(cancelled.user_id), cancelled.id, 'Moving abroad');
    const reminder = 'Cellar Club: your membership renews';
    await dayOf(world, '2028-02-29');
    expect(await mailSubjectsTo(world, member.user_id)).not.toContain(reminder);
    await dayOf(world, '2028-03-01');
    await dayOf(world, '2028-03-02');
    expect(
      (await mailSubjectsTo(world, member.user_id)).filter((s) => s === reminder),
    ).toHaveLength(1);
    expect(await mailSubjectsTo(world, cancelled.user_id)).not.toContain(reminder);
    await dayOf(world, '2029-03-01');
    expect(
      (await mailSubjectsTo(world, member.user_id)).filter((s) => s === reminder),
    ).toHaveLength(2);
  });
});
