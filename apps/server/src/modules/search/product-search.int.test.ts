import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-app';
import { ProductSearch } from './product-search';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

describe('building the product index', () => {
  it('works for catalogs larger than a query can list ids for (over 65,535 products)', async () => {
    const db = database.database.db;
    await db.execute(sql`
      insert into products (business_id, handle, name, beverage_type, produced_by, status)
      select (select min(id) from businesses), 'bulk-' || n, 'Bulk Lager ' || n, 'Beer', 'Bulk', 'published'
      from generate_series(1, 66000) as n`);
    await db.execute(sql`
      insert into price_tiers (product_id, channel, price_per_unit, minimum_unit_count_for_price)
      select id, 'retail', 500, 1 from products where handle like 'bulk-%'`);
    const search = new ProductSearch();
    await search.rebuild(db);
    expect(search.size).toBeGreaterThan(66_000);
    const result = search.search(
      { indexName: 'products', params: { query: 'bulk lager 65999', hitsPerPage: 1 } },
      'retail',
    );
    expect(result.hits[0]).toMatchObject({
      name: 'Bulk Lager 65999',
      retailPricing: [{ price_per_unit: 500, minimum_unit_count_for_price: 1 }],
    });
  });
});
