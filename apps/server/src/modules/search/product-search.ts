import type { BuyerKind } from '@bevy/core';
import { SearchIndex, type FacetSearchResult, type SearchResult } from '@bevy/search';
import type { Db } from '../../db/client';
import { loadProductDocuments, PRODUCT_INDEX_SETTINGS, projectForBuyer } from './product-documents';
import { toEngineParams, type SearchRequest } from './search-request';

/** Index names clients may use; the original's hosted-search name is kept as an alias. */
export const PRODUCT_INDEX_NAMES = new Set(['products', 'Production Index']);

/** This process's in-memory product index, built from the database. */
export class ProductSearch {
  private index = new SearchIndex(PRODUCT_INDEX_SETTINGS);

  get size(): number {
    return this.index.size;
  }

  async rebuild(db: Db): Promise<void> {
    const next = new SearchIndex(PRODUCT_INDEX_SETTINGS);
    for (const document of await loadProductDocuments(db)) next.upsert(document);
    this.index = next;
  }

  /** Re-reads the given products; unpublished or deleted ones leave the index. */
  async refreshProducts(db: Db, productIds: readonly number[]): Promise<void> {
    const documents = await loadProductDocuments(db, productIds);
    const present = new Set(documents.map((document) => document.objectID));
    for (const id of productIds) if (!present.has(String(id))) this.index.remove(String(id));
    for (const document of documents) this.index.upsert(document);
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
    const { facetName, facetQuery, maxFacetHits } = request.params;
    const facet = request.facet ?? facetName ?? '';
    return this.index.searchFacetValues(
      facet,
      facetQuery ?? '',
      toEngineParams(request.params),
      maxFacetHits,
    );
  }
}
