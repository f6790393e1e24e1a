import { countBits, hasBit, slotsOf, type Bitset } from './bitset';
import { FilterEvaluator, isMatchAll, simplify } from './column-filters';
import type { DocumentSlots } from './document-slots';
import type { Facets } from './facets';
import {
  attributesOf,
  MATCH_ALL,
  parseFacetFilters,
  parseFilters,
  parseNumericFilters,
} from './filters';
import { parseLatLng, type GeoPoints } from './geo-points';
import { DEFAULT_TAGS, highlightHits, type HighlightTags } from './highlight';
import {
  emptyParts,
  exportIndexState,
  restoreIndexParts,
  type IndexParts,
  type IndexState,
} from './index-parts';
import { applySort, distinct, parseSort, topSlots, type PageSources } from './page-selection';
import { NO_MATCH, type Matches, type SlotMarks } from './query-matches';
import { parseCustomRanking, type RankingOrder, type RankingRule } from './ranking-order';
import { Scratch } from './scratch';
import type { SortValues } from './sort-values';
import type { TextMatcher } from './text-matcher';
import { tokenize } from './tokenize';
import {
  SearchInputError,
  type FacetSearchResult,
  type IndexSettings,
  type SearchDocument,
  type SearchParams,
  type SearchResult,
} from './types';

export type { IndexState } from './index-parts';

/**
 * What decides a query's match set, as text: the same key gives the same set until the next
 * write. A radius of "all" keeps every located document wherever the origin is.
 */
function matchKey(params: SearchParams): string {
  const query = params.query ?? '';
  const radius = params.aroundRadius ?? 'all';
  const geo = params.aroundLatLng
    ? radius === 'all'
      ? 'located'
      : [params.aroundLatLng, radius]
    : '';
  return JSON.stringify([
    tokenize(query),
    /\s$/.test(query),
    params.filters ?? '',
    params.facetFilters ?? '',
    params.numericFilters ?? '',
    geo,
  ]);
}

/**
 * Compacts `slots` (and `textKeys` alongside) to those in `filter`, a bitset or a test of one
 * slot; returns how many are kept. A bitset is read inline, without a call per slot.
 */
function keepWhere(
  slots: Int32Array,
  textKeys: Int32Array,
  filter: Bitset | ((slot: number) => boolean),
): number {
  let kept = 0;
  for (let i = 0; i < slots.length; i++) {
    const slot = slots[i]!;
    const keep = typeof filter === 'function' ? filter(slot) : hasBit(filter, slot);
    if (!keep) continue;
    slots[kept] = slot;
    textKeys[kept] = textKeys[i]!;
    kept++;
  }
  return kept;
}

const DEFAULT_HITS_PER_PAGE = 20;
const MAX_HITS_PER_PAGE = 1000;

/**
 * An in-memory index: full-text (every word must match, the last one as a prefix, one typo
 * forgiven in words of five letters or more), facets with counts, Algolia-style filters, a
 * geographic radius, custom ranking and pages.
 *
 * Documents live in slots; everything a query touches is stored by slot in typed arrays: the
 * postings of each term (TextMatcher), the interned values of each facet (Facets), the location
 * of each document (GeoPoints) and its place in the custom ranking (RankingOrder). A query is
 * then loops over integers: postings intersected, filters as bitsets (FilterEvaluator), facet
 * counts as increments (or decrements from the running totals when most documents match), and
 * only the requested page selected and sorted (page-selection.ts).
 */
export class SearchIndex {
  private slots!: DocumentSlots;
  private text!: TextMatcher;
  private facets!: Facets;
  private geo!: GeoPoints;
  private ranking!: RankingOrder;
  private sortValues!: SortValues;
  /** Per-slot marks for matching words and picking pages (see SlotMarks). */
  private marks: SlotMarks = new Int32Array(0);
  private readonly scratch = new Scratch();
  private readonly rankingRules: RankingRule[];

  constructor(readonly settings: IndexSettings) {
    this.rankingRules = parseCustomRanking(settings.customRanking);
    // Match codes and attribute ranks are stored in bytes.
    if (settings.searchableAttributes.length > 60) {
      throw new Error('An index can have at most 60 searchable attributes');
    }
    this.use(emptyParts(settings, this.rankingRules, this.scratch));
  }

  private use(parts: IndexParts): void {
    ({
      slots: this.slots,
      text: this.text,
      facets: this.facets,
      geo: this.geo,
      ranking: this.ranking,
      sortValues: this.sortValues,
    } = parts);
    this.marks = new Int32Array(0);
  }

  get size(): number {
    return this.slots.liveCount;
  }

  /**
   * Everything the index holds, as plain data and typed arrays (for `node:v8` serialization), so
   * a restart can load it instead of indexing every document again. Removed documents are left
   * out and the rest renumbered, in order.
   */
  exportState(): IndexState {
    this.ranking.update();
    return exportIndexState(this.settings, {
      slots: this.slots,
      text: this.text,
      facets: this.facets,
      geo: this.geo,
      ranking: this.ranking,
      sortValues: this.sortValues,
    });
  }

  /**
   * Decodes documents a restored index still holds packed, one chunk per call; false when all
   * are decoded. Searches work before that (they decode what their hits need); a server calls
   * this between requests so that later writes do not pay for it.
   */
  decodeDocuments(): boolean {
    return this.slots.decodeNext();
  }

  /** An index from `exportState`'s output; undefined if it was made with other settings. */
  static fromState(settings: IndexSettings, state: IndexState): SearchIndex | undefined {
    const index = new SearchIndex(settings);
    const parts = restoreIndexParts(settings, state, index.rankingRules, index.scratch);
    if (!parts) return undefined;
    index.use(parts);
    return index;
  }

  /** Every document in the index, in the order they were added. */
  allDocuments(): SearchDocument[] {
    return this.slots.entries().map(([, document]) => document);
  }

  get(objectID: string): SearchDocument | undefined {
    const slot = this.slots.slotOfID(objectID);
    return slot === undefined ? undefined : this.slots.document(slot);
  }

  /** Adds a document, or replaces the one with the same objectID. */
  upsert(document: SearchDocument): void {
    this.remove(document.objectID);
    this.text.forgetCachedWords();
    const slot = this.slots.add(document);
    this.text.add(slot, document);
    this.facets.add(slot, document);
    this.sortValues.add(slot, document);
    this.geo.add(slot, document);
    this.ranking.added(slot);
  }

  remove(objectID: string): boolean {
    const slot = this.slots.slotOfID(objectID);
    if (slot === undefined) return false;
    const document = this.slots.document(slot)!;
    this.text.forgetCachedWords();
    this.text.remove(document);
    this.facets.remove(slot);
    this.sortValues.remove(slot);
    this.geo.remove(slot);
    this.slots.remove(objectID, slot);
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
    const sort = parseSort(params, this.sortValues);
    this.prepare();

    const pageSources: PageSources = {
      slots: this.slots,
      ranking: this.ranking,
      sortValues: this.sortValues,
      scratch: this.scratch,
      marks: this.marks,
    };
    const distinctAttribute = this.settings.attributeForDistinct;
    // objectIDs are unique, so distinct on them keeps every hit.
    const narrowed = params.distinct && distinctAttribute && distinctAttribute !== 'objectID';
    let matches = this.match(query, params, !sort && !narrowed);
    if (sort) applySort(pageSources, matches, sort);
    if (narrowed) matches = distinct(pageSources, matches, distinctAttribute);
    const facets = this.facets.count(matches, params, narrowed ? undefined : matchKey(params));
    const hits = highlightHits(
      topSlots(pageSources, matches, (page + 1) * hitsPerPage)
        .slice(page * hitsPerPage)
        .map((slot) => this.slots.document(slot)!),
      query,
      params,
      this.settings.searchableAttributes,
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
    const matches = this.match(params.query ?? '', params);
    return {
      facetHits: this.facets.searchValues(
        facetName,
        facetQuery,
        matches,
        params,
        maxFacetHits,
        tags,
      ),
      exhaustiveFacetsCount: true,
      processingTimeMS: Math.round(performance.now() - started),
    };
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

  /** Work deferred from writes: compaction after many replacements, and the ranking order. */
  private prepare(): void {
    // Replaced documents leave their old slots behind; rebuild once they outnumber the live ones.
    if (this.slots.length > 2 * this.slots.liveCount + 10_000) {
      const documents = this.allDocuments();
      this.use(emptyParts(this.settings, this.rankingRules, this.scratch));
      for (const document of documents) this.upsert(document);
    }
    this.ranking.update();
    if (this.marks.length < this.slots.length) {
      this.marks = new Int32Array(Math.max(this.slots.length * 2, 64)).fill(NO_MATCH);
    }
  }

  /**
   * Every document that matches the query, filters and radius (unranked). `byDistanceOnly`: the
   * page will be ranked by distance and custom ranking alone, so matches without words may come
   * as a bitset with their locations nearest first (GeoPoints.near).
   */
  private match(query: string, params: SearchParams, byDistanceOnly = false): Matches {
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
    const radius =
      params.aroundRadius === undefined || params.aroundRadius === 'all'
        ? Infinity
        : params.aroundRadius;
    if (typeof radius === 'number' && !(radius > 0)) {
      throw new SearchInputError('aroundRadius must be a positive number of meters or "all"');
    }
    const filters = new FilterEvaluator(
      { slots: this.slots, columns: this.facets.columns, geo: this.geo, scratch: this.scratch },
      origin,
    );
    const { alive, liveCount } = this.slots;

    const words = tokenize(query);
    let slots: Int32Array;
    let textKeys: Int32Array | undefined;
    if (words.length === 0) {
      const bits = isMatchAll(predicate) ? undefined : filters.bitsFor(predicate);
      if (!origin) {
        return bits
          ? { count: countBits(bits), all: false, bits }
          : { count: liveCount, all: true, bits: alive };
      }
      const universe = bits ?? alive;
      if (byDistanceOnly) {
        return this.geo.near(universe, this.slots.length, origin, radius, this.scratch);
      }
      const count = bits ? countBits(bits) : liveCount;
      slots = slotsOf(universe, count, this.scratch.int32('slots', count));
    } else {
      const text = this.text.match(words, !/\s$/.test(query), this.marks, this.scratch);
      ({ slots, textKeys } = text);
      if (isMatchAll(predicate)) {
        if (!origin && text.bits) {
          const { bits, keyOfSlot } = text;
          return { count: slots.length, all: false, slots, textKeys, bits, keyOfSlot };
        }
      } else {
        // Many candidates: filter with bitsets; few: test each candidate's columns.
        const kept =
          slots.length * 8 > this.slots.length
            ? keepWhere(slots, textKeys, filters.bitsFor(predicate))
            : keepWhere(slots, textKeys, filters.compileTest(predicate));
        slots = slots.subarray(0, kept);
        textKeys = textKeys.subarray(0, kept);
      }
    }
    if (!origin) return { count: slots.length, all: false, slots, textKeys };
    return this.geo.withinRadius(slots, textKeys, origin, radius, this.scratch);
  }
}
