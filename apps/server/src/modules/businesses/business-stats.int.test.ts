import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { products } from '../../db/tables';
import { logInAsActor } from '../../test/actors';
import { gql } from '../../test/graphql-client';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function countProducts(businessId: number, publishedOnly: boolean): Promise<number> {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(products)
    .where(
      and(
        eq(products.business_id, businessId),
        publishedOnly ? eq(products.status, 'published') : undefined,
      ),
    );
  return row!.n;
}

describe('Business.productCount and publishedProductCount', () => {
  it('count all and published products of each business, in one query for many businesses', async () => {
    const seller = await logInAsActor(t.app, 'seller');
    const [business] = await t.database.db
      .select({ id: products.business_id })
      .from(products)
      .limit(1);
    // A draft, so the two counts differ.
    await t.database.db
      .update(products)
      .set({ status: 'draft' })
      .where(eq(products.business_id, business!.id));

    const select = vi.spyOn(t.database.db, 'select');
    const result = await gql(
      t.app,
      '{ me { works_at { id productCount publishedProductCount } } }',
      {},
      { cookie: seller },
    );
    const countQueries = select.mock.calls.filter(
      ([fields]) => fields !== undefined && 'published' in fields,
    );
    select.mockRestore();

    expect(result.body.errors).toBeUndefined();
    const workplaces = (
      result.body.data?.me as {
        works_at: { id: number; productCount: number; publishedProductCount: number }[];
      }
    ).works_at;
    expect(workplaces).toHaveLength(2);
    expect(countQueries).toHaveLength(1);
    for (const workplace of workplaces) {
      expect(workplace.productCount).toBe(await countProducts(workplace.id, false));
      expect(workplace.publishedProductCount).toBe(await countProducts(workplace.id, true));
    }
    expect(workplaces.some((w) => w.productCount > 0)).toBe(true);
  });

  it('a business without products counts zero, beside one with products in the same request', async () => {
    const { businesses } = await import('../../db/tables');
    await t.database.db.insert(businesses).values({ name: 'Empty Cellar', slug: 'empty-cellar' });
    const [stocked] = await t.database.db
      .select({ id: businesses.id, slug: businesses.slug })
      .from(businesses)
      .innerJoin(products, eq(products.business_id, businesses.id))
      .limit(1);
    const result = await gql(
      t.app,
      `{
        empty: business(slug: "empty-cellar") { productCount publishedProductCount }
        stocked: business(slug: "${stocked!.slug}") { productCount publishedProductCount }
      }`,
    );
    expect(result.body.errors).toBeUndefined();
    // The stocked business's counts are not zero, so a count given to the wrong business shows.
    const stockedCounts = {
      productCount: await countProducts(stocked!.id, false),
      publishedProductCount: await countProducts(stocked!.id, true),
    };
    expect(stockedCounts.productCount).toBeGreaterThan(0);
    expect(result.body.data).toEqual({
      empty: { productCount: 0, publishedProductCount: 0 },
      stocked: stockedCounts,
    });
  });
});
