import { distanceMetersFrom, latitudeCosine, type LatLng } from '@bevy/core';
import {
  andInto,
  clearBit,
  complementWithin,
  countBits,
  hasBit,
  orInto,
  setBit,
  slotsOf,
  wordsFor,
  type Bitset,
} from './bitset';
import { DocumentStore } from './document-store';
import { FacetColumn, type FacetColumnState } from './facet-column';
import { ensureCapacity, IntList } from './int-list';
import {
  DEFAULT_TAGS,
  highlightAttribute,
  highlightPrefix,
  type HighlightedAttribute,
  type HighlightTags,
} from './highlight';
import { Lexicon, type LexiconState } from './lexicon';
import { reachTest } from './geo-reach';
import { Scratch } from './scratch';
import { smallestKeys, sortNumbers } from './select';
import { rankSortValues, SortValues, type SortValuesState } from './sort-values';
import {
  attributesOf,
  GEO_DISTANCE,
  MATCH_ALL,
  parseFacetFilters,
  parseFilters,
  parseNumericFilters,
  type Predicate,
} from './filters';
import { foldForMatch, tokenize } from './tokenize';
import { MIN_WORD_LENGTH_FOR_TYPO } from './typos';
import {
  SearchInputError,
  type FacetSearchResult,
  type IndexSettings,
  type SearchDocument,
  type SearchParams,
  type SearchResult,
} from './types';

const DEFAULT_HITS_PER_PAGE = 20;
const MAX_HITS_PER_PAGE = 1000;
const DEFAULT_MAX_VALUES_PER_FACET = 100;

type RankingRule = { attribute: string; direction: 1 | -1 };

function parseCustomRanking(rules: string[]): RankingRule[] {
  return rules.map((rule) => {
    const match = /^(asc|desc)\((.+)\)$/.exec(rule);
    if (!match) throw new Error(`Invalid custom ranking rule "${rule}"`);
    return { attribute: match[2]!, direction: match[1] === 'asc' ? 1 : -1 };
  });
}

/** Orders two values in `direction`; missing (or null) values are equal and last either way. */
function compareValues(a: unknown, b: unknown, direction: 1 | -1): number {
  const aMissing = a === undefined || a === null;
  const bMissing = b === undefined || b === null;
  if (aMissing || bMissing) return Number(aMissing) - Number(bMissing);
  if (a === b) return 0;
  if (typeof a === 'number' && typeof b === 'number') return (a - b) * direction;
  if (typeof a === 'boolean' && typeof b === 'boolean') return (Number(a) - Number(b)) * direction;
  return String(a).localeCompare(String(b)) * direction;
}

function parseLatLng(raw: string): LatLng {
  // Number('') is 0, so an empty part ("45.5," or ",") must not pass as a coordinate.
  const parts = raw.split(',').map((part) => (part.trim() === '' ? NaN : Number(part)));
  const [lat, lng] = parts;
  if (
    parts.length !== 2 ||
    lat === undefined ||
    lng === undefined ||
    !Number.isFinite(lat) ||
    !Number.isFinite(lng) ||
    Math.abs(lat) > 90 ||
    Math.abs(lng) > 180
  ) {
    throw new SearchInputError('aroundLatLng must be "latitude,longitude"');
  }
  return { lat, lng };
}

function geolocOf(document: SearchDocument): LatLng | undefined {
  const geoloc = document['_geoloc'] as LatLng | LatLng[] | null | undefined;
  if (!geoloc) return undefined;
  return Array.isArray(geoloc) ? geoloc[0] : geoloc;
}

/** What a query matched, in whichever form was cheapest to produce. */
interface Matches {
  count: number;
  /** Every live document: facet counts are the index's running totals. */
  all: boolean;
  /** The matching slots, when produced by the text or geographic path (in no order). */
  slots?: Int32Array;
  /** The matching slots as a bitset, when produced by filters alone. */
  bits?: Bitset;
  /** Text relevance per entry of `slots`: lower is better (see textMatches). */
  textKeys?: Int32Array;
  /** Each entry's distance as its position among the distinct distances (same order). */
  distanceRanks?: Int32Array;
  distanceRankCount?: number;
  /** Set when `slots` is already in ranking order (after distinct). */
  ranked?: boolean;
  /** The query's `sortBy` key per entry of `slots` (same order), ahead of everything else. */
  sortKeys?: Int32Array;
  sortKeyCount?: number;
}

/** A query's `sortBy`, parsed: a sortable attribute (or the distance) and a direction. */
interface SortOrder {
  attribute: string;
  direction: 1 | -1;
}

const NO_MATCH = 0x7fffffff;

/** Bump when the layout of IndexState changes, so older snapshots are rebuilt, not misread. */
const INDEX_STATE_FORMAT = 3;

/** What `exportState` returns and `fromState` takes. */
export interface IndexState {
  format: number;
  settings: IndexSettings;
  objectIDs: string[];
  /** The documents as UTF-8 JSON chunks, decoded when first needed (see DocumentStore). */
  documents: Uint8Array[];
  lexicon: LexiconState;
  columns: FacetColumnState[];
  /** latitude, longitude of each distinct location, in pairs. */
  points: Float64Array;
  pointOf: Int32Array;
  order: Int32Array;
  sortValues: SortValuesState;
}

/**
 * How many matches large single-word results may hold in all, per live document, between
 * writes (5 bytes each): prefixes typed first, like "p", "pi", match much of the catalogue.
 */
const WORD_CACHE_MATCHES_PER_DOCUMENT = 8;

interface WordMatches {
  slots: Int32Array;
  codes: Uint8Array;
}

/** A filter tree without the always-true parts that empty filter lists leave in it. */
function simplify(predicate: Predicate): Predicate {
  if (predicate.kind === 'and' || predicate.kind === 'or') {
    const items = predicate.items.map(simplify).filter((item) => !isMatchAll(item));
    if (predicate.kind === 'or' && items.length < predicate.items.length) return MATCH_ALL;
    return items.length === 1 ? items[0]! : { kind: predicate.kind, items };
  }
  if (predicate.kind === 'not') return { kind: 'not', item: simplify(predicate.item) };
  return predicate;
}

/** Filters that scan a column slot by slot rather than read a value's ready postings. */
function isNumericComparison(predicate: Predicate): boolean {
  return (
    predicate.kind === 'numeric' || predicate.kind === 'range' || predicate.kind === 'geoReach'
  );
}

function isMatchAll(predicate: Predicate): boolean {
  return predicate.kind === 'and' && predicate.items.length === 0;
}

function numericTest(
  predicate: Predicate & { kind: 'numeric' | 'range' },
): (value: number) => boolean {
  if (predicate.kind === 'range') {
    const { low, high } = predicate;
    return (value) => value >= low && value <= high;
  }
  const target = predicate.value;
  switch (predicate.operator) {
    case '<':
      return (value) => value < target;
    case '<=':
      return (value) => value <= target;
    case '=':
      return (value) => value === target;
    case '!=':
      return (value) => value !== target;
    case '>=':
      return (value) => value >= target;
    case '>':
      return (value) => value > target;
  }
}

/** The position of the first entry of sorted `values` that is not below `value`. */
function lowerBound(values: Float64Array, value: number): number {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (values[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Compacts `slots` (and `textKeys` alongside) to the entries whose location is within `radius`;
 * `pointDistance` (NaN: not measured yet) caches `measure(point)`. Returns how many are kept.
 */
function keepWithinRadius(
  slots: Int32Array,
  textKeys: Int32Array | undefined,
  pointOf: Int32Array,
  pointDistance: Float64Array,
  measure: (point: number) => number,
  radius: number,
): number {
  let kept = 0;
  for (let i = 0; i < slots.length; i++) {
    const slot = slots[i]!;
    const point = pointOf[slot]!;
    if (point < 0) continue;
    let distance = pointDistance[point]!;
    if (distance !== distance) {
      distance = measure(point);
      pointDistance[point] = distance;
    }
    if (distance > radius) continue;
    slots[kept] = slot;
    if (textKeys) textKeys[kept] = textKeys[i]!;
    kept++;
  }
  return kept;
}

/**
 * Each measured point's distance as its position among the distinct distances measured (equal
 * distances, equal positions), in `ranks`; `count` is how many distinct distances there are.
 */
function rankDistances(
  pointDistance: Float64Array,
  measured: Float64Array,
  ranks: Int32Array,
): { ranks: Int32Array; count: number } {
  let measuredCount = 0;
  for (let point = 0; point < pointDistance.length; point++) {
    const distance = pointDistance[point]!;
    if (distance === distance) measured[measuredCount++] = distance;
  }
  sortNumbers(measured.subarray(0, measuredCount));
  let count = 0;
  for (let i = 0; i < measuredCount; i++) {
    if (i === 0 || measured[i] !== measured[i - 1]) measured[count++] = measured[i]!;
  }
  const distinct = measured.subarray(0, count);
  for (let point = 0; point < pointDistance.length; point++) {
    const distance = pointDistance[point]!;
    if (distance === distance) ranks[point] = lowerBound(distinct, distance);
  }
  return { ranks, count };
}

/** Adds `step` to the count of each value of each slot in `slots`. */
function tally(column: FacetColumn, slots: Int32Array, counts: Int32Array, step: 1 | -1): void {
  const first = column.first;
  for (let i = 0; i < slots.length; i++) {
    const id = first[slots[i]!]!;
    if (id >= 0) counts[id]! += step;
  }
  if (!column.hasArrays) return;
  for (let i = 0; i < slots.length; i++) {
    const more = column.extra.get(slots[i]!);
    if (more) for (const id of more) counts[id]! += step;
  }
}

/**
 * Counts the values of `slots` into `counts` (all zero before), listing in `seen` each value
 * counted, so that reading and clearing the counts costs the values seen, not all values.
 */
function tallySeen(
  column: FacetColumn,
  slots: Int32Array,
  counts: Int32Array,
  seen: IntList,
): void {
  const first = column.first;
  for (let i = 0; i < slots.length; i++) {
    const id = first[slots[i]!]!;
    if (id >= 0 && counts[id]!++ === 0) seen.push(id);
  }
  if (!column.hasArrays) return;
  for (let i = 0; i < slots.length; i++) {
    const more = column.extra.get(slots[i]!);
    if (more) for (const id of more) if (counts[id]!++ === 0) seen.push(id);
  }
}

/** min, max, sum and average of the single numbers of `slots` (facets_stats). */
function numericStats(
  column: FacetColumn,
  slots: Int32Array,
): { min: number; max: number; sum: number; avg: number } | undefined {
  let min = Infinity;
  let max = -Infinity;
  let sum = 0;
  let count = 0;
  const numbers = column.numbers;
  for (let i = 0; i < slots.length; i++) {
    const value = numbers[slots[i]!]!;
    // NaN marks a slot without a single number.
    if (value !== value) continue;
    if (value < min) min = value;
    if (value > max) max = value;
    sum += value;
    count++;
  }
  return count === 0 ? undefined : { min, max, sum, avg: sum / count };
}

/**
 * An in-memory index: full-text (every word must match, the last one as a prefix, one typo
 * forgiven in words of five letters or more), facets with counts, Algolia-style filters, a
 * geographic radius, custom ranking and pages.
 *
 * Documents live in slots; everything a query touches is stored by slot in typed arrays: the
 * postings of each term, the interned values of each facet, the location of each document and
 * its place in the custom ranking. A query is then loops over integers: postings intersected,
 * filters as bitsets, facet counts as increments (or decrements from the running totals when
 * most documents match), and only the requested page selected and sorted.
 */
export class SearchIndex {
  private documents = new DocumentStore();
  private slotOf = new Map<string, number>();
  private alive: Bitset = new Uint32Array(0);
  private liveCount = 0;
  private lexicon = new Lexicon();
  private columns = new Map<string, FacetColumn>();
  private pointOf: Int32Array = new Int32Array(0);
  private points: LatLng[] = [];
  /** cos(latitude) of each point, so a query measures each with one cosine fewer. */
  private pointCosines: number[] = [];
  private pointIdOf = new Map<string, number>();
  /** Live slots in custom-ranking order (with removed ones until the next merge). */
  private order: Int32Array = new Int32Array(0);
  private rankOf: Int32Array = new Int32Array(0);
  /** Slots added since `order` was last merged. */
  private unordered: number[] = [];
  /** Per-slot best word match while a query runs; always reset to NO_MATCH afterwards. */
  private wordBest: Int32Array = new Int32Array(0);
  /** Results of words that match many documents; emptied by every write. */
  private readonly wordCache = new Map<string, WordMatches>();
  private wordCacheMatches = 0;
  private readonly scratch = new Scratch();
  /** facets_stats over every live document, per facet; emptied by every write. */
  private readonly allStatsCache = new Map<string, ReturnType<typeof numericStats>>();
  private sortValues: SortValues;
  private readonly ranking: RankingRule[];
  /** The running query's aroundLatLng, for `geoReach` filters. */
  private queryOrigin: LatLng | undefined;
  /** Each point's distance from `queryOrigin` (NaN: not measured yet), for `geoReach` filters. */
  private reachDistances: Float64Array | undefined;
  private readonly isLive = (slot: number): boolean => hasBit(this.alive, slot);

  constructor(readonly settings: IndexSettings) {
    this.ranking = parseCustomRanking(settings.customRanking);
    this.sortValues = new SortValues(settings.sortableAttributes ?? []);
    // Match codes and attribute ranks are stored in bytes.
    if (settings.searchableAttributes.length > 60) {
      throw new Error('An index can have at most 60 searchable attributes');
    }
    this.reset();
  }

  private reset(): void {
    this.documents = new DocumentStore();
    this.slotOf = new Map();
    this.alive = new Uint32Array(0);
    this.liveCount = 0;
    this.lexicon = new Lexicon();
    this.columns = new Map(
      this.settings.attributesForFaceting.map((attribute) => [
        attribute,
        new FacetColumn(attribute),
      ]),
    );
    this.pointOf = new Int32Array(0);
    this.points = [];
    this.pointCosines = [];
    this.pointIdOf = new Map();
    this.order = new Int32Array(0);
    this.rankOf = new Int32Array(0);
    this.unordered = [];
    this.wordBest = new Int32Array(0);
    this.wordCache.clear();
    this.wordCacheMatches = 0;
    this.allStatsCache.clear();
    this.sortValues = new SortValues(this.settings.sortableAttributes ?? []);
  }

  get size(): number {
    return this.liveCount;
  }

  /**
   * Everything the index holds, as plain data and typed arrays (for `node:v8` serialization), so
   * a restart can load it instead of indexing every document again. Removed documents are left
   * out and the rest renumbered, in order.
   */
  exportState(): IndexState {
    this.updateOrder();
    const renumber = new Int32Array(this.documents.length).fill(-1);
    const documents: SearchDocument[] = [];
    for (const [slot, document] of this.documents.entries()) {
      renumber[slot] = documents.length;
      documents.push(document);
    }
    const pointOf = new Int32Array(documents.length);
    for (let slot = 0; slot < renumber.length; slot++) {
      if (renumber[slot]! >= 0) pointOf[renumber[slot]!] = this.pointOf[slot]!;
    }
    const points = new Float64Array(this.points.length * 2);
    this.points.forEach((point, id) => {
      points[2 * id] = point.lat;
      points[2 * id + 1] = point.lng;
    });
    return {
      format: INDEX_STATE_FORMAT,
      settings: this.settings,
      objectIDs: documents.map((document) => document.objectID),
      documents: DocumentStore.pack(documents),
      lexicon: this.lexicon.exportState(renumber),
      columns: [...this.columns.values()].map((column) =>
        column.exportState(renumber, documents.length),
      ),
      points,
      pointOf,
      order: this.order.map((slot) => renumber[slot]!).filter((slot) => slot >= 0),
      sortValues: this.sortValues.exportState(renumber, documents.length),
    };
  }

  /**
   * Decodes documents a restored index still holds packed, one chunk per call; false when all
   * are decoded. Searches work before that (they decode what their hits need); a server calls
   * this between requests so that later writes do not pay for it.
   */
  decodeDocuments(): boolean {
    return this.documents.decodeNext();
  }

  /** An index from `exportState`'s output; undefined if it was made with other settings. */
  static fromState(settings: IndexSettings, state: IndexState): SearchIndex | undefined {
    if (
      state.format !== INDEX_STATE_FORMAT ||
      JSON.stringify(state.settings) !== JSON.stringify(settings)
    ) {
      return undefined;
    }
    const index = new SearchIndex(settings);
    const count = state.objectIDs.length;
    index.documents = DocumentStore.unpack(count, state.documents);
    state.objectIDs.forEach((objectID, slot) => index.slotOf.set(objectID, slot));
    index.alive = new Uint32Array(wordsFor(count)).fill(0xffffffff);
    // Bits past the last document stay clear.
    if (count % 32 !== 0) index.alive[index.alive.length - 1] = (1 << (count % 32)) - 1;
    index.liveCount = count;
    index.lexicon = Lexicon.fromState(state.lexicon);
    index.columns = new Map(
      state.columns.map((column) => [column.attribute, FacetColumn.fromState(column)]),
    );
    for (let id = 0; id < state.points.length / 2; id++) {
      index.internPoint({ lat: state.points[2 * id]!, lng: state.points[2 * id + 1]! });
    }
    index.pointOf = state.pointOf;
    index.order = state.order;
    index.sortValues = SortValues.fromState(settings.sortableAttributes ?? [], state.sortValues);
    index.rankOf = new Int32Array(count);
    for (let rank = 0; rank < count; rank++) index.rankOf[state.order[rank]!] = rank;
    return index;
  }

  /** Every document in the index, in the order they were added. */
  allDocuments(): SearchDocument[] {
    return this.documents.entries().map(([, document]) => document);
  }

  get(objectID: string): SearchDocument | undefined {
    const slot = this.slotOf.get(objectID);
    return slot === undefined ? undefined : this.documents.get(slot);
  }

  /** Adds a document, or replaces the one with the same objectID. */
  upsert(document: SearchDocument): void {
    this.remove(document.objectID);
    this.wordCache.clear();
    this.wordCacheMatches = 0;
    this.allStatsCache.clear();
    const slot = this.documents.push(document);
    this.slotOf.set(document.objectID, slot);
    this.alive = ensureCapacity(this.alive, wordsFor(slot + 1));
    setBit(this.alive, slot);
    this.liveCount++;
    for (const [term, rank] of this.termsOf(document)) this.lexicon.add(term, slot, rank);
    for (const column of this.columns.values()) column.add(slot, document[column.attribute]);
    this.sortValues.add(slot, document);
    this.pointOf = ensureCapacity(this.pointOf, slot + 1, -1);
    const point = geolocOf(document);
    if (point && Number.isFinite(point.lat) && Number.isFinite(point.lng)) {
      this.pointOf[slot] = this.internPoint(point);
    }
    this.unordered.push(slot);
  }

  remove(objectID: string): boolean {
    const slot = this.slotOf.get(objectID);
    if (slot === undefined) return false;
    const document = this.documents.get(slot)!;
    this.wordCache.clear();
    this.wordCacheMatches = 0;
    this.allStatsCache.clear();
    for (const term of this.termsOf(document).keys()) this.lexicon.release(term);
    for (const column of this.columns.values()) column.remove(slot);
    this.sortValues.remove(slot);
    this.pointOf[slot] = -1;
    clearBit(this.alive, slot);
    this.liveCount--;
    this.documents.clear(slot);
    this.slotOf.delete(objectID);
    return true;
  }

  /** Removes every document the predicate selects; returns how many. */
  removeWhere(predicate: (document: SearchDocument) => boolean): number {
    const doomed = this.allDocuments().filter(predicate);
    for (const document of doomed) this.remove(document.objectID);
    return doomed.length;
  }

  search(params: SearchParams): SearchResult {
    const started = performance.now();
    const query = params.query ?? '';
    const hitsPerPage = this.hitsPerPage(params.hitsPerPage);
    const page = params.page ?? 0;
    if (!Number.isInteger(page) || page < 0) {
      throw new SearchInputError('page must be a whole number, 0 or more');
    }
    const sort = this.parseSort(params);
    this.prepare();

    let matches = this.match(query, params);
    if (sort) this.applySort(matches, sort);
    const distinctAttribute = this.settings.attributeForDistinct;
    // objectIDs are unique, so distinct on them keeps every hit.
    if (params.distinct && distinctAttribute && distinctAttribute !== 'objectID') {
      matches = this.distinct(matches, distinctAttribute);
    }
    const facets = this.countFacets(matches, params);
    const hits = this.highlight(
      this.topSlots(matches, (page + 1) * hitsPerPage)
        .slice(page * hitsPerPage)
        .map((slot) => this.documents.get(slot)!),
      query,
      params,
    );
    return {
      hits,
      nbHits: matches.count,
      page,
      // hitsPerPage 0 asks for counts and facets only, as instantsearch does for refinements.
      nbPages: hitsPerPage === 0 ? 0 : Math.ceil(matches.count / hitsPerPage),
      hitsPerPage,
      ...facets,
      exhaustiveNbHits: true,
      exhaustiveFacetsCount: true,
      query,
      processingTimeMS: Math.round(performance.now() - started),
    };
  }

  /** The query's `sortBy`, checked against the sortable attributes. */
  private parseSort(params: SearchParams): SortOrder | undefined {
    if (params.sortBy === undefined) return undefined;
    const match = /^(asc|desc)\((.+)\)$/.exec(params.sortBy);
    const attribute = match?.[2];
    if (!match || !attribute || !(attribute === GEO_DISTANCE || this.sortValues.has(attribute))) {
      throw new SearchInputError(
        `sortBy must be asc(attribute) or desc(attribute) of a sortable attribute or ${GEO_DISTANCE}`,
      );
    }
    if (attribute === GEO_DISTANCE && !params.aroundLatLng) {
      throw new SearchInputError(`Sorting by ${GEO_DISTANCE} needs aroundLatLng`);
    }
    return { attribute, direction: match[1] === 'asc' ? 1 : -1 };
  }

  /**
   * Gives each match its sort key: the distance's rank, or the position of its value among the
   * distinct values the matches hold (reversed for desc); matches without a value come last.
   */
  private applySort(matches: Matches, sort: SortOrder): void {
    const slots = this.slotsOfMatches(matches);
    if (sort.attribute === GEO_DISTANCE) {
      const ranks = matches.distanceRanks!;
      const count = matches.distanceRankCount ?? 1;
      if (sort.direction === -1)
        for (let i = 0; i < ranks.length; i++) ranks[i] = count - 1 - ranks[i]!;
      // The distance now leads the order, so it is not counted a second time after relevance.
      matches.sortKeys = ranks;
      matches.sortKeyCount = count;
      matches.distanceRanks = undefined;
      matches.distanceRankCount = undefined;
      return;
    }
    const { keys, count } = rankSortValues(
      this.sortValues.of(sort.attribute),
      slots,
      sort.direction,
      this.scratch,
    );
    matches.sortKeys = keys;
    matches.sortKeyCount = count;
  }

  /** Values of one facet that start with (any word of) `facetQuery`, counted over the matches. */
  searchFacetValues(
    facetName: string,
    facetQuery: string,
    params: SearchParams,
    maxFacetHits = 10,
    tags: HighlightTags = DEFAULT_TAGS,
  ): FacetSearchResult {
    const started = performance.now();
    this.assertFacet(facetName);
    this.prepare();
    const column = this.columns.get(facetName)!;
    const wanted = foldForMatch(facetQuery.trim());
    const wantedValues = new Uint8Array(column.values.length);
    column.values.forEach((value, id) => {
      const folded = column.foldedValue(id);
      const found = !wanted || folded.startsWith(wanted) || folded.includes(` ${wanted}`);
      wantedValues[id] = found && value !== '' ? 1 : 0;
    });
    const matches = this.match(params.query ?? '', params);
    const counts = this.scratch.int32('facet-counts', column.values.length).fill(0);
    const seen = new IntList(64);
    tallySeen(column, this.slotsOfMatches(matches), counts, seen);
    seen.retain((id) => wantedValues[id] === 1);
    const byLabel = params.sortFacetValuesBy === 'alpha';
    const facetHits = this.topValues(column, counts, maxFacetHits, byLabel, seen.view()).map(
      ([value, count]) => ({ value, count, highlighted: highlightPrefix(value, wanted, tags) }),
    );
    return {
      facetHits,
      exhaustiveFacetsCount: true,
      processingTimeMS: Math.round(performance.now() - started),
    };
  }

  /**
   * Adds Algolia's `_highlightResult` to the hits for the attributes asked for. Only searchable
   * attributes can be highlighted: the query never matched anything else.
   */
  private highlight(hits: SearchDocument[], query: string, params: SearchParams): SearchDocument[] {
    const searchable = this.settings.searchableAttributes;
    const asked = params.attributesToHighlight ?? [];
    const attributes = asked.includes('*')
      ? searchable
      : searchable.filter((attribute) => asked.includes(attribute));
    if (attributes.length === 0) return hits;
    const highlightQuery = { words: tokenize(query), lastIsPrefix: !/\s$/.test(query) };
    const tags = {
      pre: params.highlightPreTag ?? DEFAULT_TAGS.pre,
      post: params.highlightPostTag ?? DEFAULT_TAGS.post,
    };
    return hits.map((hit) => {
      const highlighted: Record<string, HighlightedAttribute> = {};
      for (const attribute of attributes) {
        const result = highlightAttribute(hit[attribute], highlightQuery, tags);
        if (result) highlighted[attribute] = result;
      }
      return { ...hit, _highlightResult: highlighted };
    });
  }

  private hitsPerPage(requested: number | undefined): number {
    if (requested === undefined) return DEFAULT_HITS_PER_PAGE;
    if (!Number.isInteger(requested) || requested < 0 || requested > MAX_HITS_PER_PAGE) {
      throw new SearchInputError(
        `hitsPerPage must be a whole number from 0 to ${MAX_HITS_PER_PAGE}`,
      );
    }
    return requested;
  }

  private assertFacet(attribute: string): void {
    if (!this.settings.attributesForFaceting.includes(attribute)) {
      throw new SearchInputError(`"${attribute}" is not a facet of this index`);
    }
  }

  /** Each searchable term of a document, with the best (lowest) attribute rank it appears in. */
  private termsOf(document: SearchDocument): Map<string, number> {
    const terms = new Map<string, number>();
    this.settings.searchableAttributes.forEach((attribute, rank) => {
      const value = document[attribute];
      const texts = Array.isArray(value) ? value : [value];
      for (const text of texts) {
        if (text === undefined || text === null) continue;
        for (const token of tokenize(String(text))) {
          if (!terms.has(token)) terms.set(token, rank);
        }
      }
    });
    return terms;
  }

  private internPoint(point: LatLng): number {
    const key = `${point.lat},${point.lng}`;
    let id = this.pointIdOf.get(key);
    if (id === undefined) {
      id = this.points.length;
      this.points.push({ lat: point.lat, lng: point.lng });
      this.pointCosines.push(latitudeCosine(point.lat));
      this.pointIdOf.set(key, id);
    }
    return id;
  }

  /** Work deferred from writes: compaction after many replacements, and the ranking order. */
  private prepare(): void {
    // Replaced documents leave their old slots behind; rebuild once they outnumber the live ones.
    if (this.documents.length > 2 * this.liveCount + 10_000) {
      const documents = this.allDocuments();
      this.reset();
      for (const document of documents) this.upsert(document);
    }
    this.updateOrder();
    if (this.wordBest.length < this.documents.length) {
      this.wordBest = new Int32Array(Math.max(this.documents.length * 2, 64)).fill(NO_MATCH);
    }
  }

  private compareSlots = (a: number, b: number): number => {
    const left = this.documents.get(a)!;
    const right = this.documents.get(b)!;
    for (const rule of this.ranking) {
      const order = compareValues(left[rule.attribute], right[rule.attribute], rule.direction);
      if (order !== 0) return order;
    }
    return a - b;
  };

  /** Merges documents added since the last search into the custom-ranking order. */
  private updateOrder(): void {
    const fresh = this.unordered.filter(this.isLive);
    const hasRemoved = this.order.length > this.liveCount - fresh.length;
    if (fresh.length === 0 && !hasRemoved) {
      this.unordered = [];
      return;
    }
    let order: Int32Array;
    if (fresh.length * 4 > this.liveCount) {
      const slots: number[] = [];
      for (let slot = 0; slot < this.documents.length; slot++)
        if (this.isLive(slot)) slots.push(slot);
      order = Int32Array.from(slots.sort(this.compareSlots));
    } else {
      fresh.sort(this.compareSlots);
      order = new Int32Array(this.liveCount);
      let i = 0;
      let j = 0;
      let k = 0;
      while (i < this.order.length || j < fresh.length) {
        if (i < this.order.length && !this.isLive(this.order[i]!)) {
          i++;
          continue;
        }
        if (
          j >= fresh.length ||
          (i < this.order.length && this.compareSlots(this.order[i]!, fresh[j]!) < 0)
        ) {
          order[k++] = this.order[i++]!;
        } else {
          order[k++] = fresh[j++]!;
        }
      }
    }
    this.order = order;
    this.rankOf = new Int32Array(this.documents.length);
    for (let rank = 0; rank < order.length; rank++) this.rankOf[order[rank]!] = rank;
    this.unordered = [];
  }

  /** Every document that matches the query, filters and radius (unranked). */
  private match(query: string, params: SearchParams): Matches {
    const predicate = simplify({
      kind: 'and',
      items: [
        params.filters ? parseFilters(params.filters) : MATCH_ALL,
        parseFacetFilters(params.facetFilters),
        parseNumericFilters(params.numericFilters),
      ],
    });
    // Only declared facets can be filtered on, so filters cannot probe other (private) attributes.
    for (const attribute of attributesOf(predicate)) this.assertFacet(attribute);
    const origin = params.aroundLatLng ? parseLatLng(params.aroundLatLng) : undefined;
    this.queryOrigin = origin;
    this.reachDistances = undefined;
    const radius =
      params.aroundRadius === undefined || params.aroundRadius === 'all'
        ? Infinity
        : params.aroundRadius;
    if (typeof radius === 'number' && !(radius > 0)) {
      throw new SearchInputError('aroundRadius must be a positive number of metres or "all"');
    }

    const words = tokenize(query);
    let slots: Int32Array;
    let textKeys: Int32Array | undefined;
    if (words.length === 0) {
      const bits = isMatchAll(predicate) ? undefined : this.bitsFor(predicate);
      if (!origin) {
        return bits
          ? { count: countBits(bits), all: false, bits }
          : { count: this.liveCount, all: true, bits: this.alive };
      }
      const universe = bits ?? this.alive;
      const count = bits ? countBits(bits) : this.liveCount;
      slots = slotsOf(universe, count, this.scratch.int32('slots', count));
    } else {
      ({ slots, textKeys } = this.textMatches(words, !/\s$/.test(query)));
      if (!isMatchAll(predicate)) {
        let keep: (slot: number) => boolean;
        // Many candidates: filter with bitsets; few: test each candidate's columns.
        if (slots.length * 8 > this.documents.length) {
          const bits = this.bitsFor(predicate);
          keep = (slot) => hasBit(bits, slot);
        } else {
          keep = this.compileTest(predicate);
        }
        let kept = 0;
        for (let i = 0; i < slots.length; i++) {
          const slot = slots[i]!;
          if (!keep(slot)) continue;
          slots[kept] = slot;
          textKeys[kept] = textKeys[i]!;
          kept++;
        }
        slots = slots.subarray(0, kept);
        textKeys = textKeys.subarray(0, kept);
      }
    }
    if (!origin) return { count: slots.length, all: false, slots, textKeys };

    return this.withinRadius(slots, textKeys, origin, radius);
  }

  /**
   * Keeps the candidates with a location within `radius` of `origin`, and ranks their distances
   * among the distinct ones, so that a page can be chosen by integer keys. Documents of one
   * producer share a location: each distinct point is measured once.
   */
  private withinRadius(
    slots: Int32Array,
    textKeys: Int32Array | undefined,
    origin: LatLng,
    radius: number,
  ): Matches {
    const pointDistance = this.scratch.float64('point-distance', this.points.length).fill(NaN);
    const originCosine = latitudeCosine(origin.lat);
    const kept = keepWithinRadius(
      slots,
      textKeys,
      this.pointOf,
      pointDistance,
      (point) =>
        distanceMetersFrom(origin, this.points[point]!, originCosine, this.pointCosines[point]!),
      radius,
    );
    const { ranks: pointRank, count: distinctCount } = rankDistances(
      pointDistance,
      this.scratch.float64('measured', this.points.length),
      this.scratch.int32('point-rank', this.points.length),
    );
    const distanceRanks = this.scratch.int32('distance-ranks', kept);
    const pointOf = this.pointOf;
    for (let i = 0; i < kept; i++) distanceRanks[i] = pointRank[pointOf[slots[i]!]!]!;
    return {
      count: kept,
      all: false,
      slots: slots.subarray(0, kept),
      textKeys: textKeys?.subarray(0, kept),
      distanceRanks,
      distanceRankCount: distinctCount,
    };
  }

  /**
   * Documents containing every query word (the last as a prefix), with a relevance key, lower
   * first: fewer typos, then more exact words, then matches in earlier attributes. Each word adds
   * typo * T + (not exact) * E + attribute rank, with E and T large enough that the sums compare
   * in that order.
   */
  private textMatches(
    words: string[],
    lastIsPrefix: boolean,
  ): { slots: Int32Array; textKeys: Int32Array } {
    const attributeCount = this.settings.searchableAttributes.length;
    const notExact = words.length * attributeCount + 1;
    const typo = (words.length + 1) * notExact;
    // A word's match code (typo, not exact, rank) as this query's key contribution.
    const weight = new Int32Array(4 * attributeCount);
    for (let code = 0; code < weight.length; code++) {
      const kind = Math.floor(code / attributeCount);
      weight[code] = (kind >> 1) * typo + (kind & 1) * notExact + (code % attributeCount);
    }
    // The rarest word first: every later word only narrows its candidates.
    const perWord = words
      .map((word, index) => this.wordMatches(word, lastIsPrefix && index === words.length - 1))
      .sort((a, b) => a.slots.length - b.slots.length);

    const first = perWord[0]!;
    let slots = this.scratch.int32('slots', first.slots.length);
    slots.set(first.slots);
    let textKeys = this.scratch.int32('text-keys', slots.length);
    for (let i = 0; i < slots.length; i++) textKeys[i] = weight[first.codes[i]!]!;
    const best = this.wordBest;
    for (const next of perWord.slice(1)) {
      if (slots.length === 0) break;
      for (let i = 0; i < next.slots.length; i++) best[next.slots[i]!] = next.codes[i]!;
      let kept = 0;
      for (let i = 0; i < slots.length; i++) {
        const slot = slots[i]!;
        const code = best[slot]!;
        if (code === NO_MATCH) continue;
        slots[kept] = slot;
        textKeys[kept] = textKeys[i]! + weight[code]!;
        kept++;
      }
      slots = slots.subarray(0, kept);
      textKeys = textKeys.subarray(0, kept);
      for (let i = 0; i < next.slots.length; i++) best[next.slots[i]!] = NO_MATCH;
    }
    return { slots, textKeys };
  }

  /**
   * The documents one query word matches, each with the code of its best match:
   * (typo * 2 + not exact) * attributes + attribute rank, so a lower code is a better match.
   * Short prefixes match much of the catalogue and are typed first, so large results are kept
   * until the next write.
   */
  private wordMatches(word: string, prefix: boolean): WordMatches {
    const cacheKey = `${prefix ? '^' : '='}${word}`;
    const cached = this.wordCache.get(cacheKey);
    if (cached) return cached;
    const attributeCount = this.settings.searchableAttributes.length;
    const alternatives: { term: string; base: number }[] = [];
    for (const term of prefix ? this.lexicon.withPrefix(word) : [word]) {
      alternatives.push({ term, base: term === word ? 0 : attributeCount });
    }
    if (word.length >= MIN_WORD_LENGTH_FOR_TYPO) {
      for (const term of this.lexicon.oneTypoAway(word, prefix)) {
        alternatives.push({ term, base: 3 * attributeCount });
      }
    }
    const best = this.wordBest;
    const touched = new IntList(64);
    for (const { term, base } of alternatives) {
      const posting = this.lexicon.read(term, this.isLive);
      if (!posting) continue;
      const { slots, ranks, length } = posting;
      for (let i = 0; i < length; i++) {
        const slot = slots[i]!;
        const code = base + ranks[i]!;
        const previous = best[slot]!;
        if (code < previous) {
          if (previous === NO_MATCH) touched.push(slot);
          best[slot] = code;
        }
      }
    }
    const slots = touched.view().slice();
    const codes = new Uint8Array(slots.length);
    for (let i = 0; i < slots.length; i++) {
      codes[i] = best[slots[i]!]!;
      best[slots[i]!] = NO_MATCH;
    }
    const result = { slots, codes };
    if (slots.length * 32 > this.liveCount) {
      const budget = Math.max(WORD_CACHE_MATCHES_PER_DOCUMENT * this.liveCount, 100_000);
      this.wordCacheMatches += slots.length;
      // Oldest first out, until the new result fits.
      for (const [key, old] of this.wordCache) {
        if (this.wordCacheMatches <= budget) break;
        this.wordCache.delete(key);
        this.wordCacheMatches -= old.slots.length;
      }
      this.wordCache.set(cacheKey, result);
    }
    return result;
  }

  /**
   * The live slots a filter selects, as a bitset borrowed from the scratch arrays (one per depth
   * of the filter tree): valid until the next call at the same depth, i.e. for this query.
   */
  private bitsFor(predicate: Predicate, depth = 0): Bitset {
    const out = this.scratch.uint32(`bits-${depth}`, wordsFor(this.documents.length));
    this.fillBits(predicate, out, depth);
    return out;
  }

  private fillBits(predicate: Predicate, out: Bitset, depth: number): void {
    switch (predicate.kind) {
      case 'and': {
        // Numeric comparisons scan a whole column; facet values have ready postings. So the
        // others first, then each comparison tested only on what is left, when that is little.
        const scans = predicate.items.filter(isNumericComparison);
        const rest = predicate.items.filter((item) => !isNumericComparison(item));
        if (rest.length > 0) this.fillBits(rest[0]!, out, depth);
        else out.set(this.alive.subarray(0, out.length));
        for (const item of rest.slice(1)) andInto(out, this.bitsFor(item, depth + 1));
        for (const item of scans) {
          const left = countBits(out);
          if (left * 8 < this.documents.length) {
            const test = this.compileTest(item);
            const slots = slotsOf(out, left, this.scratch.int32('scan-slots', left));
            for (let i = 0; i < slots.length; i++) if (!test(slots[i]!)) clearBit(out, slots[i]!);
          } else {
            andInto(out, this.bitsFor(item, depth + 1));
          }
        }
        return;
      }
      case 'or': {
        out.fill(0);
        for (const item of predicate.items) orInto(out, this.bitsFor(item, depth + 1));
        return;
      }
      case 'not': {
        this.fillBits(predicate.item, out, depth);
        complementWithin(out, this.alive);
        return;
      }
      case 'facet': {
        const column = this.columns.get(predicate.attribute)!;
        const id = column.valueId(predicate.value);
        if (id === undefined) out.fill(0);
        else column.bitsInto(id, out, this.documents.length, this.isLive);
        return;
      }
      case 'geoReach': {
        const test = this.reachTest(predicate.attribute);
        out.fill(0);
        for (let slot = 0; slot < this.documents.length; slot++) if (test(slot)) setBit(out, slot);
        return;
      }
      case 'numeric':
      case 'range': {
        const column = this.columns.get(predicate.attribute)!;
        const test = numericTest(predicate);
        out.fill(0);
        const numbers = column.numbers;
        for (let slot = 0; slot < this.documents.length; slot++) {
          const value = numbers[slot]!;
          // NaN marks "no single number"; removed slots hold NaN too.
          if (value === value && test(value)) setBit(out, slot);
        }
        for (const [slot, values] of column.numbersInArrays) {
          if (values.some(test)) setBit(out, slot);
        }
        return;
      }
    }
  }

  /** The same filter as a test of one slot, for when only a few candidates need it. */
  private compileTest(predicate: Predicate): (slot: number) => boolean {
    switch (predicate.kind) {
      case 'and': {
        const tests = predicate.items.map((item) => this.compileTest(item));
        return (slot) => tests.every((test) => test(slot));
      }
      case 'or': {
        const tests = predicate.items.map((item) => this.compileTest(item));
        return (slot) => tests.some((test) => test(slot));
      }
      case 'not': {
        const test = this.compileTest(predicate.item);
        return (slot) => !test(slot);
      }
      case 'facet': {
        const column = this.columns.get(predicate.attribute)!;
        const id = column.valueId(predicate.value);
        if (id === undefined) return () => false;
        return (slot) => column.hasValue(slot, id);
      }
      case 'geoReach':
        return this.reachTest(predicate.attribute);
      case 'numeric':
      case 'range': {
        const column = this.columns.get(predicate.attribute)!;
        const test = numericTest(predicate);
        return (slot) => column.someNumber(slot, test);
      }
    }
  }

  /** `attribute >= _geoDistance` as a test of one slot (see geo-reach.ts). */
  private reachTest(attribute: string): (slot: number) => boolean {
    const origin = this.queryOrigin;
    if (!origin) throw new SearchInputError(`A filter on ${GEO_DISTANCE} needs aroundLatLng`);
    this.reachDistances ??= this.scratch.float64('reach-distance', this.points.length).fill(NaN);
    return reachTest({
      origin,
      reaches: this.columns.get(attribute)!.numbers,
      pointOf: this.pointOf,
      points: this.points,
      pointCosines: this.pointCosines,
      distances: this.reachDistances,
    });
  }

  /** The matching slots as a list (made once from the bitset when that is what the query had). */
  private slotsOfMatches(matches: Matches): Int32Array {
    matches.slots ??= slotsOf(
      matches.bits!,
      matches.count,
      this.scratch.int32('slots', matches.count),
    );
    return matches.slots;
  }

  /** The best `wanted` slots, in ranking order. */
  private topSlots(matches: Matches, wanted: number): number[] {
    if (wanted <= 0 || matches.count === 0) return [];
    if (matches.ranked) return Array.from(matches.slots!.subarray(0, wanted));
    const primary = this.primaryKeys(matches);
    if (primary === undefined) {
      // Ranking alone decides. Most documents match: walk the ranking order until the page is full.
      if (matches.bits && matches.count * 16 >= this.liveCount) {
        const found: number[] = [];
        for (let i = 0; i < this.order.length && found.length < wanted; i++) {
          const slot = this.order[i]!;
          if (hasBit(matches.bits, slot)) found.push(slot);
        }
        return found;
      }
      return this.bestByRank(this.slotsOfMatches(matches), wanted);
    }
    const slots = matches.slots!;
    // Relevance (and distance) come first: count entries per primary key, find the key where the
    // page ends, sort what comes before it and pick the rest of the page from that key's entries.
    const { keys, count: keyCount } = primary;
    const histogram = this.scratch.int32('histogram', keyCount).fill(0);
    for (let i = 0; i < keys.length; i++) histogram[keys[i]!]!++;
    let boundary = 0;
    let before = 0;
    while (boundary < keyCount - 1 && before + histogram[boundary]! < wanted) {
      before += histogram[boundary++]!;
    }
    const positions = this.order.length;
    const packed = this.scratch.float64('packed', before);
    const boundarySlots = this.scratch.int32('boundary', histogram[boundary]!);
    let packedCount = 0;
    let boundaryCount = 0;
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!;
      if (key < boundary) packed[packedCount++] = key * positions + this.rankOf[slots[i]!]!;
      else if (key === boundary) boundarySlots[boundaryCount++] = slots[i]!;
    }
    const result = Array.from(sortNumbers(packed), (key) => this.order[key % positions]!);
    const rest = this.bestByRank(boundarySlots, wanted - result.length);
    for (const slot of rest) result.push(slot);
    return result;
  }

  /**
   * What ranks the matches before the custom ranking, as small whole numbers: the text key, the
   * distance's rank, or both combined (undefined when neither applies). When the combined range
   * is much larger than the number of matches, the keys are replaced by their ranks among
   * themselves, which keeps the order and bounds the histogram.
   */
  private primaryKeys(matches: Matches): { keys: Int32Array; count: number } | undefined {
    const { textKeys, distanceRanks, sortKeys } = matches;
    const distanceCount = matches.distanceRankCount ?? 1;
    if (!textKeys && !distanceRanks && !sortKeys) return undefined;
    const length = (textKeys ?? distanceRanks ?? sortKeys)!.length;
    let highestTextKey = 0;
    if (textKeys) {
      for (let i = 0; i < length; i++) {
        if (textKeys[i]! > highestTextKey) highestTextKey = textKeys[i]!;
      }
    }
    const relevanceRange = (highestTextKey + 1) * distanceCount;
    const range = relevanceRange * (sortKeys ? (matches.sortKeyCount ?? 1) : 1);
    const combined = (i: number) =>
      (sortKeys ? sortKeys[i]! * relevanceRange : 0) +
      (textKeys ? textKeys[i]! * distanceCount : 0) +
      (distanceRanks ? distanceRanks[i]! : 0);
    if (range <= 4 * length + 1024) {
      if (!distanceRanks && !sortKeys) return { keys: textKeys!, count: range };
      const keys = this.scratch.int32('primary', length);
      for (let i = 0; i < length; i++) keys[i] = combined(i);
      return { keys, count: range };
    }
    const values = this.scratch.float64('primary-values', length);
    for (let i = 0; i < length; i++) values[i] = combined(i);
    const sorted = this.scratch.float64('primary-sorted', length);
    sorted.set(values);
    sortNumbers(sorted);
    let distinctCount = 0;
    for (let i = 0; i < length; i++) {
      if (i === 0 || sorted[i] !== sorted[i - 1]) sorted[distinctCount++] = sorted[i]!;
    }
    const distinctValues = sorted.subarray(0, distinctCount);
    const keys = this.scratch.int32('primary', length);
    for (let i = 0; i < length; i++) keys[i] = lowerBound(distinctValues, values[i]!);
    return { keys, count: distinctCount };
  }

  /** The `wanted` slots of `slots` that rank first in the custom ranking, in that order. */
  private bestByRank(slots: Int32Array, wanted: number): number[] {
    if (wanted <= 0 || slots.length === 0) return [];
    if (slots.length * 16 >= this.liveCount && wanted < slots.length) {
      // Dense: mark them and walk the ranking order until enough are found.
      const mark = this.wordBest;
      for (let i = 0; i < slots.length; i++) mark[slots[i]!] = 0;
      const found: number[] = [];
      for (let i = 0; i < this.order.length && found.length < wanted; i++) {
        const slot = this.order[i]!;
        if (mark[slot] === 0) found.push(slot);
      }
      for (let i = 0; i < slots.length; i++) mark[slots[i]!] = NO_MATCH;
      return found;
    }
    const ranks = this.scratch.float64('ranks', slots.length);
    for (let i = 0; i < slots.length; i++) ranks[i] = this.rankOf[slots[i]!]!;
    return Array.from(smallestKeys(ranks, wanted), (rank) => this.order[rank]!);
  }

  /** Keeps the best-ranked match of each value of `attribute` (and every match without one). */
  private distinct(matches: Matches, attribute: string): Matches {
    const slots = matches.slots ?? slotsOf(matches.bits!, matches.count);
    const ranked = this.topSlots({ ...matches, slots, bits: undefined }, slots.length);
    const seen = new Set<unknown>();
    const kept = ranked.filter((slot) => {
      const key = this.documents.get(slot)![attribute];
      if (key === undefined || key === null) return true;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    return { count: kept.length, all: false, slots: Int32Array.from(kept), ranked: true };
  }

  private countFacets(
    matches: Matches,
    params: SearchParams,
  ): Pick<SearchResult, 'facets' | 'facets_stats'> {
    const requested = (params.facets ?? []).flatMap((facet) =>
      facet === '*' ? this.settings.attributesForFaceting : [facet],
    );
    const facetNames = [...new Set(requested)].filter((facet) =>
      this.settings.attributesForFaceting.includes(facet),
    );
    const limit = params.maxValuesPerFacet ?? DEFAULT_MAX_VALUES_PER_FACET;
    const byLabel = params.sortFacetValuesBy === 'alpha';
    const facets: SearchResult['facets'] = {};
    const stats: NonNullable<SearchResult['facets_stats']> = {};
    // When most documents match, count the few that do not and subtract them from the totals.
    let misses: Int32Array | undefined;
    if (!matches.all && facetNames.length > 0 && matches.count * 2 > this.liveCount) {
      const bits = this.scratch.uint32('complement', this.alive.length).fill(0);
      if (matches.bits) bits.set(matches.bits);
      else for (const slot of matches.slots!) setBit(bits, slot);
      complementWithin(bits, this.alive);
      const missCount = this.liveCount - matches.count;
      misses = slotsOf(bits, missCount, this.scratch.int32('misses', missCount));
    }
    for (const facet of facetNames) {
      const column = this.columns.get(facet)!;
      if (matches.all) {
        facets[facet] = Object.fromEntries(this.topValues(column, column.counts, limit, byLabel));
      } else if (misses) {
        const counts = this.scratch.int32('facet-counts', column.values.length);
        counts.set(column.counts.subarray(0, column.values.length));
        tally(column, misses, counts, -1);
        facets[facet] = Object.fromEntries(this.topValues(column, counts, limit, byLabel));
      } else {
        // Few matches: count into zeros and read back only the values seen.
        const counts = this.scratch.int32('facet-counts', column.values.length).fill(0);
        const seen = new IntList(64);
        tallySeen(column, this.slotsOfMatches(matches), counts, seen);
        facets[facet] = Object.fromEntries(
          this.topValues(column, counts, limit, byLabel, seen.view()),
        );
      }
      if (column.numericDocuments > 0) {
        let numeric: ReturnType<typeof numericStats>;
        if (matches.all && this.allStatsCache.has(facet)) numeric = this.allStatsCache.get(facet);
        else numeric = numericStats(column, this.slotsOfMatches(matches));
        if (matches.all) this.allStatsCache.set(facet, numeric);
        if (numeric) stats[facet] = numeric;
      }
    }
    return Object.keys(stats).length > 0 ? { facets, facets_stats: stats } : { facets };
  }

  /**
   * The `limit` most frequent values with a count, ties in label order; or, `byLabel`, the first
   * `limit` values with a count in label order (see collation.ts).
   */
  private topValues(
    column: FacetColumn,
    counts: Int32Array,
    limit: number,
    byLabel: boolean,
    /** The only values that can have a count, when known. */
    candidates?: Int32Array,
  ): [string, number][] {
    const valueCount = column.values.length;
    if (valueCount === 0) return [];
    const rank = column.collationRank();
    const most = this.documents.length + 1;
    const keys = this.scratch.float64('value-keys', candidates?.length ?? valueCount);
    let keyCount = 0;
    const consider = (id: number) => {
      const count = counts[id]!;
      if (count > 0 && column.values[id] !== '') {
        keys[keyCount++] = (byLabel ? 0 : (most - count) * valueCount) + rank[id]!;
      }
    };
    if (candidates) for (let i = 0; i < candidates.length; i++) consider(candidates[i]!);
    else for (let id = 0; id < valueCount; id++) consider(id);
    const top = smallestKeys(keys.subarray(0, keyCount), limit);
    if (byLabel) {
      return Array.from(top, (position) => {
        const id = column.valueAtRank(position);
        return [column.values[id]!, counts[id]!];
      });
    }
    return Array.from(top, (key) => {
      const position = key % valueCount;
      return [column.values[column.valueAtRank(position)]!, most - (key - position) / valueCount];
    });
  }
}
