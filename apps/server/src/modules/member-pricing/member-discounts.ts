import { discountedPrice } from '@bevy/core';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clubs, memberships } from '../../db/tables';

/**
 * A club member's discount on everything from the club's producer, while the membership is
 * active: the cart shows it and checkout charges it, both from here, so they always agree.
 */

/** The buyer's member discount (basis points) at each of these producers; the best club wins. */
export async function memberDiscountsOf(
  db: Db,
  buyerId: number | null,
  businessIds: readonly number[],
): Promise<Map<number, number>> {
  const memberAt = await membershipsAt(db, buyerId, businessIds);
  return new Map([...memberAt].filter(([, discount]) => discount > 0));
}

/**
 * The producers among these where the buyer has an active membership, with its best discount
 * (0 for a club without one): who may buy a producer's members-only products.
 */
export async function membershipsAt(
  db: Db,
  buyerId: number | null,
  businessIds: readonly number[],
): Promise<Map<number, number>> {
  if (buyerId === null || businessIds.length === 0) return new Map();
  const rows = await db
    .select({
      businessId: clubs.business_id,
      discount: sql<number>`max(${clubs.member_discount_bp})::int`,
    })
    .from(memberships)
    .innerJoin(clubs, eq(clubs.id, memberships.club_id))
    .where(
      and(
        eq(memberships.user_id, buyerId),
        eq(memberships.status, 'active'),
        inArray(clubs.business_id, [...businessIds]),
      ),
    )
    .groupBy(clubs.business_id);
  return new Map(rows.map((row) => [row.businessId, row.discount]));
}

/** Retail price tiers at the member's price; other tiers and non-members' are left as they are. */
export function atMemberPrices<Tier extends { channel: string; price_per_unit: number }>(
  tiers: readonly Tier[],
  discountBasisPoints: number | undefined,
): Tier[] {
  if (!discountBasisPoints) return [...tiers];
  return tiers.map((tier) =>
    tier.channel === 'retail'
      ? { ...tier, price_per_unit: discountedPrice(tier.price_per_unit, discountBasisPoints) }
      : tier,
  );
}
