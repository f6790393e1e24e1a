import { describe, expect, it } from 'vitest';
import type { SearchIndex } from './search-index';
import { answerOf, indexOf as indexOfWith } from './test-index';
import type { IndexSettings, SearchDocument, SearchParams } from './types';

const SETTINGS: IndexSettings = {
  searchableAttributes: ['name'],
  attributesForFaceting: ['kind', 'pickup'],
  customRanking: ['asc(name)'],
};

// A few producers' locations, each shared by many products, as in the catalog.
const PLACES = [
  { lat: 45.5152, lng: -122.6784 },
  { lat: 45.3001, lng: -122.9732 },
  { lat: 44.9429, lng: -123.0351 },
  { lat: 47.6062, lng: -122.3321 },
  { lat: 38.2975, lng: -122.2869 },
];

function documents(count: number, shift: number): SearchDocument[] {
  return Array.from({ length: count }, (_, i) => ({
    objectID: String(i),
    name: `product ${(i * 37) % count}`,
    kind: ['ale', 'wine'][i % 2]!,
    pickup: i % 3 !== 0,
    _geoloc: PLACES[(i + shift) % PLACES.length]!,
  }));
}

const indexOf = (docs: readonly SearchDocument[]): SearchIndex => indexOfWith(SETTINGS, docs);

// Queries without words are answered location by location (GeoPoints.near).
const QUERIES: SearchParams[] = [
  { aroundLatLng: '45.5,-122.6', aroundRadius: 'all', facets: ['*'] },
  { aroundLatLng: '45.5,-122.6', aroundRadius: 80_000, filters: 'pickup:true', page: 2 },
  { aroundLatLng: '38.3,-122.3', aroundRadius: 'all', facetFilters: [['kind:wine']], page: 5 },
  { aroundLatLng: '47.6,-122.3', aroundRadius: 10_000, hitsPerPage: 50 },
];

describe('queries without words near a location', () => {
  it('answers as a fresh index does, before and after documents move or leave', () => {
    const index = indexOf(documents(300, 0));
    for (const params of QUERIES) {
      expect(answerOf(index, params)).toEqual(answerOf(indexOf(documents(300, 0)), params));
    }
    // Move a third of the products to other locations and remove some: the slots of each
    // location that the index keeps are stale.
    const moved = documents(300, 2).slice(0, 100);
    for (const document of moved) index.upsert(document);
    for (let i = 250; i < 300; i++) index.remove(String(i));
    const expected = indexOf([...moved, ...documents(300, 0).slice(100, 250)]);
    for (const params of QUERIES)
      expect(answerOf(index, params)).toEqual(answerOf(expected, params));
  });
});
