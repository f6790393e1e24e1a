import type { BuyerKind } from '@bevy/core';
import { and, eq, inArray } from 'drizzle-orm';
import { businesses, products } from '../../db/tables';
import type { ServiceContext } from '../../platform/context';
import type { BusinessRow } from '../businesses/index';
import { atMemberPrices, membershipsAt } from '../member-pricing/index';
import { tiersOfProducts, type PriceTierRow, type ProductRow } from '../products/index';

/** A product in a buyer's cart as the catalog has it now, priced for that buyer. */
export interface CartProductView {
  product: ProductRow;
  business: BusinessRow;
  /** The tiers of the buyer's price list only, lowest minimum first. */
  tiers: PriceTierRow[];
  /** Sold only to members of the producer's clubs. */
  membersOnly: boolean;
  /** Whether the viewer is an active member of one of the producer's clubs. */
  viewerIsMember: boolean;
}

/** Largest value of a PostgreSQL integer: a larger id names no product. */
const MAX_PRODUCT_ID = 2_147_483_647;

/**
 * The published products among `productIds`, in the order asked, each with its business and
 * the tiers of `buyer`'s price list. Drafts and deleted products are left out alike, so a cart
 * learns only that they are no longer for sale.
 */
export async function currentCartProducts(
  ctx: Pick<ServiceContext, 'db' | 'viewer'>,
  productIds: readonly number[],
  buyer: BuyerKind,
): Promise<CartProductView[]> {
  const ids = [...new Set(productIds)].filter((id) => id >= 1 && id <= MAX_PRODUCT_ID);
  if (ids.length === 0) return [];
  const rows = await ctx.db
    .select({ product: products, business: businesses })
    .from(products)
    .innerJoin(businesses, eq(businesses.id, products.business_id))
    .where(and(inArray(products.id, ids), eq(products.status, 'published')));
  if (rows.length === 0) return [];
  const tiers = await tiersOfProducts(
    ctx.db,
    rows.map((row) => row.product.id),
  );
  // A club member sees their producer's retail prices less the member discount.
  const memberAt = await membershipsAt(
    ctx.db,
    buyer === 'retail' ? (ctx.viewer?.id ?? null) : null,
    rows.map((row) => row.business.id),
  );
  const byId = new Map(
    rows.map((row, index) => [
      row.product.id,
      {
        ...row,
        tiers: atMemberPrices(
          tiers[index]!.filter((tier) => tier.channel === buyer),
          memberAt.get(row.business.id),
        ),
        membersOnly: row.product.members_only,
        viewerIsMember: memberAt.has(row.business.id),
      },
    ]),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}
