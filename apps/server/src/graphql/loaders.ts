import DataLoader from 'dataloader';
import type { Db } from '../db/client';
import { productCountsOfBusinesses } from '../modules/businesses/index';
import { addressesOfBusinesses } from '../modules/businesses/index';
import { subscribedProducts } from '../modules/clubs/index';
import { tiersOfProducts } from '../modules/products/index';
import { tagsByIds, tagsOfBusinesses, tagsOfCategories } from '../modules/tags/index';

/** Per-request batching, so lists of businesses cost one query per field, not one per row. */
export function createLoaders(db: Db) {
  return {
    addressesByBusiness: new DataLoader((ids: readonly number[]) => addressesOfBusinesses(db, ids)),
    tagsByBusiness: new DataLoader((ids: readonly number[]) => tagsOfBusinesses(db, ids)),
    tagById: new DataLoader((ids: readonly number[]) => tagsByIds(db, ids)),
    tagsByCategory: new DataLoader((ids: readonly number[]) => tagsOfCategories(db, ids)),
    tiersByProduct: new DataLoader((ids: readonly number[]) => tiersOfProducts(db, ids)),
    subscribedProductById: new DataLoader(async (ids: readonly number[]) => {
      const found = await subscribedProducts(db, [...ids]);
      return ids.map((id) => found.get(id) ?? null);
    }),
    productCountsByBusiness: new DataLoader((ids: readonly number[]) =>
      productCountsOfBusinesses(db, ids),
    ),
  };
}

export type Loaders = ReturnType<typeof createLoaders>;
