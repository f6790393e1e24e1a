import { compareLabels, type BuyerKind } from '@bevy/core';
import {
  highlightText,
  hitHighlighter,
  SearchIndex,
  tokenize,
  type FacetSearchResult,
  type HighlightTags,
  type IndexState,
  type SearchDocument,
  type SearchParams,
  type SearchResult,
} from '@bevy/search';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client';
import type { Change } from '../../platform/changes';
import { BusinessSearch } from './business-search';
import {
  loadProductDocuments,
  PRODUCT_INDEX_SETTINGS,
  projectForBuyer,
  type ProductDocument,
} from './product-documents';
import {
  engineSortFor,
  PRODUCT_SORTS,
  WHOLESALE_ONLY_ATTRIBUTES,
  type ProductSort,
} from './product-sort-keys';
import { requestEcho, toEngineParams, type SearchRequest } from './search-request';

const PRODUCT_INDEX = 'products';
/** Algolia-style replica names, one per sort: products_price_asc, products_newest, ... */
const SORTED_PRODUCT_INDEXES = new Map<string, ProductSort>(
  PRODUCT_SORTS.map((sort) => [`${PRODUCT_INDEX}_${sort}`, sort]),
);

/**
 * Index names clients may use: the products (the original's hosted-search name is kept as an
 * alias) and their sorted replicas.
 */
export const PRODUCT_INDEX_NAMES = new Set([
  PRODUCT_INDEX,
  'Production Index',
  ...SORTED_PRODUCT_INDEXES.keys(),
]);

/** The facet whose value search is answered from the business index. */
const PRODUCED_BY = 'Produced By';
/** How long one turn of decoding a restored index's documents may hold the event loop. */
const DECODE_SLICE_MS = 5;
/** Algolia's default number of facet hits. */
const DEFAULT_MAX_FACET_HITS = 10;
/** Hits whose JSON is kept, per kind of buyer: the products shown lately (about 1.5 KB each). */
const HIT_JSON_KEPT = 20_000;

// searchJson highlights a hit before projecting it for the buyer: safe while no searchable
// attribute is one that only wholesale buyers may see.
if (
  PRODUCT_INDEX_SETTINGS.searchableAttributes.some((attribute) =>
    (WHOLESALE_ONLY_ATTRIBUTES as readonly string[]).includes(attribute),
  )
) {
  throw new Error('A wholesale-only attribute is searchable: searchJson would highlight it');
}

/**
 * This process's in-memory product index, built from the database, and beside it the business
 * index, which is kept in step with it (it changes on the same writes).
 */
export class ProductSearch {
  private index = new SearchIndex(PRODUCT_INDEX_SETTINGS);
  readonly businesses = new BusinessSearch();
  #writes = 0;
  /** Each hit's JSON as each kind of buyer sees it; a replaced document is a new object. */
  readonly #hitJson = {
    retail: new LRUCache<SearchDocument, string>({ max: HIT_JSON_KEPT }),
    wholesale: new LRUCache<SearchDocument, string>({ max: HIT_JSON_KEPT }),
  } satisfies Record<BuyerKind, unknown>;

  get size(): number {
    return this.index.size;
  }

  /**
   * Changes on every write to the product or business index, so an answer kept with the version
   * it was computed at is current exactly while the version is the same.
   */
  get version(): number {
    return this.#writes + this.businesses.version;
  }

  async rebuild(db: Db): Promise<void> {
    this.load(await loadProductDocuments(db));
    await this.businesses.rebuild(db);
  }

  /** Replaces the whole product index with `documents` (from the database). */
  load(documents: readonly ProductDocument[]): void {
    const next = new SearchIndex(PRODUCT_INDEX_SETTINGS);
    for (const document of documents) next.upsert(document);
    this.index = next;
    this.#writes++;
  }

  /** The product index as a snapshot holds it (the business index is rebuilt on its own). */
  exportState(): IndexState {
    return this.index.exportState();
  }

  /**
   * Replaces the product index with a snapshot's; false (and nothing changed) when the snapshot
   * was made with other index settings. Documents the snapshot holds packed are decoded between
   * requests afterwards, a few milliseconds at a time.
   */
  loadState(state: IndexState): boolean {
    const restored = SearchIndex.fromState(PRODUCT_INDEX_SETTINGS, state);
    if (!restored) return false;
    this.index = restored;
    this.#writes++;
    const decodeSome = () => {
      // A newer load or rebuild replaced this index: its own documents are all in memory.
      if (this.index !== restored) return;
      const until = performance.now() + DECODE_SLICE_MS;
      let more = true;
      while (more && performance.now() < until) more = restored.decodeDocuments();
      if (more) setImmediate(decodeSome);
    };
    setImmediate(decodeSome);
    return true;
  }

  /** Every document in the index. */
  documents(): ProductDocument[] {
    return this.index.allDocuments() as ProductDocument[];
  }

  /** One product as a buyer of this kind may see it (Algolia's getObject); undefined when not sold. */
  product(objectID: string, buyer: BuyerKind): ProductDocument | undefined {
    const document = this.index.get(objectID);
    return document && (projectForBuyer(document, buyer) as ProductDocument);
  }

  /** Follows committed writes (from this process or, through search-sync, another). */
  async applyChanges(db: Db, changes: readonly Change[]): Promise<void> {
    // Site changes (banners, the tag vocabulary) are not in the index.
    for (const change of changes) {
      if (change.kind === 'business') await this.refreshBusiness(db, change.businessId);
    }
  }

  /** Re-reads one business and its products, so the next search here sees their change. */
  async refreshBusiness(db: Db, businessId: number): Promise<void> {
    const documents = await loadProductDocuments(db, { businessId });
    this.index.removeWhere((document) => document['producedByBusinessId'] === businessId);
    for (const document of documents) this.index.upsert(document);
    this.#writes++;
    await this.businesses.refreshBusiness(db, businessId);
  }

  search(
    request: SearchRequest,
    buyer: BuyerKind,
  ): SearchResult & { index: string; params: string } {
    const result = this.index.search(this.engineParams(request, buyer));
    return {
      ...result,
      hits: result.hits.map((hit) => projectForBuyer(hit, buyer)),
      ...requestEcho(request),
    };
  }

  /**
   * `search`'s answer as JSON text (what JSON.stringify would make of it): each hit's JSON is made
   * once per kind of buyer and kept, and only its highlights are made per request.
   */
  searchJson(request: SearchRequest, buyer: BuyerKind): string {
    const params = this.engineParams(request, buyer);
    // The engine returns its own documents when asked for no highlights.
    const { hits, ...result } = this.index.search({ ...params, attributesToHighlight: [] });
    const highlight = hitHighlighter(
      result.query,
      params,
      PRODUCT_INDEX_SETTINGS.searchableAttributes,
    );
    const hitsJson = hits.map((hit) => {
      const json = this.hitJson(hit, buyer);
      if (!highlight) return json;
      const opening = json.length > 2 ? `${json.slice(0, -1)},` : '{';
      return `${opening}"_highlightResult":${JSON.stringify(highlight(hit))}}`;
    });
    const rest = JSON.stringify({ ...result, ...requestEcho(request) });
    return `{"hits":[${hitsJson.join(',')}],${rest.slice(1)}`;
  }

  private hitJson(document: SearchDocument, buyer: BuyerKind): string {
    const kept = this.#hitJson[buyer];
    let json = kept.get(document);
    if (json === undefined) {
      json = JSON.stringify(projectForBuyer(document, buyer));
      kept.set(document, json);
    }
    return json;
  }

  /** The engine's parameters for a request; a sorted replica sorts by what this buyer sees. */
  private engineParams(request: SearchRequest, buyer: BuyerKind): SearchParams {
    const sort = SORTED_PRODUCT_INDEXES.get(request.indexName);
    const params = toEngineParams(request.params);
    const sortBy = sort && engineSortFor(sort, buyer, Boolean(params.aroundLatLng));
    return { ...params, ...(sortBy ? { sortBy } : {}) };
  }

  searchFacetValues(request: SearchRequest): FacetSearchResult {
    const { facetName, facetQuery, maxFacetHits, highlightPreTag, highlightPostTag } =
      request.params;
    const facet = request.facet ?? facetName ?? '';
    const tags = { pre: highlightPreTag ?? '<em>', post: highlightPostTag ?? '</em>' };
    if (facet === PRODUCED_BY && tokenize(facetQuery ?? '').length > 0) {
      return this.searchProducers(request, facetQuery ?? '', tags);
    }
    return this.index.searchFacetValues(
      facet,
      facetQuery ?? '',
      toEngineParams(request.params),
      maxFacetHits,
      tags,
    );
  }

  /**
   * The 'Produced By' values for `text`: names found in the business index (so with its prefix
   * and typo matching), counted over the products the rest of the request matches; values no
   * such product carries are left out. Most products first, as for any facet.
   */
  private searchProducers(
    request: SearchRequest,
    text: string,
    tags: HighlightTags,
  ): FacetSearchResult {
    const started = performance.now();
    const names = this.businesses.producerNamesMatching(text);
    const words = tokenize(text);
    // Counted even when no name matches, so that a bad filter is refused either way.
    const counts = new Map(
      Object.entries(
        this.index.search({
          ...toEngineParams(request.params),
          facets: [PRODUCED_BY],
          maxValuesPerFacet: Number.MAX_SAFE_INTEGER,
          hitsPerPage: 0,
          page: 0,
        }).facets[PRODUCED_BY] ?? {},
      ),
    );
    const facetHits = names
      .flatMap((value) => {
        const count = counts.get(value) ?? 0;
        if (count === 0) return [];
        const highlighted = highlightText(value, { words, lastIsPrefix: true }, tags).value;
        return [{ value, count, highlighted }];
      })
      .sort((a, b) =>
        request.params.sortFacetValuesBy === 'alpha'
          ? compareLabels(a.value, b.value)
          : b.count - a.count || compareLabels(a.value, b.value),
      )
      .slice(0, request.params.maxFacetHits ?? DEFAULT_MAX_FACET_HITS);
    return {
      facetHits,
      exhaustiveFacetsCount: true,
      processingTimeMS: Math.round(performance.now() - started),
    };
  }
}
