import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { PriceTier } from '@bevy/core';
import { businesses, clubs, events, priceTiers, products } from '../../db/tables';
import type { ServiceContext } from '../../platform/context';
import type { BusinessRow } from '../businesses/index';
import { businessPath, clubPath, eventPath, productPath } from './public-urls';

/**
 * What the public feeds read: the pages anyone may open and the products anyone may buy. Wholesale
 * tiers are never selected here, so no feed can leak one whatever its code does later.
 */

type CatalogContext = Pick<ServiceContext, 'db' | 'clock'>;

/** The pages of the site that need no account, in the order the sitemap lists them. */
export const STATIC_PUBLIC_PATHS = ['/shop', '/events', '/about', '/sell', '/tos', '/privacy'];

/** The public shop's rule (the search index's, product-documents.ts): published products. */
const shownInShop = eq(products.status, 'published');

export interface PublicPage {
  path: string;
  updatedAt: Date | null;
}

/**
 * Every public page: the fixed ones, each business, each product the shop shows that anyone may
 * buy (a members-only product's page describes nothing to crawlers), each public event not yet over and
 * not cancelled (unlisted and members-only events are not to be found), and each open club.
 */
export async function publicPages(ctx: CatalogContext): Promise<PublicPage[]> {
  const [businessRows, productRows, eventRows, clubRows] = await Promise.all([
    ctx.db
      .select({ slug: businesses.slug, updatedAt: businesses.updated_at })
      .from(businesses)
      .orderBy(asc(businesses.id)),
    ctx.db
      .select({ id: products.id, slug: businesses.slug, updatedAt: products.updated_at })
      .from(products)
      .innerJoin(businesses, eq(businesses.id, products.business_id))
      .where(and(shownInShop, eq(products.members_only, false)))
      .orderBy(asc(products.id)),
    ctx.db
      .select({ urlKey: events.url_key, updatedAt: events.updated_at })
      .from(events)
      .where(
        and(
          eq(events.status, 'scheduled'),
          eq(events.visibility, 'public'),
          gt(events.ends_at, ctx.clock.now()),
        ),
      )
      .orderBy(asc(events.starts_at), asc(events.id)),
    ctx.db
      .select({ slug: clubs.slug, businessSlug: businesses.slug, updatedAt: clubs.updated_at })
      .from(clubs)
      .innerJoin(businesses, eq(businesses.id, clubs.business_id))
      .where(eq(clubs.status, 'open'))
      .orderBy(asc(clubs.id)),
  ]);
  return [
    ...STATIC_PUBLIC_PATHS.map((path) => ({ path, updatedAt: null })),
    ...businessRows.map((row) => ({ path: businessPath(row.slug), updatedAt: row.updatedAt })),
    ...productRows.map((row) => ({
      path: productPath(row.slug, row.id),
      updatedAt: row.updatedAt,
    })),
    ...eventRows.map((row) => ({ path: eventPath(row.urlKey), updatedAt: row.updatedAt })),
    ...clubRows.map((row) => ({
      path: clubPath(row.businessSlug, row.slug),
      updatedAt: row.updatedAt,
    })),
  ];
}

export type MerchantProductRow = Pick<
  typeof products.$inferSelect,
  | 'id'
  | 'name'
  | 'short_description'
  | 'bottle_image_url'
  | 'beverage_type'
  | 'produced_by'
  | 'varietal'
  | 'stock_count'
>;

export interface MerchantProduct {
  product: MerchantProductRow;
  business: BusinessRow;
  /** Retail tiers only, fewest units first. */
  retailTiers: PriceTier[];
}

/**
 * The products anyone may buy, for shopping feeds: those the shop shows, less members-only ones
 * (a shopper sent from an ad could not buy them), of every producer or of one.
 */
export async function merchantProducts(
  ctx: Pick<ServiceContext, 'db'>,
  scope: { businessId?: number } = {},
): Promise<MerchantProduct[]> {
  const wanted = and(
    shownInShop,
    eq(products.members_only, false),
    scope.businessId === undefined ? undefined : eq(products.business_id, scope.businessId),
  );
  const rows = await ctx.db
    .select({
      product: {
        id: products.id,
        name: products.name,
        short_description: products.short_description,
        bottle_image_url: products.bottle_image_url,
        beverage_type: products.beverage_type,
        produced_by: products.produced_by,
        varietal: products.varietal,
        stock_count: products.stock_count,
      },
      business: businesses,
    })
    .from(products)
    .innerJoin(businesses, eq(businesses.id, products.business_id))
    .where(wanted)
    .orderBy(asc(products.id));
  if (rows.length === 0) return [];
  const tiers = await ctx.db
    .select({
      productId: priceTiers.product_id,
      price_per_unit: priceTiers.price_per_unit,
      minimum_unit_count_for_price: priceTiers.minimum_unit_count_for_price,
    })
    .from(priceTiers)
    .where(
      and(
        eq(priceTiers.channel, 'retail'),
        inArray(
          priceTiers.product_id,
          ctx.db.select({ id: products.id }).from(products).where(wanted),
        ),
      ),
    )
    .orderBy(asc(priceTiers.minimum_unit_count_for_price));
  const byProduct = new Map<number, PriceTier[]>();
  for (const { productId, ...tier } of tiers) {
    const list = byProduct.get(productId);
    if (list) list.push(tier);
    else byProduct.set(productId, [tier]);
  }
  return rows.map((row) => ({ ...row, retailTiers: byProduct.get(row.product.id) ?? [] }));
}

/** The picture of a product that a shopping feed may show, or null when there is none to show. */
export async function merchantImageOf(
  ctx: Pick<ServiceContext, 'db'>,
  productId: number,
): Promise<string | null> {
  const [row] = await ctx.db
    .select({ image: products.bottle_image_url })
    .from(products)
    .where(and(eq(products.id, productId), shownInShop, eq(products.members_only, false)));
  return row?.image ?? null;
}
