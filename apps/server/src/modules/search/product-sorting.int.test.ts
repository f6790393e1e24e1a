import {
  compareLabels,
  deliveryRefusal,
  distanceMeters,
  fulfillmentSearchFilter,
  undeliverableSearchFilter,
  type BuyerKind,
  type ProductHit,
} from '@bevy/core';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceTiers, products } from '../../db/tables';
import { logInAsActor } from '../../test/actors';
import { searchKeyFor } from '../../test/search';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let wholesaleKey: string;
let retailKey: string;
beforeAll(async () => {
  t = await createTestApp();
  const cookie = await logInAsActor(t.app, 'wholesale');
  wholesaleKey = await searchKeyFor(t.app, cookie);
  retailKey = await searchKeyFor(t.app);
});
afterAll(() => t.close());

interface Answer {
  hits: (ProductHit & Record<string, unknown>)[];
  nbHits: number;
  facets?: Record<string, Record<string, number>>;
  facetHits?: { value: string; count: number }[];
}

async function search(
  request: { indexName: string; params: Record<string, unknown>; type?: string; facet?: string },
  key = retailKey,
): Promise<{ status: number; body: string; result: Answer }> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/search',
    headers: { 'content-type': 'application/json', 'x-search-key': key },
    payload: { requests: [request] },
  });
  const body = response.body;
  return { status: response.statusCode, body, result: (response.json().results ?? [])[0] };
}

const lowest = (hit: ProductHit, buyer: BuyerKind) => {
  const tiers = buyer === 'wholesale' ? hit.wholesalePricing : hit.retailPricing;
  return tiers.length === 0 ? Infinity : Math.min(...tiers.map((tier) => tier.price_per_unit));
};

function expectSorted(values: number[], direction: 1 | -1) {
  for (let i = 1; i < values.length; i++) {
    expect(Math.sign(values[i]! - values[i - 1]!) * direction).toBeGreaterThanOrEqual(0);
  }
}

describe('sorted replicas', () => {
  it('sort by the lowest price the caller sees, both ways, across pages', async () => {
    for (const [buyer, key] of [
      ['retail', retailKey],
      ['wholesale', wholesaleKey],
    ] as const) {
      const pages = await Promise.all(
        [0, 1].map((page) =>
          search({ indexName: 'products_price_asc', params: { hitsPerPage: 30, page } }, key),
        ),
      );
      const prices = pages.flatMap(({ result }) => result.hits.map((hit) => lowest(hit, buyer)));
      expect(prices).toHaveLength(60);
      expectSorted(prices, 1);
      const { result } = await search(
        { indexName: 'products_price_desc', params: { hitsPerPage: 30, query: 'a' } },
        key,
      );
      expect(result.hits.length).toBeGreaterThan(10);
      expectSorted(result.hits.map((hit) => lowest(hit, buyer)).filter(Number.isFinite), -1);
    }
  });

  it('newest first, by the creation time the documents carry', async () => {
    const [newer, older] = (await search({ indexName: 'products', params: { hitsPerPage: 2 } }))
      .result.hits;
    await t.database.db
      .update(products)
      .set({ created_at: new Date('2030-01-02T00:00:00Z') })
      .where(eq(products.id, Number(newer!.objectID)));
    await t.database.db
      .update(products)
      .set({ created_at: new Date('2030-01-01T00:00:00Z') })
      .where(eq(products.id, Number(older!.objectID)));
    await t.app.productSearch.rebuild(t.database.db);
    const { result } = await search({ indexName: 'products_newest', params: { hitsPerPage: 5 } });
    expect(result.hits.slice(0, 2).map((hit) => hit.objectID)).toEqual([
      newer!.objectID,
      older!.objectID,
    ]);
    expectSorted(
      result.hits.map((hit) => hit['created_at_ms'] as number),
      -1,
    );
  });

  it('nearest first with aroundLatLng, by relevance until there is one', async () => {
    const portland = { lat: 45.5152, lng: -122.6784 };
    const { result } = await search({
      indexName: 'products_distance',
      params: { hitsPerPage: 40, query: 'ale', aroundLatLng: `${portland.lat},${portland.lng}` },
    });
    const distances = result.hits.map((hit) => distanceMeters(hit._geoloc!, portland));
    expect(distances.length).toBeGreaterThan(3);
    expectSorted(distances, 1);
    // Before the buyer's ZIP code is located, relevance orders.
    const unlocated = await search({ indexName: 'products_distance', params: { hitsPerPage: 5 } });
    const relevance = await search({ indexName: 'products', params: { hitsPerPage: 5 } });
    expect(unlocated.result.hits.map((hit) => hit.objectID)).toEqual(
      relevance.result.hits.map((hit) => hit.objectID),
    );
    // An empty location is no location: relevance again, not a 400.
    const empty = await search({
      indexName: 'products_distance',
      params: { hitsPerPage: 5, aroundLatLng: '' },
    });
    expect(empty.status).toBe(200);
    expect(empty.result.hits.map((hit) => hit.objectID)).toEqual(
      relevance.result.hits.map((hit) => hit.objectID),
    );
  });
});

describe('sorting does not leak wholesale prices', () => {
  it('a retail caller gets the same answer whatever the wholesale prices are', async () => {
    const request = { indexName: 'products_price_asc', params: { hitsPerPage: 50 } };
    const before = await search(request);
    const asWholesale = await search(request, wholesaleKey);
    // The wholesale order differs, so a leak through the order would show below.
    expect(asWholesale.result.hits.map((hit) => hit.objectID)).not.toEqual(
      before.result.hits.map((hit) => hit.objectID),
    );
    // Make the retail-cheapest products the dearest at wholesale, and the other way round.
    const ids = before.result.hits.map((hit) => Number(hit.objectID));
    await t.database.db
      .update(priceTiers)
      .set({ price_per_unit: 1 })
      .where(inArray(priceTiers.product_id, ids.slice(-10)));
    await t.database.db
      .update(priceTiers)
      .set({ price_per_unit: 99_999 })
      .where(inArray(priceTiers.product_id, ids.slice(0, 10)));
    await t.database.db
      .update(priceTiers)
      .set({ price_per_unit: 1 })
      .where(eq(priceTiers.channel, 'retail'));
    await t.app.productSearch.rebuild(t.database.db);
    // Every retail price is now equal: a retail caller's order may only follow the ranking.
    const after = await search(request);
    const unsorted = await search({ indexName: 'products', params: { hitsPerPage: 50 } });
    expect(after.result.hits.map((hit) => hit.objectID)).toEqual(
      unsorted.result.hits.map((hit) => hit.objectID),
    );
    const wholesaleAfter = await search(request, wholesaleKey);
    expect(wholesaleAfter.result.hits.map((hit) => hit.objectID)).not.toEqual(
      after.result.hits.map((hit) => hit.objectID),
    );
    for (const body of [before.body, after.body]) {
      expect(body).not.toContain('lowest_price_wholesale');
      expect(body).toContain('lowest_price_retail');
    }
    expect(wholesaleAfter.body).toContain('lowest_price_wholesale');
  });

  it('a sort, filter or facet on the wholesale price from the request is not honored', async () => {
    const sortBy = await search({
      indexName: 'products',
      params: { hitsPerPage: 50, sortBy: 'asc(lowest_price_wholesale)' },
    });
    const plain = await search({ indexName: 'products', params: { hitsPerPage: 50 } });
    expect(sortBy.result.hits.map((hit) => hit.objectID)).toEqual(
      plain.result.hits.map((hit) => hit.objectID),
    );
    const filtered = await search({
      indexName: 'products',
      params: { filters: 'lowest_price_wholesale < 1000' },
    });
    expect(filtered.status).toBe(400);
    const faceted = await search({
      indexName: 'products',
      params: { facets: ['lowest_price_wholesale'], hitsPerPage: 0 },
    });
    expect(faceted.result.facets).toEqual({});
  });
});

describe('delivery by each producer’s own radius', () => {
  it('counts only what can be delivered, and lists the rest apart', async () => {
    const zip = (await t.app.inject({ method: 'GET', url: '/geo/zip/97214' })).json();
    const aroundLatLng = `${zip.lat},${zip.lng}`;
    for (const buyer of ['retail', 'wholesale'] as const) {
      const key = buyer === 'retail' ? retailKey : wholesaleKey;
      const everyone = await search(
        {
          indexName: 'products',
          params: {
            hitsPerPage: 1000,
            filters: 'fulfillment_deliver_retail:true OR fulfillment_deliver_wholesale:true',
          },
        },
        key,
      );
      const deliverable = everyone.result.hits.filter(
        (hit) => deliveryRefusal(hit, buyer, zip) === null,
      );
      const filtered = await search(
        {
          indexName: 'products',
          params: {
            hitsPerPage: 1000,
            aroundLatLng,
            filters: fulfillmentSearchFilter('delivery', buyer, null, true),
          },
        },
        key,
      );
      expect(filtered.result.nbHits).toBeGreaterThan(0);
      expect(filtered.result.nbHits).toBeLessThan(everyone.result.nbHits);
      expect(filtered.result.hits.map((hit) => hit.objectID).sort()).toEqual(
        deliverable.map((hit) => hit.objectID).sort(),
      );
      const rest = await search(
        {
          indexName: 'products',
          params: {
            hitsPerPage: 1000,
            aroundLatLng,
            filters: undeliverableSearchFilter(buyer, true),
          },
        },
        key,
      );
      expect(rest.result.nbHits + filtered.result.nbHits).toBe(everyone.result.nbHits);
      for (const hit of rest.result.hits) expect(deliveryRefusal(hit, buyer, zip)).not.toBeNull();
    }
  });
});

describe('facet values in label order', () => {
  it('lists the first values by label, numbers by value, case ignored', async () => {
    const { result } = await search({
      indexName: 'products',
      params: {
        hitsPerPage: 0,
        facets: ['Volume', 'Produced By', 'Varietal'],
        maxValuesPerFacet: 20,
        sortFacetValuesBy: 'alpha',
      },
    });
    const all = await search({
      indexName: 'products',
      params: { hitsPerPage: 0, facets: ['Volume', 'Produced By'], maxValuesPerFacet: 1000 },
    });
    for (const facet of ['Volume', 'Produced By'] as const) {
      const shown = Object.keys(result.facets![facet]!);
      const expected = Object.keys(all.result.facets![facet]!).sort(compareLabels).slice(0, 20);
      expect(shown, facet).toEqual(expected);
    }
    const volumes = Object.keys(result.facets!['Volume']!).map(Number);
    expectSorted(volumes, 1);
  });

  it('orders facet-value search hits by label when asked', async () => {
    const { result } = await search({
      indexName: 'products',
      type: 'facet',
      facet: 'Produced By',
      params: { facetQuery: 'c', sortFacetValuesBy: 'alpha', maxFacetHits: 20 },
    });
    const values = result.facetHits!.map((hit) => hit.value);
    expect(values.length).toBeGreaterThan(1);
    expect(values).toEqual([...values].sort(compareLabels));
  });
});
