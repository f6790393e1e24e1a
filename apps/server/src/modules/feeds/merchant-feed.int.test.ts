import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businesses, priceTiers } from '../../db/tables';
import { logInAsActor } from '../../test/actors';
import { sellerBusinessSlugs } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createProduct, itemsOf, updateProduct, type FeedItem } from './feed-fixtures';

// The site's own drawings (/art/...) are read from the built web app; its public folder will do.
const webPublic = path.resolve(fileURLToPath(import.meta.url), '../../../../../web/public');

let t: TestApp;
let seller: string;
let slug: string;
let otherSlug: string;
const ids = { pinot: 0, soldOut: 0, membersOnly: 0, draft: 0, wholesaleOnly: 0, tricky: 0 };

/** Google's required fields of an item (brand may give way to identifier_exists "no"). */
const REQUIRED = [
  'g:id',
  'g:title',
  'g:description',
  'g:link',
  'g:image_link',
  'g:availability',
  'g:price',
  'g:condition',
];

beforeAll(async () => {
  t = await createTestApp({ WEB_DIST_DIR: webPublic });
  seller = await logInAsActor(t.app, 'seller');
  ({ ownSlug: slug, otherSlug } = await sellerBusinessSlugs(t.database.db));
  await t.database.db
    .update(businesses)
    .set({
      fulfillment_ship_retail: true,
      ship_to_states: ['OR', 'CA', 'AK'],
      shipping_rates: [{ up_to_bottles: 6, fee_cents: 1500 }],
      shipping_surcharge_cents: 1000,
      shipping_surcharge_states: ['AK'],
      free_shipping_over_cents: null,
    })
    .where(eq(businesses.slug, slug));
  // Its wholesale tier sells one bottle too, at a price no feed may ever show.
  ids.pinot = await createProduct(t.app, seller, slug, {
    name: 'Feed Pinot Noir',
    wholesaleTiers: [
      { minimum_unit_count_for_price: 1, price: 12.34 },
      { minimum_unit_count_for_price: 12, price: 11.11 },
    ],
  });
  ids.soldOut = await createProduct(t.app, seller, slug, { name: 'Feed Sold Out', stockCount: 0 });
  ids.membersOnly = await createProduct(t.app, seller, slug, { membersOnly: true });
  ids.draft = await createProduct(t.app, seller, slug, { status: 'draft' });
  ids.wholesaleOnly = await createProduct(t.app, seller, slug, {
    retailTiers: [],
    wholesaleTiers: [{ minimum_unit_count_for_price: 1, price: 12.34 }],
  });
  ids.tricky = await createProduct(t.app, seller, slug, {
    name: 'Rosé & <Friends> "Cuvée"',
    shortDescription: "Strawberries & cream; it's <b>bold</b>.",
    bottleImageUrl: '/art/bottles/wine-rose.svg',
  });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

async function feed(url: string): Promise<{ body: string; items: FeedItem[] }> {
  const response = await get(url);
  expect(response.statusCode, url).toBe(200);
  expect(response.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
  return { body: response.body, items: itemsOf(response.body) };
}

const itemOf = (items: FeedItem[], id: number) => items.find((item) => item['g:id'] === String(id));

describe('the Merchant Center feed', () => {
  it('parses, and every item carries the fields Google requires', async () => {
    const { items } = await feed('/feeds/products.xml');
    expect(items.length).toBeGreaterThan(20);
    for (const item of items) {
      for (const field of REQUIRED) expect(item[field], `${item['g:id']} ${field}`).toBeTruthy();
      expect(item['g:brand'] || item['g:identifier_exists'] === 'no').toBeTruthy();
      expect(item['g:price']).toMatch(/^\d+\.\d\d USD$/);
      expect(['in_stock', 'out_of_stock']).toContain(item['g:availability']);
      expect(item['g:condition']).toBe('new');
      expect(item['g:google_product_category']).toMatch(
        /^Food, Beverages & Tobacco > Beverages > Alcoholic Beverages/,
      );
      const link = new URL(item['g:link'] as string);
      expect(link.origin + '/').toBe(new URL(`${t.config.publicUrl}/`).href);
      expect(link.pathname).toMatch(new RegExp(`^/business/[^/]+/item/${item['g:id']}$`));
      expect(link.searchParams.get('utm_source')).toBe('google');
      expect(link.searchParams.get('utm_medium')).toBe('shopping');
      expect(item['g:image_link']).toMatch(/^https?:\/\/.+\.(png|jpe?g|gif|webp)$/);
    }
  });

  it('prices one bottle at retail, with stock, shipping per state and the category', async () => {
    const { items } = await feed('/feeds/products.xml');
    const pinot = itemOf(items, ids.pinot)!;
    expect(pinot).toMatchObject({
      'g:title': 'Feed Pinot Noir',
      'g:price': '32.00 USD',
      'g:availability': 'in_stock',
      'g:identifier_exists': 'no',
      'g:google_product_category':
        'Food, Beverages & Tobacco > Beverages > Alcoholic Beverages > Wine',
    });
    expect(pinot['g:shipping']).toEqual([
      { 'g:country': 'US', 'g:region': 'AK', 'g:service': 'Standard', 'g:price': '25.00 USD' },
      { 'g:country': 'US', 'g:region': 'CA', 'g:service': 'Standard', 'g:price': '15.00 USD' },
      { 'g:country': 'US', 'g:region': 'OR', 'g:service': 'Standard', 'g:price': '15.00 USD' },
    ]);
    expect(itemOf(items, ids.soldOut)!['g:availability']).toBe('out_of_stock');
  });

  it('keeps text with markup characters intact and the document well-formed', async () => {
    const tricky = itemOf((await feed('/feeds/products.xml')).items, ids.tricky)!;
    expect(tricky['g:title']).toBe('Rosé & <Friends> "Cuvée"');
    expect(tricky['g:description']).toBe("Strawberries & cream; it's <b>bold</b>.");
  });

  it('lists only what anyone may buy: no draft, members-only or wholesale-only product', async () => {
    const { items } = await feed('/feeds/products.xml');
    expect(itemOf(items, ids.pinot)).toBeDefined();
    for (const id of [ids.draft, ids.membersOnly, ids.wholesaleOnly]) {
      expect(itemOf(items, id), String(id)).toBeUndefined();
    }
  });

  it('never shows a wholesale price, in any feed', async () => {
    // The price is there to leak: the product's wholesale tier for one bottle is 12.34.
    const wholesale = await t.database.db
      .select({ cents: priceTiers.price_per_unit })
      .from(priceTiers)
      .where(and(eq(priceTiers.product_id, ids.pinot), eq(priceTiers.channel, 'wholesale')));
    expect(wholesale.map((tier) => tier.cents)).toContain(1234);

    const slugs = (await t.database.db.select({ slug: businesses.slug }).from(businesses)).map(
      (row) => row.slug,
    );
    for (const url of ['/feeds/products.xml', ...slugs.map((s) => `/feeds/${s}/products.xml`)]) {
      const { body } = await feed(url);
      expect(body, url).not.toMatch(/12\.34|11\.11|1234|1111/);
    }
  });

  it("shows a new retail price on the next fetch, and a crawler's old copy is stale", async () => {
    const before = await get(`/feeds/${slug}/products.xml`);
    const etag = before.headers.etag as string;
    expect((await get(`/feeds/${slug}/products.xml`, { 'if-none-match': etag })).statusCode).toBe(
      304,
    );
    await updateProduct(t.app, seller, ids.pinot, {
      name: 'Feed Pinot Noir',
      retailTiers: [{ minimum_unit_count_for_price: 1, price: 35.75 }],
      wholesaleTiers: [{ minimum_unit_count_for_price: 1, price: 12.34 }],
    });
    const after = await get(`/feeds/${slug}/products.xml`, { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(itemOf(itemsOf(after.body), ids.pinot)!['g:price']).toBe('35.75 USD');
    expect(itemOf((await feed('/feeds/products.xml')).items, ids.pinot)!['g:price']).toBe(
      '35.75 USD',
    );
  });

  it("a producer's feed lists its own products only", async () => {
    const own = await feed(`/feeds/${slug}/products.xml`);
    expect(itemOf(own.items, ids.pinot)).toBeDefined();
    for (const item of own.items) {
      expect(new URL(item['g:link'] as string).pathname).toMatch(
        new RegExp(`^/business/${slug}/item/`),
      );
    }
    const other = await feed(`/feeds/${otherSlug}/products.xml`);
    expect(other.items.length).toBeGreaterThan(0);
    expect(itemOf(other.items, ids.pinot)).toBeUndefined();
    const all = (await feed('/feeds/products.xml')).items;
    expect(all.length).toBeGreaterThan(own.items.length + other.items.length - 1);
  });

  it('answers an unknown producer or a bad address with a JSON error, never a crash', async () => {
    for (const url of [
      '/feeds/no-such-producer/products.xml',
      `/feeds/${'x'.repeat(90)}/products.xml`,
      '/feeds/%E2%80%AE%F0%9F%8D%B7/products.xml',
      "/feeds/'%20or%201=1--/products.xml",
      '/feeds/products/999999999/image.png',
      '/feeds/products/abc/image.png',
      '/sitemaps/1.xml',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error.code, url).toBe('NOT_FOUND');
    }
    for (const url of [
      `/feeds/${'x'.repeat(3000)}/products.xml`,
      '/feeds/%E0%A4%A/products.xml',
      '/feeds/%00/products.xml',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, url).toBeLessThan(500);
      // Refused by the router before any route runs, in Fastify's own JSON shape.
      expect(response.headers['content-type'], url).toMatch(/^application\/json/);
    }
  });

  it("gives the site's drawings to Google as PNG pictures, not the hidden products'", async () => {
    const pinot = itemOf((await feed('/feeds/products.xml')).items, ids.pinot)!;
    const image = await get(new URL(pinot['g:image_link'] as string).pathname);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    const metadata = await sharp(image.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'png', width: 800, height: 800 });
    const hidden = await get(`/feeds/products/${ids.membersOnly}/image.png`);
    expect(hidden.statusCode).toBe(404);
  });
});
