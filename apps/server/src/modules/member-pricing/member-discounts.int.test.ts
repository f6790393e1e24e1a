import { membersOnlyMessage } from '@bevy/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { products } from '../../db/tables';
import { refusalOf } from '../../test/refusal';
import { createTestDatabase } from '../../test/test-app';
import { currentCartProducts } from '../cart/cart.service';
import { checkoutContext, createBuyer, orderRequest } from '../checkout/checkout-fixtures';
import { placeOrder } from '../checkout/index';
import { createClubWorld, joinAsNewBuyer } from '../clubs/club-fixtures';
import { cancelMembership } from '../clubs/member-changes.service';

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
});
afterAll(() => drop());

describe('a club member’s discount on everything from the producer', () => {
  it('shows in the cart and is charged at checkout, only while the membership is active', async () => {
    const world = await createClubWorld(database.db, { today: '2026-11-26' });
    const member = await joinAsNewBuyer(world);
    const stranger = await createBuyer(world.db);
    const pinot = world.productIds[0]!;
    const log = world.system.log;

    const memberCart = await currentCartProducts(
      world.contextOf(member.user_id),
      [pinot],
      'retail',
    );
    expect(memberCart[0]!.tiers.map((tier) => tier.price_per_unit)).toEqual([2_720]);
    const strangerCart = await currentCartProducts(world.contextOf(stranger), [pinot], 'retail');
    expect(strangerCart[0]!.tiers.map((tier) => tier.price_per_unit)).toEqual([3_200]);

    const line = [{ productId: pinot, quantity: 2 }];
    const paid = await placeOrder(
      checkoutContext(world.db, log, member.user_id, world.payments),
      orderRequest(line, [world.business.id], { expectedTotal: null }),
    );
    expect(paid.orders[0]!.subtotalCents).toBe(5_440);
    // Someone who is not a member pays the list price.
    const listPriced = await placeOrder(
      checkoutContext(world.db, log, stranger, world.payments),
      orderRequest([{ ...line[0]!, unitPrice: 3_200 }], [world.business.id]),
    );
    expect(listPriced.orders[0]!.subtotalCents).toBe(6_400);

    await cancelMembership(world.contextOf(member.user_id), member.id, null);
    const after = await currentCartProducts(world.contextOf(member.user_id), [pinot], 'retail');
    expect(after[0]!.tiers.map((tier) => tier.price_per_unit)).toEqual([3_200]);
  });
});

describe('a members-only product', () => {
  it('is sold to the producer’s club members, and refused to anyone else, by name', async () => {
    const world = await createClubWorld(database.db, { today: '2026-11-26' });
    const reserve = world.productIds[1]!;
    await world.db.update(products).set({ members_only: true }).where(eq(products.id, reserve));
    const member = await joinAsNewBuyer(world);
    const stranger = await createBuyer(world.db);
    const log = world.system.log;
    const line = [{ productId: reserve, quantity: 1 }];

    const refused = await refusalOf(
      placeOrder(
        checkoutContext(world.db, log, stranger, world.payments),
        orderRequest(line, [world.business.id], { expectedTotal: null }),
      ),
    );
    expect(refused.message).toBe(membersOnlyMessage('Dry Riesling', world.business.name));
    expect(refused.field).toBe('lines.0.productId');
    const strangerCart = await currentCartProducts(world.contextOf(stranger), [reserve], 'retail');
    expect(strangerCart[0]).toMatchObject({ membersOnly: true, viewerIsMember: false });

    const paid = await placeOrder(
      checkoutContext(world.db, log, member.user_id, world.payments),
      orderRequest(line, [world.business.id], { expectedTotal: null }),
    );
    expect(paid.orders[0]!.lines).toMatchObject([{ productId: reserve, quantity: 1 }]);
    const memberCart = await currentCartProducts(
      world.contextOf(member.user_id),
      [reserve],
      'retail',
    );
    expect(memberCart[0]).toMatchObject({ membersOnly: true, viewerIsMember: true });
  });
});
