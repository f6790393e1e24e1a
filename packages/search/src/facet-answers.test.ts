import { describe, expect, it } from 'vitest';
import { SearchIndex } from './search-index';
import type { IndexSettings, SearchDocument, SearchParams } from './types';

const SETTINGS: IndexSettings = {
  searchableAttributes: ['name'],
  attributesForFaceting: ['Type', 'Vintage', 'pickup'],
  customRanking: ['asc(rank)'],
};

const TYPES = ['Wine', 'Beer', 'Cider'];

/** Enough documents that large match sets have their facet answers kept. */
function catalog(count: number): SearchDocument[] {
  return Array.from({ length: count }, (_, i) => ({
    objectID: String(i),
    name: i % 2 === 0 ? `red wine ${i}` : `white wine ${i}`,
    Type: TYPES[i % 3]!,
    Vintage: 2000 + (i % 20),
    pickup: i % 4 !== 0,
    rank: i,
    _geoloc: i % 2 === 0 ? { lat: 45.5, lng: -122.7 } : { lat: 38.3, lng: -122.3 },
  }));
}

/** The same search on an index built afresh, which has no kept answers. */
function fresh(documents: SearchDocument[], params: SearchParams) {
  const index = new SearchIndex(SETTINGS);
  for (const document of documents) index.upsert(document);
  const { facets, facets_stats } = index.search(params);
  return { facets, facets_stats };
}

describe('facet answers of large match sets', () => {
  const documents = catalog(16_000);
  const index = new SearchIndex(SETTINGS);
  for (const document of documents) index.upsert(document);
  const facetsOf = (params: SearchParams) => {
    const { facets, facets_stats } = index.search(params);
    return { facets, facets_stats };
  };

  it('answers every page, and every origin of an "all" radius, as if counted afresh', () => {
    const base = { query: 'wine', filters: 'pickup:true', facets: ['*'] };
    const first = facetsOf(base);
    expect(first).toEqual(fresh(documents, base));
    expect(facetsOf({ ...base, page: 3 })).toEqual(first);
    const near = { ...base, aroundLatLng: '45,-122', aroundRadius: 'all' as const };
    expect(facetsOf(near)).toEqual(fresh(documents, near));
    expect(facetsOf({ ...near, aroundLatLng: '40,-100' })).toEqual(fresh(documents, near));
  }, 60_000);

  it('keeps each answer apart from the copies it gave out', () => {
    const params = { query: 'wine', facets: ['Type'] };
    const first = index.search(params);
    first.facets['Type']!['Beer'] = -1;
    first.facets_stats = undefined;
    expect(index.search(params).facets['Type']!['Beer']).toBe(
      fresh(documents, params).facets['Type']!['Beer'],
    );
  }, 60_000);

  it('counts again after a write', () => {
    const params = { filters: 'pickup:true', facets: ['Type', 'Vintage'] };
    facetsOf(params);
    const changed = { ...documents[1]!, Type: 'Spirit', Vintage: 1990 };
    index.upsert(changed);
    const after = documents.map((document) => (document.objectID === '1' ? changed : document));
    expect(facetsOf(params)).toEqual(fresh(after, params));
    expect(facetsOf(params).facets['Type']!['Spirit']).toBe(1);
  }, 60_000);
});
