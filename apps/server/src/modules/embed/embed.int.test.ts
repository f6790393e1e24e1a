import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businesses, clubs, events, priceTiers, products, ticketTypes } from '../../db/tables';
import { createTestApp, type TestApp } from '../../test/test-app';

/** Prices no retail field holds: if one shows up in the answer, a wholesale price leaked. */
const WHOLESALE_CENTS = 777_713;
const MEMBER_TICKET_CENTS = 313_131;
const DAY = 86_400_000;

let t: TestApp;
let distDir: string;
const ids = {} as Record<'retail' | 'draft' | 'membersOnly' | 'wholesaleOnly', number>;

async function insertProduct(
  businessId: number,
  handle: string,
  fields: Partial<typeof products.$inferInsert>,
  tiers: { channel: 'retail' | 'wholesale'; price: number; minimum?: number }[],
) {
  const [row] = await t.database.db
    .insert(products)
    .values({
      business_id: businessId,
      handle,
      name: `Embed ${handle}`,
      beverage_type: 'Wine',
      produced_by: 'Embed Test Cellars',
      status: 'published',
      bottle_image_url: '/art/bottles/red.svg',
      stock_count: 12,
      ...fields,
    })
    .returning();
  await t.database.db.insert(priceTiers).values(
    tiers.map((tier) => ({
      product_id: row!.id,
      channel: tier.channel,
      price_per_unit: tier.price,
      minimum_unit_count_for_price: tier.minimum ?? 1,
    })),
  );
  return row!.id;
}

beforeAll(async () => {
  distDir = mkdtempSync(path.join(tmpdir(), 'embed-dist-'));
  mkdirSync(path.join(distDir, 'embed'));
  const script = '(function(){/* the embed */})();';
  writeFileSync(path.join(distDir, 'embed', 'embed.js'), script);
  writeFileSync(path.join(distDir, 'embed', 'embed.js.gz'), gzipSync(script));
  t = await createTestApp({ WEB_DIST_DIR: distDir, PUBLIC_URL: 'https://shop.example' });
  const db = t.database.db;
  const [business] = await db
    .insert(businesses)
    .values({
      name: 'Embed Test Cellars',
      slug: 'embed-test-cellars',
      fulfillment_ship_retail: true,
      fulfillment_ship_wholesale: true,
      ship_to_states: ['WA', 'CA', 'OR'],
      pickup_hours: 'Sat 12–5',
    })
    .returning();
  const businessId = business!.id;
  ids.retail = await insertProduct(businessId, 'retail', {}, [
    { channel: 'retail', price: 2_400 },
    { channel: 'retail', price: 2_100, minimum: 6 },
    { channel: 'wholesale', price: WHOLESALE_CENTS, minimum: 12 },
  ]);
  ids.draft = await insertProduct(businessId, 'draft', { status: 'draft' }, [
    { channel: 'retail', price: 1_900 },
  ]);
  ids.membersOnly = await insertProduct(businessId, 'members', { members_only: true }, [
    { channel: 'retail', price: 5_000 },
  ]);
  ids.wholesaleOnly = await insertProduct(businessId, 'trade', {}, [
    { channel: 'wholesale', price: WHOLESALE_CENTS },
  ]);
  await db.insert(clubs).values([
    {
      business_id: businessId,
      slug: 'cellar-club',
      name: 'Cellar Club',
      cadence: 'release_dates',
      status: 'open',
    },
    {
      business_id: businessId,
      slug: 'secret-club',
      name: 'Secret Club',
      cadence: 'release_dates',
      status: 'draft',
    },
  ]);
  const event = (key: string, visibility: 'public' | 'unlisted', startsAt: Date) => ({
    business_id: businessId,
    url_key: key,
    title: `Tasting ${key}`,
    venue_name: 'The Barrel Room',
    venue_line1: '1 Main St',
    venue_city: 'Napa',
    venue_state: 'CA',
    venue_zip: '94559',
    time_zone: 'America/Los_Angeles',
    starts_at: startsAt,
    ends_at: new Date(startsAt.getTime() + 3 * 3_600_000),
    capacity: 40,
    visibility,
  });
  const inserted = await db
    .insert(events)
    .values([
      event('embedpublic1', 'public', new Date(Date.now() + 10 * DAY)),
      event('embedunlisted', 'unlisted', new Date(Date.now() + 10 * DAY)),
      event('embedpast1', 'public', new Date(Date.now() - 10 * DAY)),
    ])
    .returning();
  await db.insert(ticketTypes).values([
    { event_id: inserted[0]!.id, name: 'General', price_cents: 4_500 },
    {
      event_id: inserted[0]!.id,
      name: 'Members',
      price_cents: MEMBER_TICKET_CENTS - 1,
      members_only: true,
    },
    { event_id: inserted[0]!.id, name: 'VIP', price_cents: 9_000, member_price_cents: 1_000 },
  ]);
});

afterAll(async () => {
  await t.close();
  rmSync(distDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { origin: 'https://producer.example', ...headers } });

describe('GET /embed/v1/{business}', () => {
  it('lists the published retail products, at retail prices only, to any origin', async () => {
    const response = await get('/embed/v1/embed-test-cellars?mode=products');
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    const body = response.json();
    expect(body.business).toMatchObject({
      name: 'Embed Test Cellars',
      url: 'https://shop.example/business/embed-test-cellars',
      shipToStates: ['CA', 'OR', 'WA'],
      ships: true,
      pickup: true,
      pickupHours: 'Sat 12–5',
    });
    expect(body.products).toEqual([
      {
        id: String(ids.retail),
        name: 'Embed retail',
        description: '',
        imageUrl: 'https://shop.example/art/bottles/red.svg',
        beverageType: 'Wine',
        priceCents: 2_400,
        minimumQuantity: 1,
        tiers: [
          { minimumQuantity: 1, priceCents: 2_400 },
          { minimumQuantity: 6, priceCents: 2_100 },
        ],
        stock: 12,
        url: `https://shop.example/business/embed-test-cellars/item/${ids.retail}`,
      },
    ]);
    // Neither the price nor the word: the answer knows nothing of wholesale.
    expect(response.body).not.toContain(String(WHOLESALE_CENTS));
    expect(response.body.toLowerCase()).not.toContain('wholesale');
  });

  it('shows one product by id, and not a draft, members-only or wholesale-only one', async () => {
    const one = await get(`/embed/v1/embed-test-cellars?mode=product&product=${ids.retail}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().products.map((product: { id: string }) => product.id)).toEqual([
      String(ids.retail),
    ]);
    expect(one.body).not.toContain(String(WHOLESALE_CENTS));
    for (const hidden of [ids.draft, ids.membersOnly, ids.wholesaleOnly]) {
      const response = await get(`/embed/v1/embed-test-cellars?mode=product&product=${hidden}`);
      expect(response.statusCode).toBe(404);
      expect(response.headers['access-control-allow-origin']).toBe('*');
      expect(response.body).not.toContain(String(WHOLESALE_CENTS));
    }
  });

  it('gives an open club to join, never a draft one', async () => {
    const open = await get('/embed/v1/embed-test-cellars?mode=club&club=cellar-club');
    expect(open.statusCode).toBe(200);
    expect(open.json().clubs).toEqual([
      {
        key: 'cellar-club',
        name: 'Cellar Club',
        description: '',
        url: 'https://shop.example/business/embed-test-cellars/clubs/cellar-club',
      },
    ]);
    const draft = await get('/embed/v1/embed-test-cellars?mode=club&club=secret-club');
    expect(draft.statusCode).toBe(404);
    const every = await get('/embed/v1/embed-test-cellars?mode=club');
    expect(every.json().clubs.map((club: { key: string }) => club.key)).toEqual(['cellar-club']);
  });

  it('lists upcoming public events from their lowest price to everyone', async () => {
    const response = await get('/embed/v1/embed-test-cellars?mode=events');
    expect(response.statusCode).toBe(200);
    const { events: listed } = response.json();
    expect(listed).toEqual([
      expect.objectContaining({
        key: 'embedpublic1',
        title: 'Tasting embedpublic1',
        timeZone: 'America/Los_Angeles',
        venue: 'The Barrel Room, Napa, CA',
        fromPriceCents: 4_500,
        url: 'https://shop.example/events/embedpublic1',
      }),
    ]);
    expect(response.body).not.toContain(String(MEMBER_TICKET_CENTS - 1));
  });

  it('refuses bad input with a clear 4xx, and an unknown business with 404', async () => {
    const unknown = await get('/embed/v1/no-such-business');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('NOT_FOUND');
    expect(unknown.headers['access-control-allow-origin']).toBe('*');
    for (const query of [
      'mode=everything',
      'mode=product',
      'mode=product&product=abc',
      'mode=club&club=a/b',
    ]) {
      const response = await get(`/embed/v1/embed-test-cellars?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.message, query).toMatch(/\w/);
    }
    const post = await t.app.inject({ method: 'POST', url: '/embed/v1/embed-test-cellars' });
    expect(post.statusCode).toBe(404);
  });
});

describe('GET /embed.js', () => {
  it('serves the built script to other origins, compressed when asked', async () => {
    const plain = await get('/embed.js');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toContain('javascript');
    expect(plain.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(plain.headers['access-control-allow-origin']).toBe('*');
    expect(plain.body).toContain('the embed');
    const gzipped = await get('/embed.js', { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
  });
});
