import type { BuyerKind } from '@bevy/core';
import { SearchIndex, type FacetSearchResult, type SearchResult } from '@bevy/search';
import type { Db } from '../../db/client';
import {
  loadProductDocuments,
  PRODUCT_INDEX_SETTINGS,
  projectForBuyer,
  type ProductDocument,
} from './product-documents';
import { toEngineParams, type SearchRequest } from './search-request';

/** Index names clients may use; the original's hosted-search name is kept as an alias. */
export const PRODUCT_INDEX_NAMES = new Set(['products', 'Production Index']);

/** Tells the other server processes that a business's products changed (see search-sync.ts). */
export type ChangeAnnouncer = (businessId: number) => Promise<void>;

/** This process's in-memory product index, built from the database. */
export class ProductSearch {
  private index = new SearchIndex(PRODUCT_INDEX_SETTINGS);
  /** Set when other processes hold indexes too (PostgreSQL); PGlite has this process only. */
  announceChange: ChangeAnnouncer | undefined;

  get size(): number {
    return this.index.size;
  }

  async rebuild(db: Db): Promise<void> {
    this.load(await loadProductDocuments(db));
  }

  /** Replaces the whole index with `documents` (from the database, or a snapshot of it). */
  load(documents: readonly ProductDocument[]): void {
    const next = new SearchIndex(PRODUCT_INDEX_SETTINGS);
    for (const document of documents) next.upsert(document);
    this.index = next;
  }

  /** Every document in the index, for a snapshot. */
  documents(): ProductDocument[] {
    return this.index.allDocuments() as ProductDocument[];
  }

  /**
   * Re-reads one business's products, after the business or its products changed, so the next
   * search here sees the change; then tells the other processes, unless they told us.
   */
  async refreshBusiness(
    db: Db,
    businessId: number,
    { announce = true }: { announce?: boolean } = {},
  ): Promise<void> {
    const documents = await loadProductDocuments(db, { businessId });
    this.index.removeWhere((document) => document['producedByBusinessId'] === businessId);
    for (const document of documents) this.index.upsert(document);
    if (announce) await this.announceChange?.(businessId);
  }

  search(
    request: SearchRequest,
    buyer: BuyerKind,
  ): SearchResult & { index: string; params: string } {
    const result = this.index.search(toEngineParams(request.params));
    return {
      ...result,
      hits: result.hits.map((hit) => projectForBuyer(hit, buyer)),
      index: request.indexName,
      params: new URLSearchParams(
        Object.entries(request.params).map(([key, value]): [string, string] => [
          key,
          typeof value === 'string' ? value : JSON.stringify(value),
        ]),
      ).toString(),
    };
  }

  searchFacetValues(request: SearchRequest): FacetSearchResult {
    const { facetName, facetQuery, maxFacetHits, highlightPreTag, highlightPostTag } =
      request.params;
    return this.index.searchFacetValues(
      request.facet ?? facetName ?? '',
      facetQuery ?? '',
      toEngineParams(request.params),
      maxFacetHits,
      { pre: highlightPreTag ?? '<em>', post: highlightPostTag ?? '</em>' },
    );
  }
}
