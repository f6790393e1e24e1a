import type { AddressInfo } from 'node:net';
import { liteClient } from 'algoliasearch/lite';
import algoliasearchV4 from 'algoliasearch-v4';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createSearchKey } from './search-key';

/**
 * Algolia's own clients, as they ship, pointed at the running server: they must get what the
 * web app's own client gets from POST /search.
 */
let t: TestApp;
let base: string;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});
afterAll(() => t.close());

const APP_ID = 'bevy';
const FACETS = ['Beverage Type', 'Varietal', 'Produced By'];
const WINE = [['Beverage Type:Wine']];

function v4(apiKey = '') {
  return algoliasearchV4(APP_ID, apiKey, {
    hosts: [{ url: `127.0.0.1:${port}`, protocol: 'http' }],
  });
}

/** v5 insists on a key: any that is not ours serves its holder as anonymous (retail). */
function v5(apiKey = 'public', authMode?: 'WithinHeaders' | 'WithinQueryParameters') {
  return liteClient(APP_ID, apiKey, {
    hosts: [{ url: '127.0.0.1', port, protocol: 'http', accept: 'readWrite' }],
    ...(authMode ? { authMode } : {}),
  });
}

interface Result {
  nbHits: number;
  hits: { objectID: string; wholesalePricing?: unknown[]; retailPricing?: unknown[] }[];
  facets?: Record<string, Record<string, number>>;
  facetHits?: { value: string; count: number }[];
}

/** What the web app's client gets: JSON, `params` as an object, the key in x-search-key. */
async function ownSearch(request: Record<string, unknown>): Promise<Result> {
  const response = await fetch(`${base}/search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ requests: [request] }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { results: Result[] }).results[0]!;
}

/** The parts a shop shows: which products, in which order, and the refiners' counts. */
const shown = (result: Result) => ({
  nbHits: result.nbHits,
  objectIDs: result.hits.map((hit) => hit.objectID),
  facets: result.facets,
});

const PINOT_WINES = { query: 'pinot', facetFilters: WINE, facets: FACETS, hitsPerPage: 40 };
const EVERYTHING = { facets: FACETS, hitsPerPage: 40 };

let pinot: Result;
let everything: Result;
beforeAll(async () => {
  pinot = await ownSearch({ indexName: 'products', params: PINOT_WINES });
  everything = await ownSearch({ indexName: 'products', params: EVERYTHING });
  // The query and the filter narrow the catalog, so a client that dropped them would differ.
  expect(pinot.nbHits).toBeGreaterThan(0);
  expect(pinot.nbHits).toBeLessThan(everything.facets!['Beverage Type']!['Wine']!);
});

describe('algoliasearch v4', () => {
  it('multipleQueries gets the same hits and facet counts', async () => {
    const { results } = await v4().multipleQueries([
      { indexName: 'products', params: PINOT_WINES },
      { indexName: 'products', params: EVERYTHING },
    ]);
    expect(results.map((result) => shown(result as unknown as Result))).toEqual([
      shown(pinot),
      shown(everything),
    ]);
  });

  it('initIndex().search gets the same hits and facet counts', async () => {
    const { query, ...options } = PINOT_WINES;
    const result = await v4().initIndex('products').search(query, options);
    expect(shown(result as unknown as Result)).toEqual(shown(pinot));
  });

  it('searchForFacetValues finds the same values, with filters, on facets with spaces', async () => {
    const index = v4().initIndex('products');
    const producer = Object.keys(everything.facets!['Produced By']!)[0]!;
    const cases = [
      { facet: 'Varietal', text: 'pin', filters: { facetFilters: WINE } },
      { facet: 'Produced By', text: producer.slice(0, 4), filters: {} },
    ];
    for (const { facet, text, filters } of cases) {
      const theirs = await index.searchForFacetValues(facet, text, filters);
      const ours = await ownSearch({
        indexName: 'products',
        type: 'facet',
        facet,
        params: { facetQuery: text, ...filters },
      });
      expect(ours.facetHits!.length, facet).toBeGreaterThan(0);
      expect(theirs.facetHits, facet).toEqual(ours.facetHits);
    }
  });
});

describe("algoliasearch v5's lite client", () => {
  it('search gets the same hits and facet counts, in both call signatures', async () => {
    const client = v5();
    const { results } = await client.search({
      requests: [
        { indexName: 'products', ...PINOT_WINES },
        { indexName: 'products', ...EVERYTHING },
      ],
    });
    expect(results.map((result) => shown(result as Result))).toEqual([
      shown(pinot),
      shown(everything),
    ]);
    // The legacy signature InstantSearch uses: params beside indexName once more on the wire.
    const legacy = await client.search([{ indexName: 'products', params: PINOT_WINES }]);
    expect(shown(legacy.results[0] as Result)).toEqual(shown(pinot));
  });

  it('searches facet values', async () => {
    const { results } = await v5().search({
      requests: [{ indexName: 'products', type: 'facet', facet: 'Varietal', facetQuery: 'pin' }],
    });
    const ours = await ownSearch({
      indexName: 'products',
      type: 'facet',
      facet: 'Varietal',
      params: { facetQuery: 'pin' },
    });
    expect((results[0] as Result).facetHits).toEqual(ours.facetHits);
    expect(ours.facetHits!.length).toBeGreaterThan(0);
  });
});

/** Whether any hit carries a wholesale tier. */
const hasWholesaleTier = (result: Result) =>
  result.hits.some((hit) => (hit.wholesalePricing?.length ?? 0) > 0);

describe('wholesale prices', () => {
  const request = { indexName: 'products', hitsPerPage: 200 };

  it('are sent for a wholesale key, also in the query string (so the checks below can fail)', async () => {
    const key = createSearchKey('wholesale', t.config.searchKeySecret);
    for (const authMode of ['WithinHeaders', 'WithinQueryParameters'] as const) {
      const { results } = await v5(key, authMode).search({ requests: [request] });
      expect(hasWholesaleTier(results[0] as Result), authMode).toBe(true);
    }
  });

  it('are never sent without a key or with an invalid one', async () => {
    const forged = `${Buffer.from('{"buyer":"wholesale","exp":9e15}').toString('base64url')}.x`;
    for (const key of ['not-a-key', forged]) {
      for (const authMode of ['WithinHeaders', 'WithinQueryParameters'] as const) {
        const { results } = await v5(key, authMode).search({ requests: [request] });
        const result = results[0] as Result;
        expect(hasWholesaleTier(result), `${key} ${authMode}`).toBe(false);
        expect(result.hits[0]!.retailPricing!.length).toBeGreaterThan(0);
      }
    }
    for (const key of ['', forged]) {
      const result = await v4(key).initIndex('products').search('', { hitsPerPage: 200 });
      expect(hasWholesaleTier(result as unknown as Result), `v4 ${key}`).toBe(false);
    }
  });
});

describe('the HTTP around it', () => {
  it('answers a browser preflight from another origin, and lets it read the answer', async () => {
    const preflight = await fetch(`${base}/1/indexes/*/queries`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://partner.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-algolia-api-key,x-algolia-application-id',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    const allowed = preflight.headers.get('access-control-allow-headers')!.split(/,\s*/);
    expect(allowed).toEqual(
      expect.arrayContaining(['content-type', 'x-algolia-api-key', 'x-algolia-application-id']),
    );
    const search = await fetch(`${base}/1/indexes/*/queries`, {
      method: 'POST',
      headers: { origin: 'https://partner.example', 'content-type': 'text/plain' },
      body: JSON.stringify({ requests: [{ indexName: 'products', hitsPerPage: 1 }] }),
    });
    expect(search.status).toBe(200);
    expect(search.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('does not let another origin read a signed-in user’s search key', async () => {
    const response = await fetch(`${base}/get-search-token`, {
      headers: { origin: 'https://partner.example' },
    });
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses a body that is not JSON with a 400, not a crash', async () => {
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded']) {
      const response = await fetch(`${base}/1/indexes/*/queries`, {
        method: 'POST',
        headers: { 'content-type': contentType },
        body: 'requests=nope',
      });
      expect(response.status, contentType).toBe(400);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBeTruthy();
    }
  });

  it('GraphQL still refuses the simple cross-site types the search routes accept', async () => {
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded']) {
      const response = await fetch(`${base}/graphql`, {
        method: 'POST',
        headers: { 'content-type': contentType },
        body: JSON.stringify({ query: '{ me { name } }' }),
      });
      expect(response.status, contentType).toBe(415);
    }
  });
});
