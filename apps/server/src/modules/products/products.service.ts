import { randomBytes } from 'node:crypto';
import { slugFromName } from '@bevy/core';
import type { ValidProduct } from '@bevy/core/schemas';
import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { priceTiers, products } from '../../db/tables';
import { businessChanged, inTransaction } from '../../platform/changes';
import type { ServiceContext } from '../../platform/context';

export type ProductRow = typeof products.$inferSelect;
export type PriceTierRow = typeof priceTiers.$inferSelect;

export async function findProduct(
  ctx: Pick<ServiceContext, 'db'>,
  id: number,
): Promise<ProductRow | null> {
  const [row] = await ctx.db.select().from(products).where(eq(products.id, id)).limit(1);
  return row ?? null;
}

/** Every product of a business, drafts included, newest first (the Manage Products list). */
export function listBusinessProducts(ctx: Pick<ServiceContext, 'db'>, businessId: number) {
  return ctx.db
    .select()
    .from(products)
    .where(eq(products.business_id, businessId))
    .orderBy(desc(products.updated_at), desc(products.id));
}

/** The tiers of many products at once, in the order of `productIds` (cheapest count first). */
export async function tiersOfProducts(
  db: Db,
  productIds: readonly number[],
): Promise<PriceTierRow[][]> {
  const rows = await db
    .select()
    .from(priceTiers)
    .where(inArray(priceTiers.product_id, [...productIds]))
    .orderBy(asc(priceTiers.minimum_unit_count_for_price));
  return productIds.map((id) => rows.filter((row) => row.product_id === id));
}

function productColumns(input: ValidProduct, producerFallback: string) {
  return {
    name: input.name,
    beverage_type: input.beverageType,
    short_description: input.shortDescription,
    bottle_image_url: input.bottleImageUrl ?? null,
    produced_by: input.producedBy ?? producerFallback,
    abv: input.abv === null || input.abv === undefined ? null : input.abv.toFixed(1),
    varietal: input.varietal ?? null,
    closure_style: input.closureStyle ?? null,
    format: input.format ?? null,
    vintage: input.vintage ?? null,
    volume_ml: input.volumeMl ?? null,
    status: input.status,
    stock_count: input.stockCount ?? null,
    members_only: input.membersOnly,
  };
}

async function replaceTiers(db: Db, productId: number, input: ValidProduct) {
  await db.delete(priceTiers).where(eq(priceTiers.product_id, productId));
  const rows = [
    ...input.retailTiers.map((tier) => ({ channel: 'retail' as const, ...tier })),
    ...input.wholesaleTiers.map((tier) => ({ channel: 'wholesale' as const, ...tier })),
  ].map(({ channel, minimum_unit_count_for_price, price }) => ({
    product_id: productId,
    channel,
    minimum_unit_count_for_price,
    price_per_unit: price,
  }));
  if (rows.length > 0) await db.insert(priceTiers).values(rows);
}

/** Creates a product with its tiers in one transaction (already authorized and validated). */
export async function createProduct(
  ctx: Pick<ServiceContext, 'db' | 'changes' | 'clock'>,
  business: { id: number; name: string },
  input: ValidProduct,
): Promise<ProductRow> {
  return inTransaction(ctx, async (tx) => {
    const { db } = tx;
    const [row] = await db
      .insert(products)
      .values({
        business_id: business.id,
        handle: `${slugFromName(input.name)}-${randomBytes(3).toString('hex')}`,
        ...productColumns(input, business.name),
      })
      .returning();
    await replaceTiers(db, row!.id, input);
    await tx.changes.record(businessChanged(business.id));
    return row!;
  });
}

export async function updateProduct(
  ctx: Pick<ServiceContext, 'db' | 'changes' | 'clock'>,
  product: ProductRow,
  businessName: string,
  input: ValidProduct,
): Promise<ProductRow> {
  return inTransaction(ctx, async (tx) => {
    const { db } = tx;
    const [row] = await db
      .update(products)
      .set({ ...productColumns(input, businessName), updated_at: ctx.clock.now() })
      .where(eq(products.id, product.id))
      .returning();
    await replaceTiers(db, product.id, input);
    await tx.changes.record(businessChanged(product.business_id));
    return row!;
  });
}

export async function deleteProduct(
  ctx: Pick<ServiceContext, 'db' | 'changes'>,
  product: ProductRow,
) {
  await ctx.db.delete(products).where(eq(products.id, product.id));
  await ctx.changes.record(businessChanged(product.business_id));
}
