import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businesses, clubs, events } from '../../db/tables';
import { registerErrorHandler } from '../../http/errors';
import { logInAsActor } from '../../test/actors';
import { sellerBusinessSlugs } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestEvent } from '../events/event-fixtures';
import { createProduct, locsOf } from './feed-fixtures';
import { feedRoutes } from './feeds.routes';

let t: TestApp;
let seller: string;
let slug: string;
let url: (path: string) => string;
const ids = { published: 0, draft: 0, membersOnly: 0 };
const keys = { upcoming: '', past: '', cancelled: '', unlisted: '', members: '' };
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  url = (path) => `${t.config.publicUrl}${path}`;
  seller = await logInAsActor(t.app, 'seller');
  slug = (await sellerBusinessSlugs(t.database.db)).ownSlug;
  ids.published = await createProduct(t.app, seller, slug, { name: 'Sitemap Listed Syrah' });
  ids.draft = await createProduct(t.app, seller, slug, { name: 'Sitemap Draft', status: 'draft' });
  ids.membersOnly = await createProduct(t.app, seller, slug, { membersOnly: true });
  const [business] = await t.database.db.select().from(businesses).where(eq(businesses.slug, slug));
  const event = (spec: Parameters<typeof createTestEvent>[2]) =>
    createTestEvent(t.database.db, business!.id, spec).then((row) => row.url_key);
  keys.upcoming = await event({});
  keys.past = await event({ startsAt: new Date(Date.now() - 10 * DAY) });
  keys.cancelled = await event({});
  await t.database.db
    .update(events)
    .set({ status: 'cancelled' })
    .where(eq(events.url_key, keys.cancelled));
  keys.unlisted = await event({ visibility: 'unlisted' });
  keys.members = await event({ visibility: 'members' });
});
afterAll(() => t.close());

const get = (path: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: path, headers });

describe('sitemap.xml', () => {
  it('lists the public pages, the business, its published product and its upcoming event', async () => {
    const response = await get('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    const locs = locsOf(response.body);
    for (const path of ['/shop', '/events', '/about', '/sell', '/tos', '/privacy']) {
      expect(locs).toContain(url(path));
    }
    expect(locs).toContain(url(`/business/${slug}`));
    expect(locs).toContain(url(`/business/${slug}/item/${ids.published}`));
    expect(locs).toContain(url(`/events/${keys.upcoming}`));
    expect(locs.every((loc) => loc.startsWith(`${t.config.publicUrl}/`))).toBe(true);
    expect(new Set(locs).size).toBe(locs.length);
  });

  it('leaves out drafts, members-only products, and past, cancelled, unlisted and members-only events', async () => {
    const locs = locsOf((await get('/sitemap.xml')).body);
    expect(locs).not.toContain(url(`/business/${slug}/item/${ids.draft}`));
    // Sold to club members only, its page gives crawlers nothing (see public-pages).
    expect(locs).not.toContain(url(`/business/${slug}/item/${ids.membersOnly}`));
    for (const key of [keys.past, keys.cancelled, keys.unlisted, keys.members]) {
      expect(locs).not.toContain(url(`/events/${key}`));
    }
  });

  it('lists exactly the open clubs, and a club closed drops out', async () => {
    const open = await t.database.db
      .select({ slug: clubs.slug, business: businesses.slug, id: clubs.id })
      .from(clubs)
      .innerJoin(businesses, eq(businesses.id, clubs.business_id))
      .where(eq(clubs.status, 'open'));
    expect(open.length).toBeGreaterThan(0);
    const clubLocs = (xml: string) => locsOf(xml).filter((loc) => /\/clubs\//.test(loc));
    const clubUrl = (club: (typeof open)[number]) =>
      url(`/business/${club.business}/clubs/${club.slug}`);
    expect(clubLocs((await get('/sitemap.xml')).body).sort()).toEqual(open.map(clubUrl).sort());

    const [closing] = open;
    await t.database.db.update(clubs).set({ status: 'closed' }).where(eq(clubs.id, closing!.id));
    expect(clubLocs((await get('/sitemap.xml')).body)).not.toContain(clubUrl(closing!));
    await t.database.db.update(clubs).set({ status: 'open' }).where(eq(clubs.id, closing!.id));
  });

  it('gives lastmod from the rows and answers a crawler that already has it with 304', async () => {
    const first = await get('/sitemap.xml');
    expect(first.body).toMatch(
      new RegExp(
        `<loc>${url(`/business/${slug}/item/${ids.published}`)}</loc><lastmod>\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ</lastmod>`,
      ),
    );
    const etag = first.headers.etag as string;
    const lastModified = first.headers['last-modified'] as string;
    expect(first.headers['cache-control']).toMatch(/max-age=\d+/);
    expect((await get('/sitemap.xml', { 'if-none-match': etag })).statusCode).toBe(304);
    expect((await get('/sitemap.xml', { 'if-modified-since': lastModified })).statusCode).toBe(304);

    const added = await createProduct(t.app, seller, slug, { name: 'Sitemap Newcomer' });
    const after = await get('/sitemap.xml', { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(locsOf(after.body)).toContain(url(`/business/${slug}/item/${added}`));
  });

  it('splits into an index of parts when there are more URLs than a file may hold', async () => {
    const whole = locsOf((await get('/sitemap.xml')).body);
    const small = Fastify();
    registerErrorHandler(small);
    await small.register(feedRoutes, { services: t.app.services, urlsPerSitemap: 7 });
    const index = await small.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(index.body).toContain('<sitemapindex');
    const parts = locsOf(index.body);
    expect(parts).toHaveLength(Math.ceil(whole.length / 7));
    const listed: string[] = [];
    for (const part of parts) {
      const response = await small.inject({ method: 'GET', url: new URL(part).pathname });
      expect(response.statusCode).toBe(200);
      const locs = locsOf(response.body);
      expect(locs.length).toBeLessThanOrEqual(7);
      listed.push(...locs);
    }
    expect(listed).toEqual(whole);
    for (const bad of [`/sitemaps/${parts.length + 1}.xml`, '/sitemaps/0.xml', '/sitemaps/x']) {
      const response = await small.inject({ method: 'GET', url: bad });
      expect(response.statusCode, bad).toBe(404);
      expect(response.json().error.code).toBe('NOT_FOUND');
    }
    await small.close();
  });
});

/** Google's reading of robots.txt: the longest matching rule wins, Allow on a tie. */
function allowedBy(robots: string, path: string): boolean {
  const rules = robots
    .split('\n')
    .map((line) => /^(Allow|Disallow):\s*(\S+)$/.exec(line))
    .filter((match) => match !== null)
    .map(([, kind, pattern]) => ({
      allow: kind === 'Allow',
      length: pattern!.length,
      regex: new RegExp(
        `^${pattern!
          .replace(/[.+?^{}()|[\]\\]/g, '\\$&')
          .replace(/\*/g, '.*')
          .replace(/\\\$$|\$$/, '$')}`,
      ),
    }))
    .filter((rule) => rule.regex.test(path))
    .sort((a, b) => b.length - a.length || Number(b.allow) - Number(a.allow));
  return rules[0]?.allow ?? true;
}

describe('robots.txt', () => {
  it('keeps crawlers out of private, seller and API paths and names the sitemap', async () => {
    const response = await get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const robots = response.body;
    expect(robots).toContain(`Sitemap: ${t.config.publicUrl}/sitemap.xml`);
    for (const path of [
      '/dashboard',
      `/business/${slug}/edit`,
      `/business/${slug}/products`,
      `/business/${slug}/products/new`,
      `/business/${slug}/clubs`,
      `/business/${slug}/clubs/cellar/members`,
      `/business/${slug}/events/3/check-in`,
      `/business/${slug}/payouts`,
      `/business/${slug}/embed`,
      '/business/orders',
      '/business/orders.csv',
      '/orders/12',
      '/consumer',
      '/consumer/tickets',
      '/cart',
      '/shipping-and-billing',
      '/success',
      '/admin/users',
      '/login',
      '/signup',
      '/graphql',
      '/search',
      '/upload',
      '/tickets/ABCD/qr.png',
    ]) {
      expect(allowedBy(robots, path), path).toBe(false);
    }
    for (const path of [
      '/shop',
      `/business/${slug}`,
      `/business/${slug}/item/12`,
      `/business/${slug}/clubs/cellar`,
      '/events/abc123',
      '/uploads/0123456789abcdef0123456789abcdef.jpg',
      '/feeds/products.xml',
      // Producers' own sites show the embed: crawlers rendering them need its script and data.
      '/embed.js',
      `/embed/v1/${slug}`,
    ]) {
      expect(allowedBy(robots, path), path).toBe(true);
    }
  });

  it('allows every page the sitemap lists', async () => {
    const robots = (await get('/robots.txt')).body;
    const locs = locsOf((await get('/sitemap.xml')).body);
    const blocked = locs.filter((loc) => !allowedBy(robots, new URL(loc).pathname));
    expect(blocked).toEqual([]);
  });
});
