import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logInAsActor } from '../../test/actors';
import { sellerBusinessSlugs } from '../../test/fixtures';
import { gql } from '../../test/graphql-client';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createSearchKey, searchKeyVerifier } from './search-key';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Hit {
  objectID: string;
  name: string;
  wholesalePricing: unknown[];
  lowest_price_wholesale?: number | null;
  _highlightResult?: Record<string, unknown>;
}

/** The shop's query for `query`, as instantsearch sends it. */
const shopBody = (query: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    requests: [
      {
        indexName: 'products',
        params: {
          query,
          hitsPerPage: 20,
          facets: ['*'],
          highlightPreTag: '__ais-highlight__',
          highlightPostTag: '__/ais-highlight__',
          ...extra,
        },
      },
    ],
  });

async function post(body: string, key?: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/search',
    headers: { 'content-type': 'application/json', ...(key ? { 'x-search-key': key } : {}) },
    payload: body,
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  return { text: response.body, hits: response.json().results[0].hits as Hit[] };
}

describe('answers kept for identical searches', () => {
  it('answers an identical search with the same body', async () => {
    const first = await post(shopBody('pinot'));
    const second = await post(shopBody('pinot'));
    expect(second.text).toBe(first.text);
    expect(first.hits.length).toBeGreaterThan(0);
    expect(first.hits[0]!._highlightResult?.['name']).toBeDefined();
  });

  it('answers as the uncached route did: keys, highlights and the echoed request', async () => {
    const body = shopBody('red', { attributesToHighlight: ['name'] });
    const { text } = await post(body);
    const { results } = JSON.parse(text);
    const [result] = results;
    expect(Object.keys(result).slice(0, 1)).toEqual(['hits']);
    expect(result.index).toBe('products');
    expect(result.params).toContain('query=red');
    for (const hit of result.hits as Hit[]) {
      expect(Object.keys(hit).at(-1)).toBe('_highlightResult');
      expect(Object.keys(hit._highlightResult!)).toEqual(['name']);
    }
    const bare = await post(shopBody('red', { attributesToHighlight: [] }));
    for (const hit of bare.hits) expect(hit._highlightResult).toBeUndefined();
  });

  it('reflects a product write in the next search', async () => {
    const seller = await logInAsActor(t.app, 'seller');
    const { ownSlug } = await sellerBusinessSlugs(t.database.db);
    const body = shopBody('zanzibarite');
    expect((await post(body)).hits).toEqual([]);
    const created = await gql(
      t.app,
      `mutation($slug: String!, $input: ProductInput!) { createProduct(slug: $slug, input: $input) { id } }`,
      {
        slug: ownSlug,
        input: {
          name: 'Zanzibarite Cached Stout',
          beverageType: 'Beer',
          retailTiers: [{ minimum_unit_count_for_price: 1, price: 7 }],
          wholesaleTiers: [],
          status: 'published',
        },
      },
      { cookie: seller },
    );
    const id = (created.body.data!.createProduct as { id: number }).id;
    expect((await post(body)).hits.map((hit) => hit.name)).toEqual(['Zanzibarite Cached Stout']);

    await gql(
      t.app,
      `mutation($id: Int!, $input: ProductInput!) { updateProduct(id: $id, input: $input) { id } }`,
      {
        id,
        input: {
          name: 'Zanzibarite Renamed Stout',
          beverageType: 'Beer',
          retailTiers: [{ minimum_unit_count_for_price: 1, price: 7 }],
          wholesaleTiers: [],
          status: 'published',
        },
      },
      { cookie: seller },
    );
    expect((await post(body)).hits.map((hit) => hit.name)).toEqual(['Zanzibarite Renamed Stout']);

    await gql(t.app, `mutation($id: Int!) { deleteProduct(id: $id) }`, { id }, { cookie: seller });
    expect((await post(body)).hits).toEqual([]);
  });

  it('never gives a retail or anonymous caller the answer kept for a wholesale buyer', async () => {
    const wholesale = createSearchKey('wholesale', t.config.searchKeySecret);
    const retail = createSearchKey('retail', t.config.searchKeySecret);
    const body = shopBody('', { hitsPerPage: 50 });
    const priced = (hits: Hit[]) => hits.some((hit) => hit.wholesalePricing.length > 0);
    // Each kind asks twice, the wholesale buyer first, so each later ask could hit a kept answer.
    for (let round = 0; round < 2; round++) {
      expect(priced((await post(body, wholesale)).hits)).toBe(true);
      for (const key of [retail, undefined, 'forged.key']) {
        const { hits } = await post(body, key);
        expect(priced(hits)).toBe(false);
        for (const hit of hits) expect(hit.lowest_price_wholesale).toBeUndefined();
      }
    }
  });

  it('still refuses a bad request, every time', async () => {
    const body = shopBody('', { filters: 'wholesalePricing:1' });
    for (let round = 0; round < 2; round++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/search',
        headers: { 'content-type': 'application/json' },
        payload: body,
      });
      expect(response.statusCode).toBe(400);
    }
  });
});

describe('answers compressed for clients that accept it', () => {
  async function postAccepting(body: string, acceptEncoding?: string) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/search',
      headers: {
        'content-type': 'application/json',
        ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
      },
      payload: body,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['vary']).toContain('accept-encoding');
    const encoding = response.headers['content-encoding'];
    const raw = response.rawPayload;
    const text = (
      encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw
    ).toString();
    return { encoding, sent: raw.length, text };
  }

  /** An answer without its time taken (a search made anew may take a millisecond more). */
  const untimed = (text: string) =>
    (JSON.parse(text) as { results: Record<string, unknown>[] }).results.map(
      ({ processingTimeMS: _, ...result }) => result,
    );

  it('sends the same answer in brotli, gzip or as it is, as each client accepts, every time', async () => {
    const body = shopBody('red');
    const plain = await postAccepting(body);
    expect(plain.encoding).toBeUndefined();
    // Each asks twice, so the second answer of each is the one kept for that client.
    for (let round = 0; round < 2; round++) {
      for (const [accepts, expected] of [
        ['gzip, deflate, br, zstd', 'br'],
        ['gzip, deflate', 'gzip'],
        ['br;q=0, gzip', 'gzip'],
        ['identity', undefined],
        [undefined, undefined],
      ] as const) {
        const answer = await postAccepting(body, accepts);
        expect(answer.encoding).toBe(expected);
        expect(untimed(answer.text)).toEqual(untimed(plain.text));
        if (expected) expect(answer.sent).toBeLessThan(plain.sent / 4);
      }
    }
  });

  it('sends a short answer as it is', async () => {
    const answer = await postAccepting(shopBody('zzzzqqqq', { facets: [] }), 'gzip, br');
    expect(JSON.parse(answer.text).results[0].nbHits).toBe(0);
    expect(answer.encoding).toBeUndefined();
  });
});

describe('a product search made as JSON text', () => {
  it('says what the object form says, for each kind of buyer, sort and highlight', () => {
    const withoutTime = ({ processingTimeMS: _time, ...rest }: Record<string, unknown>) => rest;
    for (const buyer of ['retail', 'wholesale'] as const) {
      for (const indexName of ['products', 'products_price_asc']) {
        for (const extra of [{}, { attributesToHighlight: ['name', 'Varietal'] }]) {
          const request = {
            indexName,
            params: { query: 'red', hitsPerPage: 30, facets: ['*'], ...extra },
          };
          const text = t.app.productSearch.searchJson(request, buyer);
          const object = JSON.parse(JSON.stringify(t.app.productSearch.search(request, buyer)));
          expect(withoutTime(JSON.parse(text))).toEqual(withoutTime(object));
        }
      }
    }
  });
});

describe('verified search keys kept', () => {
  it('still refuses a kept key once it expires, and never keeps a bad one', () => {
    const secret = 'a-test-secret-of-at-least-32-characters';
    const verify = searchKeyVerifier(secret);
    const issued = Date.now();
    const key = createSearchKey('wholesale', secret, issued);
    const check = verify(key, issued + 1000);
    expect(check.ok && check.claims.buyer).toBe('wholesale');
    expect(verify(key, issued + 2000).ok).toBe(true);
    expect(verify(key, issued + 48 * 3600 * 1000)).toEqual({ ok: false, reason: 'expired' });
    const forged = `${key.split('.')[0]}.${'A'.repeat(43)}`;
    expect(verify(forged, issued)).toEqual({ ok: false, reason: 'bad-signature' });
    expect(verify(forged, issued)).toEqual({ ok: false, reason: 'bad-signature' });
  });
});
