import type { BuyerKind } from '@bevy/core';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { businesses, priceTiers, products } from '../../db/schema';
import type { RequestContext } from '../../graphql/context';
import { findViewer, seesWholesalePricing } from '../accounts/accounts.service';
import type { BusinessRow } from '../businesses/businesses.service';
import type { PriceTierRow, ProductRow } from '../products/products.service';

/** A product in a buyer's cart as the catalogue has it now, priced for that buyer. */
export interface CartProductView {
  product: ProductRow;
  business: BusinessRow;
  /** The tiers of the buyer's price list only, lowest minimum first. */
  tiers: PriceTierRow[];
}

/** Largest value of a PostgreSQL integer: a larger id names no product. */
const MAX_PRODUCT_ID = 2_147_483_647;

/** Which price list the caller buys from, decided from the database, never from the client. */
export async function buyerKindOfViewer(
  ctx: Pick<RequestContext, 'db' | 'viewer'>,
): Promise<BuyerKind> {
  const user = await findViewer(ctx);
  return user && seesWholesalePricing(user) ? 'wholesale' : 'retail';
}

/**
 * The published products among `productIds`, in the order asked, each with its business and
 * the tiers of `buyer`'s price list. Drafts and deleted products are left out alike, so a cart
 * learns only that they are no longer for sale.
 */
export async function currentCartProducts(
  ctx: Pick<RequestContext, 'db'>,
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
  const tiers = await ctx.db
    .select()
    .from(priceTiers)
    .where(
      and(
        inArray(
          priceTiers.product_id,
          rows.map((row) => row.product.id),
        ),
        eq(priceTiers.channel, buyer),
      ),
    )
    .orderBy(asc(priceTiers.minimum_unit_count_for_price));
  const byId = new Map(rows.map((row) => [row.product.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    return [{ ...row, tiers: tiers.filter((tier) => tier.product_id === id) }];
  });
}
