import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createSearchKey } from './search-key';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Hit {
  objectID: string;
  name: string;
  slug: string;
  'Beverage Type': string[];
  retailPricing: unknown[];
  wholesalePricing: unknown[];
  _geoloc: { lat: number; lng: number };
}

async function search(params: Record<string, unknown> | string, key?: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/1/indexes/*/queries',
    headers: { 'content-type': 'application/json', ...(key ? { 'x-algolia-api-key': key } : {}) },
    payload: { requests: [{ indexName: 'products', params }] },
  });
  return { status: response.statusCode, body: response.json() };
}

describe('GET /get-search-token', () => {
  it('gives an anonymous caller a retail key that is not cached', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/get-search-token' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { publicKey } = response.json();
    const payload = JSON.parse(Buffer.from(publicKey.split('.')[0], 'base64url').toString());
    expect(payload.buyer).toBe('retail');
    expect(payload.exp - Date.now()).toBeGreaterThan(23 * 3600 * 1000);
  });
});

describe('product search', () => {
  it('pages through the whole published catalog', async () => {
    const first = await search({ query: '', hitsPerPage: 20, page: 0 });
    expect(first.status).toBe(200);
    const result = first.body.results[0];
    expect(result.nbHits).toBeGreaterThanOrEqual(400);
    expect(result.hits).toHaveLength(20);
    expect(result.nbPages).toBe(Math.ceil(result.nbHits / 20));
    const second = (await search({ query: '', hitsPerPage: 20, page: 1 })).body.results[0];
    const firstIds = new Set(result.hits.map((hit: Hit) => hit.objectID));
    expect(second.hits.some((hit: Hit) => firstIds.has(hit.objectID))).toBe(false);
    expect(second.page).toBe(1);
  });

  it('accepts url-encoded params as algoliasearch v4 sends them', async () => {
    const { body } = await search('query=&hitsPerPage=5&facets=%5B%22Beverage%20Type%22%5D');
    expect(body.results[0].hits).toHaveLength(5);
    expect(Object.keys(body.results[0].facets['Beverage Type']).sort()).toEqual([
      'Beer',
      'Cider',
      'Cocktail',
      'Hard Kombucha',
      'Hard Seltzer',
      'Spirit',
      'Wine',
    ]);
  });

  it('finds products by words, and filters by facet', async () => {
    const { body } = await search({
      query: 'pinot',
      facetFilters: [['Beverage Type:Wine']],
      facets: ['Varietal'],
    });
    const result = body.results[0];
    expect(result.nbHits).toBeGreaterThan(0);
    for (const hit of result.hits) expect(hit['Beverage Type']).toEqual(['Wine']);
    expect(Object.keys(result.facets.Varietal).some((v) => /pinot/i.test(v))).toBe(true);
  });

  it('highlights the words found, with the tags instantsearch sends', async () => {
    const { body } = await search({
      query: 'pinot no',
      hitsPerPage: 3,
      highlightPreTag: '__ais-highlight__',
      highlightPostTag: '__/ais-highlight__',
      attributesToHighlight: ['name', 'wholesalePricing'],
    });
    const [hit] = body.results[0].hits;
    // Only searchable attributes: never a price, whatever is asked.
    expect(Object.keys(hit._highlightResult)).toEqual(['name']);
    expect(hit._highlightResult.name.value).toMatch(/__ais-highlight__Pinot__\/ais-highlight__/i);
    expect(hit._highlightResult.name.matchLevel).toBe('full');
    const everything = (await search({ query: 'pinot', hitsPerPage: 1 })).body.results[0].hits[0];
    expect(Object.keys(everything._highlightResult)).toContain('short_description');
    expect(everything._highlightResult.name.value).toContain('<em>');
  });

  it('keeps only products within the radius of a point', async () => {
    const portland = '45.5152,-122.6784';
    const { body } = await search({
      aroundLatLng: portland,
      aroundRadius: 80_000,
      hitsPerPage: 100,
    });
    const result = body.results[0];
    expect(result.nbHits).toBeGreaterThan(0);
    for (const hit of result.hits) {
      expect(Math.abs(hit._geoloc.lat - 45.5152)).toBeLessThan(1);
    }
  });

  it('never shows wholesale prices to a retail or anonymous caller', async () => {
    const anonymous = (await search({ hitsPerPage: 50 })).body.results[0];
    for (const hit of anonymous.hits) expect(hit.wholesalePricing).toEqual([]);
    expect(anonymous.hits.some((hit: Hit) => hit.retailPricing.length > 0)).toBe(true);
  });

  it('shows wholesale prices only with a valid wholesale key', async () => {
    const key = createSearchKey('wholesale', t.config.searchKeySecret);
    const result = (await search({ hitsPerPage: 50 }, key)).body.results[0];
    expect(result.hits.some((hit: Hit) => hit.wholesalePricing.length > 0)).toBe(true);
  });

  it('cannot filter on wholesale prices to learn anything about them', async () => {
    for (const params of [
      { filters: 'wholesalePricing:"[object Object]"' },
      { numericFilters: ['wholesalePricing.price_per_unit>0'] },
      { facetFilters: ['wholesalePricing:x'] },
    ]) {
      const { status, body } = await search(params);
      expect(status).toBe(400);
      expect(body.error.message).toMatch(/not a facet/);
    }
    const { body } = await search({ facets: ['wholesalePricing'], hitsPerPage: 0 });
    expect(body.results[0].facets).toEqual({});
  });

  it('serves a forged, tampered or expired key as anonymous: retail prices only', async () => {
    const valid = createSearchKey('wholesale', t.config.searchKeySecret);
    const [payload, signature] = valid.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const tampered = `${Buffer.from(JSON.stringify({ ...claims, exp: claims.exp + 1 })).toString('base64url')}.${signature}`;
    const retailClaimsSignedWrongly = createSearchKey('retail', t.config.searchKeySecret);
    const swapped = `${payload}.${retailClaimsSignedWrongly.split('.')[1]}`;
    const keys: [string, string][] = [
      [createSearchKey('wholesale', 'some-other-secret-that-is-long-enough!!'), 'invalid'],
      [tampered, 'invalid'],
      [swapped, 'invalid'],
      ['not-a-key', 'invalid'],
      [
        createSearchKey('wholesale', t.config.searchKeySecret, Date.now() - 2 * 86_400_000),
        'expired',
      ],
    ];
    for (const [key, status] of keys) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/search',
        headers: { 'content-type': 'application/json', 'x-search-key': key },
        payload: { requests: [{ indexName: 'products', params: { hitsPerPage: 50 } }] },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-search-key-status']).toBe(status);
      const hits = response.json().results[0].hits as Hit[];
      expect(hits.length).toBeGreaterThan(0);
      for (const hit of hits) expect(hit.wholesalePricing).toEqual([]);
    }
  });

  it('rejects a query over 512 characters with a clear 400', async () => {
    const { status, body } = await search({ query: 'a'.repeat(513) });
    expect(status).toBe(400);
    expect(body.error.message).toContain('at most 512 characters');
  });

  it('refuses bodies that would make huge responses', async () => {
    const many = await t.app.inject({
      method: 'POST',
      url: '/search',
      headers: { 'content-type': 'application/json' },
      payload: {
        requests: Array.from({ length: 5 }, () => ({
          indexName: 'products',
          params: { hitsPerPage: 1000 },
        })),
      },
    });
    expect(many.statusCode).toBe(400);
    expect(many.json().error.message).toMatch(/at most 1000 hits/);
    const deep = await search({ filters: `${'('.repeat(4000)}slug:x${')'.repeat(4000)}` });
    expect(deep.status).toBe(400);
  });

  it('rejects broken filters and unknown indexes with a 4xx', async () => {
    expect((await search({ filters: 'slug:"unterminated' })).status).toBe(400);
    expect((await search({ aroundLatLng: 'north' })).status).toBe(400);
    const response = await t.app.inject({
      method: 'POST',
      url: '/search',
      headers: { 'content-type': 'application/json' },
      payload: { requests: [{ indexName: 'secrets', params: {} }] },
    });
    expect(response.statusCode).toBe(404);
    const garbage = await t.app.inject({
      method: 'POST',
      url: '/search',
      headers: { 'content-type': 'application/json' },
      payload: { requests: 'all' },
    });
    expect(garbage.statusCode).toBe(400);
  });

  it('keeps only products whose producer offers the chosen fulfillment', async () => {
    const everything = (await search({ hitsPerPage: 0, facets: ['slug'], maxValuesPerFacet: 1000 }))
      .body.results[0];
    const pickup = (
      await search({
        hitsPerPage: 0,
        facets: ['slug'],
        maxValuesPerFacet: 1000,
        filters: 'fulfillment_allow_pickup_retail:true',
      })
    ).body.results[0];
    expect(everything.facets.slug['fort-point-canning-co']).toBeGreaterThan(0);
    expect(pickup.facets.slug['fort-point-canning-co']).toBeUndefined();
    expect(pickup.nbHits).toBeLessThan(everything.nbHits);
    expect(pickup.nbHits).toBeGreaterThan(400);
  });

  it('ships only from producers licensed for the buyer’s state', async () => {
    const shipsTo = async (state: string) =>
      (
        await search({
          hitsPerPage: 1000,
          filters: `fulfillment_ship_retail:true AND ship_to_states:"${state}"`,
        })
      ).body.results[0] as { nbHits: number; hits: (Hit & { ship_to_states: string[] })[] };
    const newYork = await shipsTo('NY');
    expect(newYork.nbHits).toBeGreaterThan(0);
    for (const hit of newYork.hits) expect(hit.ship_to_states).toContain('NY');
    // No demo producer is licensed for Utah.
    expect((await shipsTo('UT')).nbHits).toBe(0);
  });

  it('limits results to one business by its slug', async () => {
    const any = (await search({ hitsPerPage: 1 })).body.results[0].hits[0] as Hit;
    const result = (await search({ filters: `slug:"${any.slug}"`, hitsPerPage: 4, distinct: true }))
      .body.results[0];
    expect(result.hits.length).toBeGreaterThan(0);
    expect(result.hits.length).toBeLessThanOrEqual(4);
    for (const hit of result.hits) expect(hit.slug).toBe(any.slug);
  });

  it('searches facet values', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/search',
      headers: { 'content-type': 'application/json' },
      payload: {
        requests: [
          {
            indexName: 'products',
            type: 'facet',
            facet: 'Varietal',
            params: { facetQuery: 'pin' },
          },
        ],
      },
    });
    expect(response.statusCode).toBe(200);
    const hits = response.json().results[0].facetHits;
    expect(hits.length).toBeGreaterThan(0);
    for (const hit of hits) expect(hit.value.toLowerCase()).toMatch(/(^| )pin/);
  });
});
