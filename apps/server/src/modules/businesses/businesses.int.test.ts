import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { businesses, products } from '../../db/tables';
import { logInAsActor } from '../../test/actors';
import { gql } from '../../test/graphql-client';
import { sellerBusinessSlugs } from '../../test/fixtures';
import { productCount } from '../../test/search';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let seller: string;
let buyer: string;
let ownSlug: string;
let otherSlug: string;

beforeAll(async () => {
  t = await createTestApp();
  seller = await logInAsActor(t.app, 'seller');
  buyer = await logInAsActor(t.app, 'buyer');
  ({ ownSlug, otherSlug } = await sellerBusinessSlugs(t.database.db));
});
afterAll(() => t.close());

const UPDATE = `mutation($slug: String!, $update: BusinessUpdateInput!) {
  updateBusiness(slug: $slug, update: $update) { name sales_tax_rate website fulfillment_allow_pickup_retail }
}`;
const BUSINESS = `query($slug: String!) { business(slug: $slug) { id name addresses { id postal_code latitude } tags { id } } }`;

async function businessBySlug(slug: string) {
  return (await gql(t.app, BUSINESS, { slug })).body.data!.business as {
    id: number;
    name: string;
    addresses: { id: string; postal_code: string; latitude: number }[];
    tags: { id: number }[];
  };
}

describe('updateBusiness', () => {
  it('is refused to anonymous callers and to people who do not work there, changing nothing', async () => {
    const before = await businessBySlug(otherSlug);
    const anonymous = await gql(t.app, UPDATE, {
      slug: otherSlug,
      update: { name: { set: 'Taken' } },
    });
    expect(anonymous.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    for (const cookie of [seller, buyer]) {
      const result = await gql(
        t.app,
        UPDATE,
        { slug: otherSlug, update: { name: { set: 'Taken' } } },
        { cookie },
      );
      expect(result.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    }
    expect((await businessBySlug(otherSlug)).name).toBe(before.name);
  });

  it('lets a member change fields in set form, validated', async () => {
    const result = await gql(
      t.app,
      UPDATE,
      {
        slug: ownSlug,
        update: {
          name: { set: 'Renamed Cellars' },
          sales_tax_rate: { set: 8.875 },
          website: { set: 'https://renamed.example' },
        },
      },
      { cookie: seller },
    );
    expect(result.body.errors).toBeUndefined();
    expect(result.body.data?.updateBusiness).toMatchObject({
      name: 'Renamed Cellars',
      sales_tax_rate: 8.875,
      website: 'https://renamed.example',
    });
    const invalid = await gql(
      t.app,
      UPDATE,
      {
        slug: ownSlug,
        update: { sales_tax_rate: { set: 140 }, website: { set: 'javascript:alert(1)' } },
      },
      { cookie: seller },
    );
    expect(invalid.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect((await businessBySlug(ownSlug)).name).toBe('Renamed Cellars');
  });

  it('stores phone numbers, web addresses and social accounts in one form, and refuses bad ones beside their fields', async () => {
    const CONTACT = `mutation($slug: String!, $update: BusinessUpdateInput!) {
      updateBusiness(slug: $slug, update: $update) {
        international_phone_number website instagram twitter ship_to_states
      }
    }`;
    const saved = await gql(
      t.app,
      CONTACT,
      {
        slug: ownSlug,
        update: {
          international_phone_number: { set: '(503) 555-0142' },
          website: { set: 'chalkknoll.example' },
          instagram: { set: '@chalk.knoll' },
          twitter: { set: 'https://twitter.com/chalkknoll' },
          ship_to_states: { set: ['WA', 'OR', 'WA'] },
        },
      },
      { cookie: seller },
    );
    expect(saved.body.errors).toBeUndefined();
    expect(saved.body.data?.updateBusiness).toEqual({
      international_phone_number: '+15035550142',
      website: 'https://chalkknoll.example',
      instagram: 'https://www.instagram.com/chalk.knoll',
      twitter: 'https://twitter.com/chalkknoll',
      ship_to_states: ['OR', 'WA'],
    });

    const refused = await gql(
      t.app,
      CONTACT,
      {
        slug: ownSlug,
        update: {
          international_phone_number: { set: '12' },
          website: { set: 'javascript:alert(1)' },
          instagram: { set: 'https://facebook.com/someone' },
          ship_to_states: { set: ['XX'] },
          sales_tax_rate: { set: 101 },
          heroImgUrl: { set: 'https://tracker.example/pixel.gif' },
        },
      },
      { cookie: seller },
    );
    expect(Object.keys(refused.body.errors?.[0]?.extensions?.fields ?? {}).sort()).toEqual([
      'heroImgUrl',
      'instagram',
      'international_phone_number',
      'sales_tax_rate',
      'ship_to_states.0',
      'website',
    ]);
    const after = await gql(
      t.app,
      CONTACT.replace('mutation', 'mutation Check'),
      {
        slug: ownSlug,
        update: {},
      },
      { cookie: seller },
    );
    expect(after.body.data?.updateBusiness).toMatchObject({
      international_phone_number: '+15035550142',
      ship_to_states: ['OR', 'WA'],
    });
  });

  it('stores pickup hours over lines, clears them when empty, refuses more than 300 characters beside the field; the cart catalog carries them', async () => {
    const HOURS = `mutation($slug: String!, $update: BusinessUpdateInput!) {
      updateBusiness(slug: $slug, update: $update) { pickup_hours }
    }`;
    const setHours = async (value: string | null) => {
      const result = await gql(
        t.app,
        HOURS,
        { slug: ownSlug, update: { pickup_hours: { set: value } } },
        { cookie: seller },
      );
      const updated = result.body.data?.updateBusiness as { pickup_hours: string | null } | null;
      return { errors: result.body.errors, hours: updated?.pickup_hours };
    };
    const [product] = await t.database.db
      .select({ id: products.id })
      .from(products)
      .innerJoin(businesses, eq(businesses.id, products.business_id))
      .where(and(eq(businesses.slug, ownSlug), eq(products.status, 'published')))
      .limit(1);
    const catalogHours = async () => {
      const result = await gql(
        t.app,
        `query($ids: [ID!]!) { cartCatalog(productIds: $ids) { products { business { slug pickup_hours } } } }`,
        { ids: [String(product!.id)] },
      );
      const catalog = result.body.data?.cartCatalog as {
        products: { business: { slug: string; pickup_hours: string | null } }[];
      };
      return catalog.products[0]?.business;
    };

    const saved = await setHours('  Thu–Sun 11am–5pm\r\nOther days by appointment  ');
    expect(saved.errors).toBeUndefined();
    expect(saved.hours).toBe('Thu–Sun 11am–5pm\nOther days by appointment');
    expect(await catalogHours()).toEqual({
      slug: ownSlug,
      pickup_hours: 'Thu–Sun 11am–5pm\nOther days by appointment',
    });

    const tooLong = await setHours('x'.repeat(301));
    expect(tooLong.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: { pickup_hours: 'Use at most 300 characters.' },
    });
    expect((await catalogHours())?.pickup_hours).toBe(
      'Thu–Sun 11am–5pm\nOther days by appointment',
    );
    // The database holds the same limit.
    await expect(
      t.database.db
        .update(businesses)
        .set({ pickup_hours: 'x'.repeat(301) })
        .where(eq(businesses.slug, ownSlug)),
    ).rejects.toMatchObject({ cause: { constraint: 'businesses_pickup_hours_length' } });

    expect((await setHours('   ')).hours).toBeNull();
    expect((await catalogHours())?.pickup_hours).toBeNull();
  });

  it('updates the shop: turning off retail pickup removes its products from pickup results', async () => {
    const count = () =>
      productCount(t.app, {
        filters: `fulfillment_allow_pickup_retail:true AND slug:"${ownSlug}"`,
      });

    expect(await count()).toBeGreaterThan(0);
    await gql(
      t.app,
      UPDATE,
      { slug: ownSlug, update: { fulfillment_allow_pickup_retail: { set: false } } },
      { cookie: seller },
    );
    expect(await count()).toBe(0);
    await gql(
      t.app,
      UPDATE,
      { slug: ownSlug, update: { fulfillment_allow_pickup_retail: { set: true } } },
      { cookie: seller },
    );
    expect(await count()).toBeGreaterThan(0);
  });
});

describe('updateAddress, tagBusinessWithTags, myStripeInfo', () => {
  const UPDATE_ADDRESS = `mutation($id: String!, $data: AddressUpdateInput!) {
    updateAddress(addressId: $id, data: $data) { id postal_code locality latitude }
  }`;
  const TAG = `mutation($id: Int!, $tags: [TagWhereUniqueInput!]!) { tagBusinessWithTags(businessId: $id, tags: $tags) { id tags { id } } }`;
  const STRIPE = `query($slug: String!) { myStripeInfo(slug: $slug) }`;

  it('lets only members change an address; a new ZIP moves it on the map', async () => {
    const own = await businessBySlug(ownSlug);
    const other = await businessBySlug(otherSlug);
    const refused = await gql(
      t.app,
      UPDATE_ADDRESS,
      { id: other.addresses[0]!.id, data: { route: { set: 'X St' } } },
      { cookie: seller },
    );
    expect(refused.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const moved = await gql(
      t.app,
      UPDATE_ADDRESS,
      {
        id: own.addresses[0]!.id,
        data: { postal_code: { set: '05401' }, locality: { set: 'Burlington' } },
      },
      { cookie: seller },
    );
    expect(moved.body.data?.updateAddress).toMatchObject({
      postal_code: '05401',
      locality: 'Burlington',
    });
    expect((moved.body.data?.updateAddress as { latitude: number }).latitude).toBeCloseTo(44.48, 1);
    const unknown = await gql(
      t.app,
      UPDATE_ADDRESS,
      { id: 'not-an-id', data: {} },
      { cookie: seller },
    );
    expect(unknown.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('lets only members replace tags, and only with real tags', async () => {
    const own = await businessBySlug(ownSlug);
    const other = await businessBySlug(otherSlug);
    const types = await gql(t.app, `{ tagsForCategory(tagCategoryName: "Business Type") { id } }`);
    const tagIds = (types.body.data!.tagsForCategory as { id: number }[])
      .slice(0, 2)
      .map((tag) => ({ id: tag.id }));
    expect(
      (await gql(t.app, TAG, { id: other.id, tags: tagIds }, { cookie: seller })).body.errors?.[0]
        ?.extensions?.code,
    ).toBe('FORBIDDEN');
    expect(
      (await gql(t.app, TAG, { id: own.id, tags: tagIds })).body.errors?.[0]?.extensions?.code,
    ).toBe('UNAUTHENTICATED');
    const tagged = await gql(t.app, TAG, { id: own.id, tags: tagIds }, { cookie: seller });
    expect(tagged.body.data?.tagBusinessWithTags).toMatchObject({
      tags: expect.arrayContaining(tagIds),
    });
    const category = await gql(t.app, TAG, { id: own.id, tags: [{ id: 1 }] }, { cookie: seller });
    expect(category.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('shows the payment state only to members', async () => {
    const own = await gql(t.app, STRIPE, { slug: ownSlug }, { cookie: seller });
    expect(JSON.parse(own.body.data?.myStripeInfo as string)).toEqual({
      charges_enabled: false,
      details_submitted: false,
    });
    expect(
      (await gql(t.app, STRIPE, { slug: otherSlug }, { cookie: seller })).body.errors?.[0]
        ?.extensions?.code,
    ).toBe('FORBIDDEN');
    expect((await gql(t.app, STRIPE, { slug: ownSlug })).body.errors?.[0]?.extensions?.code).toBe(
      'UNAUTHENTICATED',
    );
  });
});

describe('membership checks', () => {
  it('read the caller’s workplaces once per request, however many businesses ask', async () => {
    const select = vi.spyOn(t.database.db, 'select');
    const result = await gql(
      t.app,
      '{ me { works_at { id stripe_account_id } } }',
      {},
      { cookie: seller },
    );
    const membershipQueries = select.mock.calls.filter(
      ([fields]) => fields !== undefined && 'user_id' in fields,
    );
    select.mockRestore();
    expect(result.body.errors).toBeUndefined();
    expect((result.body.data?.me as { works_at: unknown[] }).works_at).toHaveLength(2);
    expect(membershipQueries).toHaveLength(1);
  });
});

describe('upsertWorkplace', () => {
  const CREATE = `mutation($input: CreateBusinessInput!) { upsertWorkplace(works_at: $input) { id name slug } }`;

  it('creates a business the caller then works at, with a free slug', async () => {
    const first = await gql(
      t.app,
      CREATE,
      { input: { name: 'Harbor Light Cider' } },
      { cookie: buyer },
    );
    expect(first.body.data?.upsertWorkplace).toMatchObject({
      name: 'Harbor Light Cider',
      slug: 'harbor-light-cider',
    });
    const second = await gql(
      t.app,
      CREATE,
      { input: { name: 'Harbor Light Cider' } },
      { cookie: buyer },
    );
    expect((second.body.data?.upsertWorkplace as { slug: string }).slug).toBe(
      'harbor-light-cider-2',
    );
    const me = await gql(t.app, `{ me { works_at { slug } } }`, {}, { cookie: buyer });
    expect(
      (me.body.data?.me as { works_at: { slug: string }[] }).works_at.map((b) => b.slug),
    ).toEqual(expect.arrayContaining(['harbor-light-cider', 'harbor-light-cider-2']));
  });

  it('places a new business at the ZIP code of its address, and refuses an unknown ZIP', async () => {
    const PLACED = `mutation($input: CreateBusinessInput!) { upsertWorkplace(works_at: $input) { slug } }`;
    const created = await gql(
      t.app,
      PLACED,
      {
        input: {
          name: 'Water Avenue Ferments',
          address: {
            street_number: '1220',
            route: 'SE Water Ave',
            locality: 'Portland',
            administrative_area_level_1: 'oregon',
            postal_code: '97214',
          },
        },
      },
      { cookie: buyer },
    );
    const slug = (created.body.data?.upsertWorkplace as { slug: string }).slug;
    const address = (
      await gql(
        t.app,
        `query($slug: String!) { business(slug: $slug) { addresses { administrative_area_level_1 postal_code latitude formatted_address } } }`,
        { slug },
      )
    ).body.data?.business as { addresses: Record<string, unknown>[] };
    expect(address.addresses[0]).toMatchObject({
      administrative_area_level_1: 'OR',
      postal_code: '97214',
      formatted_address: '1220 SE Water Ave, Portland, OR 97214',
    });
    expect(address.addresses[0]!.latitude).toBeCloseTo(45.51, 1);

    const unknown = await gql(
      t.app,
      PLACED,
      { input: { name: 'Nowhere Cellars', address: { postal_code: '00000' } } },
      { cookie: buyer },
    );
    expect(unknown.body.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'address.postal_code',
    });
  });

  it('never gives a business the address of a page, and names same-named businesses apart at once', async () => {
    const named = await gql(t.app, CREATE, { input: { name: 'New' } }, { cookie: buyer });
    expect((named.body.data?.upsertWorkplace as { slug: string }).slug).toBe('new-2');
    const chosen = await gql(
      t.app,
      CREATE,
      { input: { name: 'Orders Cellar', slug: 'orders' } },
      { cookie: buyer },
    );
    expect(chosen.body.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'slug',
    });

    const together = await Promise.all(
      Array.from({ length: 5 }, () =>
        gql(t.app, CREATE, { input: { name: 'Twin Barrel Works' } }, { cookie: buyer }),
      ),
    );
    const slugs = together.map((result) => {
      expect(result.body.errors).toBeUndefined();
      return (result.body.data?.upsertWorkplace as { slug: string }).slug;
    });
    expect(new Set(slugs).size).toBe(5);
  });

  it('is refused to anonymous callers and checks the name', async () => {
    expect(
      (await gql(t.app, CREATE, { input: { name: 'X' } })).body.errors?.[0]?.extensions?.code,
    ).toBe('UNAUTHENTICATED');
    const empty = await gql(t.app, CREATE, { input: { name: '   ' } }, { cookie: buyer });
    expect(empty.body.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'name',
    });
  });
});
