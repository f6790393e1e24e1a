import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businesses, priceTiers, products, users } from '../../db/tables';
import { DEMO_ACTORS, logInAsActor } from '../../test/actors';
import { sellerBusinessSlugs } from '../../test/fixtures';
import { gql } from '../../test/graphql-client';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let webDir: string;
let seller: string;
let buyer: string;
let ownSlug: string;
let otherSlug: string;

const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function ok(cookie: string, query: string, variables: Record<string, unknown>) {
  const result = await gql(t.app, query, variables, { cookie });
  expect(result.body.errors).toBeUndefined();
  return result.body.data!;
}

beforeAll(async () => {
  // A stand-in for the built web app, so the SPA fallback is active as in production.
  webDir = await mkdtemp(path.join(tmpdir(), 'club-csv-web-'));
  await writeFile(
    path.join(webDir, 'index.html'),
    '<!doctype html><html><head><!--public-config--></head><body>web app</body></html>',
  );
  t = await createTestApp({ WEB_DIST_DIR: webDir });
  seller = await logInAsActor(t.app, 'seller');
  buyer = await logInAsActor(t.app, 'buyer');
  ({ ownSlug, otherSlug } = await sellerBusinessSlugs(t.database.db));
  await t.database.db
    .update(businesses)
    .set({ fulfillment_allow_pickup_retail: true })
    .where(eq(businesses.slug, ownSlug));
  const [sold] = await t.database.db
    .selectDistinct({ id: products.id })
    .from(products)
    .innerJoin(businesses, eq(businesses.id, products.business_id))
    .innerJoin(priceTiers, eq(priceTiers.product_id, products.id))
    .where(
      and(
        eq(businesses.slug, ownSlug),
        eq(products.status, 'published'),
        eq(priceTiers.channel, 'retail'),
        isNotNull(priceTiers.price_per_unit),
      ),
    )
    .limit(1);
  const created = await ok(
    seller,
    `mutation ($businessSlug: String!, $input: ClubInput!) {
      createClub(businessSlug: $businessSlug, input: $input) { slug tiers { id } } }`,
    {
      businessSlug: ownSlug,
      input: {
        name: 'Cellar Club',
        description: '',
        cadence: 'release_dates',
        memberDiscountBasisPoints: 1_000,
        skipsPerYear: 1,
        minimumReleases: 0,
        offersPickup: true,
        offersDelivery: false,
        offersShipping: false,
        tiers: [{ name: 'Pair', bottles: 2, priceBasis: 'contents' }],
      },
    },
  );
  const tierId = (created.createClub as { tiers: { id: number }[] }).tiers[0]!.id;
  await ok(
    seller,
    `mutation ($businessSlug: String!) {
      setClubStatus(businessSlug: $businessSlug, clubSlug: "cellar-club", open: true) { status } }`,
    { businessSlug: ownSlug },
  );
  await ok(
    seller,
    `mutation ($businessSlug: String!, $items: [ClubReleaseItemInput!]!, $chargeOn: String!) {
      createClubRelease(businessSlug: $businessSlug, clubSlug: "cellar-club", title: "Spring",
        chargeOn: $chargeOn, items: $items) { id } }`,
    {
      businessSlug: ownSlug,
      chargeOn: inDays(20),
      items: [{ tierId, productId: sold!.id, quantity: 2 }],
    },
  );
  await ok(
    buyer,
    `mutation ($businessSlug: String!, $input: JoinClubInput!) {
      joinClub(businessSlug: $businessSlug, clubSlug: "cellar-club", input: $input) { id } }`,
    {
      businessSlug: ownSlug,
      input: {
        idempotencyKey: 'club-csv-join',
        tierId,
        mode: 'pickup',
        phone: '(503) 555-0142',
        payment: {
          card: { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' },
        },
        renewalConsent: true,
      },
    },
  );
});
afterAll(async () => {
  await t.close();
  await rm(webDir, { recursive: true, force: true });
});

const download = (cookie: string | null, query = '', slug = ownSlug, club = 'cellar-club') =>
  t.app.inject({
    method: 'GET',
    url: `/business/${slug}/clubs/${club}/members.csv${query}`,
    headers: { accept: 'text/csv', ...(cookie ? { cookie } : {}) },
  });

/** A CSV body as rows of cells (RFC 4180: quoted cells may hold commas and doubled quotes). */
function parseCsv(text: string): string[][] {
  return text
    .split('\r\n')
    .slice(0, -1)
    .map((line) =>
      [...line.matchAll(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g)].map(([, cell]) =>
        cell!.startsWith('"') ? cell!.slice(1, -1).replace(/""/g, '"') : cell!,
      ),
    );
}

describe('GET /business/:slug/clubs/:club/members.csv', () => {
  it('downloads the club’s members for the people who work at the business', async () => {
    const response = await download(seller);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const today = new Date().toISOString().slice(0, 10);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="club-members-${today}.csv"`,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    expect(parseCsv(response.body)).toEqual([
      [
        'Name',
        'Email',
        'Tier',
        'Status',
        'Joined on',
        'Paused until',
        'Delivery',
        'State',
        'Reason',
      ],
      [
        DEMO_ACTORS.buyer.name,
        DEMO_ACTORS.buyer.email,
        'Pair',
        'Active',
        expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        '',
        'Pickup',
        '',
        '',
      ],
    ]);
  });

  it('applies the members view’s filters', async () => {
    const rowsFor = async (query: string) => parseCsv((await download(seller, query)).body);
    expect(await rowsFor('?status=active&search=riley')).toHaveLength(2);
    expect(await rowsFor('?status=paused')).toHaveLength(1);
    expect(await rowsFor('?search=nobody-by-that-name')).toHaveLength(1);
    expect(await rowsFor('?status=&search=')).toHaveLength(2);
    const refused = await download(seller, '?status=lapsed');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      error: {
        code: 'BAD_USER_INPUT',
        message: 'Choose a status among: active, paused, cancelled, card_problem, held.',
      },
    });
  });

  it('refuses the club’s members to anyone else', async () => {
    const asBuyer = await download(buyer);
    expect(asBuyer.statusCode).toBe(403);
    expect(asBuyer.json().error.code).toBe('FORBIDDEN');
    expect(asBuyer.body).not.toContain(DEMO_ACTORS.buyer.email);
    const anonymous = await download(null);
    expect(anonymous.statusCode).toBe(401);
    expect((await download(seller, '', otherSlug)).statusCode).toBe(403);
    const noClub = await download(seller, '', ownSlug, 'no-such-club');
    expect(noClub.statusCode).toBe(404);
    expect(noClub.json().error.code).toBe('NOT_FOUND');
  });

  it('keeps a formula-like name from running in a spreadsheet', async () => {
    const formula = '=HYPERLINK("http://evil.example","Click")';
    await t.database.db
      .update(users)
      .set({ name: formula })
      .where(eq(users.email, DEMO_ACTORS.buyer.email));
    const response = await download(seller);
    expect(response.body).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`);
    expect(parseCsv(response.body)[1]![0]).toBe(`'${formula}`);
  });
});
