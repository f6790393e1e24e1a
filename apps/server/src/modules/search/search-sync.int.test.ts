import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logInAsActor } from '../../test/actors';
import { sellerBusinessSlugs } from '../../test/fixtures';
import { gql } from '../../test/graphql-client';
import { createTestApp, type TestApp } from '../../test/test-app';
import { ChangeFeed } from '../../platform/changes';
import { ProductSearch } from './product-search';
import { startSearchSync } from './search-sync';

const onPostgres = process.env.TEST_DB_KIND === 'postgres';

/** Names of the products another process's index finds for `query`. */
function namesIn(search: ProductSearch, query: string): string[] {
  return search
    .search({ indexName: 'products', params: { query, hitsPerPage: 50 } }, 'retail')
    .hits.map((hit) => hit['name'] as string);
}

// Several processes share one PostgreSQL; PGlite is one process, which refreshes itself.
describe.runIf(onPostgres)('keeping several processes’ indexes in step', () => {
  let t: TestApp;
  let other: ProductSearch;
  let stopOther: () => Promise<void>;

  beforeAll(async () => {
    t = await createTestApp();
    // A second "process": its own index over the same database, listening for changes.
    other = new ProductSearch();
    await other.rebuild(t.database.db);
    stopOther = await startSearchSync(t.database, other, new ChangeFeed(), t.app.log);
  });
  afterAll(async () => {
    await stopOther();
    await t.close();
  });

  it('a product written through one process is found by the other, and so is its deletion', async () => {
    const seller = await logInAsActor(t.app, 'seller');
    const { ownSlug } = await sellerBusinessSlugs(t.database.db);
    const created = await gql(
      t.app,
      `mutation($slug: String!, $input: ProductInput!) { createProduct(slug: $slug, input: $input) { id } }`,
      {
        slug: ownSlug,
        input: {
          name: 'Quillback Cross-Process Porter',
          beverageType: 'Beer',
          retailTiers: [{ minimum_unit_count_for_price: 1, price: 6 }],
          wholesaleTiers: [],
          status: 'published',
        },
      },
      { cookie: seller },
    );
    const id = (created.body.data!.createProduct as { id: number }).id;
    await expect
      .poll(() => namesIn(other, 'quillback'), { timeout: 5000 })
      .toEqual(['Quillback Cross-Process Porter']);

    await gql(t.app, `mutation($id: Int!) { deleteProduct(id: $id) }`, { id }, { cookie: seller });
    await expect.poll(() => namesIn(other, 'quillback'), { timeout: 5000 }).toEqual([]);
  });

  it('a business change made elsewhere (here: turning off pickup) reaches the other index', async () => {
    const seller = await logInAsActor(t.app, 'seller');
    const { ownSlug } = await sellerBusinessSlugs(t.database.db);
    const pickupCount = () =>
      other.search(
        {
          indexName: 'products',
          params: {
            filters: `slug:"${ownSlug}" AND fulfillment_allow_pickup_retail:true`,
            hitsPerPage: 0,
          },
        },
        'retail',
      ).nbHits;
    expect(pickupCount()).toBeGreaterThan(0);
    await gql(
      t.app,
      `mutation($slug: String!, $update: BusinessUpdateInput!) { updateBusiness(slug: $slug, update: $update) { id } }`,
      { slug: ownSlug, update: { fulfillment_allow_pickup_retail: { set: false } } },
      { cookie: seller },
    );
    await expect.poll(pickupCount, { timeout: 5000 }).toBe(0);
  });

  it('a business renamed elsewhere is found under its new name in the other business index', async () => {
    const seller = await logInAsActor(t.app, 'seller');
    const { ownSlug } = await sellerBusinessSlugs(t.database.db);
    const slugsFound = (query: string) =>
      other.businesses
        .search({ indexName: 'businesses', params: { query } })
        .hits.map((hit) => hit['slug']);
    expect(slugsFound('marzipane')).toEqual([]);
    await gql(
      t.app,
      `mutation($slug: String!, $update: BusinessUpdateInput!) { updateBusiness(slug: $slug, update: $update) { id } }`,
      { slug: ownSlug, update: { name: { set: 'Marzipane Cellars' } } },
      { cookie: seller },
    );
    await expect.poll(() => slugsFound('marzipane'), { timeout: 5000 }).toEqual([ownSlug]);
  });
});
