import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logInAsActor } from '../../test/actors';
import { gql } from '../../test/graphql-client';
import { sellerBusinessSlugs } from '../../test/fixtures';
import { productCount } from '../../test/search';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let seller: string;
let buyer: string;
let admin: string;
let ownSlug: string;
let otherSlug: string;

beforeAll(async () => {
  t = await createTestApp();
  seller = await logInAsActor(t.app, 'seller');
  buyer = await logInAsActor(t.app, 'buyer');
  admin = await logInAsActor(t.app, 'admin');
  ({ ownSlug, otherSlug } = await sellerBusinessSlugs(t.database.db));
});
afterAll(() => t.close());

const CREATE = `mutation($slug: String!, $input: ProductInput!) {
  createProduct(slug: $slug, input: $input) {
    id name status producedBy short_description
    retailPricing { price_per_unit minimum_unit_count_for_price }
    wholesalePricing { price_per_unit minimum_unit_count_for_price }
  }
}`;
const UPDATE = `mutation($id: Int!, $input: ProductInput!) { updateProduct(id: $id, input: $input) { id status } }`;
const DELETE = `mutation($id: Int!) { deleteProduct(id: $id) }`;
const LIST = `query($slug: String!) { businessProducts(slug: $slug) { id name status } }`;

const input = (overrides: Record<string, unknown> = {}) => ({
  name: 'Test Estate Pinot Noir 2022',
  beverageType: 'Wine',
  shortDescription: 'Cherry and <b>forest floor</b>.',
  abv: 13.5,
  varietal: 'Pinot Noir',
  vintage: 2022,
  volumeMl: 750,
  retailTiers: [
    { minimum_unit_count_for_price: 1, price: 32 },
    { minimum_unit_count_for_price: 6, price: 29.5 },
  ],
  wholesaleTiers: [{ minimum_unit_count_for_price: 12, price: 18.25 }],
  status: 'published',
  ...overrides,
});

const searchCount = (query: string) => productCount(t.app, { query });

describe('products', () => {
  it('a member creates a product with tiers in cents, and it appears in the shop', async () => {
    const result = await gql(
      t.app,
      CREATE,
      { slug: ownSlug, input: input({ name: 'Zebrawood Reserve Pinot' }) },
      { cookie: seller },
    );
    expect(result.body.errors).toBeUndefined();
    const product = result.body.data!.createProduct as Record<string, unknown>;
    expect(product).toMatchObject({
      name: 'Zebrawood Reserve Pinot',
      status: 'published',
      short_description: 'Cherry and <b>forest floor</b>.',
      retailPricing: [
        { price_per_unit: 3200, minimum_unit_count_for_price: 1 },
        { price_per_unit: 2950, minimum_unit_count_for_price: 6 },
      ],
      wholesalePricing: [{ price_per_unit: 1825, minimum_unit_count_for_price: 12 }],
    });
    expect(await searchCount('zebrawood')).toBe(1);
  });

  it('keeps drafts out of the shop, and publishing or deleting updates it', async () => {
    const created = await gql(
      t.app,
      CREATE,
      {
        slug: ownSlug,
        input: input({ name: 'Quokka Draft Cider', beverageType: 'Cider', status: 'draft' }),
      },
      { cookie: seller },
    );
    const id = (created.body.data!.createProduct as { id: number }).id;
    expect(await searchCount('quokka')).toBe(0);
    const list = await gql(t.app, LIST, { slug: ownSlug }, { cookie: seller });
    expect(
      (list.body.data!.businessProducts as { name: string; status: string }[]).find(
        (p) => p.name === 'Quokka Draft Cider',
      )?.status,
    ).toBe('draft');
    await gql(
      t.app,
      UPDATE,
      { id, input: input({ name: 'Quokka Draft Cider', beverageType: 'Cider' }) },
      { cookie: seller },
    );
    expect(await searchCount('quokka')).toBe(1);
    expect((await gql(t.app, DELETE, { id }, { cookie: seller })).body.data).toEqual({
      deleteProduct: true,
    });
    expect(await searchCount('quokka')).toBe(0);
  });

  it('returns invalid tiers and fields as field errors, saving nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ retailTiers: [{ minimum_unit_count_for_price: 1, price: 0 }] }, 'retailTiers.0.price'],
      [{ retailTiers: [{ minimum_unit_count_for_price: 1, price: 9.999 }] }, 'retailTiers.0.price'],
      [
        { retailTiers: [{ minimum_unit_count_for_price: 0, price: 9 }] },
        'retailTiers.0.minimum_unit_count_for_price',
      ],
      [
        {
          wholesaleTiers: [
            { minimum_unit_count_for_price: 6, price: 9 },
            { minimum_unit_count_for_price: 6, price: 8 },
          ],
        },
        'wholesaleTiers.1.minimum_unit_count_for_price',
      ],
      [{ beverageType: 'Beer + Cider' }, 'beverageType'],
      [{ name: '  ' }, 'name'],
      [{ vintage: 1700 }, 'vintage'],
      [{ bottleImageUrl: 'https://evil.example/x.png' }, 'bottleImageUrl'],
    ];
    for (const [overrides, field] of cases) {
      const result = await gql(
        t.app,
        CREATE,
        { slug: ownSlug, input: input({ name: 'Never Saved', ...overrides }) },
        { cookie: seller },
      );
      expect(result.body.errors?.[0]?.extensions, field).toMatchObject({
        code: 'BAD_USER_INPUT',
        field,
      });
    }
    const list = await gql(t.app, LIST, { slug: ownSlug }, { cookie: seller });
    expect(
      (list.body.data!.businessProducts as { name: string }[]).some(
        (p) => p.name === 'Never Saved',
      ),
    ).toBe(false);
  });

  it('lists every bad field of a form at once, so each shows beside its field', async () => {
    const result = await gql(
      t.app,
      CREATE,
      {
        slug: ownSlug,
        input: input({
          name: '',
          stockCount: -1,
          retailTiers: [
            { minimum_unit_count_for_price: 1, price: 0 },
            { minimum_unit_count_for_price: 0, price: 4.5 },
          ],
          wholesaleTiers: [
            { minimum_unit_count_for_price: 12, price: 1.234 },
            { minimum_unit_count_for_price: 12, price: 5 },
          ],
        }),
      },
      { cookie: seller },
    );
    expect(result.body.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: {
        name: 'Enter the product name.',
        stockCount: 'Stock cannot be negative.',
        'retailTiers.0.price': 'The price must be above zero.',
        'retailTiers.1.minimum_unit_count_for_price': 'The minimum count starts at 1.',
        'wholesaleTiers.0.price': 'Use at most two decimals.',
        // Reported with the price problem above, not only once it is fixed.
        'wholesaleTiers.1.minimum_unit_count_for_price': 'Each minimum count can be used once.',
      },
    });
  });

  it("saves a demo product as it is, with the site's own bottle picture", async () => {
    const PRODUCT = `query($id: Int!) { product(id: $id) {
      id name productType short_description bottleImageUrl
      retailPricing { price_per_unit minimum_unit_count_for_price }
    } }`;
    const list = await gql(
      t.app,
      `query($slug: String!) { businessProducts(slug: $slug) { id bottleImageUrl } }`,
      { slug: ownSlug },
      { cookie: seller },
    );
    const first = (
      list.body.data!.businessProducts as { id: number; bottleImageUrl: string | null }[]
    ).find((product) => product.bottleImageUrl?.startsWith('/art/'));
    const stored = (await gql(t.app, PRODUCT, { id: first!.id }, { cookie: seller })).body.data!
      .product as {
      name: string;
      productType: string;
      bottleImageUrl: string;
      retailPricing: { price_per_unit: number; minimum_unit_count_for_price: number }[];
    };
    expect(stored.bottleImageUrl).toMatch(/^\/art\/bottles\//);
    const saved = await gql(
      t.app,
      UPDATE,
      {
        id: first!.id,
        input: input({
          name: stored.name,
          beverageType: stored.productType,
          bottleImageUrl: stored.bottleImageUrl,
          retailTiers: stored.retailPricing.map((tier) => ({
            minimum_unit_count_for_price: tier.minimum_unit_count_for_price,
            price: tier.price_per_unit / 100,
          })),
        }),
      },
      { cookie: seller },
    );
    expect(saved.body.errors).toBeUndefined();
  });

  it('keeps an optional stock count', async () => {
    const SAVED = `mutation($slug: String!, $input: ProductInput!) { createProduct(slug: $slug, input: $input) { id stockCount } }`;
    const counted = await gql(
      t.app,
      SAVED,
      { slug: ownSlug, input: input({ name: 'Counted Cuvée', stockCount: 36 }) },
      { cookie: seller },
    );
    expect(counted.body.data?.createProduct).toMatchObject({ stockCount: 36 });
    const uncounted = await gql(
      t.app,
      SAVED,
      { slug: ownSlug, input: input({ name: 'Uncounted Cuvée' }) },
      { cookie: seller },
    );
    expect(uncounted.body.data?.createProduct).toMatchObject({ stockCount: null });
  });

  it('is refused to anyone who does not work at the business, but allowed to admins', async () => {
    expect(
      (await gql(t.app, CREATE, { slug: otherSlug, input: input() })).body.errors?.[0]?.extensions
        ?.code,
    ).toBe('UNAUTHENTICATED');
    for (const cookie of [seller, buyer]) {
      const result = await gql(t.app, CREATE, { slug: otherSlug, input: input() }, { cookie });
      expect(result.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      expect(
        (await gql(t.app, LIST, { slug: otherSlug }, { cookie })).body.errors?.[0]?.extensions
          ?.code,
      ).toBe('FORBIDDEN');
    }
    const mine = await gql(
      t.app,
      CREATE,
      { slug: ownSlug, input: input({ name: 'Guarded Lager', beverageType: 'Beer' }) },
      { cookie: seller },
    );
    const id = (mine.body.data!.createProduct as { id: number }).id;
    for (const query of [UPDATE, DELETE]) {
      const result = await gql(
        t.app,
        query,
        { id, input: input({ name: 'Hijacked' }) },
        { cookie: buyer },
      );
      expect(result.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    }
    expect(await searchCount('guarded')).toBe(1);
    const byAdmin = await gql(
      t.app,
      UPDATE,
      { id, input: input({ name: 'Guarded Lager', beverageType: 'Beer', status: 'draft' }) },
      { cookie: admin },
    );
    expect(byAdmin.body.data?.updateProduct).toMatchObject({ status: 'draft' });
  });
});
