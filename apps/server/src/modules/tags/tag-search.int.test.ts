import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tags } from '../../db/tables';
import { ChangeFeed } from '../../platform/changes';
import { logInAsActor } from '../../test/actors';
import { gql } from '../../test/graphql-client';
import { createTestApp, type TestApp } from '../../test/test-app';
import { ProductSearch } from '../search/product-search';
import { startSearchSync } from '../search/search-sync';

const onPostgres = process.env.TEST_DB_KIND === 'postgres';

const RENAME = `mutation($id: Int!, $name: String!) { renameTag(id: $id, name: $name) { id name } }`;
const DELETE = `mutation($id: Int!) { deleteTag(id: $id) }`;

/** The values of a facet, with their counts, as one process's business index has them. */
function businessTypes(search: ProductSearch): Record<string, number> {
  return (
    search.businesses.search({
      indexName: 'businesses',
      params: { facets: ['types'], hitsPerPage: 0 },
    }).facets?.['types'] ?? {}
  );
}

function closureStyles(search: ProductSearch): Record<string, number> {
  return (
    search.search(
      { indexName: 'products', params: { facets: ['Closure Style'], hitsPerPage: 0 } },
      'retail',
    ).facets?.['Closure Style'] ?? {}
  );
}

describe('renaming or deleting a tag in the admin reaches search', () => {
  let t: TestApp;
  let admin: string;
  /** A second process's index over the same database (PostgreSQL only). */
  let other: ProductSearch | undefined;
  let stopOther: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await logInAsActor(t.app, 'admin');
    if (onPostgres) {
      other = new ProductSearch();
      await other.rebuild(t.database.db);
      stopOther = await startSearchSync(t.database, other, new ChangeFeed(), t.app.log);
    }
  });
  afterAll(async () => {
    await stopOther?.();
    await t.close();
  });

  const tagNamed = async (name: string) => {
    const [tag] = await t.database.db.select().from(tags).where(eq(tags.name, name)).limit(1);
    if (!tag) throw new Error(`no tag ${name}`);
    return tag;
  };

  it('a renamed business type is counted under its new name at once', async () => {
    const winery = await tagNamed('Winery');
    const wineries = businessTypes(t.app.productSearch)['Winery'];
    expect(wineries).toBeGreaterThan(0);

    const renamed = await gql(
      t.app,
      RENAME,
      { id: winery.id, name: 'Vineyard' },
      { cookie: admin },
    );
    expect(renamed.body.errors).toBeUndefined();

    // This process: as soon as the mutation answered.
    expect(businessTypes(t.app.productSearch)).toMatchObject({ Vineyard: wineries });
    expect(businessTypes(t.app.productSearch)['Winery']).toBeUndefined();
    if (other) {
      const elsewhere = other;
      await expect
        .poll(() => businessTypes(elsewhere)['Vineyard'], { timeout: 5000 })
        .toBe(wineries);
      expect(businessTypes(elsewhere)['Winery']).toBeUndefined();
    }
  });

  it('a renamed closure style is found under its new name on the products that carry it', async () => {
    const crown = await tagNamed('Crown Cap');
    const carried = closureStyles(t.app.productSearch)['Crown Cap'];
    expect(carried).toBeGreaterThan(0);

    await gql(t.app, RENAME, { id: crown.id, name: 'Crown Cork' }, { cookie: admin });

    expect(closureStyles(t.app.productSearch)).toMatchObject({ 'Crown Cork': carried });
    if (other) {
      const elsewhere = other;
      await expect
        .poll(() => closureStyles(elsewhere)['Crown Cork'], { timeout: 5000 })
        .toBe(carried);
    }
  });

  it('a deleted business type is no longer offered as a facet value', async () => {
    const brewery = await tagNamed('Brewery');
    expect(businessTypes(t.app.productSearch)['Brewery']).toBeGreaterThan(0);

    const deleted = await gql(t.app, DELETE, { id: brewery.id }, { cookie: admin });
    expect(deleted.body.errors).toBeUndefined();

    expect(businessTypes(t.app.productSearch)['Brewery']).toBeUndefined();
    if (other) {
      const elsewhere = other;
      await expect
        .poll(() => businessTypes(elsewhere)['Brewery'], { timeout: 5000 })
        .toBeUndefined();
    }
  });
});
