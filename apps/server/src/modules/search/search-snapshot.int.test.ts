import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-app';
import { ProductSearch } from './product-search';
import { openProductIndex } from './search-snapshot';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let folder: string;
beforeAll(async () => {
  database = await createTestDatabase();
  folder = await mkdtemp(path.join(tmpdir(), 'bevy-snapshot-'));
});
afterAll(async () => {
  await database.drop();
  await rm(folder, { recursive: true, force: true });
});

const firstPage = (search: ProductSearch) =>
  search.search({ indexName: 'products', params: { query: 'pinot', hitsPerPage: 20 } }, 'retail');

describe('the search index snapshot', () => {
  it('lets a restart skip the rebuild, serving the same results, until the catalog changes', async () => {
    const db = database.database.db;
    const file = path.join(folder, 'index.snapshot');
    const built = new ProductSearch();
    expect(await openProductIndex(built, db, file)).toEqual({ source: 'database' });

    const restarted = new ProductSearch();
    expect(await openProductIndex(restarted, db, file)).toEqual({ source: 'snapshot' });
    expect(restarted.size).toBe(built.size);
    // The business index is not in the snapshot; it is read from the database on every start.
    expect(restarted.businesses.size).toBeGreaterThan(50);
    expect(restarted.businesses.size).toBe(built.businesses.size);
    expect(firstPage(restarted)).toMatchObject({
      nbHits: firstPage(built).nbHits,
      hits: firstPage(built).hits,
    });

    // Any write the app makes moves the fingerprint: here, a product renamed.
    await db.execute(
      sql`update products set name = 'Renamed Pinot', updated_at = now() where id = (select min(id) from products)`,
    );
    const afterChange = new ProductSearch();
    expect(await openProductIndex(afterChange, db, file)).toEqual({ source: 'database' });
    expect(afterChange.size).toBe(built.size);
  });

  it('rebuilds from the database when the snapshot is unreadable', async () => {
    const file = path.join(folder, 'broken.snapshot');
    await writeFile(file, 'not a snapshot');
    const search = new ProductSearch();
    expect(await openProductIndex(search, database.database.db, file)).toEqual({
      source: 'database',
    });
    expect(search.size).toBeGreaterThan(400);
  });
});
