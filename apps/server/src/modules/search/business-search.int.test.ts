import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logInAsActor } from '../../test/actors';
import { sellerBusinessSlugs } from '../../test/fixtures';
import { gql } from '../../test/graphql-client';
import { productCount } from '../../test/search';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createSearchKey } from './search-key';

let t: TestApp;
let seller: string;
let ownSlug: string;
beforeAll(async () => {
  t = await createTestApp();
  seller = await logInAsActor(t.app, 'seller');
  ({ ownSlug } = await sellerBusinessSlugs(t.database.db));
});
afterAll(() => t.close());

interface BusinessHit {
  objectID: string;
  name: string;
  slug: string;
  city: string | null;
  state: string | null;
  types: string[];
  beverageTypes: string[];
  productCount: number;
  fulfillment_allow_pickup_retail: boolean;
  fulfillment_ship_retail: boolean;
  ship_to_states: string[];
}

interface FacetHit {
  value: string;
  highlighted: string;
  count: number;
}

async function post(requests: unknown[], key?: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/1/indexes/*/queries',
    headers: { 'content-type': 'application/json', ...(key ? { 'x-algolia-api-key': key } : {}) },
    payload: { requests },
  });
  return { status: response.statusCode, body: response.json() };
}

async function searchBusinesses(params: Record<string, unknown>, indexName = 'businesses') {
  const { status, body } = await post([{ indexName, params }]);
  expect(status).toBe(200);
  return body.results[0] as { nbHits: number; hits: BusinessHit[]; facets: Record<string, object> };
}

/** The 'Produced By' refiner's search box: a facet-value search on the product index. */
async function producedBy(facetQuery: string, params: Record<string, unknown> = {}) {
  const { status, body } = await post([
    {
      indexName: 'products',
      type: 'facet',
      facet: 'Produced By',
      params: { facetQuery, ...params },
    },
  ]);
  expect(status).toBe(200);
  return body.results[0].facetHits as FacetHit[];
}

const bySlug = async (slug: string) =>
  (await searchBusinesses({ filters: `slug:"${slug}"` })).hits[0]!;

describe('the business index', () => {
  it('holds each producer: where it is, its types, what it offers, and its published products', async () => {
    const { hits } = await searchBusinesses({ query: 'cascadia hollow' });
    expect(hits[0]).toMatchObject({
      name: 'Cascadia Hollow Cellars',
      slug: 'cascadia-hollow-cellars',
      types: expect.arrayContaining(['Winery']),
      beverageTypes: expect.arrayContaining(['Wine']),
      fulfillment_allow_pickup_retail: expect.any(Boolean),
      ship_to_states: expect.any(Array),
    });
    expect(hits[0]!.city).toBeTruthy();
    expect(hits[0]!.state).toMatch(/^[A-Z]{2}$/);
    expect(hits[0]!.productCount).toBe(
      await productCount(t.app, { filters: 'slug:"cascadia-hollow-cellars"' }),
    );
    // The original's index name is an alias.
    const aliased = await searchBusinesses(
      { query: 'cascadia hollow' },
      'Production Business Index',
    );
    expect(aliased.hits[0]!.objectID).toBe(hits[0]!.objectID);
  });

  it('is found by type and refined by facets', async () => {
    const breweries = await searchBusinesses({
      facetFilters: [['types:Brewery']],
      facets: ['types', 'state', 'fulfillment_ship_retail'],
      hitsPerPage: 100,
    });
    expect(breweries.nbHits).toBeGreaterThan(3);
    for (const hit of breweries.hits) expect(hit.types).toContain('Brewery');
    expect(breweries.facets['types']).toMatchObject({ Brewery: breweries.nbHits });
    const shipping = await searchBusinesses({
      filters: 'fulfillment_ship_retail:true AND ship_to_states:"NY"',
      hitsPerPage: 100,
    });
    expect(shipping.nbHits).toBeGreaterThan(0);
    for (const hit of shipping.hits) expect(hit.ship_to_states).toContain('NY');

    const { status, body } = await post([
      { indexName: 'businesses', type: 'facet', facet: 'types', params: { facetQuery: 'brew' } },
    ]);
    expect(status).toBe(200);
    expect(body.results[0].facetHits).toContainEqual({
      value: 'Brewery',
      highlighted: '<em>Brew</em>ery',
      count: breweries.nbHits,
    });
  });

  it('carries no prices, tax rates or payment details, whatever key asks', async () => {
    const wholesale = createSearchKey('wholesale', t.config.searchKeySecret);
    const { status, body } = await post(
      [{ indexName: 'businesses', params: { hitsPerPage: 1000 } }],
      wholesale,
    );
    expect(status).toBe(200);
    const text = JSON.stringify(body.results[0].hits);
    expect(body.results[0].hits.length).toBeGreaterThan(50);
    expect(text).not.toMatch(/pric|tax|stripe|wholesalePricing|retailPricing/i);
    for (const params of [
      { filters: 'sales_tax_rate>0' },
      { numericFilters: ['sales_tax_rate>0'] },
      { facetFilters: ['stripe_account_id:x'] },
    ]) {
      expect((await post([{ indexName: 'businesses', params }])).status).toBe(400);
    }
  });

  it('answers bad requests with 400, and unknown index names as before', async () => {
    for (const request of [
      { indexName: 'businesses', params: { filters: 'name:"Cascadia Hollow Cellars"' } },
      { indexName: 'businesses', params: { filters: 'types:"unterminated' } },
      { indexName: 'businesses', params: { hitsPerPage: 5000 } },
      { indexName: 'businesses', params: { aroundLatLng: 'north' } },
      { indexName: 'businesses', type: 'facet', facet: 'name', params: { facetQuery: 'c' } },
      { indexName: 'businesses', type: 'facet', facet: 'types', params: { maxFacetHits: 101 } },
      {
        indexName: 'products',
        type: 'facet',
        facet: 'Produced By',
        params: { facetQuery: 'cascadia', maxFacetHits: 101 },
      },
      {
        indexName: 'products',
        type: 'facet',
        facet: 'Produced By',
        params: { facetQuery: 'cascadia', filters: 'wholesalePricing:x' },
      },
    ]) {
      const { status, body } = await post([request]);
      expect(status, JSON.stringify(request)).toBe(400);
      expect(body.error.code).toBe('INVALID_SEARCH_REQUEST');
    }
    expect((await post([{ indexName: 'Production Secrets Index', params: {} }])).status).toBe(404);
  });

  it('follows a rename, new types and a new business at once, as products do', async () => {
    const before = await bySlug(ownSlug);
    await gql(
      t.app,
      `mutation($slug: String!, $update: BusinessUpdateInput!) { updateBusiness(slug: $slug, update: $update) { id } }`,
      { slug: ownSlug, update: { name: { set: 'Zephyrine Renamed Works' } } },
      { cookie: seller },
    );
    const renamed = await searchBusinesses({ query: 'zephyrine' });
    expect(renamed.hits.map((hit) => hit.slug)).toEqual([ownSlug]);
    expect(
      (await searchBusinesses({ query: before.name })).hits.map((hit) => hit.slug),
    ).not.toContain(ownSlug);

    // Its products keep the maker's name they were saved with; the new name finds that too.
    const underNewName = await producedBy('zephyrine');
    expect(underNewName.map((hit) => hit.value)).toEqual([before.name]);
    expect(underNewName[0]!.count).toBe(
      await productCount(t.app, { filters: `slug:"${ownSlug}"` }),
    );
    expect((await producedBy(before.name)).map((hit) => hit.value)).toContain(before.name);

    const types = await gql(
      t.app,
      `{ tagsForCategory(tagCategoryName: "Business Type") { id name } }`,
    );
    const meadery = (types.body.data!.tagsForCategory as { id: number; name: string }[]).find(
      (tag) => tag.name === 'Meadery',
    )!;
    await gql(
      t.app,
      `mutation($id: Int!, $tags: [TagWhereUniqueInput!]!) { tagBusinessWithTags(businessId: $id, tags: $tags) { id } }`,
      { id: Number(before.objectID), tags: [{ id: meadery.id }] },
      { cookie: seller },
    );
    expect((await bySlug(ownSlug)).types).toEqual(['Meadery']);

    const created = await gql(
      t.app,
      `mutation($input: CreateBusinessInput!) { upsertWorkplace(works_at: $input) { slug } }`,
      { input: { name: 'Cascadia Newcomer Cidery' } },
      { cookie: seller },
    );
    const newSlug = (created.body.data!.upsertWorkplace as { slug: string }).slug;
    expect(await bySlug(newSlug)).toMatchObject({
      name: 'Cascadia Newcomer Cidery',
      productCount: 0,
    });
    // No product of it to refine by, so the refiner does not offer it.
    expect((await producedBy('cascadia')).map((hit) => hit.value)).toEqual([
      'Cascadia Hollow Cellars',
    ]);
  });
});

describe('the Produced By refiner’s search, backed by the business index', () => {
  it('finds a producer by the start of any word of its name, and despite a typo', async () => {
    for (const text of ['cascadia', 'Hollow Cel', 'CASCADIA hol', 'cascdia', 'cascadai hollow']) {
      const hits = await producedBy(text);
      expect(
        hits.map((hit) => hit.value),
        text,
      ).toContain('Cascadia Hollow Cellars');
    }
    // Typos are forgiven only in words of five letters or more.
    expect(await producedBy('kelb')).toEqual([]);
    const [hit] = await producedBy('hollow cel', {
      highlightPreTag: '__ais-highlight__',
      highlightPostTag: '__/ais-highlight__',
    });
    expect(hit!.highlighted).toBe(
      'Cascadia __ais-highlight__Hollow__/ais-highlight__ __ais-highlight__Cel__/ais-highlight__lars',
    );
  });

  it('counts only the products matching the rest of the search, and leaves out producers with none', async () => {
    const all = await producedBy('brewing', { maxFacetHits: 100 });
    expect(all.length).toBeGreaterThan(3);
    for (const hit of all) {
      expect(hit.count).toBe(
        await productCount(t.app, { facetFilters: [[`Produced By:${hit.value}`]] }),
      );
    }
    // Most products first.
    expect(all.map((hit) => hit.count)).toEqual(
      [...all.map((hit) => hit.count)].sort((a, b) => b - a),
    );

    const refinements = { facetFilters: [['Beverage Type:Cider']], query: 'dry' };
    const cider = await producedBy('co', refinements);
    expect(cider.length).toBeGreaterThan(0);
    for (const hit of cider) {
      expect(hit.count).toBeGreaterThan(0);
      expect(hit.count).toBe(
        await productCount(t.app, {
          query: 'dry',
          facetFilters: [['Beverage Type:Cider'], [`Produced By:${hit.value}`]],
        }),
      );
    }
    const everyCo = await producedBy('co', { maxFacetHits: 100 });
    expect(cider.length).toBeLessThan(everyCo.length);
    // A winery has no beer to count.
    expect(await producedBy('cascadia', { facetFilters: [['Beverage Type:Beer']] })).toEqual([]);
  });

  it('returns at most maxFacetHits values (10 unless asked)', async () => {
    expect((await producedBy('c')).length).toBe(10);
    expect((await producedBy('c', { maxFacetHits: 3 })).length).toBe(3);
    expect((await producedBy('c', { maxFacetHits: 100 })).length).toBeGreaterThan(10);
  });
});
