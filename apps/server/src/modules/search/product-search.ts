import { compareLabels, type BuyerKind } from '@bevy/core';
import {
  highlightText,
  SearchIndex,
  tokenize,
  type FacetSearchResult,
  type HighlightTags,
  type IndexState,
  type SearchResult,
} from '@bevy/search';
import type { Db } from '../../db/client';
import type { Change } from '../../platform/changes';
import { BusinessSearch } from './business-search';
import {
  loadProductDocuments,
  PRODUCT_INDEX_SETTINGS,
  projectForBuyer,
  type ProductDocument,
} from './product-documents';
import { engineSortFor, PRODUCT_SORTS, type ProductSort } from './product-sort-keys';
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

/**
 * This process's in-memory product index, built from the database, and beside it the business
 * index, which is kept in step with it (it changes on the same writes).
 */
export class ProductSearch {
  private index = new SearchIndex(PRODUCT_INDEX_SETTINGS);
  readonly businesses = new BusinessSearch();

  get size(): number {
    return this.index.size;
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
    await this.businesses.refreshBusiness(db, businessId);
  }

  search(
    request: SearchRequest,
    buyer: BuyerKind,
  ): SearchResult & { index: string; params: string } {
    const sort = SORTED_PRODUCT_INDEXES.get(request.indexName);
    const params = toEngineParams(request.params);
    const sortBy = sort && engineSortFor(sort, buyer, Boolean(params.aroundLatLng));
    const result = this.index.search({ ...params, ...(sortBy ? { sortBy } : {}) });
    return {
      ...result,
      hits: result.hits.map((hit) => projectForBuyer(hit, buyer)),
      ...requestEcho(request),
    };
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
