import { SearchIndex, type FacetSearchResult, type SearchResult } from '@bevy/search';
import type { Db } from '../../db/client';
import {
  BUSINESS_INDEX_SETTINGS,
  loadBusinessDocuments,
  type BusinessDocument,
} from './business-documents';
import { requestEcho, toEngineParams, type SearchRequest } from './search-request';

/** Index names clients may use; the original's hosted-search name is kept as an alias. */
export const BUSINESS_INDEX_NAMES = new Set(['businesses', 'Production Business Index']);

/** The engine's largest page; matching producer names are read a page at a time. */
const NAMES_PER_PAGE = 1000;

/**
 * One document per 'Produced By' value that some business's published products carry, found by
 * the value itself or by the current name of a business whose products carry it. Products keep
 * the maker's name they were saved with (by default the business's name at the time), so after a
 * rename, or for a seller listing another maker's products, either name finds the value.
 */
class ProducerNameIndex {
  private readonly index = new SearchIndex({
    searchableAttributes: ['value', 'businessNames'],
    attributesForFaceting: [],
    customRanking: ['asc(value)'],
  });
  /** Value -> business id -> that business's name. */
  private readonly carriers = new Map<string, Map<number, string>>();
  private readonly valuesByBusiness = new Map<number, readonly string[]>();

  /** Records what `business` (or, when undefined, the business `businessId`: gone) carries now. */
  set(businessId: number, business: BusinessDocument | undefined): void {
    const before = this.valuesByBusiness.get(businessId) ?? [];
    const after = business?.producedBy ?? [];
    for (const value of before) this.carriers.get(value)?.delete(businessId);
    for (const value of after) {
      let carriers = this.carriers.get(value);
      if (!carriers) {
        carriers = new Map();
        this.carriers.set(value, carriers);
      }
      carriers.set(businessId, business!.name);
    }
    if (after.length > 0) this.valuesByBusiness.set(businessId, after);
    else this.valuesByBusiness.delete(businessId);
    for (const value of new Set([...before, ...after])) this.reindex(value);
  }

  private reindex(value: string): void {
    const carriers = this.carriers.get(value);
    if (!carriers || carriers.size === 0) {
      this.carriers.delete(value);
      this.index.remove(value);
      return;
    }
    this.index.upsert({ objectID: value, value, businessNames: [...new Set(carriers.values())] });
  }

  /** Every value matching `text`, best match first (prefix, and typos as any search allows). */
  matching(text: string): string[] {
    const values: string[] = [];
    for (let page = 0; ; page++) {
      const result = this.index.search({ query: text, hitsPerPage: NAMES_PER_PAGE, page });
      for (const hit of result.hits) values.push(hit.objectID);
      if (page + 1 >= result.nbPages) return values;
    }
  }
}

/** This process's in-memory business index (the original's 'Production Business Index'). */
export class BusinessSearch {
  private index = new SearchIndex(BUSINESS_INDEX_SETTINGS);
  private producerNames = new ProducerNameIndex();
  #writes = 0;

  get size(): number {
    return this.index.size;
  }

  /** Changes on every write to this index (see ProductSearch.version). */
  get version(): number {
    return this.#writes;
  }

  async rebuild(db: Db): Promise<void> {
    const documents = await loadBusinessDocuments(db);
    const index = new SearchIndex(BUSINESS_INDEX_SETTINGS);
    const producerNames = new ProducerNameIndex();
    for (const document of documents) {
      index.upsert(document);
      producerNames.set(document.businessId, document);
    }
    this.index = index;
    this.producerNames = producerNames;
    this.#writes++;
  }

  /** Re-reads one business, after it or its products changed (or it was deleted). */
  async refreshBusiness(db: Db, businessId: number): Promise<void> {
    const [document] = await loadBusinessDocuments(db, { businessId });
    if (document) this.index.upsert(document);
    else this.index.remove(String(businessId));
    this.producerNames.set(businessId, document);
    this.#writes++;
  }

  search(request: SearchRequest): SearchResult & { index: string; params: string } {
    return { ...this.index.search(toEngineParams(request.params)), ...requestEcho(request) };
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

  /** 'Produced By' values whose own name, or whose business's name, matches `text`. */
  producerNamesMatching(text: string): string[] {
    return this.producerNames.matching(text);
  }
}
