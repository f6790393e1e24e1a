import { count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { products } from '../../db/tables';

export interface ProductCounts {
  /** Published and draft products. */
  all: number;
  published: number;
}

/** Product counts of many businesses in one grouped query, in the order of `businessIds`. */
export async function productCountsOfBusinesses(
  db: Db,
  businessIds: readonly number[],
): Promise<ProductCounts[]> {
  const rows = await db
    .select({
      businessId: products.business_id,
      all: count(),
      published: sql<number>`(count(*) filter (where ${eq(products.status, 'published')}))::int`,
    })
    .from(products)
    .where(inArray(products.business_id, [...businessIds]))
    .groupBy(products.business_id);
  const byBusiness = new Map(rows.map((row) => [row.businessId, row]));
  return businessIds.map((id) => {
    const row = byBusiness.get(id);
    return { all: row?.all ?? 0, published: row?.published ?? 0 };
  });
}
