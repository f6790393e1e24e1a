// The benchmark's query mix: what shoppers send, drawn from the catalog so that words and facet
// values exist with realistic frequencies. Each query is kept twice: as the Algolia parameters our
// engine and the HTTP route receive, and as a structured form the PostgreSQL and Orama adapters
// translate, so no adapter has to parse Algolia's filter syntax.
import {
  milesToMeters,
  BUYER_KINDS,
  FULFILLMENT_MODES,
  fulfillmentFlagFor,
  type FulfillmentFlag,
} from '@bevy/core';
import { tokenize, type SearchParams } from '@bevy/search';
import { hashString, mulberry32, pick, weighted, type Rng } from '../modules/seed/index';
import type { ProductDocument } from '../modules/search/index';
import { jitter, usZipPlaces } from './catalog';
import { alternatives } from './typos';

export const CATEGORIES = [
  'browse',
  'broad-word',
  'specific-words',
  'prefix',
  'refine',
  'geo',
] as const;
export type Category = (typeof CATEGORIES)[number];

/** Categories where counting facets over many matches dominates the work. */
export const FACET_HEAVY: readonly Category[] = ['browse', 'refine'];

/** The refiners the shop shows; every query asks for them, as the shop does. */
export const SHOP_FACETS = [
  'Beverage Type',
  'Closure Style',
  'Format',
  'Produced By',
  'Varietal',
  'Vintage',
  'Volume',
] as const;
export type ShopFacet = (typeof SHOP_FACETS)[number];
export const MAX_VALUES_PER_FACET = 20;
export const HITS_PER_PAGE = 20;

/** The six fulfillment flags, as core names them. */
export const FULFILLMENT_FLAGS: readonly FulfillmentFlag[] = FULFILLMENT_MODES.flatMap((mode) =>
  BUYER_KINDS.map((buyer) => fulfillmentFlagFor(mode, buyer)),
);

export interface BenchQuery {
  id: number;
  category: Category;
  /** As typed; every word must match, the last one as a prefix (the query never ends in a space). */
  text: string;
  /** `text` through our tokenizer: what the other engines are given, so tokenization matches. */
  words: string[];
  /**
   * For each word, the catalog terms it matches under our typo rule (the last word: the starts
   * of terms), so engines without the rule can be asked the same question. See typos.ts.
   */
  alternatives: string[][];
  /** AND of (OR of values of one facet). */
  refinements: { facet: ShopFacet; values: string[] }[];
  /** AND of (OR of flags that must be true). */
  flags: FulfillmentFlag[][];
  abv?: { min: number; max: number };
  /** radiusMeters null: every distance, nearest first (the shop's delivery mode). */
  geo?: { lat: number; lng: number; radiusMeters: number | null };
  page: number;
  hitsPerPage: number;
  params: SearchParams;
}

type Draft = Omit<BenchQuery, 'id' | 'words' | 'alternatives' | 'params'>;

/** Filler words of the descriptions that nobody searches for. */
const STOPWORDS = new Set(
  (
    'a an and the with of it its for on in is into out up to by at as then plus lead leads opens ' +
    'before settling bursting notes note hint touch aromas front underneath pour alongside think ' +
    'expect makes make made natural match try round palate finish lot'
  ).split(' '),
);

const searchable = (word: string) =>
  word.length >= 3 && !STOPWORDS.has(word) && !/^\d+$/.test(word);

interface Stats {
  documents: ProductDocument[];
  /** Words of names, varietals and types by how many products have them. */
  broadWords: (readonly [string, number])[];
  nameWords: (readonly [string, number])[];
  varietalsByType: Map<string, string[]>;
}

function collectStats(documents: ProductDocument[]): Stats {
  const nameCounts = new Map<string, number>();
  const broadCounts = new Map<string, number>();
  const varietals = new Map<string, Map<string, number>>();
  // A sample is enough to rank words; it keeps the query set the same cost at 1M products.
  const step = Math.max(1, Math.floor(documents.length / 50_000));
  for (let i = 0; i < documents.length; i += step) {
    const document = documents[i]!;
    const nameWords = new Set(tokenize(document.name).filter(searchable));
    for (const word of nameWords) nameCounts.set(word, (nameCounts.get(word) ?? 0) + 1);
    const broad = new Set([
      ...nameWords,
      ...tokenize(`${document.Varietal ?? ''} ${document['Beverage Type'].join(' ')}`),
    ]);
    for (const word of broad) {
      if (searchable(word)) broadCounts.set(word, (broadCounts.get(word) ?? 0) + 1);
    }
    const type = document['Beverage Type'][0]!;
    if (document.Varietal) {
      const byType = varietals.get(type) ?? new Map<string, number>();
      byType.set(document.Varietal, (byType.get(document.Varietal) ?? 0) + 1);
      varietals.set(type, byType);
    }
  }
  const sampled = Math.ceil(documents.length / step);
  const byCount = (counts: Map<string, number>, minimum: number) =>
    [...counts]
      .filter(([, count]) => count >= minimum)
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  return {
    documents,
    // Broad: words at least 0.3% of products have, e.g. 'ipa', 'red', 'pinot', 'bourbon'.
    broadWords: byCount(broadCounts, Math.max(2, sampled * 0.003)).slice(0, 150),
    nameWords: byCount(nameCounts, 2).filter(([word]) => word.length >= 4),
    varietalsByType: new Map(
      [...varietals].map(([type, counts]) => [type, byCount(counts, 1).map(([value]) => value)]),
    ),
  };
}

/** Mostly first pages, some next pages, a few deep ones. */
function pickPage(rng: Rng): number {
  const roll = rng();
  if (roll < 0.85) return 0;
  if (roll < 0.95) return 1 + Math.floor(rng() * 4);
  return 10 + Math.floor(rng() * 40);
}

/** The filter the shop's fulfillment radio sends, by mode and buyer kind. */
function shopFulfillment(rng: Rng): FulfillmentFlag[] {
  return weighted<FulfillmentFlag[]>(rng, [
    [['fulfillment_allow_pickup_retail'], 45],
    [['fulfillment_allow_pickup_wholesale'], 15],
    [['fulfillment_deliver_retail', 'fulfillment_deliver_wholesale'], 20],
    [['fulfillment_ship_retail'], 12],
    [['fulfillment_ship_wholesale'], 8],
  ]);
}

const sqrtWeighted = (entries: (readonly [string, number])[]) =>
  entries.map(([word, count]) => [word, Math.sqrt(count)] as const);

function randomDocument(rng: Rng, stats: Stats): ProductDocument {
  return stats.documents[Math.floor(rng() * stats.documents.length)]!;
}

function blank(category: Category, text = ''): Draft {
  return { category, text, refinements: [], flags: [], page: 0, hitsPerPage: HITS_PER_PAGE };
}

function facetValue(document: ProductDocument, facet: ShopFacet): string | undefined {
  const value = document[facet];
  if (value === null || value === undefined) return undefined;
  return Array.isArray(value) ? String(value[0]) : String(value);
}

function browse(rng: Rng, stats: Stats): Draft {
  const draft = blank('browse');
  if (rng() < 0.7) draft.flags.push(shopFulfillment(rng));
  const document = randomDocument(rng, stats);
  const roll = rng();
  if (roll < 0.4) {
    draft.refinements.push({ facet: 'Beverage Type', values: [document['Beverage Type'][0]!] });
  } else if (roll < 0.6 && document.Varietal) {
    draft.refinements.push({ facet: 'Varietal', values: [document.Varietal] });
  }
  draft.page = pickPage(rng);
  return draft;
}

function broadWord(rng: Rng, stats: Stats): Draft {
  // Mostly the category words everyone types ('wine', 'ipa', 'pinot'), as often as products
  // have them; otherwise any common word.
  const word =
    rng() < 0.6
      ? weighted(rng, stats.broadWords.slice(0, 30))
      : weighted(rng, sqrtWeighted(stats.broadWords));
  const draft = blank('broad-word', word);
  draft.page = pickPage(rng);
  return draft;
}

function specificWords(rng: Rng, stats: Stats): Draft {
  const document = randomDocument(rng, stats);
  const nameWords = tokenize(document.name).filter(searchable);
  const producerWords = tokenize(document['Produced By']).filter(searchable);
  const descriptionWords = tokenize(document.short_description).filter(searchable);
  const wanted = rng() < 0.6 ? 2 : 3;
  const words: string[] = [];
  const roll = rng();
  // Shoppers combine a producer with a style, or a style with a flavor, or name words.
  if (roll < 0.3 && producerWords.length > 0) words.push(pick(rng, producerWords));
  else if (roll < 0.5 && descriptionWords.length > 0) words.push(pick(rng, descriptionWords));
  const pool = nameWords.length > 0 ? nameWords : descriptionWords;
  for (let tries = 0; words.length < wanted && tries < 10 && pool.length > 0; tries++) {
    const word = pick(rng, pool);
    if (!words.includes(word)) words.push(word);
  }
  // Now and then a shopper mistypes a longer word (two letters swapped, or one left out).
  if (rng() < 0.15) {
    const at = words.findIndex((word) => word.length >= 5);
    const word = words[at];
    if (word) {
      const i = 1 + Math.floor(rng() * (word.length - 2));
      words[at] =
        rng() < 0.5
          ? `${word.slice(0, i)}${word[i + 1]}${word[i]}${word.slice(i + 2)}`
          : `${word.slice(0, i)}${word.slice(i + 1)}`;
    }
  }
  const draft = blank('specific-words', words.join(' '));
  draft.page = rng() < 0.95 ? 0 : 1;
  return draft;
}

/** Typing sessions: one query per keystroke, 'p', 'pi', 'pin', 'pino' or 'pinot n', 'pinot no'. */
function prefixSessions(rng: Rng, stats: Stats): () => Draft {
  const queue: string[] = [];
  return () => {
    if (queue.length === 0) {
      if (rng() < 0.3) {
        const words = tokenize(randomDocument(rng, stats).name).filter(searchable);
        if (words.length >= 2) {
          const [first, second] = [words[0]!, words[1]!];
          for (let length = 1; length < second.length; length++) {
            queue.push(`${first} ${second.slice(0, length)}`);
          }
        }
      }
      if (queue.length === 0) {
        const word = weighted(rng, sqrtWeighted(stats.nameWords));
        for (let length = 1; length < word.length; length++) queue.push(word.slice(0, length));
      }
    }
    return blank('prefix', queue.shift()!);
  };
}

function refine(rng: Rng, stats: Stats): Draft {
  const document = randomDocument(rng, stats);
  const draft = blank('refine');
  draft.flags.push(shopFulfillment(rng));
  const wanted = 1 + Math.floor(rng() * 3); // besides the fulfillment filter: 2 to 4 in all
  const options: ShopFacet[] = [
    'Beverage Type',
    'Varietal',
    'Closure Style',
    'Format',
    'Vintage',
    'Volume',
    'Produced By',
  ];
  const chosen = new Set<ShopFacet | 'ABV'>();
  while (chosen.size < wanted) {
    chosen.add(
      weighted<ShopFacet | 'ABV'>(rng, [
        ...options.map((facet) => [facet, facet === 'Beverage Type' ? 4 : 2] as const),
        ['ABV', 1],
      ]),
    );
  }
  for (const facet of chosen) {
    if (facet === 'ABV') {
      const abv = Number(document.ABV ?? 5);
      const low = Math.max(0, Math.round((abv - 1 - rng() * 2) * 10) / 10);
      draft.abv = { min: low, max: Math.round((abv + 1 + rng() * 3) * 10) / 10 };
      continue;
    }
    const value = facetValue(document, facet);
    if (value === undefined) continue;
    const values = [value];
    // Refinement lists are disjunctive: shoppers tick a second varietal or type now and then.
    if (facet === 'Varietal' && rng() < 0.35) {
      const others = stats.varietalsByType.get(document['Beverage Type'][0]!) ?? [];
      const other = others.length > 0 ? pick(rng, others.slice(0, 20)) : value;
      if (other !== value) values.push(other);
    }
    if (facet === 'Beverage Type' && rng() < 0.25) {
      const other = pick(rng, ['Wine', 'Beer', 'Cider', 'Spirit', 'Cocktail']);
      if (other !== value) values.push(other);
    }
    draft.refinements.push({ facet, values });
  }
  if (rng() < 0.35) {
    const words = tokenize(document.name).filter(searchable);
    if (words.length > 0) draft.text = pick(rng, words);
  }
  draft.page = pickPage(rng);
  return draft;
}

function geo(rng: Rng, stats: Stats): Draft {
  const draft = blank('geo');
  // Shoppers live where producers are more often than not; the rest anywhere in the country.
  const nearProducer = rng() < 0.75;
  const point = nearProducer ? randomDocument(rng, stats)._geoloc! : pick(rng, usZipPlaces());
  const here = jitter(rng, point.lat, point.lng, nearProducer ? 30 : 0);
  const delivery = rng() < 0.25;
  if (delivery) {
    draft.flags.push(['fulfillment_deliver_retail', 'fulfillment_deliver_wholesale']);
    draft.geo = { ...here, radiusMeters: null };
  } else {
    draft.flags.push([
      rng() < 0.75 ? 'fulfillment_allow_pickup_retail' : 'fulfillment_allow_pickup_wholesale',
    ]);
    const miles = pick(rng, [5, 10, 25, 25, 50, 50, 50, 75, 100]);
    draft.geo = { ...here, radiusMeters: Math.round(milesToMeters(miles)) };
  }
  if (rng() < 0.3) draft.text = weighted(rng, sqrtWeighted(stats.broadWords));
  if (rng() < 0.2) {
    const type = randomDocument(rng, stats)['Beverage Type'][0]!;
    draft.refinements.push({ facet: 'Beverage Type', values: [type] });
  }
  draft.page = pickPage(rng);
  return draft;
}

/** The Algolia parameters the shop would send for a draft. */
export function toSearchParams(draft: Draft): SearchParams {
  const params: SearchParams = {
    query: draft.text,
    page: draft.page,
    hitsPerPage: draft.hitsPerPage,
    facets: [...SHOP_FACETS],
    maxValuesPerFacet: MAX_VALUES_PER_FACET,
  };
  if (draft.flags.length > 0) {
    params.filters = draft.flags
      .map((any) =>
        any.length === 1 ? `${any[0]}:true` : `(${any.map((flag) => `${flag}:true`).join(' OR ')})`,
      )
      .join(' AND ');
  }
  if (draft.refinements.length > 0) {
    params.facetFilters = draft.refinements.map(({ facet, values }) =>
      values.map((value) => `${facet}:${value}`),
    );
  }
  if (draft.abv) params.numericFilters = [`ABV>=${draft.abv.min}`, `ABV<=${draft.abv.max}`];
  if (draft.geo) {
    params.aroundLatLng = `${draft.geo.lat},${draft.geo.lng}`;
    params.aroundRadius = draft.geo.radiusMeters ?? 'all';
  }
  return params;
}

/** Twenty slots in rotation: browse 3, broad 3, specific 3, prefix 4, refine 4, geo 3. */
const ROTATION: Category[] = [
  'browse',
  'prefix',
  'broad-word',
  'refine',
  'specific-words',
  'geo',
  'prefix',
  'refine',
  'browse',
  'broad-word',
  'specific-words',
  'prefix',
  'geo',
  'refine',
  'browse',
  'prefix',
  'broad-word',
  'specific-words',
  'refine',
  'geo',
];

/** `count` distinct queries in a rotating mix of categories, the same for the same seed. */
export function generateQueries(
  documents: ProductDocument[],
  terms: readonly string[],
  count: number,
  seed: number,
): BenchQuery[] {
  const rng = mulberry32(hashString(`queries-${seed}`));
  const stats = collectStats(documents);
  const nextPrefix = prefixSessions(rng, stats);
  const makers: Record<Category, () => Draft> = {
    browse: () => browse(rng, stats),
    'broad-word': () => broadWord(rng, stats),
    'specific-words': () => specificWords(rng, stats),
    prefix: nextPrefix,
    refine: () => refine(rng, stats),
    geo: () => geo(rng, stats),
  };
  const seen = new Set<string>();
  const queries: BenchQuery[] = [];
  for (let slot = 0; queries.length < count && slot < count * 20; slot++) {
    const category = ROTATION[slot % ROTATION.length]!;
    for (let tries = 0; tries < 30; tries++) {
      const draft = makers[category]();
      const params = toSearchParams(draft);
      const key = JSON.stringify(params);
      if (seen.has(key)) continue;
      seen.add(key);
      const words = tokenize(draft.text);
      queries.push({
        ...draft,
        id: queries.length,
        words,
        alternatives: words.map((word, index) =>
          alternatives(word, index === words.length - 1, terms),
        ),
        params,
      });
      break;
    }
  }
  return queries;
}
