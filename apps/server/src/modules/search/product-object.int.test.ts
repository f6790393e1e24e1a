import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceTiers, products } from '../../db/tables';
import { logInAsActor } from '../../test/actors';
import { searchKeyFor } from '../../test/search';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A published product that has wholesale tiers, so hiding them can be seen. */
async function productWithWholesaleTiers(): Promise<number> {
  const [row] = await t.database.db
    .selectDistinct({ id: products.id })
    .from(products)
    .innerJoin(priceTiers, eq(priceTiers.product_id, products.id))
    .where(and(eq(products.status, 'published'), eq(priceTiers.channel, 'wholesale')))
    .limit(1);
  return row!.id;
}

const getObject = (id: number | string, key?: string, index = 'products') =>
  t.app.inject({
    method: 'GET',
    url: `/1/indexes/${encodeURIComponent(index)}/${encodeURIComponent(String(id))}`,
    headers: key ? { 'x-algolia-api-key': key } : {},
  });

describe('one product by id (Algolia getObject), for the product page', () => {
  it('gives a retail buyer the product with retail tiers only', async () => {
    const id = await productWithWholesaleTiers();
    const response = await getObject(
      id,
      await searchKeyFor(t.app, await logInAsActor(t.app, 'buyer')),
    );
    expect(response.statusCode).toBe(200);
    const product = response.json();
    expect(product.objectID).toBe(String(id));
    expect(product.retailPricing.length).toBeGreaterThan(0);
    expect(product.wholesalePricing).toEqual([]);
  });

  it('gives an approved wholesale buyer the wholesale tiers', async () => {
    const id = await productWithWholesaleTiers();
    const key = await searchKeyFor(t.app, await logInAsActor(t.app, 'wholesale'));
    expect((await getObject(id, key)).json().wholesalePricing.length).toBeGreaterThan(0);
  });

  it('treats a forged key as anonymous', async () => {
    const id = await productWithWholesaleTiers();
    const response = await getObject(id, 'forged.key');
    expect(response.json().wholesalePricing).toEqual([]);
    expect(response.headers['x-search-key-status']).toBe('invalid');
  });

  it('answers 404 for a draft, an unknown id and an unknown index', async () => {
    const [draft] = await t.database.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.status, 'draft'))
      .limit(1);
    for (const response of [
      await getObject(draft!.id),
      await getObject('999999999'),
      await getObject('not-an-id'),
      await getObject(1, undefined, 'secrets'),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBeTruthy();
    }
  });
});
