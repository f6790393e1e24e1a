import { deserialize, serialize } from 'node:v8';
import { beforeEach, describe, expect, it } from 'vitest';
import { SearchIndex } from './search-index';
import {
  SearchInputError,
  type IndexSettings,
  type SearchDocument,
  type SearchResult,
} from './types';
import type { IndexState } from './search-index';

const PORTLAND = { lat: 45.5152, lng: -122.6784 };
const NEWBERG = { lat: 45.3001, lng: -122.9732 }; // ~33 km from Portland
const DUNDEE = { lat: 45.2779, lng: -123.0107 }; // ~37 km from Portland
const SALEM = { lat: 44.9429, lng: -123.0351 }; // ~69 km from Portland
const HOOD_RIVER = { lat: 45.7054, lng: -121.5215 }; // ~92 km from Portland
const SEATTLE = { lat: 47.6062, lng: -122.3321 }; // ~234 km from Portland
const NAPA = { lat: 38.2975, lng: -122.2869 };

const at = (point: { lat: number; lng: number }) => `${point.lat},${point.lng}`;

function product(
  objectID: string,
  name: string,
  producedBy: string,
  types: string[],
  fields: {
    Varietal?: string;
    Vintage?: number;
    ABV: number;
    hasImage: boolean;
    _geoloc?: { lat: number; lng: number };
    pickup: boolean;
  },
): SearchDocument {
  const { pickup, ...rest } = fields;
  return {
    objectID,
    name,
    'Produced By': producedBy,
    'Beverage Type': types,
    ...rest,
    fulfillment_allow_pickup_retail: pickup,
  };
}

// prettier-ignore
const PRODUCTS: SearchDocument[] = [
  product('1', 'Willamette Pinot Noir', 'Elk Cove Vineyards', ['Wine'], { Varietal: 'Pinot Noir', Vintage: 2015, ABV: 13.5, hasImage: true, _geoloc: NEWBERG, pickup: true }),
  product('2', 'Rosé of Pinot Noir', 'Elk Cove Vineyards', ['Wine'], { Varietal: 'Pinot Noir', Vintage: 2021, ABV: 12.5, hasImage: true, _geoloc: NEWBERG, pickup: true }),
  product('3', 'Dry Cider', "Reverend Nat's", ['Cider'], { Varietal: 'Newtown Pippin', ABV: 6.9, hasImage: false, _geoloc: PORTLAND, pickup: false }),
  product('4', 'Hazy IPA', 'Breakside Brewery', ['Beer'], { Varietal: 'IPA', ABV: 6.5, hasImage: true, _geoloc: PORTLAND, pickup: true }),
  product('5', 'Rose Hip Kombucha', 'Brew Dr', ['Hard Kombucha'], { ABV: 4.5, hasImage: false, _geoloc: PORTLAND, pickup: false }),
  product('6', 'Columbia Valley Syrah', 'Rosebud Cellars', ['Wine'], { Varietal: 'Syrah', Vintage: 2018, ABV: 14.5, hasImage: true, _geoloc: SEATTLE, pickup: true }),
  product('7', 'Oregon Rye Whiskey', 'Clear Creek Distillery', ['Spirit'], { Varietal: 'Rye', ABV: 45, hasImage: true, _geoloc: HOOD_RIVER, pickup: false }),
  product('8', 'Apple Brandy', 'Clear Creek Distillery', ['Spirit', 'Cider'], { ABV: 40, hasImage: false, _geoloc: HOOD_RIVER, pickup: false }),
  product('9', 'Reserve Chardonnay', 'Domaine Drouhin', ['Wine'], { Varietal: 'Chardonnay', Vintage: 2017, ABV: 13.9, hasImage: true, _geoloc: DUNDEE, pickup: true }),
  product('10', 'Sparkling Rosé', 'Argyle Winery', ['Wine'], { Varietal: 'Pinot Noir', Vintage: 2016, ABV: 12, hasImage: false, _geoloc: DUNDEE, pickup: false }),
  product('11', 'Golden Ale', 'Breakside Brewery', ['Beer'], { Varietal: 'Pale Ale', ABV: 5, hasImage: false, pickup: true }),
  product('12', 'California Cabernet', 'Napa Cellars', ['Wine'], { Varietal: 'Cabernet Sauvignon', Vintage: 2019, ABV: 14.8, hasImage: true, _geoloc: NAPA, pickup: false }),
  product('13', 'Aurora Sparkling Brut', 'Willamette Valley Vineyards', ['Wine'], { Varietal: 'Chardonnay', ABV: 12.5, hasImage: true, _geoloc: SALEM, pickup: true }),
];

const SETTINGS: IndexSettings = {
  searchableAttributes: ['name', 'Produced By', 'Varietal', 'Beverage Type'],
  attributesForFaceting: [
    'Beverage Type',
    'Produced By',
    'Varietal',
    'Vintage',
    'ABV',
    'fulfillment_allow_pickup_retail',
  ],
  customRanking: ['desc(hasImage)', 'asc(name)'],
  attributeForDistinct: 'Produced By',
};

function buildIndex(settings: IndexSettings = SETTINGS): SearchIndex {
  const index = new SearchIndex(settings);
  for (const document of PRODUCTS) index.upsert({ ...document });
  return index;
}

let index: SearchIndex;
beforeEach(() => {
  index = buildIndex();
});

const ids = (params: Parameters<SearchIndex['search']>[0]) =>
  index.search(params).hits.map((hit) => hit.objectID);

/** Every product in customRanking order: desc(hasImage), then asc(name). */
const ALL_IN_RANKING_ORDER = ['13', '12', '6', '4', '7', '9', '2', '1', '8', '3', '11', '5', '10'];

describe('SearchIndex construction', () => {
  it('counts and returns documents', () => {
    expect(index.size).toBe(13);
    expect(index.get('4')?.name).toBe('Hazy IPA');
    expect(index.get('404')).toBeUndefined();
  });

  it('rejects an invalid customRanking rule', () => {
    expect(() => new SearchIndex({ ...SETTINGS, customRanking: ['hasImage'] })).toThrow(
      'Invalid custom ranking rule "hasImage"',
    );
  });
});

describe('search: text matching', () => {
  it('returns every document for an empty query, in customRanking order', () => {
    const result = index.search({});
    expect(result.nbHits).toBe(13);
    expect(result.query).toBe('');
    expect(result.hits.map((hit) => hit.objectID)).toEqual(ALL_IN_RANKING_ORDER);
  });

  it('requires every query word to match (AND)', () => {
    expect(ids({ query: 'pinot noir' })).toEqual(['2', '1', '10']);
    expect(ids({ query: 'elk pinot' })).toEqual(['2', '1']);
    expect(ids({ query: 'pinot cider' })).toEqual([]);
  });

  it('matches words across different attributes', () => {
    // "clear" in Produced By, "brandy" in name
    expect(ids({ query: 'clear brandy' })).toEqual(['8']);
  });

  it('matches the last word as a prefix', () => {
    expect(ids({ query: 'dry cid' })).toEqual(['3']);
    // 'Hard Kombucha' is one typo from 'chard' (five letters): it comes after the real matches.
    expect(ids({ query: 'chard' })).toEqual(['9', '13', '5']);
  });

  it('forgives one typo in words of five letters or more, ranking exact matches first', () => {
    expect(ids({ query: 'kombcuha ' })).toEqual(ids({ query: 'kombucha ' }));
    expect(ids({ query: 'kombucha ' }).length).toBeGreaterThan(0);
    // Four letters: no typo allowed.
    expect(ids({ query: 'rsoe ' })).toEqual([]);
    // Two typos: no match.
    expect(ids({ query: 'kmobcuha ' })).toEqual([]);
  });

  it('does not prefix-match words before the last', () => {
    expect(ids({ query: 'chard reserve' })).toEqual([]);
  });

  it('does not prefix-match the last word when the query ends with a space', () => {
    expect(ids({ query: 'cid ' })).toEqual([]);
    expect(ids({ query: 'rose ' })).toEqual(['2', '5', '10']);
  });

  it('is case- and accent-insensitive', () => {
    const expected = ['2', '5', '10', '6'];
    expect(ids({ query: 'rose' })).toEqual(expected);
    expect(ids({ query: 'ROSÉ' })).toEqual(expected);
    expect(ids({ query: 'Rosé' })).toEqual(expected);
  });

  it('ignores punctuation in the query', () => {
    expect(ids({ query: "nat's" })).toEqual(['3']);
    expect(ids({ query: '  ...  ' })).toEqual(ALL_IN_RANKING_ORDER);
  });

  it('finds array attributes', () => {
    expect(ids({ query: 'spirit' })).toEqual(['7', '8']);
  });

  it('finds nothing for an unknown word', () => {
    const result = index.search({ query: 'mead' });
    expect(result.hits).toEqual([]);
    expect(result.nbHits).toBe(0);
    expect(result.nbPages).toBe(0);
  });
});

describe('search: ranking', () => {
  it('ranks exact word matches above prefix matches, whatever the customRanking', () => {
    // "Rosebud Cellars" (6) only prefix-matches "rose"; it has an image and an early name,
    // so customRanking alone would put it first.
    expect(ids({ query: 'rose' })).toEqual(['2', '5', '10', '6']);
  });

  it('ranks a match in an earlier searchable attribute above a later one', () => {
    // 9 has "Chardonnay" in its name; 13 only in Varietal but sorts first by name.
    expect(ids({ query: 'chardonnay' })).toEqual(['9', '13']);
    // "Willamette": name of 1, Produced By of 13.
    expect(ids({ query: 'willamette' })).toEqual(['1', '13']);
  });

  it('breaks ties by desc(hasImage), then asc(name)', () => {
    // All match "wine" in Beverage Type only.
    expect(ids({ query: 'wine' })).toEqual(['13', '12', '6', '9', '2', '1', '10']);
  });

  it('applies customRanking in the given order and direction', () => {
    const byName = buildIndex({ ...SETTINGS, customRanking: ['desc(name)'] });
    expect(byName.search({ query: 'wine' }).hits.map((hit) => hit.objectID)).toEqual([
      '1',
      '10',
      '2',
      '9',
      '6',
      '12',
      '13',
    ]);
    const byAbv = buildIndex({ ...SETTINGS, customRanking: ['asc(ABV)'] });
    expect(byAbv.search({ query: 'beer' }).hits.map((hit) => hit.objectID)).toEqual(['11', '4']);
  });
});

describe('search: customRanking with missing values', () => {
  // As in Algolia: records missing a custom ranking attribute (or null) go last, whatever the
  // direction, and compare equal to each other.
  it('puts a missing or null value last under desc()', () => {
    index.upsert({ objectID: 'n', name: 'Anonymous Pinot', hasImage: null });
    index.upsert({ objectID: 'u', name: 'Another Pinot' });
    // 2, 1, n and u match "pinot" in their name, 10 only in Varietal. n and u tie on hasImage,
    // so asc(name) orders them.
    expect(ids({ query: 'pinot' })).toEqual(['2', '1', 'n', 'u', '10']);
  });

  it('puts a missing value last under asc()', () => {
    const byAbv = buildIndex({ ...SETTINGS, customRanking: ['asc(ABV)'] });
    byAbv.upsert({ objectID: 'x', name: 'Mystery Lager', 'Beverage Type': ['Beer'] });
    expect(byAbv.search({ query: 'beer' }).hits.map((hit) => hit.objectID)).toEqual([
      '11',
      '4',
      'x',
    ]);
  });
});

describe('search: facetFilters', () => {
  it('ORs inner arrays and ANDs the outer array', () => {
    expect(ids({ facetFilters: [['Beverage Type:Cider', 'Beverage Type:Beer'], 'ABV:5'] })).toEqual(
      ['11'],
    );
    expect(ids({ facetFilters: [['Beverage Type:Cider', 'Beverage Type:Beer']] })).toEqual([
      '4',
      '8',
      '3',
      '11',
    ]);
    expect(
      ids({
        facetFilters: [
          ['Beverage Type:Cider', 'Beverage Type:Beer'],
          'fulfillment_allow_pickup_retail:true',
        ],
      }),
    ).toEqual(['4', '11']);
  });

  it('negates "-attribute:value"', () => {
    expect(
      ids({
        facetFilters: [
          ['Beverage Type:Cider', 'Beverage Type:Beer'],
          '-Produced By:Breakside Brewery',
        ],
      }),
    ).toEqual(['8', '3']);
  });

  it('combines with the query', () => {
    expect(ids({ query: 'pinot', facetFilters: ['Produced By:Elk Cove Vineyards'] })).toEqual([
      '2',
      '1',
    ]);
  });
});

describe('search: numericFilters', () => {
  it('filters by comparison', () => {
    expect(ids({ numericFilters: ['ABV>=40'] })).toEqual(['7', '8']);
    expect(ids({ numericFilters: ['ABV<5'] })).toEqual(['5']);
  });

  it('filters by inclusive range', () => {
    expect(ids({ numericFilters: ['Vintage:2015 TO 2018'] })).toEqual(['6', '9', '1', '10']);
  });

  it('ANDs the outer list and ORs inner lists', () => {
    expect(ids({ numericFilters: ['ABV>=13', ['Vintage<2016', 'Vintage>2018']] })).toEqual([
      '12',
      '1',
    ]);
  });
});

describe('search: filters string', () => {
  it('supports quoted attributes, NOT, AND and booleans', () => {
    expect(
      ids({
        filters:
          '"Beverage Type":Wine AND NOT Varietal:"Pinot Noir" AND fulfillment_allow_pickup_retail:true',
      }),
    ).toEqual(['13', '6', '9']);
  });

  it('supports OR and parentheses', () => {
    expect(
      ids({ filters: '("Beverage Type":Beer OR "Beverage Type":Spirit) AND ABV > 6' }),
    ).toEqual(['4', '7', '8']);
  });

  it('supports numeric ranges', () => {
    expect(ids({ filters: 'Vintage:2017 TO 2021 AND NOT Vintage=2018' })).toEqual(['12', '9', '2']);
  });

  it('is combined with facetFilters, numericFilters and the query', () => {
    expect(
      ids({
        query: 'noir',
        filters: '"Beverage Type":Wine',
        facetFilters: ['-Produced By:Argyle Winery'],
        numericFilters: ['Vintage>2015'],
      }),
    ).toEqual(['2']);
  });

  it.each(['(Varietal:Syrah', 'Varietal Syrah', 'ABV>=strong', 'Varietal:"Syrah'])(
    'throws SearchInputError for the bad syntax %j',
    (filters) => {
      expect(() => index.search({ filters })).toThrow(SearchInputError);
    },
  );

  it('throws SearchInputError for bad facetFilters and numericFilters', () => {
    expect(() => index.search({ facetFilters: ['Varietal'] })).toThrow(SearchInputError);
    expect(() => index.search({ numericFilters: ['Varietal:Syrah'] })).toThrow(SearchInputError);
  });
});

describe('search: geo', () => {
  it('keeps only documents within aroundRadius, nearest first', () => {
    // Portland (0 m) x3, Newberg (~33 km) x2, Dundee (~37 km) x2, Salem (~69 km).
    // Hood River (~92 km), Seattle, Napa and the product without _geoloc are left out.
    expect(ids({ aroundLatLng: at(PORTLAND), aroundRadius: 80_000 })).toEqual([
      '4',
      '3',
      '5',
      '2',
      '1',
      '9',
      '10',
      '13',
    ]);
  });

  it('uses the radius in meters', () => {
    expect(ids({ aroundLatLng: at(PORTLAND), aroundRadius: 34_000 })).toEqual([
      '4',
      '3',
      '5',
      '2',
      '1',
    ]);
    expect(ids({ aroundLatLng: at(PORTLAND), aroundRadius: 1 })).toEqual(['4', '3', '5']);
  });

  it('excludes documents without _geoloc even with no radius', () => {
    // ... then Hood River (~92 km), Seattle (~234 km), Napa (~803 km); 11 has no _geoloc.
    const expected = ['4', '3', '5', '2', '1', '9', '10', '13', '7', '8', '6', '12'];
    expect(ids({ aroundLatLng: at(PORTLAND) })).toEqual(expected);
    expect(ids({ aroundLatLng: at(PORTLAND), aroundRadius: 'all' })).toEqual(expected);
  });

  it('ranks by text relevance before distance', () => {
    // From Seattle: Portland (5) < Newberg (2) < Dundee (10); 6 is in Seattle but only a prefix match.
    expect(ids({ query: 'rose', aroundLatLng: at(SEATTLE) })).toEqual(['5', '2', '10', '6']);
  });

  it('ranks by relevance, distance and customRanking however many typos a long query has', () => {
    // Six words each one typo off: relevance keys large enough that the engine re-ranks them.
    const name = 'Amber Barrel Cedar Dusty Ember Fable';
    const long = new SearchIndex(SETTINGS);
    long.upsert({ objectID: 'salem', name, hasImage: true, _geoloc: SALEM });
    long.upsert({ objectID: 'seattle', name, hasImage: true, _geoloc: SEATTLE });
    long.upsert({ objectID: 'portland-plain', name, hasImage: false, _geoloc: PORTLAND });
    long.upsert({ objectID: 'portland', name, hasImage: true, _geoloc: PORTLAND });
    long.upsert({ objectID: 'exact', name: `${name} Gold`, hasImage: false, _geoloc: SEATTLE });
    const typed = long.search({
      query: 'ambar barrle cedra dusti embre fabel',
      aroundLatLng: at(PORTLAND),
    });
    expect(typed.hits.map((hit) => hit.objectID)).toEqual([
      'portland',
      'portland-plain',
      'salem',
      // Same place and relevance: desc(hasImage) decides.
      'seattle',
      'exact',
    ]);
    const exact = long.search({
      query: 'amber barrel cedar dusty ember gold',
      aroundLatLng: at(PORTLAND),
    });
    expect(exact.hits.map((hit) => hit.objectID)).toEqual(['exact']);
  });

  it('accepts spaces after the comma', () => {
    expect(ids({ aroundLatLng: '45.5152, -122.6784', aroundRadius: 1 })).toEqual(['4', '3', '5']);
  });

  it.each([
    'portland',
    '45.5152',
    '45.5152,-122.6784,10',
    '91,0',
    '0,181',
    'NaN,0',
    '45.5152;-122.6784',
    '45.5152,',
    ',-122.6784',
    ',',
  ])('throws SearchInputError for aroundLatLng %j', (aroundLatLng) => {
    expect(() => index.search({ aroundLatLng })).toThrow(SearchInputError);
  });

  it.each([0, -5, Number.NaN])('throws SearchInputError for aroundRadius %s', (aroundRadius) => {
    expect(() => index.search({ aroundLatLng: at(PORTLAND), aroundRadius })).toThrow(
      SearchInputError,
    );
  });
});

describe('search: filters only on facets', () => {
  it('refuses a filter on an attribute that is not a facet', () => {
    const index = buildIndex();
    expect(() => index.search({ filters: 'hasImage:true' })).toThrow(SearchInputError);
    expect(() => index.search({ facetFilters: ['name:Anything'] })).toThrow(/not a facet/);
    expect(() => index.search({ numericFilters: ['price>1'] })).toThrow(SearchInputError);
    expect(() => index.search({ filters: 'ABV > 5 OR NOT secret:1' })).toThrow(/"secret"/);
  });
});

describe('removeWhere', () => {
  it('removes exactly the documents the predicate selects', () => {
    const index = buildIndex();
    const before = index.size;
    const removed = index.removeWhere(
      (document) => document['Produced By'] === 'Elk Cove Vineyards',
    );
    expect(removed).toBeGreaterThan(0);
    expect(index.size).toBe(before - removed);
    expect(index.search({ query: 'elk' }).nbHits).toBe(0);
  });
});

describe('search: pagination', () => {
  it('pages through the hits', () => {
    const first = index.search({ hitsPerPage: 5 });
    expect(first.hits.map((hit) => hit.objectID)).toEqual(ALL_IN_RANKING_ORDER.slice(0, 5));
    expect(first).toMatchObject({ nbHits: 13, nbPages: 3, page: 0, hitsPerPage: 5 });

    const second = index.search({ hitsPerPage: 5, page: 1 });
    expect(second.hits.map((hit) => hit.objectID)).toEqual(['9', '2', '1', '8', '3']);
    expect(second).toMatchObject({ nbHits: 13, nbPages: 3, page: 1 });

    const last = index.search({ hitsPerPage: 5, page: 2 });
    expect(last.hits.map((hit) => hit.objectID)).toEqual(['11', '5', '10']);
  });

  it('with hitsPerPage 0 returns counts and facets but no hits', () => {
    const result = index.search({ hitsPerPage: 0, facets: ['*'] });
    expect(result.hits).toEqual([]);
    expect(result).toMatchObject({ nbHits: 13, nbPages: 0, hitsPerPage: 0 });
    expect(Object.keys(result.facets).length).toBeGreaterThan(0);
  });

  it('returns no hits past the last page but still counts them', () => {
    const result = index.search({ hitsPerPage: 5, page: 3 });
    expect(result.hits).toEqual([]);
    expect(result).toMatchObject({ nbHits: 13, nbPages: 3, page: 3 });
  });

  it('computes nbPages as ceil(nbHits / hitsPerPage)', () => {
    expect(index.search({ hitsPerPage: 13 }).nbPages).toBe(1);
    expect(index.search({ hitsPerPage: 12 }).nbPages).toBe(2);
    expect(index.search({ hitsPerPage: 1 }).nbPages).toBe(13);
    expect(index.search({ query: 'pinot', hitsPerPage: 2 }).nbPages).toBe(2);
  });

  it('defaults to page 0 of 20 hits', () => {
    const result = index.search({});
    expect(result).toMatchObject({ page: 0, hitsPerPage: 20, nbPages: 1 });
  });

  it.each([
    { page: -1 },
    { page: 1.5 },
    { hitsPerPage: -1 },
    { hitsPerPage: 2.5 },
    { hitsPerPage: 1001 },
  ])('throws SearchInputError for %j', (params) => {
    expect(() => index.search(params)).toThrow(SearchInputError);
  });
});

describe('search: facets', () => {
  it('counts over all matching documents, not just the page', () => {
    const result = index.search({
      query: 'pinot',
      hitsPerPage: 1,
      facets: ['Produced By', 'Varietal'],
    });
    expect(result.hits).toHaveLength(1);
    expect(result.facets).toEqual({
      'Produced By': { 'Elk Cove Vineyards': 2, 'Argyle Winery': 1 },
      Varietal: { 'Pinot Noir': 3 },
    });
  });

  it('counts each value of an array attribute', () => {
    expect(index.search({ facets: ['Beverage Type'] }).facets).toEqual({
      'Beverage Type': { Wine: 7, Beer: 2, Cider: 2, Spirit: 2, 'Hard Kombucha': 1 },
    });
  });

  it('counts a document once per value, even when an array attribute repeats the value', () => {
    index.upsert({ objectID: 's', name: 'Junmai Sake', 'Beverage Type': ['Sake', 'Sake'] });
    expect(index.search({ query: 'junmai', facets: ['Beverage Type'] }).facets).toEqual({
      'Beverage Type': { Sake: 1 },
    });
  });

  it('counts booleans and numbers as strings', () => {
    const { facets } = index.search({
      query: 'wine',
      facets: ['fulfillment_allow_pickup_retail', 'Vintage'],
    });
    expect(facets['fulfillment_allow_pickup_retail']).toEqual({ true: 5, false: 2 });
    expect(facets['Vintage']).toEqual({
      '2015': 1,
      '2016': 1,
      '2017': 1,
      '2018': 1,
      '2019': 1,
      '2021': 1,
    });
  });

  it('respects filters', () => {
    expect(index.search({ facets: ['Beverage Type'], numericFilters: ['ABV>=40'] }).facets).toEqual(
      { 'Beverage Type': { Spirit: 2, Cider: 1 } },
    );
  });

  it('expands "*" to every attributesForFaceting', () => {
    const { facets } = index.search({ facets: ['*'] });
    expect(Object.keys(facets).sort()).toEqual([...SETTINGS.attributesForFaceting].sort());
  });

  it('ignores attributes that are not facets', () => {
    expect(index.search({ facets: ['name', 'Varietal'] }).facets).not.toHaveProperty('name');
  });

  it('returns no facets unless asked', () => {
    const result = index.search({});
    expect(result.facets).toEqual({});
    expect(result.facets_stats).toBeUndefined();
  });

  it('caps values with maxValuesPerFacet, keeping the most frequent (ties by name)', () => {
    expect(index.search({ facets: ['Beverage Type'], maxValuesPerFacet: 2 }).facets).toEqual({
      'Beverage Type': { Wine: 7, Beer: 2 },
    });
  });

  it('gives facets_stats for numeric facets', () => {
    const result = index.search({ query: 'pinot', facets: ['ABV', 'Vintage', 'Varietal'] });
    expect(result.facets_stats).toBeDefined();
    const stats = result.facets_stats!;
    expect(Object.keys(stats).sort()).toEqual(['ABV', 'Vintage']);
    expect(stats['ABV']!.min).toBe(12);
    expect(stats['ABV']!.max).toBe(13.5);
    expect(stats['ABV']!.sum).toBe(38);
    expect(stats['ABV']!.avg).toBeCloseTo(38 / 3, 10);
    expect(stats['Vintage']).toEqual({ min: 2015, max: 2021, sum: 6052, avg: 6052 / 3 });
  });

  it('computes facets_stats only over documents that have the attribute', () => {
    const stats = index.search({ query: 'cider', facets: ['Vintage', 'ABV'] }).facets_stats;
    expect(stats).toEqual({ ABV: { min: 6.9, max: 40, sum: 46.9, avg: 23.45 } });
  });
});

describe('search: distinct', () => {
  it('keeps the first hit per attributeForDistinct value', () => {
    const result = index.search({ query: 'pinot', distinct: true });
    expect(result.hits.map((hit) => hit.objectID)).toEqual(['2', '10']);
    expect(result.nbHits).toBe(2);
  });

  it('counts facets over the distinct hits', () => {
    expect(index.search({ query: 'pinot', distinct: true, facets: ['Varietal'] }).facets).toEqual({
      Varietal: { 'Pinot Noir': 2 },
    });
  });

  it('does nothing when distinct is off or the index has no attributeForDistinct', () => {
    expect(ids({ query: 'pinot', distinct: false })).toEqual(['2', '1', '10']);
    const plain = buildIndex({ ...SETTINGS, attributeForDistinct: undefined });
    expect(plain.search({ query: 'pinot', distinct: true }).nbHits).toBe(3);
  });

  it('keeps documents without the distinct attribute', () => {
    index.upsert({ objectID: 'a', name: 'Anonymous Pinot', hasImage: false });
    index.upsert({ objectID: 'b', name: 'Another Pinot', hasImage: false });
    // a and b match "pinot" in their name, so they rank above 10 (Varietal only).
    expect(ids({ query: 'pinot', distinct: true })).toEqual(['2', 'a', 'b', '10']);
  });
});

describe('remove and upsert', () => {
  it('removes a document from hits, counts and prefix matches', () => {
    expect(ids({ query: 'wil' })).toEqual(['1', '13']);
    expect(index.remove('1')).toBe(true);
    expect(index.size).toBe(12);
    expect(index.get('1')).toBeUndefined();
    expect(ids({ query: 'wil' })).toEqual(['13']);
    expect(ids({ query: 'pinot' })).toEqual(['2', '10']);
    expect(
      index.search({ facets: ['Produced By'] }).facets['Produced By']!['Elk Cove Vineyards'],
    ).toBe(1);
    expect(index.search({}).nbHits).toBe(12);
  });

  it('returns false when removing an unknown objectID', () => {
    expect(index.remove('404')).toBe(false);
    expect(index.remove('1')).toBe(true);
    expect(index.remove('1')).toBe(false);
    expect(index.size).toBe(12);
  });

  it('replaces a document on upsert of an existing objectID', () => {
    index.upsert({
      ...PRODUCTS[1]!,
      name: 'Dundee Hills Blush',
    });
    expect(index.size).toBe(13);
    expect(index.get('2')?.name).toBe('Dundee Hills Blush');
    // No duplicate hit, and the old name's words no longer match: "pinot" is now only in
    // 2's Varietal, so it drops below 1 (name match).
    expect(ids({ query: 'pinot' })).toEqual(['1', '2', '10']);
    expect(ids({ query: 'blush' })).toEqual(['2']);
    expect(ids({ query: 'rose ' })).toEqual(['5', '10']);
    expect(ids({ query: 'of' })).toEqual([]);
    expect(index.search({}).nbHits).toBe(13);
    expect(index.search({ query: 'dundee' }).hits.map((hit) => hit.name)).toEqual([
      'Dundee Hills Blush',
    ]);
  });

  it('finds words introduced by a later upsert by prefix', () => {
    expect(ids({ query: 'mea' })).toEqual([]);
    index.upsert({ objectID: 'm', name: 'Wildflower Mead', hasImage: true });
    expect(ids({ query: 'mea' })).toEqual(['m']);
    // Both name matches have an image; "Wildflower" < "Willamette"; 13 matches in Produced By.
    expect(ids({ query: 'wil' })).toEqual(['m', '1', '13']);
  });

  it('keeps ranking stable after a replace (ties broken by customRanking, not insertion)', () => {
    index.upsert({ ...PRODUCTS[0]! });
    expect(ids({ query: 'pinot' })).toEqual(['2', '1', '10']);
  });

  it('answers the same after thousands of replacements (which compact the index)', () => {
    const before = index.search({ query: 'pinot', facets: ['*'], aroundLatLng: at(PORTLAND) });
    const browse = index.search({ facets: ['*'], facetFilters: ['Beverage Type:Wine'] });
    // Each round replaces every product, as a busy producer's edits would.
    for (let round = 0; round < 1000; round++) {
      for (const document of PRODUCTS) index.upsert({ ...document });
    }
    expect(index.size).toBe(PRODUCTS.length);
    const after = index.search({ query: 'pinot', facets: ['*'], aroundLatLng: at(PORTLAND) });
    expect(after.hits.map((hit) => hit.objectID)).toEqual(before.hits.map((hit) => hit.objectID));
    expect(after.facets).toEqual(before.facets);
    expect(after.facets_stats).toEqual(before.facets_stats);
    const browseAfter = index.search({ facets: ['*'], facetFilters: ['Beverage Type:Wine'] });
    expect(browseAfter.hits.map((hit) => hit.objectID)).toEqual(
      browse.hits.map((hit) => hit.objectID),
    );
    expect(browseAfter.facets).toEqual(browse.facets);
  });
});

describe('exportState and fromState', () => {
  it('restores an index that answers as the original did and keeps taking writes', () => {
    index.remove('3');
    index.upsert({ ...PRODUCTS[0]!, name: 'Willamette Pinot Noir Reserve' });
    const restored = SearchIndex.fromState(
      SETTINGS,
      deserialize(serialize(index.exportState())) as IndexState,
    )!;
    const params = { query: 'pino', facets: ['*'], aroundLatLng: at(PORTLAND) };
    const withoutTime = ({ processingTimeMS: _time, ...result }: SearchResult) => result;
    expect(withoutTime(restored.search(params))).toEqual(withoutTime(index.search(params)));
    restored.upsert({ objectID: 'new', name: 'Pinot Gris', hasImage: true, _geoloc: PORTLAND });
    expect(restored.search({ query: 'pinot g' }).hits.map((hit) => hit.objectID)).toEqual(['new']);
    expect(restored.remove('1')).toBe(true);
    expect(restored.search({ query: 'reserve' }).hits.map((hit) => hit.objectID)).toEqual(['9']);
  });

  it('holds the documents packed until they are needed, or decoded chunk by chunk', () => {
    const restored = SearchIndex.fromState(SETTINGS, index.exportState())!;
    expect(restored.get('9')).toEqual(index.get('9'));
    let chunks = 0;
    while (restored.decodeDocuments()) chunks++;
    expect(chunks).toBe(0); // 13 documents make one chunk, decoded by the get above
    expect(restored.allDocuments()).toEqual(index.allDocuments());
  });

  it('refuses a state made with other settings', () => {
    const state = index.exportState();
    expect(SearchIndex.fromState({ ...SETTINGS, customRanking: [] }, state)).toBeUndefined();
    expect(SearchIndex.fromState(SETTINGS, { ...state, format: 0 })).toBeUndefined();
  });
});

describe('searchFacetValues', () => {
  it('returns values with a word starting with the facet query, most frequent first', () => {
    const result = index.searchFacetValues('Varietal', 'p', {});
    expect(result.facetHits).toEqual([
      { value: 'Pinot Noir', count: 3, highlighted: '<em>P</em>inot Noir' },
      { value: 'Newtown Pippin', count: 1, highlighted: 'Newtown <em>P</em>ippin' },
      { value: 'Pale Ale', count: 1, highlighted: '<em>P</em>ale Ale' },
    ]);
    expect(result.exhaustiveFacetsCount).toBe(true);
  });

  it('is case- and accent-insensitive', () => {
    expect(index.searchFacetValues('Produced By', 'ELK', {}).facetHits).toEqual([
      { value: 'Elk Cove Vineyards', count: 2, highlighted: '<em>Elk</em> Cove Vineyards' },
    ]);
    index.upsert({ objectID: 'c', name: 'Crémant', 'Produced By': 'Château Élan' });
    expect(index.searchFacetValues('Produced By', 'chat', {}).facetHits).toEqual([
      { value: 'Château Élan', count: 1, highlighted: '<em>Chât</em>eau Élan' },
    ]);
  });

  it('does not match values that only contain the query in the middle of a word', () => {
    expect(
      index.searchFacetValues('Varietal', 'noir', {}).facetHits.map((hit) => hit.value),
    ).toEqual(['Pinot Noir']);
    expect(index.searchFacetValues('Varietal', 'oir', {}).facetHits).toEqual([]);
  });

  it('highlights the word that matched', () => {
    expect(index.searchFacetValues('Varietal', 'ale', {}).facetHits).toEqual([
      { value: 'Pale Ale', count: 1, highlighted: 'Pale <em>Ale</em>' },
    ]);
  });

  it('returns every value for an empty facet query, unhighlighted', () => {
    const hits = index.searchFacetValues('Beverage Type', '', {}).facetHits;
    expect(hits.map((hit) => [hit.value, hit.count, hit.highlighted])).toEqual([
      ['Wine', 7, 'Wine'],
      ['Beer', 2, 'Beer'],
      ['Cider', 2, 'Cider'],
      ['Spirit', 2, 'Spirit'],
      ['Hard Kombucha', 1, 'Hard Kombucha'],
    ]);
  });

  it('counts respecting the query and other filters', () => {
    expect(
      index.searchFacetValues('Varietal', 'p', { facetFilters: ['Beverage Type:Beer'] }).facetHits,
    ).toEqual([{ value: 'Pale Ale', count: 1, highlighted: '<em>P</em>ale Ale' }]);
    expect(
      index
        .searchFacetValues('Varietal', 'pinot', { query: 'elk' })
        .facetHits.map((hit) => hit.count),
    ).toEqual([2]);
    expect(
      index
        .searchFacetValues('Varietal', 'c', { aroundLatLng: at(PORTLAND), aroundRadius: 80_000 })
        .facetHits.map((hit) => hit.value),
    ).toEqual(['Chardonnay']);
  });

  it('counts a document once per value, even when an array attribute repeats the value', () => {
    index.upsert({ objectID: 's', name: 'Junmai Sake', 'Beverage Type': ['Sake', 'Sake'] });
    expect(index.searchFacetValues('Beverage Type', 'sa', {}).facetHits).toEqual([
      { value: 'Sake', count: 1, highlighted: '<em>Sa</em>ke' },
    ]);
  });

  it('caps the number of facet hits', () => {
    expect(
      index.searchFacetValues('Beverage Type', '', {}, 2).facetHits.map((hit) => hit.value),
    ).toEqual(['Wine', 'Beer']);
  });

  it('wraps the match in the tags the client sends and leaves escaping to the client', () => {
    index.upsert({ objectID: 'x', name: 'Test', 'Produced By': 'Bold <b>Brews</b> & "Co"' });
    const tags = { pre: '__ais-highlight__', post: '__/ais-highlight__' };
    expect(index.searchFacetValues('Produced By', 'bold', {}, 10, tags).facetHits).toEqual([
      {
        value: 'Bold <b>Brews</b> & "Co"',
        count: 1,
        highlighted: '__ais-highlight__Bold__/ais-highlight__ <b>Brews</b> & "Co"',
      },
    ]);
  });

  it('finds the right place to highlight when folding changes the length', () => {
    // "Cha\u0302teau": the accent is a separate code unit that folding removes.
    index.upsert({ objectID: 'd', name: 'Test', 'Produced By': 'Cha\u0302teau Rouge' });
    expect(index.searchFacetValues('Produced By', 'rouge', {}).facetHits).toEqual([
      { value: 'Cha\u0302teau Rouge', count: 1, highlighted: 'Cha\u0302teau <em>Rouge</em>' },
    ]);
  });

  it('throws SearchInputError for an attribute that is not a facet', () => {
    expect(() => index.searchFacetValues('name', 'x', {})).toThrow(SearchInputError);
    expect(() => index.searchFacetValues('Color', 'x', {})).toThrow(
      '"Color" is not a facet of this index',
    );
  });
});
