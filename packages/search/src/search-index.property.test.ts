/**
 * The engine against a brute-force scan. Random catalogs shaped like our product hits, and random
 * queries shaped like what the shop sends; for each query the set of hits, nbHits, every facet count
 * and facets_stats must equal a plain scan over all documents, and no hit may lie outside the radius.
 *
 * The engine is to be rewritten for speed, and this test is its safety net: it uses only the public
 * API, and its reference implements the documented semantics without reusing the engine's parser,
 * tokenizer or counters. Filters are generated as a tree (for the reference) and rendered as text
 * (for the engine). Hit order is only checked for self-consistency (pages, repeat queries), since
 * ranking has its own example-based tests.
 */
import { deserialize, serialize } from 'node:v8';
import { compareLabels, distanceMeters, type LatLng, type ProductHit } from '@bevy/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  SearchIndex,
  type IndexSettings,
  type IndexState,
  type SearchDocument,
  type SearchParams,
  type SearchResult,
} from './index';

/** Fixed so that a failure reproduces; change it to explore other catalogs. */
const SEED = 20_240_605;
const CATALOGS = 60;
const QUERIES_PER_CATALOG = 26;

type ProductDocument = SearchDocument & ProductHit;

// The product index's settings, as apps/server builds them (a package cannot import the app).
const FLAGS = [
  'fulfillment_allow_pickup_retail',
  'fulfillment_allow_pickup_wholesale',
  'fulfillment_deliver_retail',
  'fulfillment_deliver_wholesale',
  'fulfillment_ship_retail',
  'fulfillment_ship_wholesale',
] as const;
const STRING_FACETS = [
  'Beverage Type',
  'Produced By',
  'Varietal',
  'Closure Style',
  'Format',
  'slug',
  'ship_to_states',
] as const;
const NUMERIC_FACETS = ['Vintage', 'Volume', 'ABV'] as const;
const FACETS = [...STRING_FACETS, ...NUMERIC_FACETS, ...FLAGS];
type Facet = (typeof FACETS)[number];
type NumericFacet = (typeof NUMERIC_FACETS)[number];

const PRODUCT_SETTINGS: IndexSettings = {
  searchableAttributes: [
    'name',
    'Produced By',
    'Varietal',
    'Beverage Type',
    'businessName',
    'short_description',
  ],
  attributesForFaceting: FACETS,
  customRanking: ['desc(hasImage)', 'asc(name)'],
  attributeForDistinct: 'objectID',
};
// Distinct on objectID (the product index) never collapses anything; grouping by producer does,
// as the public business page's distinct would.
const GROUPED_SETTINGS: IndexSettings = {
  ...PRODUCT_SETTINGS,
  attributeForDistinct: 'Produced By',
};

// Small vocabularies, so that random words and filters hit something. They are listed most common
// first (see skewedFrom), with accents, punctuation and repeated words.
const PRODUCERS = [
  'Elk Cove Vineyards',
  'Rosé Cellars',
  'Breakside Brewery',
  'Domaine Drouhin',
  'Château Ste. Michelle',
  "Reverend Nat's",
  'Grüner Hill Winery',
  'Clear Creek Distillery',
  'Willamette Valley Vineyards',
  'Pinot House',
  'Cidrerie Côte',
  'Old Vine Cellars',
  'Hood River Cider Co',
  'Crémant & Co',
  'Cellar 503',
  'Reserve Reserve',
  'Brew Dr',
  'Argyle Winery',
];
const NAME_LEADS = [
  'Reserve',
  'Estate',
  'Rosé of',
  'Willamette',
  'Old Vine',
  'Dry',
  'Hazy',
  'Sparkling',
  'Dundee Hills',
  'Barrel Aged',
  'Pét-Nat',
  'Late Harvest',
  'Single Barrel',
  'Golden',
];
const NAME_CORES = [
  'Pinot Noir',
  'Rosé',
  'Chardonnay',
  'IPA',
  'Cider',
  'Grüner Veltliner',
  'Riesling',
  'Syrah',
  'Pale Ale',
  'Rye Whiskey',
  'Brandy',
  'Stout',
  'Gewürztraminer',
  'Kombucha',
  'Mead',
  'Rosé Rosé',
  'Reserve',
];
/** Words only edits bring, so that a search after an edit meets words the index never had. */
const EDIT_WORDS = ['Nebbiolo', 'Tempranillo', 'Zweigelt', 'Blaufränkisch'];
const NAME_SUFFIXES = ['', '', ' No. 9', ' 2019', ' Magnum', ' Crémant', ' Blanc de Noirs'];
const DESCRIPTION_WORDS = [
  'crisp',
  'dry',
  'notes',
  'of',
  'with',
  'cherry',
  'apple',
  'oak',
  'pinot',
  'rosé',
  'barrel',
  'aged',
  'bright',
  'hoppy',
  'pear',
  'smooth',
  'finish',
  'crème',
  'brûlée',
  'reserve',
  'a',
];
const BEVERAGE_TYPES = [
  'Wine',
  'Beer',
  'Cider',
  'Spirit',
  'Mead',
  'Hard Kombucha',
  'Sake',
  'Hard Seltzer',
];
const VARIETALS = [
  'Pinot Noir',
  'Chardonnay',
  'Rosé',
  'Grüner Veltliner',
  'IPA',
  'Riesling',
  'Pinot Gris',
  'Syrah',
  'Pale Ale',
  'Newtown Pippin',
  'Cabernet Sauvignon',
  'Stout',
  'Rye',
  'Mourvèdre',
  'Albariño',
  'Gewürztraminer',
  'Pinot Blanc',
  'Gravenstein',
];
const CLOSURES = ['Cork', 'Screw Cap', 'Crown Cap', 'Synthetic Cork', 'Swing Top'];
const FORMATS = ['Bottle', 'Can', 'Keg', 'Magnum', 'Growler', 'Box'];
const VOLUMES = [750, 355, 473, 375, 1500, 500, 1000, 19500];
const STATES = ['OR', 'WA', 'CA', 'ID', 'NY', 'TX'];
const COMMON_ABVS = [13.5, 12.5, 5, 6.5, 14, 12, 40, 4.5, 13, 8, 45.5, 0.5];
const TOWNS: readonly LatLng[] = [
  { lat: 45.5152, lng: -122.6784 }, // Portland
  { lat: 45.3001, lng: -122.9732 }, // Newberg
  { lat: 45.2779, lng: -123.0107 }, // Dundee
  { lat: 44.9429, lng: -123.0351 }, // Salem
  { lat: 45.7054, lng: -121.5215 }, // Hood River
  { lat: 44.0582, lng: -121.3153 }, // Bend
  { lat: 47.6062, lng: -122.3321 }, // Seattle
  { lat: 38.2975, lng: -122.2869 }, // Napa
];

type ValueOf<A> = A extends fc.Arbitrary<infer T> ? T : never;

/** Picks from `values` with Zipf-like weights: early values are common, late ones rare. */
function skewedFrom<T>(values: readonly T[]): fc.Arbitrary<T> {
  return fc.oneof(
    ...values.map((value, rank) => ({
      arbitrary: fc.constant(value),
      weight: Math.max(1, Math.round(24 / (rank + 1))),
    })),
  );
}

/** Mostly one value, sometimes the other: fc.boolean() is 50:50, which is too often for some. */
const sometimes = (oneIn: number) =>
  fc.oneof(
    { arbitrary: fc.constant(false), weight: oneIn - 1 },
    { arbitrary: fc.constant(true), weight: 1 },
  );

// ---------------------------------------------------------------------------------------------
// The reference: a brute-force scan with the documented semantics.
// ---------------------------------------------------------------------------------------------

/** Case and accents do not matter: "Rosé", "ROSE" and "rose" are one word. */
function fold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Words are runs of letters and digits; everything else separates them. */
function words(text: string): string[] {
  return fold(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

/** Every word of the document's searchable attributes. */
function searchableWords(document: SearchDocument): Set<string> {
  const found = new Set<string>();
  for (const attribute of PRODUCT_SETTINGS.searchableAttributes) {
    const value = document[attribute];
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === null || item === undefined) continue;
      for (const word of words(String(item))) found.add(word);
    }
  }
  return found;
}

/** Edit distance with adjacent swaps (optimal string alignment), by the textbook table. */
function typoDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
      }
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * Every query word must be a word of the document; the last one may be the start of a word (it is
 * still being typed) unless the query ends with a space. A query word of five letters or more
 * may be one typo away (for the last word: from the start of some word, of its length ± 1).
 */
function matchesQuery(documentWords: Set<string>, query: string): boolean {
  const queryWords = words(query);
  const lastIsPrefix = !/\s$/.test(query);
  return queryWords.every((queryWord, position) => {
    const prefix = lastIsPrefix && position === queryWords.length - 1;
    const typoAllowed = queryWord.length >= 5;
    for (const word of documentWords) {
      if (word === queryWord || (prefix && word.startsWith(queryWord))) return true;
      if (!typoAllowed) continue;
      if (!prefix && typoDistance(word, queryWord) <= 1) return true;
      if (prefix) {
        for (const length of [queryWord.length - 1, queryWord.length, queryWord.length + 1]) {
          if (length <= word.length && typoDistance(word.slice(0, length), queryWord) <= 1) {
            return true;
          }
        }
      }
    }
    return false;
  });
}

type Operator = '<' | '<=' | '=' | '!=' | '>=' | '>';

/** A filter as data: what the reference evaluates, whatever text the engine was given. */
type Condition =
  | { all: Condition[] }
  | { any: Condition[] }
  | { not: Condition }
  | { attribute: string; is: string }
  | { attribute: string; operator: Operator; than: number }
  | { attribute: string; from: number; to: number };

/** The values of an attribute, an array's items one by one; null and missing have none. */
function valuesOf(document: SearchDocument, attribute: string): unknown[] {
  const value = document[attribute];
  if (value === null || value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

function compareNumbers(value: number, operator: Operator, than: number): boolean {
  if (operator === '<') return value < than;
  if (operator === '<=') return value <= than;
  if (operator === '=') return value === than;
  if (operator === '!=') return value !== than;
  if (operator === '>=') return value >= than;
  return value > than;
}

/**
 * A facet condition holds when one of the values, as text, is the value asked for (booleans as
 * "true"/"false", numbers as written). A numeric condition holds when one of the values is a number
 * that compares as asked; a document without the attribute satisfies none (so `ABV!=5` does not
 * select products without an ABV), but its negation does.
 */
function satisfies(document: SearchDocument, condition: Condition): boolean {
  if ('all' in condition) return condition.all.every((item) => satisfies(document, item));
  if ('any' in condition) return condition.any.some((item) => satisfies(document, item));
  if ('not' in condition) return !satisfies(document, condition.not);
  const values = valuesOf(document, condition.attribute);
  if ('is' in condition) return values.some((value) => String(value) === condition.is);
  const numbers = values.filter((value): value is number => typeof value === 'number');
  if ('operator' in condition) {
    return numbers.some((value) => compareNumbers(value, condition.operator, condition.than));
  }
  return numbers.some((value) => value >= condition.from && value <= condition.to);
}

interface QueryCase {
  /** Search the index whose distinct groups by producer, rather than the product index. */
  grouped: boolean;
  params: SearchParams;
  /** The filters, facetFilters and numericFilters, as data. */
  conditions: Condition[];
  origin?: LatLng;
  radius: number;
  facetSearch?: { facet: Facet; facetQuery: string; maxFacetHits: number | undefined };
}

/** Every document the query, filters and radius select, in no particular order. */
function bruteForce(catalog: Catalog, queryCase: QueryCase): ProductDocument[] {
  const query = queryCase.params.query ?? '';
  return [...catalog.documents.values()].filter((document) => {
    if (!matchesQuery(catalog.wordsById.get(document.objectID)!, query)) return false;
    if (!queryCase.conditions.every((condition) => satisfies(document, condition))) return false;
    return !queryCase.origin || withinRadius(document, queryCase.origin, queryCase.radius);
  });
}

/** A document without a location is never within a radius, however large. */
function withinRadius(document: SearchDocument, origin: LatLng, radius: number): boolean {
  const point = document['_geoloc'] as LatLng | null | undefined;
  return !!point && distanceMeters(origin, point) <= radius;
}

/** Facet counts as the widgets show them: most documents first, ties in label order. */
function byCountThenValue(a: [string, number], b: [string, number]): number {
  return b[1] - a[1] || compareLabels(a[0], b[0]);
}

/** How many documents have each value of `attribute` (a document counts once per value). */
function countValues(documents: ProductDocument[], attribute: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const document of documents) {
    const distinctValues = new Set(
      valuesOf(document, attribute)
        .map(String)
        .filter((value) => value !== ''),
    );
    for (const value of distinctValues) counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  return counts;
}

type FacetsStats = NonNullable<SearchResult['facets_stats']>;

function expectedFacets(
  hits: ProductDocument[],
  requested: string[] | undefined,
  maxValuesPerFacet: number | undefined,
): { facets: SearchResult['facets']; stats: FacetsStats; cut: boolean } {
  const names = new Set(
    (requested ?? [])
      .flatMap((name) => (name === '*' ? FACETS : [name]))
      .filter((name) => (FACETS as string[]).includes(name)),
  );
  const limit = maxValuesPerFacet ?? 100;
  const facets: SearchResult['facets'] = {};
  const stats: FacetsStats = {};
  let cut = false;
  for (const name of names) {
    const counts = [...countValues(hits, name)].sort(byCountThenValue);
    if (counts.length > limit) cut = true;
    facets[name] = Object.fromEntries(counts.slice(0, limit));
    const numbers = hits
      .map((document) => document[name])
      .filter((value): value is number => typeof value === 'number');
    if (numbers.length > 0) {
      const sum = numbers.reduce((total, value) => total + value, 0);
      stats[name] = {
        min: Math.min(...numbers),
        max: Math.max(...numbers),
        sum,
        avg: sum / numbers.length,
      };
    }
  }
  return { facets, stats, cut };
}

/** A facet value matches a facet query when it, or one of its words, starts with the query. */
function facetValueMatches(value: string, facetQuery: string): boolean {
  const wanted = fold(facetQuery.trim());
  const valueWords = fold(value).split(' ');
  return valueWords.some((_, start) => valueWords.slice(start).join(' ').startsWith(wanted));
}

// ---------------------------------------------------------------------------------------------
// Catalogs
// ---------------------------------------------------------------------------------------------

const jitteredTown = fc
  .tuple(
    fc.constantFrom(...TOWNS),
    fc.integer({ min: -3000, max: 3000 }),
    fc.integer({ min: -3000, max: 3000 }),
  )
  .map(([town, dLat, dLng]) => ({ lat: town.lat + dLat / 10_000, lng: town.lng + dLng / 10_000 }));
/** Exactly on a town (so several producers share a point, at distance 0 from a town origin) or near one. */
const pointArbitrary: fc.Arbitrary<LatLng> = fc.oneof(
  { arbitrary: fc.constantFrom(...TOWNS).map((town) => ({ ...town })), weight: 2 },
  { arbitrary: jitteredTown, weight: 3 },
);

const businessArbitrary = fc.record({
  name: skewedFrom(PRODUCERS),
  geoloc: fc.oneof(
    { arbitrary: fc.constant(null), weight: 1 },
    { arbitrary: pointArbitrary, weight: 6 },
  ),
  flags: fc.tuple(
    fc.boolean(),
    fc.boolean(),
    fc.boolean(),
    fc.boolean(),
    fc.boolean(),
    fc.boolean(),
  ),
  retailRadiusMiles: fc.option(fc.integer({ min: 1, max: 100 }), { nil: null }),
  shipToStates: fc
    .uniqueArray(skewedFrom(STATES), { maxLength: 4 })
    .map((states) => [...states].sort()),
  wholesaleRadiusMiles: fc.option(fc.integer({ min: 1, max: 100 }), { nil: null }),
});
type BusinessSpec = ValueOf<typeof businessArbitrary>;

const tiersArbitrary = fc.array(
  fc.record({
    price_per_unit: fc.integer({ min: 100, max: 20_000 }),
    minimum_unit_count_for_price: fc.constantFrom(1, 6, 12),
  }),
  { maxLength: 3 },
);

const productArbitrary = fc.record({
  /** Which business, skewed so that a few producers have most of the products. */
  business: fc.nat({ max: 9_999 }),
  /** Usually the business's own name; sometimes another producer's, as a free-text field may be. */
  producedByOther: fc.option(skewedFrom(PRODUCERS), { nil: undefined, freq: 6 }),
  nameLead: fc.option(skewedFrom(NAME_LEADS), { nil: undefined, freq: 3 }),
  nameCore: skewedFrom(NAME_CORES),
  nameSuffix: skewedFrom(NAME_SUFFIXES),
  description: fc.array(skewedFrom(DESCRIPTION_WORDS), { maxLength: 8 }),
  descriptionPunctuation: fc.constantFrom(' ', ', ', '. ', ' - '),
  // Several types, sometimes the same one twice, as an array attribute may hold.
  beverageTypes: fc.array(skewedFrom(BEVERAGE_TYPES), { minLength: 1, maxLength: 3 }),
  varietal: fc.option(skewedFrom(VARIETALS), { nil: null, freq: 6 }),
  vintage: fc.option(fc.integer({ min: 2008, max: 2024 }), { nil: null, freq: 4 }),
  abv: fc.oneof(
    { arbitrary: fc.constant(null), weight: 1 },
    { arbitrary: skewedFrom(COMMON_ABVS), weight: 4 },
    { arbitrary: fc.integer({ min: 0, max: 600 }).map((tenths) => tenths / 10), weight: 2 },
  ),
  volume: fc.option(skewedFrom(VOLUMES), { nil: null, freq: 8 }),
  // An empty string is not a facet value: it is never counted.
  closure: fc.oneof(
    { arbitrary: skewedFrom(CLOSURES), weight: 8 },
    { arbitrary: fc.constantFrom(null, ''), weight: 2 },
  ),
  format: fc.option(skewedFrom(FORMATS), { nil: null, freq: 6 }),
  hasImage: fc.boolean(),
  retail: tiersArbitrary,
  wholesale: tiersArbitrary,
});
type ProductSpec = ValueOf<typeof productArbitrary>;

const catalogArbitrary = fc.record({
  businesses: fc.array(businessArbitrary, { minLength: 3, maxLength: 30 }),
  products: fc.array(productArbitrary, { minLength: 150, maxLength: 350 }),
  /** Replacements and removals after the first load, as product and business writes do. */
  edits: fc.array(
    fc.record({
      target: fc.nat(),
      kind: fc.constantFrom('remove', 'replace', 'add'),
      product: productArbitrary,
      newWord: fc.option(fc.constantFrom(...EDIT_WORDS), { nil: undefined }),
    }),
    { maxLength: 30 },
  ),
});
type CatalogSpec = ValueOf<typeof catalogArbitrary>;

function slugify(name: string): string {
  return fold(name)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Slugs are unique per business; two businesses with one name get "-2", "-3"... */
function slugsOf(businesses: BusinessSpec[]): string[] {
  const seen = new Map<string, number>();
  return businesses.map((business) => {
    const base = slugify(business.name);
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return count === 1 ? base : `${base}-${count}`;
  });
}

function toDocument(
  spec: ProductSpec,
  objectID: string,
  businesses: BusinessSpec[],
  slugs: string[],
): ProductDocument {
  const businessIndex = Math.floor((spec.business / 10_000) ** 2 * businesses.length);
  const business = businesses[businessIndex]!;
  const producedBy = spec.producedByOther ?? business.name;
  const [
    pickupRetail,
    pickupWholesale,
    deliverRetail,
    deliverWholesale,
    shipRetail,
    shipWholesale,
  ] = business.flags;
  const name = `${spec.nameLead ? `${spec.nameLead} ` : ''}${spec.nameCore}${spec.nameSuffix}`;
  return {
    objectID,
    name,
    short_description: spec.description.join(spec.descriptionPunctuation),
    bottleImageUrl: spec.hasImage ? `/uploads/${objectID}.jpg` : null,
    hasImage: spec.hasImage,
    productType: spec.beverageTypes[0]!,
    producedBy,
    producedByBusinessId: businessIndex + 1,
    businessName: business.name,
    slug: slugs[businessIndex]!,
    'Beverage Type': spec.beverageTypes,
    'Produced By': producedBy,
    Varietal: spec.varietal,
    Vintage: spec.vintage,
    'Closure Style': spec.closure,
    Format: spec.format,
    Volume: spec.volume,
    ABV: spec.abv,
    _geoloc: business.geoloc,
    fulfillment_allow_pickup_retail: pickupRetail,
    fulfillment_allow_pickup_wholesale: pickupWholesale,
    fulfillment_deliver_retail: deliverRetail,
    fulfillment_deliver_wholesale: deliverWholesale,
    fulfillment_ship_retail: shipRetail,
    fulfillment_ship_wholesale: shipWholesale,
    fulfillment_deliver_retail_radius_miles: business.retailRadiusMiles,
    fulfillment_deliver_wholesale_radius_miles: business.wholesaleRadiusMiles,
    ship_to_states: business.shipToStates,
    retailPricing: spec.retail,
    wholesalePricing: spec.wholesale,
  };
}

/** Both indexes and the reference's copy of the documents, kept in step. */
class Catalog {
  readonly documents = new Map<string, ProductDocument>();
  readonly wordsById = new Map<string, Set<string>>();
  production = new SearchIndex(PRODUCT_SETTINGS);
  grouped = new SearchIndex(GROUPED_SETTINGS);
  private readonly slugs: string[];

  constructor(private readonly spec: CatalogSpec) {
    this.slugs = slugsOf(spec.businesses);
    spec.products.forEach((product, position) => this.upsert(product, String(position + 1)));
    this.expectSizes();
  }

  /** Replacements, removals and additions, as product and business writes make them. */
  applyEdits(): void {
    this.spec.edits.forEach((edit, position) => {
      // Halfway, restart from a snapshot: later edits then change the restored index.
      if (position === Math.floor(this.spec.edits.length / 2)) this.restoreFromSnapshots();
      const product = edit.newWord
        ? { ...edit.product, nameSuffix: `${edit.product.nameSuffix} ${edit.newWord}` }
        : edit.product;
      if (edit.kind === 'add') return this.upsert(product, `added-${position}`);
      const objectID = String((edit.target % this.spec.products.length) + 1);
      if (edit.kind === 'replace') return this.upsert(product, objectID);
      const present = this.documents.delete(objectID);
      this.wordsById.delete(objectID);
      expect(this.production.remove(objectID)).toBe(present);
      expect(this.grouped.remove(objectID)).toBe(present);
    });
    this.expectSizes();
  }

  /** Replaces both indexes with what their exported state, serialized and read back, gives. */
  private restoreFromSnapshots(): void {
    const restore = (index: SearchIndex, settings: IndexSettings) =>
      SearchIndex.fromState(settings, deserialize(serialize(index.exportState())) as IndexState)!;
    this.production = restore(this.production, PRODUCT_SETTINGS);
    this.grouped = restore(this.grouped, GROUPED_SETTINGS);
    this.expectSizes();
  }

  private upsert(product: ProductSpec, objectID: string): void {
    const document = toDocument(product, objectID, this.spec.businesses, this.slugs);
    this.production.upsert(document);
    this.grouped.upsert(document);
    this.documents.set(objectID, document);
    this.wordsById.set(objectID, searchableWords(document));
  }

  private expectSizes(): void {
    expect(this.production.size).toBe(this.documents.size);
    expect(this.grouped.size).toBe(this.documents.size);
  }
}

// ---------------------------------------------------------------------------------------------
// Queries
// ---------------------------------------------------------------------------------------------

const VOCABULARY = [
  ...PRODUCERS,
  ...NAME_LEADS,
  ...NAME_CORES,
  ...VARIETALS,
  ...BEVERAGE_TYPES,
  ...DESCRIPTION_WORDS,
];
const PHRASES = VOCABULARY.filter((phrase) => phrase.includes(' '));
const QUERY_WORDS = [
  ...new Set([...VOCABULARY, ...EDIT_WORDS].flatMap((phrase) => phrase.split(' '))),
  'zinfandel',
  'lager',
  'xyz',
];

type Casing = 'as-is' | 'lower' | 'upper' | 'unaccented';
const casingArbitrary = fc.constantFrom<Casing>('as-is', 'lower', 'upper', 'unaccented');
function applyCasing(text: string, casing: Casing): string {
  if (casing === 'lower') return text.toLowerCase();
  if (casing === 'upper') return text.toUpperCase();
  if (casing === 'unaccented') return text.normalize('NFKD').replace(/\p{M}/gu, '');
  return text;
}

/** Words as a buyer types them: any case, with or without accents, the last one maybe unfinished. */
const typedQueryArbitrary = fc
  .record({
    words: fc.oneof(
      { arbitrary: fc.constantFrom(...QUERY_WORDS).map((word) => [word]), weight: 5 },
      { arbitrary: fc.constantFrom(...EDIT_WORDS).map((word) => [word]), weight: 1 },
      {
        arbitrary: fc.array(fc.constantFrom(...QUERY_WORDS), { minLength: 2, maxLength: 3 }),
        weight: 1,
      },
      // Consecutive words of a real phrase ("cove vineyards"), so that multi-word queries match.
      {
        arbitrary: fc
          .tuple(fc.constantFrom(...PHRASES), fc.nat(), fc.integer({ min: 2, max: 3 }))
          .map(([phrase, start, length]) => {
            const parts = phrase.split(' ');
            const from = start % parts.length;
            return parts.slice(from, from + length);
          }),
        weight: 3,
      },
    ),
    casing: casingArbitrary,
    separator: fc.constantFrom(' ', ' ', '  ', '-', ', '),
    unfinishedLength: fc.option(fc.integer({ min: 1, max: 7 }), { nil: undefined, freq: 2 }),
    leadingSpace: sometimes(6),
    trailingSpace: sometimes(4),
  })
  .map(({ words, casing, separator, unfinishedLength, leadingSpace, trailingSpace }) => {
    const typed = words.map((word, position) =>
      position === words.length - 1 && unfinishedLength !== undefined
        ? word.slice(0, unfinishedLength)
        : word,
    );
    const text = applyCasing(typed.join(separator), casing);
    return `${leadingSpace ? ' ' : ''}${text}${trailingSpace ? ' ' : ''}`;
  });

const queryTextArbitrary = fc.oneof(
  { arbitrary: typedQueryArbitrary, weight: 12 },
  // Empty, blank, or only punctuation: everything matches.
  { arbitrary: fc.constantFrom('', ' ', '  ...  ', '&'), weight: 1 },
);

const YEARS = Array.from({ length: 2024 - 2008 + 1 }, (_, offset) => String(2008 + offset));
/** Values the shop could refine on, plus one per attribute that no product has. */
const FACET_VALUES: Record<Facet, readonly string[]> = {
  'Beverage Type': BEVERAGE_TYPES,
  'Produced By': PRODUCERS,
  Varietal: [...VARIETALS, 'Zinfandel'],
  'Closure Style': [...CLOSURES, 'Wax Seal'],
  Format: [...FORMATS, 'Cask'],
  slug: [...PRODUCERS.map(slugify), `${slugify(PRODUCERS[0]!)}-2`, 'no-such-producer'],
  Vintage: [...YEARS, '1999'],
  Volume: [...VOLUMES.map(String), '330'],
  ABV: [...COMMON_ABVS.map(String), '99'],
  fulfillment_allow_pickup_retail: ['true', 'false'],
  fulfillment_allow_pickup_wholesale: ['true', 'false'],
  fulfillment_deliver_retail: ['true', 'false'],
  fulfillment_deliver_wholesale: ['true', 'false'],
  fulfillment_ship_retail: ['true', 'false'],
  fulfillment_ship_wholesale: ['true', 'false'],
  ship_to_states: [...STATES, 'AK'],
};

/** A facet refinement: the attribute, and one of its values. */
const refinementArbitrary = fc.oneof(
  ...FACETS.map((attribute) => ({
    arbitrary: skewedFrom(FACET_VALUES[attribute]).map((value) => ({ attribute, is: value })),
    // The refiners the shop shows, and the fulfillment filter it always sends, come up most.
    weight: (STRING_FACETS as readonly string[]).includes(attribute) ? 3 : 1,
  })),
);

const thresholdArbitrary = (attribute: NumericFacet): fc.Arbitrary<number> => {
  if (attribute === 'Vintage') return fc.integer({ min: 2005, max: 2026 });
  if (attribute === 'Volume') return fc.constantFrom(...VOLUMES, 400);
  return fc.oneof(
    fc.constantFrom(...COMMON_ABVS, 0, 20),
    fc.integer({ min: 0, max: 500 }).map((tenths) => tenths / 10),
  );
};
const OPERATORS: Operator[] = ['<', '<=', '=', '!=', '>=', '>'];

/** `ABV>=12`, `Vintage < 2020`, or `Vintage:2012 TO 2018`, with the condition it means. */
const numericLiteralArbitrary = fc.oneof(
  ...NUMERIC_FACETS.map((attribute) =>
    fc.oneof(
      fc
        .tuple(
          fc.constantFrom(...OPERATORS),
          thresholdArbitrary(attribute),
          fc.constantFrom('', ' '),
        )
        .map(([operator, than, space]) => ({
          text: `${attribute}${space}${operator}${space}${than}`,
          condition: { attribute, operator, than } as Condition,
        })),
      fc
        .tuple(thresholdArbitrary(attribute), thresholdArbitrary(attribute))
        .map(([low, high]) => [Math.min(low, high), Math.max(low, high)] as const)
        .map(([from, to]) => ({
          text: `${attribute}:${from} TO ${to}`,
          condition: { attribute, from, to } as Condition,
        })),
    ),
  ),
);

const KEYWORDS = new Set(['AND', 'OR', 'NOT', 'TO']);
type QuoteStyle = 'bare' | 'double' | 'single';
/** Quotes an attribute or value for the `filters` syntax when it needs it (or just because). */
function term(text: string, style: QuoteStyle): string {
  const bare = /^[^\s():<>=!"']+$/u.test(text) && !KEYWORDS.has(text.toUpperCase());
  if (style === 'bare' && bare) return text;
  const quote = style === 'single' ? "'" : '"';
  return `${quote}${text.replaceAll('\\', '\\\\').replaceAll(quote, `\\${quote}`)}${quote}`;
}

interface Rendered {
  text: string;
  condition: Condition;
}

const filterLiteralArbitrary: fc.Arbitrary<Rendered> = fc.oneof(
  fc
    .tuple(
      refinementArbitrary,
      fc.constantFrom<QuoteStyle>('bare', 'double'),
      fc.constantFrom<QuoteStyle>('bare', 'double', 'single'),
    )
    .map(([refinement, attributeStyle, valueStyle]) => ({
      // The shop's forms: slug:"x", fulfillment_allow_pickup_retail:true, "Beverage Type":Wine.
      text: `${term(refinement.attribute, attributeStyle)}:${term(refinement.is, valueStyle)}`,
      condition: refinement,
    })),
  numericLiteralArbitrary,
);

const parenthesized = (rendered: Rendered[], keyword: 'AND' | 'OR'): string =>
  `(${rendered.map((item) => item.text).join(` ${keyword} `)})`;

const filterClauseArbitrary: fc.Arbitrary<Rendered> = fc.oneof(
  { arbitrary: filterLiteralArbitrary, weight: 4 },
  {
    arbitrary: filterLiteralArbitrary.map((literal) => ({
      text: `NOT ${literal.text}`,
      condition: { not: literal.condition },
    })),
    weight: 1,
  },
  {
    arbitrary: fc.array(filterLiteralArbitrary, { minLength: 2, maxLength: 3 }).map((items) => ({
      text: parenthesized(items, 'OR'),
      condition: { any: items.map((item) => item.condition) },
    })),
    weight: 2,
  },
  {
    arbitrary: fc.array(filterLiteralArbitrary, { minLength: 2, maxLength: 2 }).map((items) => ({
      text: `NOT ${parenthesized(items, 'OR')}`,
      condition: { not: { any: items.map((item) => item.condition) } },
    })),
    weight: 1,
  },
);

/** A `filters` string: clauses joined by AND, or AND-groups joined by OR (AND binds tighter). */
const filtersArbitrary: fc.Arbitrary<Rendered> = fc.oneof(
  {
    arbitrary: fc.array(filterClauseArbitrary, { minLength: 1, maxLength: 3 }).map((clauses) => ({
      text: clauses.map((clause) => clause.text).join(' AND '),
      condition: { all: clauses.map((clause) => clause.condition) },
    })),
    weight: 5,
  },
  {
    arbitrary: fc
      .array(fc.array(filterLiteralArbitrary, { minLength: 1, maxLength: 2 }), {
        minLength: 2,
        maxLength: 3,
      })
      .map((groups) => ({
        text: groups.map((group) => group.map((item) => item.text).join(' AND ')).join(' OR '),
        condition: { any: groups.map((group) => ({ all: group.map((item) => item.condition) })) },
      })),
    weight: 1,
  },
);

/** `attribute:value`, or `-attribute:value` for "not". */
const facetFilterLiteralArbitrary = fc
  .tuple(refinementArbitrary, sometimes(4))
  .map(([refinement, negated]) => ({
    text: `${negated ? '-' : ''}${refinement.attribute}:${refinement.is}`,
    condition: (negated ? { not: refinement } : refinement) as Condition,
  }));

/** Algolia's nested lists: the outer list is AND, an inner list is OR; or one filter as a string. */
function nestedListArbitrary(literal: fc.Arbitrary<Rendered>) {
  const entry = fc.oneof(
    literal.map((item) => ({ value: item.text as string | string[], condition: item.condition })),
    fc.array(literal, { minLength: 1, maxLength: 3 }).map((items) => ({
      value: items.map((item) => item.text),
      condition: { any: items.map((item) => item.condition) } as Condition,
    })),
  );
  return fc.oneof(
    {
      arbitrary: fc.array(entry, { minLength: 1, maxLength: 3 }).map((entries) => ({
        value: entries.map((item) => item.value) as (string | string[])[] | string,
        condition: { all: entries.map((item) => item.condition) } as Condition,
      })),
      weight: 5,
    },
    {
      arbitrary: literal.map((item) => ({ value: item.text, condition: item.condition })),
      weight: 1,
    },
  );
}

const facetsParamArbitrary = fc.oneof(
  fc.constant<string[]>(['*']),
  fc.subarray([...FACETS, 'name'], { minLength: 1 }),
  fc.subarray([...FACETS], { maxLength: 3 }).map((facets) => ['*', ...facets]),
);

type RadiusSpec = number | 'all' | undefined | { town: LatLng; inside: boolean };
const radiusArbitrary: fc.Arbitrary<RadiusSpec> = fc.oneof(
  fc.constantFrom(1, 1_000, 10_000, 34_000, 80_467, 160_934, 300_000),
  fc.integer({ min: 1, max: 1_000_000 }),
  fc.constant('all' as const),
  fc.constant(undefined),
  // Just beyond or just short of the producers on a town, so an edge that is a little off shows.
  fc.record({ town: fc.constantFrom(...TOWNS), inside: fc.boolean() }),
);

/** Whole meters, as Algolia takes them, at least half a meter from the town's distance. */
function resolveRadius(origin: LatLng, radius: RadiusSpec): number | 'all' | undefined {
  if (typeof radius !== 'object') return radius;
  const distance = distanceMeters(origin, radius.town);
  const outside = Math.floor(distance - 0.5);
  return radius.inside || outside < 1 ? Math.ceil(distance + 0.5) : outside;
}

/** Facet-value search on the refiners that have a search box, with what a buyer types there. */
const facetSearchArbitrary = fc.oneof(
  ...(['Produced By', 'Varietal', 'Vintage', 'Beverage Type', 'slug'] as const).map((facet) =>
    fc
      .record({
        value: fc.constantFrom(...FACET_VALUES[facet]),
        word: fc.nat({ max: 3 }),
        length: fc.integer({ min: 0, max: 6 }),
        casing: casingArbitrary,
        maxFacetHits: fc.option(fc.integer({ min: 1, max: 20 }), { nil: undefined }),
      })
      .map(({ value, word, length, casing, maxFacetHits }) => {
        const parts = value.split(' ');
        const typed = parts[word % parts.length]!.slice(0, length);
        return { facet, facetQuery: applyCasing(typed, casing), maxFacetHits };
      }),
  ),
);

const queryCaseArbitrary: fc.Arbitrary<QueryCase> = fc
  .record({
    grouped: fc.boolean(),
    query: fc.option(queryTextArbitrary, { nil: undefined, freq: 4 }),
    filters: fc.option(filtersArbitrary, { nil: undefined, freq: 2 }),
    facetFilters: fc.option(nestedListArbitrary(facetFilterLiteralArbitrary), {
      nil: undefined,
      freq: 2,
    }),
    numericFilters: fc.option(nestedListArbitrary(numericLiteralArbitrary), {
      nil: undefined,
      freq: 3,
    }),
    around: fc.option(
      fc.record({ origin: pointArbitrary, radius: radiusArbitrary, spaced: fc.boolean() }),
      { nil: undefined, freq: 3 },
    ),
    distinct: fc.constantFrom(undefined, true, false, 0, 1),
    page: fc.option(fc.integer({ min: 0, max: 6 }), { nil: undefined }),
    hitsPerPage: fc.option(
      fc.oneof(fc.constantFrom(0, 1, 4, 10, 20), fc.integer({ min: 1, max: 60 })),
      { nil: undefined },
    ),
    facets: fc.option(facetsParamArbitrary, { nil: undefined, freq: 3 }),
    maxValuesPerFacet: fc.option(fc.integer({ min: 1, max: 12 }), { nil: undefined, freq: 2 }),
    facetSearch: fc.option(facetSearchArbitrary, { nil: undefined, freq: 3 }),
  })
  .map((spec) => {
    const params: SearchParams = {};
    const conditions: Condition[] = [];
    if (spec.query !== undefined) params.query = spec.query;
    if (spec.filters) {
      params.filters = spec.filters.text;
      conditions.push(spec.filters.condition);
    }
    if (spec.facetFilters) {
      params.facetFilters = spec.facetFilters.value;
      conditions.push(spec.facetFilters.condition);
    }
    if (spec.numericFilters) {
      params.numericFilters = spec.numericFilters.value;
      conditions.push(spec.numericFilters.condition);
    }
    let radius = Infinity;
    if (spec.around) {
      const { lat, lng } = spec.around.origin;
      params.aroundLatLng = `${lat},${spec.around.spaced ? ' ' : ''}${lng}`;
      const aroundRadius = resolveRadius(spec.around.origin, spec.around.radius);
      if (aroundRadius !== undefined) params.aroundRadius = aroundRadius;
      if (typeof aroundRadius === 'number') radius = aroundRadius;
    }
    if (spec.distinct !== undefined) params.distinct = spec.distinct;
    if (spec.page !== undefined) params.page = spec.page;
    if (spec.hitsPerPage !== undefined) params.hitsPerPage = spec.hitsPerPage;
    if (spec.facets) params.facets = spec.facets;
    if (spec.maxValuesPerFacet !== undefined) params.maxValuesPerFacet = spec.maxValuesPerFacet;
    return {
      grouped: spec.grouped,
      params,
      conditions,
      radius,
      ...(spec.around ? { origin: spec.around.origin } : {}),
      ...(spec.facetSearch ? { facetSearch: spec.facetSearch } : {}),
    };
  });

// ---------------------------------------------------------------------------------------------
// The comparison
// ---------------------------------------------------------------------------------------------

/** What the generated queries exercised, so that a change of generators cannot hollow the test. */
const coverage = {
  queries: 0,
  withHits: 0,
  geoWithHits: 0,
  excludedByRadius: 0,
  facetsCut: 0,
  collapsedByDistinct: 0,
  facetSearchesWithHits: 0,
  documents: 0,
};

const idsOf = (result: SearchResult) => result.hits.map((hit) => hit.objectID);
const sorted = (ids: string[]) => [...ids].sort();

/** Distinct keeps one hit per value of the attribute (and every hit that has no value). */
function expectOneHitPerGroup(hitIds: string[], matched: ProductDocument[], attribute: string) {
  const matchedById = new Map(matched.map((document) => [document.objectID, document]));
  const keys = new Set<unknown>();
  for (const id of hitIds) {
    const document = matchedById.get(id);
    expect(document, `hit ${id} does not match the query`).toBeDefined();
    const key = document![attribute];
    if (key === null || key === undefined) continue;
    expect(keys.has(key), `two hits share ${attribute} ${String(key)}`).toBe(false);
    keys.add(key);
  }
  const expectedKeys = new Set(
    matched
      .map((document) => document[attribute])
      .filter((key) => key !== null && key !== undefined),
  );
  expect(keys).toEqual(expectedKeys);
  const keyless = matched.filter(
    (document) => document[attribute] === null || document[attribute] === undefined,
  );
  for (const document of keyless) expect(hitIds).toContain(document.objectID);
}

function expectStatsEqual(actual: FacetsStats | undefined, expected: FacetsStats) {
  const stats = actual ?? {};
  expect(Object.keys(stats).sort()).toEqual(Object.keys(expected).sort());
  for (const [facet, want] of Object.entries(expected)) {
    const got = stats[facet]!;
    expect(got.min, `${facet} min`).toBe(want.min);
    expect(got.max, `${facet} max`).toBe(want.max);
    // Sums of decimals depend on the order of addition; the engine adds in ranking order.
    expect(got.sum, `${facet} sum`).toBeCloseTo(want.sum, 6);
    expect(got.avg, `${facet} avg`).toBeCloseTo(want.avg, 6);
  }
}

function checkQuery(catalog: Catalog, queryCase: QueryCase) {
  const index = queryCase.grouped ? catalog.grouped : catalog.production;
  const settings = queryCase.grouped ? GROUPED_SETTINGS : PRODUCT_SETTINGS;
  const { params } = queryCase;
  coverage.queries++;

  const result = index.search(params);
  expect(idsOf(index.search(params)), 'same query, same order').toEqual(idsOf(result));

  // Every hit at once (the catalog is smaller than the largest page), in the engine's order.
  const everyHitParams: SearchParams = { ...params, page: 0, hitsPerPage: 1000, facets: [] };
  const everyHit = index.search(everyHitParams);
  const everyId = idsOf(everyHit);
  expect(idsOf(index.search(everyHitParams)), 'same query, same order').toEqual(everyId);
  expect(new Set(everyId).size, 'a hit appears twice').toBe(everyId.length);
  expect(everyHit.nbHits).toBe(everyId.length);

  const matched = bruteForce(catalog, queryCase);
  let expectedHits = matched;
  if (params.distinct && settings.attributeForDistinct) {
    expectOneHitPerGroup(everyId, matched, settings.attributeForDistinct);
    // Which hit of a group is kept depends on ranking; the counts must be over the ones kept.
    expectedHits = everyId.map((id) => catalog.documents.get(id)!);
    if (expectedHits.length < matched.length) coverage.collapsedByDistinct++;
  } else {
    expect(sorted(everyId)).toEqual(sorted(matched.map((document) => document.objectID)));
  }

  if (queryCase.origin) {
    for (const hit of everyHit.hits) {
      expect(
        withinRadius(hit, queryCase.origin, queryCase.radius),
        `hit ${hit.objectID} is outside ${queryCase.radius} m`,
      ).toBe(true);
    }
    if (everyId.length > 0) coverage.geoWithHits++;
    const { origin: _origin, ...anywhere } = queryCase;
    if (bruteForce(catalog, anywhere).length > matched.length) coverage.excludedByRadius++;
  }

  // The requested page is its slice of the whole result.
  const page = params.page ?? 0;
  const hitsPerPage = params.hitsPerPage ?? 20;
  expect(result.nbHits).toBe(expectedHits.length);
  expect(result.page).toBe(page);
  expect(result.hitsPerPage).toBe(hitsPerPage);
  expect(result.nbPages).toBe(hitsPerPage === 0 ? 0 : Math.ceil(expectedHits.length / hitsPerPage));
  expect(result.query).toBe(params.query ?? '');
  expect(idsOf(result)).toEqual(everyId.slice(page * hitsPerPage, (page + 1) * hitsPerPage));
  for (const hit of result.hits) expect(hit).toEqual(catalog.documents.get(hit.objectID));
  if (hitsPerPage > 0 && result.nbPages <= 4) {
    const pages = Array.from({ length: result.nbPages + 1 }, (_, number) =>
      idsOf(index.search({ ...params, page: number, facets: [] })),
    );
    expect(pages.at(-1), 'a page after the last').toEqual([]);
    expect(pages.flat(), 'pages concatenated').toEqual(everyId);
  }
  if (expectedHits.length > 0) coverage.withHits++;

  const expected = expectedFacets(expectedHits, params.facets, params.maxValuesPerFacet);
  expect(result.facets).toEqual(expected.facets);
  expectStatsEqual(result.facets_stats, expected.stats);
  if (expected.cut) coverage.facetsCut++;

  if (queryCase.facetSearch) {
    const { facet, facetQuery, maxFacetHits } = queryCase.facetSearch;
    // Facet-value search counts over the matches, without distinct.
    const { distinct: _distinct, ...withoutDistinct } = params;
    const { facetHits } = index.searchFacetValues(facet, facetQuery, withoutDistinct, maxFacetHits);
    const wanted = [...countValues(matched, facet)]
      .filter(([value]) => facetValueMatches(value, facetQuery))
      .sort(byCountThenValue)
      .slice(0, maxFacetHits ?? 10);
    expect(facetHits.map((hit) => [hit.value, hit.count])).toEqual(wanted);
    if (wanted.length > 0) coverage.facetSearchesWithHits++;
  }
}

describe('SearchIndex against a brute-force scan', () => {
  it(`agrees on ${CATALOGS * QUERIES_PER_CATALOG} random queries over ${CATALOGS} random catalogs`, () => {
    fc.assert(
      fc.property(
        catalogArbitrary,
        fc.array(queryCaseArbitrary, {
          minLength: QUERIES_PER_CATALOG,
          maxLength: QUERIES_PER_CATALOG,
        }),
        (catalogSpec, queryCases) => {
          const catalog = new Catalog(catalogSpec);
          coverage.documents += catalog.documents.size;
          const beforeEdits = queryCases.slice(0, QUERIES_PER_CATALOG / 2);
          for (const queryCase of beforeEdits) checkQuery(catalog, queryCase);
          // Edits between searches: the next search must see them (and no stale cache).
          catalog.applyEdits();
          for (const queryCase of queryCases.slice(beforeEdits.length)) {
            checkQuery(catalog, queryCase);
          }
        },
      ),
      // Shrinking rebuilds a catalog per step; bound it so a failure reports in reasonable time.
      { seed: SEED, numRuns: CATALOGS, plugins: [fc.interruptAfterTimeLimit(300_000)] },
    );

    expect(coverage.queries).toBeGreaterThanOrEqual(1000);
    expect(coverage.documents / CATALOGS).toBeGreaterThanOrEqual(150);
    // Guards against generators that drift into testing only empty results.
    expect(coverage.withHits / coverage.queries).toBeGreaterThan(0.3);
    expect(coverage.geoWithHits).toBeGreaterThan(50);
    expect(coverage.excludedByRadius).toBeGreaterThan(50);
    expect(coverage.facetsCut).toBeGreaterThan(50);
    expect(coverage.collapsedByDistinct).toBeGreaterThan(20);
    expect(coverage.facetSearchesWithHits).toBeGreaterThan(50);
  }, 360_000);
});
