import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { App } from '../app';
import { businesses, products } from '../db/tables';
import { createProduct } from '../modules/checkout/checkout-fixtures';
import { logInAsActor } from '../test/actors';
import { sellerBusinessSlugs } from '../test/fixtures';
import { gql } from '../test/graphql-client';
import { createTestApp, type TestApp } from '../test/test-app';
import { writeStandInIndexHtml } from '../test/web-template';

const onPostgres = process.env.TEST_DB_KIND === 'postgres';
const SERVER_PROCESS = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../test/server-process.ts',
);

/** The business page's own query, as the web app sends it. */
const BUSINESS_PAGE = `query BusinessBySlug($slug: String!) {
  businesses(where: { slug: { equals: $slug } }) {
    id name slug description addresses { id formatted_address } pickup_hours
    clubs { id slug name }
  }
}`;
const TAGS = `query GetTagsForCategoryByCategoryName($tagCategoryName: String!) {
  tagsForCategory(tagCategoryName: $tagCategoryName) { id name categorizes { id name } }
}`;

interface PublicBusiness {
  name: string;
  clubs: { slug: string }[];
}

/** The business page's query as a visitor (or, with a cookie, a signed-in person) sends it. */
async function businessPage(app: App, slug: string, cookie?: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    payload: { query: BUSINESS_PAGE, variables: { slug }, operationName: 'BusinessBySlug' },
  });
  expect(response.statusCode).toBe(200);
  const business = (response.json().data.businesses as PublicBusiness[])[0]!;
  return { business, cached: response.headers['x-read-cache'] === 'hit' };
}

async function tagNames(app: App, category: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { 'content-type': 'application/json' },
    payload: { query: TAGS, variables: { tagCategoryName: category } },
  });
  expect(response.statusCode).toBe(200);
  const tags = response.json().data.tagsForCategory as { name: string }[];
  return { names: tags.map((tag) => tag.name), cached: response.headers['x-read-cache'] === 'hit' };
}

const bannerLines = async (app: App) =>
  ((await app.inject({ url: '/banners' })).json() as { lines: string[] }[]).flatMap(
    (banner) => banner.lines,
  );

/** The <title> of a page's HTML, which the server writes from the database. */
async function pageTitle(app: App, url: string) {
  const response = await app.inject({ url, headers: { accept: 'text/html' } });
  return /<title>([^<]*)<\/title>/.exec(response.body)?.[1];
}

async function rename(app: App, cookie: string, slug: string, name: string) {
  const result = await gql(
    app,
    `mutation($slug: String!, $update: BusinessUpdateInput!) { updateBusiness(slug: $slug, update: $update) { id } }`,
    { slug, update: { name: { set: name } } },
    { cookie },
  );
  expect(result.body.errors).toBeUndefined();
}

describe('public reads answered from the read cache', () => {
  let t: TestApp;
  let webDir: string;
  let seller: string;
  let admin: string;
  let slug: string;

  beforeAll(async () => {
    webDir = await mkdtemp(path.join(tmpdir(), 'bevy-reads-'));
    await writeStandInIndexHtml(webDir);
    t = await createTestApp({ WEB_DIST_DIR: webDir });
    seller = await logInAsActor(t.app, 'seller');
    admin = await logInAsActor(t.app, 'admin');
    slug = (await sellerBusinessSlugs(t.database.db)).ownSlug;
  });
  afterAll(async () => {
    await t.close();
    await rm(webDir, { recursive: true, force: true });
  });

  it('answers the business page from the cache, and the write’s next read sees the write', async () => {
    await businessPage(t.app, slug);
    const again = await businessPage(t.app, slug);
    expect(again.cached).toBe(true);
    // A signed-in person gets the same public answer, without a query of their own.
    expect((await businessPage(t.app, slug, seller)).cached).toBe(true);

    await rename(t.app, seller, slug, 'Cached Hollow Cellars');
    const after = await businessPage(t.app, slug);
    expect(after.business.name).toBe('Cached Hollow Cellars');
    expect(after.cached).toBe(false);
    expect((await businessPage(t.app, slug, seller)).business.name).toBe('Cached Hollow Cellars');
  });

  it('shows a club on the business page as soon as it opens', async () => {
    await businessPage(t.app, slug);
    const created = await gql(
      t.app,
      `mutation($businessSlug: String!, $input: ClubInput!) { createClub(businessSlug: $businessSlug, input: $input) { slug } }`,
      {
        businessSlug: slug,
        input: {
          name: 'Read Cache Club',
          description: 'Opened while its page was cached.',
          cadence: 'release_dates',
          memberDiscountBasisPoints: 1000,
          minimumReleases: 0,
          skipsPerYear: 0,
          offersPickup: true,
          offersDelivery: false,
          offersShipping: false,
          tiers: [{ name: 'Three', bottles: 3, priceBasis: 'contents' }],
        },
      },
      { cookie: seller },
    );
    expect(created.body.errors).toBeUndefined();
    const clubSlug = (created.body.data!.createClub as { slug: string }).slug;
    expect((await businessPage(t.app, slug)).business.clubs.map((c) => c.slug)).not.toContain(
      clubSlug,
    );
    expect((await businessPage(t.app, slug)).cached).toBe(true);

    const opened = await gql(
      t.app,
      `mutation($businessSlug: String!, $clubSlug: String!) { setClubStatus(businessSlug: $businessSlug, clubSlug: $clubSlug, open: true) { id } }`,
      { businessSlug: slug, clubSlug },
      { cookie: seller },
    );
    expect(opened.body.errors).toBeUndefined();
    expect((await businessPage(t.app, slug)).business.clubs.map((c) => c.slug)).toContain(clubSlug);
  });

  it('lists a new tag in the next answer after an admin adds it', async () => {
    await tagNames(t.app, 'Business Type');
    expect((await tagNames(t.app, 'Business Type')).cached).toBe(true);
    const categories = await gql(t.app, `{ tagCategories { id name } }`, {}, { cookie: admin });
    const category = (categories.body.data!.tagCategories as { id: number; name: string }[]).find(
      (tag) => tag.name === 'Business Type',
    )!;
    const created = await gql(
      t.app,
      `mutation($name: String!, $categoryId: Int) { createTag(name: $name, categoryId: $categoryId) { id } }`,
      { name: 'Read Cache Meadery', categoryId: category.id },
      { cookie: admin },
    );
    expect(created.body.errors).toBeUndefined();
    const after = await tagNames(t.app, 'Business Type');
    expect(after.cached).toBe(false);
    expect(after.names).toContain('Read Cache Meadery');
  });

  it('shows a new banner in the next GET /banners', async () => {
    await bannerLines(t.app);
    const created = await gql(
      t.app,
      `mutation($input: BannerInput!) { createBanner(input: $input) { id } }`,
      {
        input: {
          type: 'info',
          lines: ['Cache-busting harvest sale'],
          link: null,
          dismissible: true,
          active: true,
        },
      },
      { cookie: admin },
    );
    expect(created.body.errors).toBeUndefined();
    expect(await bannerLines(t.app)).toContain('Cache-busting harvest sale');
  });

  it('writes a product page’s new name into its HTML in the next answer', async () => {
    const created = await gql(
      t.app,
      `mutation($slug: String!, $input: ProductInput!) { createProduct(slug: $slug, input: $input) { id } }`,
      {
        slug,
        input: {
          name: 'First Pour Pale',
          beverageType: 'Beer',
          retailTiers: [{ minimum_unit_count_for_price: 1, price: 6 }],
          wholesaleTiers: [],
          status: 'published',
        },
      },
      { cookie: seller },
    );
    expect(created.body.errors).toBeUndefined();
    const id = (created.body.data!.createProduct as { id: number }).id;
    const url = `/business/${slug}/item/${id}`;
    expect(await pageTitle(t.app, url)).toContain('First Pour Pale');
    expect(await pageTitle(t.app, url)).toContain('First Pour Pale');

    const renamed = await gql(
      t.app,
      `mutation($id: Int!, $input: ProductInput!) { updateProduct(id: $id, input: $input) { id } }`,
      {
        id,
        input: {
          name: 'Second Pour Pale',
          beverageType: 'Beer',
          retailTiers: [{ minimum_unit_count_for_price: 1, price: 6 }],
          wholesaleTiers: [],
          status: 'published',
        },
      },
      { cookie: seller },
    );
    expect(renamed.body.errors).toBeUndefined();
    expect(await pageTitle(t.app, url)).toContain('Second Pour Pale');
  });

  it('reads a product page afresh when its stock is counted, which sales change', async () => {
    const db = t.database.db;
    const [business] = await db
      .select({ id: businesses.id })
      .from(businesses)
      .where(eq(businesses.slug, slug));
    const counted = await createProduct(db, business!.id, { stock: 1 });
    const url = `/business/${slug}/item/${counted.id}`;
    const availability = async () =>
      /"availability":"https:\/\/schema.org\/(\w+)"/.exec(
        (await t.app.inject({ url, headers: { accept: 'text/html' } })).body,
      )?.[1];
    expect(await availability()).toBe('InStock');
    expect(await availability()).toBe('InStock');
    // A checkout takes the last one (the stock hold records no change of its own).
    await db.update(products).set({ stock_count: 0 }).where(eq(products.id, counted.id));
    expect(await availability()).toBe('OutOfStock');
  });

  it('lets resolvers replace the viewer it watches: logging in answers without errors', async () => {
    const result = await gql(
      t.app,
      'mutation($email: String!, $password: String!) { logIn(email: $email, password: $password) { id } }',
      { email: 'buyer@bevy.example', password: 'bevy-buyer-demo' },
    );
    expect(result.body.errors).toBeUndefined();
    expect(result.body.data?.logIn).toMatchObject({ id: expect.any(Number) });
  });

  it('never shares an answer that depended on who asked', async () => {
    // Not a public field: every request runs, with its own viewer.
    const mine = `query { business(slug: "${slug}") { name stripe_account_id } }`;
    await gql(t.app, mine, {}, { cookie: seller });
    const response = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json' },
      payload: { query: mine },
    });
    expect(response.headers['x-read-cache']).toBeUndefined();
  });
});

/** Another server process on the same database, answering over real HTTP. */
async function startServerProcess(databaseUrl: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_PROCESS], {
    env: { ...process.env, SERVER_DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      const match = /listening (\d+)/.exec(chunk.toString());
      if (match) resolve(Number(match[1]));
    });
    child.on('exit', (code) => reject(new Error(`the server process exited with ${code}`)));
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        child.on('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  };
}

// Several processes share one PostgreSQL, each with its own cache; PGlite is one process.
describe.runIf(onPostgres)('public reads across two processes', () => {
  let t: TestApp;
  let other: Awaited<ReturnType<typeof startServerProcess>>;

  /** The business page's query, sent over HTTP to the other process. */
  async function businessPageThere(slug: string) {
    const response = await fetch(`${other.origin}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: BUSINESS_PAGE, variables: { slug } }),
    });
    const body = (await response.json()) as { data: { businesses: PublicBusiness[] } };
    return {
      name: body.data.businesses[0]!.name,
      cached: response.headers.get('x-read-cache') === 'hit',
    };
  }

  beforeAll(async () => {
    t = await createTestApp();
    other = await startServerProcess(t.databaseUrl!);
  }, 60_000);
  afterAll(async () => {
    await other?.stop();
    await t?.close();
  });

  it('a write through one process is seen in the other’s very next answer', async () => {
    const seller = await logInAsActor(t.app, 'seller');
    const { ownSlug } = await sellerBusinessSlugs(t.database.db);
    for (const round of [1, 2, 3, 4, 5]) {
      await businessPageThere(ownSlug);
      expect((await businessPageThere(ownSlug)).cached).toBe(true);
      await rename(t.app, seller, ownSlug, `Elsewhere Cellars ${round}`);
      expect((await businessPageThere(ownSlug)).name).toBe(`Elsewhere Cellars ${round}`);
    }
  });

  it('a banner added in one process shows in the other’s next GET /banners', async () => {
    const admin = await logInAsActor(t.app, 'admin');
    const linesThere = async () =>
      ((await (await fetch(`${other.origin}/banners`)).json()) as { lines: string[] }[]).flatMap(
        (banner) => banner.lines,
      );
    await linesThere();
    const created = await gql(
      t.app,
      `mutation($input: BannerInput!) { createBanner(input: $input) { id } }`,
      {
        input: {
          type: 'info',
          lines: ['Announced across processes'],
          link: null,
          dismissible: true,
          active: true,
        },
      },
      { cookie: admin },
    );
    expect(created.body.errors).toBeUndefined();
    expect(await linesThere()).toContain('Announced across processes');
  });
});
