import { MAX_CART_LINES } from '@bevy/core';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businesses, priceTiers, products, users } from '../../db/tables';
import { logInAsActor } from '../../test/actors';
import { gql } from '../../test/graphql-client';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let retailBuyer: string;
let wholesaleBuyer: string;
/** Two published products of different producers, both with retail and wholesale tiers. */
let pair: { id: number; businessId: number }[];

beforeAll(async () => {
  t = await createTestApp();
  retailBuyer = await logInAsActor(t.app, 'buyer');
  wholesaleBuyer = await logInAsActor(t.app, 'wholesale');
  const withWholesale = await t.database.db
    .selectDistinct({ id: products.id, businessId: products.business_id })
    .from(products)
    .innerJoin(priceTiers, eq(priceTiers.product_id, products.id))
    .where(and(eq(products.status, 'published'), eq(priceTiers.channel, 'wholesale')))
    .orderBy(asc(products.id));
  const first = withWholesale[0]!;
  const second = withWholesale.find((row) => row.businessId !== first.businessId)!;
  pair = [first, second];
});
afterAll(() => t.close());

const CART_CATALOG = `query CartCatalog($productIds: [ID!]!) {
  cartCatalog(productIds: $productIds) {
    buyerKind
    products {
      id
      name
      stockCount
      pricing { price_per_unit minimum_unit_count_for_price }
      business {
        id name slug sales_tax_rate ship_to_states
        fulfillment_allow_pickup_retail fulfillment_deliver_retail fulfillment_ship_retail
        fulfillment_deliver_retail_radius_miles
        addresses { locality administrative_area_level_1 latitude longitude }
      }
    }
  }
}`;

interface CatalogAnswer {
  buyerKind: string;
  products: {
    id: string;
    name: string;
    stockCount: number | null;
    pricing: { price_per_unit: number; minimum_unit_count_for_price: number }[];
    business: Record<string, unknown> & { id: number; addresses: Record<string, unknown>[] };
  }[];
}

async function catalog(productIds: unknown[], cookie?: string) {
  const result = await gql(t.app, CART_CATALOG, { productIds }, cookie ? { cookie } : {});
  return {
    result,
    answer: result.body.data?.cartCatalog as CatalogAnswer | undefined,
  };
}

/** The tiers of one price list of a product, from the database, lowest minimum first. */
async function tiersOf(productId: number, channel: 'retail' | 'wholesale') {
  return t.database.db
    .select({
      price_per_unit: priceTiers.price_per_unit,
      minimum_unit_count_for_price: priceTiers.minimum_unit_count_for_price,
    })
    .from(priceTiers)
    .where(and(eq(priceTiers.product_id, productId), eq(priceTiers.channel, channel)))
    .orderBy(asc(priceTiers.minimum_unit_count_for_price));
}

/** Every price in cents that appears anywhere in an answer. */
function pricesIn(answer: CatalogAnswer | undefined): number[] {
  return (answer?.products ?? []).flatMap((p) => p.pricing.map((tier) => tier.price_per_unit));
}

describe('cartCatalog', () => {
  it('gives an anonymous or retail caller the retail tiers and never a wholesale price', async () => {
    const ids = pair.map((p) => String(p.id));
    const wholesalePrices = new Set(
      (await Promise.all(pair.map((p) => tiersOf(p.id, 'wholesale'))))
        .flat()
        .map((tier) => tier.price_per_unit),
    );
    const retailPrices = new Set(
      (await Promise.all(pair.map((p) => tiersOf(p.id, 'retail'))))
        .flat()
        .map((tier) => tier.price_per_unit),
    );
    // A wholesale price that is also a retail price proves nothing when it shows up.
    const privatePrices = [...wholesalePrices].filter((price) => !retailPrices.has(price));
    expect(privatePrices.length).toBeGreaterThan(0);

    for (const cookie of [undefined, retailBuyer]) {
      const { result, answer } = await catalog(ids, cookie);
      expect(result.body.errors).toBeUndefined();
      expect(answer!.buyerKind).toBe('retail');
      expect(answer!.products.map((p) => p.id)).toEqual(ids);
      expect(answer!.products[0]!.pricing).toEqual(await tiersOf(pair[0]!.id, 'retail'));
      expect(answer!.products[1]!.pricing).toEqual(await tiersOf(pair[1]!.id, 'retail'));
      for (const price of privatePrices) expect(pricesIn(answer)).not.toContain(price);
      expect(JSON.stringify(result.body)).not.toMatch(/wholesalePricing/);
    }
  });

  it('gives an approved wholesale buyer the wholesale tiers only', async () => {
    const { answer } = await catalog([String(pair[0]!.id)], wholesaleBuyer);
    expect(answer!.buyerKind).toBe('wholesale');
    expect(answer!.products[0]!.pricing).toEqual(await tiersOf(pair[0]!.id, 'wholesale'));
  });

  it('treats a wholesale buyer whose license has expired as retail', async () => {
    const email = 'wholesale@bevy.example';
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    await t.database.db
      .update(users)
      .set({ wholesale_access_expires_on: '2020-01-01' })
      .where(eq(users.id, user!.id));
    try {
      const { answer } = await catalog([String(pair[0]!.id)], wholesaleBuyer);
      expect(answer!.buyerKind).toBe('retail');
      expect(answer!.products[0]!.pricing).toEqual(await tiersOf(pair[0]!.id, 'retail'));
    } finally {
      await t.database.db
        .update(users)
        .set({ wholesale_access_expires_on: user!.wholesale_access_expires_on })
        .where(eq(users.id, user!.id));
    }
  });

  it('returns each product with its current name, stock and producer', async () => {
    const [row] = await t.database.db
      .select({ product: products, business: businesses })
      .from(products)
      .innerJoin(businesses, eq(businesses.id, products.business_id))
      .where(eq(products.id, pair[0]!.id));
    await t.database.db
      .update(products)
      .set({ name: 'Renamed Since Added', stock_count: 4 })
      .where(eq(products.id, pair[0]!.id));
    try {
      const { answer } = await catalog([String(pair[0]!.id)]);
      const product = answer!.products[0]!;
      expect(product).toMatchObject({ name: 'Renamed Since Added', stockCount: 4 });
      const { business } = row!;
      expect(product.business).toMatchObject({
        id: business.id,
        name: business.name,
        slug: business.slug,
        sales_tax_rate: Number(business.sales_tax_rate),
        ship_to_states: business.ship_to_states,
        fulfillment_allow_pickup_retail: business.fulfillment_allow_pickup_retail,
        fulfillment_deliver_retail: business.fulfillment_deliver_retail,
        fulfillment_ship_retail: business.fulfillment_ship_retail,
        fulfillment_deliver_retail_radius_miles: business.fulfillment_deliver_retail_radius_miles,
      });
      expect(product.business.addresses[0]).toMatchObject({
        locality: expect.any(String),
        administrative_area_level_1: expect.stringMatching(/^[A-Z]{2}$/),
      });
    } finally {
      await t.database.db
        .update(products)
        .set({ name: row!.product.name, stock_count: row!.product.stock_count })
        .where(eq(products.id, pair[0]!.id));
    }
  });

  it('leaves out drafts and products that do not exist, keeping the order asked', async () => {
    const [draft] = await t.database.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.status, 'draft'))
      .limit(1);
    const ids = [pair[1]!.id, draft!.id, 2_000_000_000, 99_999_999_999, pair[0]!.id, pair[1]!.id];
    const { result, answer } = await catalog(ids.map(String));
    expect(result.body.errors).toBeUndefined();
    expect(answer!.products.map((p) => p.id)).toEqual([String(pair[1]!.id), String(pair[0]!.id)]);
  });

  it('stops showing a product once it is unpublished', async () => {
    const id = pair[0]!.id;
    await t.database.db.update(products).set({ status: 'draft' }).where(eq(products.id, id));
    try {
      const { answer } = await catalog([String(id)]);
      expect(answer!.products).toEqual([]);
    } finally {
      await t.database.db.update(products).set({ status: 'published' }).where(eq(products.id, id));
    }
  });

  it('answers an empty cart with no products', async () => {
    const { answer } = await catalog([]);
    expect(answer).toEqual({ buyerKind: 'retail', products: [] });
  });

  it.each([
    ['text', ['abc']],
    ['a negative number', ['-1']],
    ['a fraction', ['1.5']],
    ['a wildcard', ['*']],
  ])('refuses %s as a product id, as bad input', async (_label, productIds) => {
    const { result } = await catalog(productIds);
    expect(result.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('refuses more products than a cart can hold', async () => {
    const ids = Array.from({ length: MAX_CART_LINES + 1 }, (_, i) => String(i + 1));
    const { result } = await catalog(ids);
    expect(result.body.errors?.[0]).toMatchObject({
      message: `A cart holds at most ${MAX_CART_LINES} products.`,
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });

  it('answers for a full cart', async () => {
    const many = await t.database.db
      .select({ id: products.id })
      .from(products)
      .where(
        and(
          eq(products.status, 'published'),
          inArray(
            products.business_id,
            pair.map((p) => p.businessId),
          ),
        ),
      )
      .limit(MAX_CART_LINES);
    const { result, answer } = await catalog(many.map((row) => String(row.id)));
    expect(result.body.errors).toBeUndefined();
    expect(answer!.products).toHaveLength(many.length);
  });
});
