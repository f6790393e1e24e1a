import DataLoader from 'dataloader';
import type { Db } from '../db/client';
import { productCountsOfBusinesses } from '../modules/businesses/business-stats.service';
import {
  addressesOfBusinesses,
  workplaceIdsOfUsers,
} from '../modules/businesses/businesses.service';
import { tiersOfProducts } from '../modules/products/products.service';
import { tagsByIds, tagsOfBusinesses, tagsOfCategories } from '../modules/tags/tags.service';

/** Per-request batching, so lists of businesses cost one query per field, not one per row. */
export function createLoaders(db: Db) {
  return {
    addressesByBusiness: new DataLoader((ids: readonly number[]) => addressesOfBusinesses(db, ids)),
    tagsByBusiness: new DataLoader((ids: readonly number[]) => tagsOfBusinesses(db, ids)),
    tagById: new DataLoader((ids: readonly number[]) => tagsByIds(db, ids)),
    tagsByCategory: new DataLoader((ids: readonly number[]) => tagsOfCategories(db, ids)),
    /** Which businesses a user works at: one query per request, however many checks ask. */
    workplaceIdsOfUser: new DataLoader((ids: readonly number[]) => workplaceIdsOfUsers(db, ids)),
    tiersByProduct: new DataLoader((ids: readonly number[]) => tiersOfProducts(db, ids)),
    productCountsByBusiness: new DataLoader((ids: readonly number[]) =>
      productCountsOfBusinesses(db, ids),
    ),
  };
}

export type Loaders = ReturnType<typeof createLoaders>;
