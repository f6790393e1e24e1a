import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clubTiers, clubs, priceTiers, products } from '../../db/tables';
import { createTestApp, type TestApp } from '../../test/test-app';
import { writeStandInIndexHtml } from '../../test/web-template';
import { createProducer, createProduct } from '../checkout/checkout-fixtures';
import { createTestEvent } from '../events/event-fixtures';
import { publicProduct } from './page-data';
import { productCard, shareCardSvg } from './share-card';

const ORIGIN = 'https://shop.example';
const ART = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../web/public/art/bottles/wine-red.svg',
);
/** The wholesale price no public output may carry, in every form it could take. */
const WHOLESALE_FORMS = ['1234', '12.34', '$12.34'];

let t: TestApp;
let webDir: string;
let producer: { id: number; name: string; slug: string };
let product: { id: number; name: string };
let draft: { id: number; name: string };
let membersOnly: { id: number; name: string };
let event: Awaited<ReturnType<typeof createTestEvent>>;
let clubId: number;

/** The <head> of a page fetched as a crawler does: plain HTTP, no JavaScript. */
async function page(url: string) {
  const response = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
  return { response, html: response.body };
}

const unescapeHtml = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

function metaOf(html: string, key: string): string[] {
  const pattern = new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)" />`, 'g');
  return [...html.matchAll(pattern)].map((match) => unescapeHtml(match[1]!));
}

const oneMeta = (html: string, key: string) => {
  const values = metaOf(html, key);
  expect(values, key).toHaveLength(1);
  return values[0]!;
};

function jsonLdOf(html: string) {
  const scripts = [...html.matchAll(/<script type="application\/ld\+json">([^]*?)<\/script>/g)];
  expect(scripts).toHaveLength(1);
  const source = scripts[0]![1]!;
  // Nothing in it can end the script element or open a tag.
  expect(source).not.toMatch(/[<>]/);
  return JSON.parse(source);
}

const titleOf = (html: string) => {
  const titles = [...html.matchAll(/<title>([^<]*)<\/title>/g)];
  expect(titles).toHaveLength(1);
  return unescapeHtml(titles[0]![1]!);
};

const canonicalOf = (html: string) => html.match(/<link rel="canonical" href="([^"]*)" \/>/)?.[1];

beforeAll(async () => {
  // A stand-in build of the web app with the real template's title and description.
  webDir = await mkdtemp(path.join(tmpdir(), 'bevy-pages-'));
  await mkdir(path.join(webDir, 'art', 'bottles'), { recursive: true });
  await copyFile(ART, path.join(webDir, 'art', 'bottles', 'wine-red.svg'));
  await writeStandInIndexHtml(webDir);
  t = await createTestApp({ WEB_DIST_DIR: webDir, PUBLIC_URL: ORIGIN });
  const db = t.database.db;
  producer = await createProducer(db, {
    name: 'Hollow & "Sons" <Cellars>',
    description: 'Old vines on the hill.',
    fulfillment_ship_retail: true,
    ship_to_states: ['CA', 'OR', 'AK'],
    shipping_rates: [{ up_to_bottles: 6, fee_cents: 1500 }],
    shipping_surcharge_cents: 1000,
    shipping_surcharge_states: ['AK'],
  });
  product = await createProduct(db, producer.id, {
    name: 'Pinot </script><script>alert(1)</script>',
    retail: [
      [1, 2599],
      [6, 2399],
    ],
    wholesale: [[1, 1234]],
  });
  await db
    .update(products)
    .set({
      bottle_image_url: '/art/bottles/wine-red.svg',
      short_description: 'Bright cherry, a "long" finish & more.',
    })
    .where(eq(products.id, product.id));
  draft = await createProduct(db, producer.id, { name: 'Secret Draft Syrah', status: 'draft' });
  membersOnly = await createProduct(db, producer.id, { name: 'Cellar Club Only Merlot' });
  await db.update(products).set({ members_only: true }).where(eq(products.id, membersOnly.id));
  event = await createTestEvent(db, producer.id, {
    title: 'Harvest Dinner',
    startsAt: new Date('2030-07-04T01:30:00Z'),
    types: [
      { name: 'Dinner', priceCents: 8500, memberPriceCents: 7777 },
      { name: 'Members pour', priceCents: 999, membersOnly: true },
    ],
  });
  const [club] = await db
    .insert(clubs)
    .values({
      business_id: producer.id,
      slug: 'the-cellar-club',
      name: 'The Cellar Club',
      description: 'Four releases a year.',
      cadence: 'every_3_months',
      first_release_on: '2030-03-01',
      status: 'open',
    })
    .returning();
  clubId = club!.id;
  await db.insert(clubTiers).values({
    club_id: clubId,
    name: 'Six',
    bottles: 6,
    price_basis: 'fixed',
    fixed_price_cents: 15000,
    position: 0,
  });
});

afterAll(async () => {
  await t?.close();
  await rm(webDir, { recursive: true, force: true });
});

describe('a product page without JavaScript', () => {
  it('has its own title, description, canonical URL, Open Graph and Twitter tags', async () => {
    const { response, html } = await page(
      `/business/${producer.slug}/item/${product.id}?utm_source=x&a="b"`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-robots-tag']).toBeUndefined();
    // Still the app, with its config; the template's title and description replaced, not added to.
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('<script id="public-config" type="application/json">');
    expect(titleOf(html)).toBe(`${product.name} by Test Cellars | Bevy`);
    expect(metaOf(html, 'description')).toEqual(['Bright cherry, a "long" finish & more.']);
    const url = `${ORIGIN}/business/${producer.slug}/item/${product.id}`;
    expect(canonicalOf(html)).toBe(url);
    expect(oneMeta(html, 'og:url')).toBe(url);
    expect(oneMeta(html, 'og:type')).toBe('product');
    expect(oneMeta(html, 'og:title')).toBe(`${product.name} by Test Cellars`);
    expect(oneMeta(html, 'og:site_name')).toBe('Bevy');
    expect(oneMeta(html, 'og:image')).toMatch(
      new RegExp(`^${ORIGIN}/share-images/product/${product.id}\\.png\\?v=[\\w-]+$`),
    );
    expect(oneMeta(html, 'og:image:width')).toBe('1200');
    expect(oneMeta(html, 'og:image:height')).toBe('630');
    expect(oneMeta(html, 'og:image:alt')).toContain('Pinot');
    expect(oneMeta(html, 'product:price:amount')).toBe('25.99');
    expect(oneMeta(html, 'twitter:card')).toBe('summary_large_image');
    expect(oneMeta(html, 'twitter:image')).toBe(oneMeta(html, 'og:image'));
    expect(html).toContain(
      `<link rel="alternate" type="application/json+oembed" href="${ORIGIN}/oembed?url=${encodeURIComponent(url)}&amp;format=json"`,
    );
    // The product's name never closes an element of the page.
    expect(html).not.toContain('<script>alert(1)');
  });

  it('carries a Product with the fields Google requires and its retail Offer', async () => {
    const { html } = await page(`/business/${producer.slug}/item/${product.id}`);
    const data = jsonLdOf(html);
    expect(data['@type']).toBe('Product');
    expect(data.name).toBe(product.name);
    expect(data.image).toEqual([oneMeta(html, 'og:image')]);
    expect(data.brand).toEqual({ '@type': 'Brand', name: 'Test Cellars' });
    expect(data.sku).toBe(String(product.id));
    expect(data.offers).toMatchObject({
      '@type': 'Offer',
      price: '25.99',
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
      url: `${ORIGIN}/business/${producer.slug}/item/${product.id}`,
      seller: { '@type': 'Organization', name: producer.name },
    });
    expect(data.offers.shippingDetails).toEqual([
      expect.objectContaining({
        shippingDestination: expect.objectContaining({ addressRegion: ['CA', 'OR'] }),
        shippingRate: { '@type': 'MonetaryAmount', value: '15.00', currency: 'USD' },
      }),
      expect.objectContaining({
        shippingDestination: expect.objectContaining({ addressRegion: ['AK'] }),
        shippingRate: { '@type': 'MonetaryAmount', value: '25.00', currency: 'USD' },
      }),
    ]);
  });

  it('says out of stock when none are left', async () => {
    const sold = await createProduct(t.database.db, producer.id, { stock: 0 });
    const data = jsonLdOf((await page(`/business/${producer.slug}/item/${sold.id}`)).html);
    expect(data.offers.availability).toBe('https://schema.org/OutOfStock');
  });
});

describe('what an attacker sees', () => {
  it('never finds the wholesale price in the page, JSON-LD, oEmbed or share image', async () => {
    // Positive control: the price is there to leak, and the retail one is found where expected.
    const [tier] = await t.database.db
      .select()
      .from(priceTiers)
      .where(and(eq(priceTiers.product_id, product.id), eq(priceTiers.channel, 'wholesale')));
    expect(tier?.price_per_unit).toBe(1234);
    const pageUrl = `${ORIGIN}/business/${producer.slug}/item/${product.id}`;
    const { html } = await page(`/business/${producer.slug}/item/${product.id}`);
    const oembed = await t.app.inject({
      method: 'GET',
      url: `/oembed?url=${encodeURIComponent(pageUrl)}&format=json`,
    });
    const card = productCard((await publicProduct(t.database.db, product.id))!, 'Bevy');
    const svg = shareCardSvg(card, true);
    for (const [where, text] of [
      ['page', html],
      ['oembed', oembed.body],
      ['share image', svg],
    ] as const) {
      expect(text, where).toContain(where === 'oembed' ? 'Test Cellars' : '25.99');
      for (const form of WHOLESALE_FORMS) expect(text, `${where}: ${form}`).not.toContain(form);
    }
  });

  it('gets a 404 app page with nothing of a draft or members-only product', async () => {
    for (const hidden of [draft, membersOnly]) {
      const { response, html } = await page(`/business/${producer.slug}/item/${hidden.id}`);
      expect(response.statusCode).toBe(404);
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toContain(hidden.name);
      expect(html).not.toContain('og:title');
      expect(response.headers['x-robots-tag']).toBe('noindex');
      const image = await t.app.inject({ url: `/share-images/product/${hidden.id}.png` });
      expect(image.statusCode).toBe(404);
      const url = `${ORIGIN}/business/${producer.slug}/item/${hidden.id}`;
      const oembed = await t.app.inject({ url: `/oembed?url=${encodeURIComponent(url)}` });
      expect(oembed.statusCode).toBe(404);
      expect(oembed.body).not.toContain(hidden.name);
    }
  });

  it('finds no product under another producer, nor an unknown one', async () => {
    const other = await page(`/business/cascadia-hollow-cellars/item/${product.id}`);
    expect(other.response.statusCode).toBe(404);
    expect(other.html).not.toContain('Pinot');
    expect((await page(`/business/${producer.slug}/item/99999999`)).response.statusCode).toBe(404);
    expect((await page('/business/no-such-producer')).response.statusCode).toBe(404);
  });
});

describe('business, event and club pages', () => {
  it('a business page describes the producer as a LocalBusiness with its address', async () => {
    const { response, html } = await page(`/business/${producer.slug}`);
    expect(response.statusCode).toBe(200);
    expect(titleOf(html)).toBe(`${producer.name} | Bevy`);
    expect(html).toContain('Hollow &amp; &quot;Sons&quot; &lt;Cellars&gt; | Bevy');
    const data = jsonLdOf(html);
    expect(data['@type']).toBe('Winery');
    expect(data.name).toBe(producer.name);
    expect(data.url).toBe(`${ORIGIN}/business/${producer.slug}`);
    expect(data.address).toMatchObject({
      '@type': 'PostalAddress',
      streetAddress: '1220 SE Water Ave',
      addressLocality: 'Portland',
      addressRegion: 'OR',
      postalCode: '97214',
    });
    expect(canonicalOf(html)).toBe(`${ORIGIN}/business/${producer.slug}`);
  });

  it("a business page has its browser fetch the hero with the scripts, if it is this site's", async () => {
    const preloadOf = (html: string) =>
      html.match(/<link rel="preload" as="image" fetchpriority="high" href="([^"]*)" \/>/)?.[1];
    const withHero = await createProducer(t.database.db, {
      hero_img_url: '/art/heroes/vineyard.svg',
    });
    expect(preloadOf((await page(`/business/${withHero.slug}`)).html)).toBe(
      '/art/heroes/vineyard.svg',
    );
    // Elsewhere, the fetch would tell that host who looks at the page before they chose to.
    const heroElsewhere = await createProducer(t.database.db, {
      hero_img_url: 'https://pictures.example/hero.jpg',
    });
    expect((await page(`/business/${heroElsewhere.slug}`)).html).not.toContain('rel="preload"');
    expect((await page(`/business/${producer.slug}`)).html).not.toContain('rel="preload"');
  });

  it('an event page carries an Event with zoned times, place, organizer and public tickets', async () => {
    const { response, html } = await page(`/events/${event.url_key}`);
    expect(response.statusCode).toBe(200);
    expect(titleOf(html)).toBe('Harvest Dinner | Bevy');
    const data = jsonLdOf(html);
    expect(data).toMatchObject({
      '@type': 'Event',
      name: 'Harvest Dinner',
      // 01:30 UTC on July 4th is the evening before in Napa, on daylight time.
      startDate: '2030-07-03T18:30:00-07:00',
      endDate: '2030-07-03T21:30:00-07:00',
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      location: {
        '@type': 'Place',
        name: producer.name,
        address: { streetAddress: '1 Main St', addressLocality: 'Napa', addressRegion: 'CA' },
      },
      organizer: { name: producer.name },
    });
    expect(data.offers).toEqual([
      expect.objectContaining({
        name: 'Dinner',
        price: '85.00',
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
      }),
    ]);
    // Neither the member price nor the members' ticket is public.
    expect(html).not.toContain('77.77');
    expect(html).not.toContain('Members pour');
  });

  it('a club page offers its fixed-price tier', async () => {
    const { html } = await page(`/business/${producer.slug}/clubs/the-cellar-club`);
    expect(titleOf(html)).toBe(`The Cellar Club at ${producer.name} | Bevy`);
    const data = jsonLdOf(html);
    expect(data['@type']).toBe('Product');
    expect(data.offers[0]).toMatchObject({ price: '150.00', priceCurrency: 'USD' });
    const image = await t.app.inject({ url: `/share-images/club/${clubId}.png` });
    expect(image.statusCode).toBe(200);
  });
});

describe('noindex', () => {
  it('marks seller, account and checkout pages noindex, and not the public ones', async () => {
    for (const url of [
      '/dashboard',
      `/business/${producer.slug}/edit`,
      `/business/${producer.slug}/products`,
      '/business/new',
      '/cart',
      '/login',
      '/consumer',
      '/admin/users',
      '/shipping-and-billing',
      '/no/such/page',
    ]) {
      const { response, html } = await page(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['x-robots-tag'], url).toBe('noindex');
      expect(html, url).toContain('<meta name="robots" content="noindex" />');
      expect(titleOf(html)).toBe('Bevy');
    }
    for (const url of ['/shop', '/events', `/business/${producer.slug}`]) {
      const { response, html } = await page(url);
      expect(response.headers['x-robots-tag'], url).toBeUndefined();
      expect(html, url).not.toContain('noindex');
    }
    expect(canonicalOf((await page('/shop?q=pinot')).html)).toBe(`${ORIGIN}/shop`);
  });
});

describe('share images', () => {
  it('are 1200×630 PNGs that a matching ETag answers with 304', async () => {
    const { html } = await page(`/business/${producer.slug}/item/${product.id}`);
    const imageUrl = new URL(oneMeta(html, 'og:image'));
    const response = await t.app.inject({ url: imageUrl.pathname + imageUrl.search });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toContain('immutable');
    const { width, height, format } = await sharp(response.rawPayload).metadata();
    expect({ width, height, format }).toEqual({ width: 1200, height: 630, format: 'png' });
    const again = await t.app.inject({
      url: imageUrl.pathname,
      headers: { 'if-none-match': String(response.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    for (const url of [
      `/share-images/business/${producer.slug}.png`,
      `/share-images/event/${event.url_key}.png`,
    ]) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(200);
    }
    expect((await t.app.inject({ url: '/share-images/orders/1.png' })).statusCode).toBe(404);
  });
});

describe('oEmbed', () => {
  const oembed = (query: string) => t.app.inject({ method: 'GET', url: `/oembed?${query}` });

  it('answers a product page with a rich embed of the shop widget', async () => {
    const url = `${ORIGIN}/business/${producer.slug}/item/${product.id}?utm_source=wp`;
    const response = await oembed(
      `url=${encodeURIComponent(url)}&format=json&maxwidth=300&maxheight=2000`,
    );
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      version: '1.0',
      type: 'rich',
      title: `${product.name} by Test Cellars`,
      author_name: producer.name,
      provider_name: 'Bevy',
      provider_url: ORIGIN,
      thumbnail_width: 1200,
      thumbnail_height: 630,
      width: 300,
      height: 560,
    });
    expect(body.thumbnail_url).toMatch(`${ORIGIN}/share-images/product/${product.id}.png?v=`);
    expect(body.html).toContain(
      `<bevy-shop business="${producer.slug}" mode="product" product="${product.id}"></bevy-shop>`,
    );
    expect(body.html).toContain(`<script async src="${ORIGIN}/embed.js"></script>`);
  });

  it('embeds business, event and club pages too', async () => {
    for (const [url, attribute] of [
      [`${ORIGIN}/business/${producer.slug}`, `business="${producer.slug}" mode="products"`],
      [`${ORIGIN}/events/${event.url_key}`, `business="${producer.slug}" mode="events"`],
      [
        `${ORIGIN}/business/${producer.slug}/clubs/the-cellar-club`,
        'mode="club" club="the-cellar-club"',
      ],
    ]) {
      const response = await oembed(`url=${encodeURIComponent(url!)}`);
      expect(response.statusCode, url).toBe(200);
      expect(response.json().html).toContain(attribute);
    }
  });

  it('refuses XML with 501, and foreign or unknown pages with 404', async () => {
    const url = encodeURIComponent(`${ORIGIN}/business/${producer.slug}`);
    expect((await oembed(`url=${url}&format=xml`)).statusCode).toBe(501);
    const foreign = `https://evil.example/business/${producer.slug}`;
    expect((await oembed(`url=${encodeURIComponent(foreign)}`)).statusCode).toBe(404);
    expect((await oembed(`url=${encodeURIComponent(`${ORIGIN}/dashboard`)}`)).statusCode).toBe(404);
    expect((await oembed(`url=${encodeURIComponent(`${ORIGIN}/events/nope`)}`)).statusCode).toBe(
      404,
    );
    expect((await oembed('url=not%20a%20url')).statusCode).toBe(404);
    expect((await oembed('format=json')).statusCode).toBe(400);
    expect((await oembed(`url=${url}&maxwidth=-3`)).statusCode).toBe(400);
  });
});
