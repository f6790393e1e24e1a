import { deserialize, serialize } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { distanceMeters } from '@bevy/core';
import { matches, parseFilters } from './filters';
import { SearchIndex, type IndexState } from './search-index';
import { SearchInputError, type IndexSettings, type SearchDocument } from './types';

const PORTLAND = { lat: 45.5152, lng: -122.6784 };
const NEWBERG = { lat: 45.3001, lng: -122.9732 }; // ~33 km from Portland
const SALEM = { lat: 44.9429, lng: -123.0351 }; // ~69 km from Portland
const SEATTLE = { lat: 47.6062, lng: -122.3321 }; // ~234 km from Portland
const at = (point: { lat: number; lng: number }) => `${point.lat},${point.lng}`;

const SETTINGS: IndexSettings = {
  searchableAttributes: ['name'],
  attributesForFaceting: ['Volume', 'Produced By', 'reach'],
  customRanking: ['asc(name)'],
  sortableAttributes: ['price', 'created'],
};

function indexOf(documents: SearchDocument[], settings = SETTINGS): SearchIndex {
  const index = new SearchIndex(settings);
  for (const document of documents) index.upsert(document);
  return index;
}

describe('facet values in label order (sortFacetValuesBy: alpha)', () => {
  // The most frequent values are the large volumes and the upper-case names, so a count order
  // (or a text order) differs from the natural label order on every point.
  const volumes = [355, 1000, 1500, 19550, 750, 50];
  const producers = ['zephyr Cellars', 'Apple Hill', 'apex Brewing', 'Bramble', 'Élan Wines'];
  const documents: SearchDocument[] = [];
  volumes.forEach((volume, i) => {
    for (let copy = 0; copy <= i; copy++) {
      documents.push({
        objectID: `${volume}-${copy}`,
        name: `Product ${volume} ${copy}`,
        Volume: volume,
        'Produced By': producers[(i + copy) % producers.length],
      });
    }
  });
  const index = indexOf(documents);

  it('orders numbers by value and words ignoring case and accents', () => {
    const result = index.search({ facets: ['Volume', 'Produced By'], sortFacetValuesBy: 'alpha' });
    expect(Object.keys(result.facets['Volume']!)).toEqual([
      '50',
      '355',
      '750',
      '1000',
      '1500',
      '19550',
    ]);
    expect(Object.keys(result.facets['Produced By']!)).toEqual([
      'apex Brewing',
      'Apple Hill',
      'Bramble',
      'Élan Wines',
      'zephyr Cellars',
    ]);
    expect(result.facets['Volume']!['19550']).toBe(4);
  });

  it('returns the first values by label, not the most frequent ones', () => {
    const alpha = index.search({
      facets: ['Volume'],
      maxValuesPerFacet: 3,
      sortFacetValuesBy: 'alpha',
    });
    expect(alpha.facets['Volume']).toEqual({ '50': 6, '355': 1, '750': 5 });
    const byCount = index.search({ facets: ['Volume'], maxValuesPerFacet: 3 });
    expect(Object.keys(byCount.facets['Volume']!)).toEqual(['50', '750', '19550']);
  });

  it('orders facet-value search hits by label too, over filtered matches', () => {
    const result = index.searchFacetValues('Volume', '', {
      sortFacetValuesBy: 'alpha',
      filters: 'Volume > 300',
    });
    expect(result.facetHits.map((hit) => hit.value)).toEqual([
      '355',
      '750',
      '1000',
      '1500',
      '19550',
    ]);
  });
});

describe('reach filters (attribute >= _geoDistance)', () => {
  const km = 1000;
  const documents: SearchDocument[] = [
    { objectID: 'near-short', name: 'a', _geoloc: NEWBERG, reach: 20 * km }, // 33 km away
    { objectID: 'near-long', name: 'b', _geoloc: NEWBERG, reach: 40 * km },
    { objectID: 'far-long', name: 'c', _geoloc: SEATTLE, reach: 300 * km },
    { objectID: 'far-short', name: 'd', _geoloc: SEATTLE, reach: 100 * km },
    { objectID: 'salem-exact', name: 'e', _geoloc: SALEM, reach: distanceMeters(PORTLAND, SALEM) },
    { objectID: 'no-reach', name: 'f', _geoloc: PORTLAND },
    { objectID: 'no-location', name: 'g', reach: 1e9 },
  ];
  const index = indexOf(documents);
  const ids = (filters: string) =>
    index
      .search({ filters, aroundLatLng: at(PORTLAND), hitsPerPage: 50 })
      .hits.map((hit) => hit.objectID)
      .sort();

  it("keeps the documents within their own radius of the query's point", () => {
    expect(ids('reach >= _geoDistance')).toEqual(['far-long', 'near-long', 'salem-exact']);
  });

  it('can be negated and combined, and agrees with the reference matcher', () => {
    const filters = 'NOT reach >= _geoDistance';
    // With aroundLatLng, as in Algolia, a document without a location is never a hit.
    expect(ids(filters)).toEqual(['far-short', 'near-short', 'no-reach']);
    expect(
      documents
        .filter((document) => document['_geoloc'] !== undefined)
        .filter((document) => matches(document, parseFilters(filters), PORTLAND))
        .map((document) => document.objectID)
        .sort(),
    ).toEqual(ids(filters));
    // With a text query the candidates are tested one by one rather than as bitsets.
    const typed = index.search({
      query: 'a',
      filters: 'reach >= _geoDistance OR reach >= _geoDistance',
      aroundLatLng: at(PORTLAND),
    });
    expect(typed.hits).toEqual([]);
  });

  it('counts facets over the documents within reach', () => {
    const result = index.search({
      filters: 'reach >= _geoDistance',
      aroundLatLng: at(PORTLAND),
      facets: ['reach'],
      hitsPerPage: 0,
    });
    expect(result.nbHits).toBe(3);
  });

  it('refuses a reach filter without a point, another operator, or an undeclared attribute', () => {
    expect(() => index.search({ filters: 'reach >= _geoDistance' })).toThrow(SearchInputError);
    expect(() =>
      index.search({ filters: 'reach < _geoDistance', aroundLatLng: at(PORTLAND) }),
    ).toThrow(SearchInputError);
    expect(() =>
      index.search({ filters: 'price >= _geoDistance', aroundLatLng: at(PORTLAND) }),
    ).toThrow(SearchInputError);
  });
});

describe('sortBy', () => {
  const documents: SearchDocument[] = [
    { objectID: '1', name: 'pinot one', price: 3000, created: 10, _geoloc: SEATTLE },
    { objectID: '2', name: 'pinot two', price: 1500, created: 30, _geoloc: SALEM },
    { objectID: '3', name: 'cider', price: 900, created: 20, _geoloc: NEWBERG },
    { objectID: '4', name: 'pinot unpriced', created: 40, _geoloc: PORTLAND },
    { objectID: '5', name: 'pinot gris', price: 1500, created: 5, _geoloc: NEWBERG },
  ];
  const index = indexOf(documents);
  const order = (params: Parameters<SearchIndex['search']>[0]) =>
    index.search({ hitsPerPage: 10, ...params }).hits.map((hit) => hit.objectID);

  it('orders every match by a sortable attribute, missing values last, ties by ranking', () => {
    expect(order({ sortBy: 'asc(price)' })).toEqual(['3', '5', '2', '1', '4']);
    expect(order({ sortBy: 'desc(price)' })).toEqual(['1', '5', '2', '3', '4']);
    expect(order({ sortBy: 'desc(created)' })).toEqual(['4', '2', '3', '1', '5']);
  });

  it('sorts before text relevance and pages through the sorted order', () => {
    expect(order({ query: 'pinot', sortBy: 'asc(price)' })).toEqual(['5', '2', '1', '4']);
    expect(
      index
        .search({ query: 'pinot', sortBy: 'asc(price)', hitsPerPage: 2, page: 1 })
        .hits.map((hit) => hit.objectID),
    ).toEqual(['1', '4']);
  });

  it('orders by distance from aroundLatLng, nearest first', () => {
    expect(order({ sortBy: 'asc(_geoDistance)', aroundLatLng: at(PORTLAND) })).toEqual([
      '4',
      '3',
      '5',
      '2',
      '1',
    ]);
    expect(
      order({ query: 'pinot', sortBy: 'asc(_geoDistance)', aroundLatLng: at(SEATTLE) }),
    ).toEqual(['1', '4', '5', '2']);
  });

  it('refuses unknown attributes, facets and distance without a point', () => {
    expect(() => index.search({ sortBy: 'asc(name)' })).toThrow(SearchInputError);
    expect(() => index.search({ sortBy: 'price' })).toThrow(SearchInputError);
    expect(() => index.search({ sortBy: 'asc(_geoDistance)' })).toThrow(SearchInputError);
  });

  it('cannot filter or count on a sortable attribute', () => {
    expect(() => index.search({ filters: 'price < 1000' })).toThrow(SearchInputError);
    expect(index.search({ facets: ['price'] }).facets).toEqual({});
  });

  it('keeps the sort values through a snapshot and after writes', () => {
    const restored = SearchIndex.fromState(
      SETTINGS,
      deserialize(serialize(index.exportState())) as IndexState,
    )!;
    expect(restored.search({ sortBy: 'asc(price)' }).hits.map((hit) => hit.objectID)).toEqual(
      order({ sortBy: 'asc(price)' }),
    );
    restored.upsert({ objectID: '3', name: 'cider', price: 99_999, created: 20 });
    restored.remove('5');
    expect(restored.search({ sortBy: 'asc(price)' }).hits.map((hit) => hit.objectID)).toEqual([
      '2',
      '1',
      '3',
      '4',
    ]);
  });
});
