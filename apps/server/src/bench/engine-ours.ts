import { SearchIndex, type SearchResult } from '@bevy/search';
import { PRODUCT_INDEX_SETTINGS, type ProductDocument } from '../modules/search/product-documents';
import type { BuildReport, Comparable, Engine } from './engine';
import type { BenchQuery } from './queries';

/** Our engine, configured as the server configures it. */
export class OursEngine implements Engine<SearchResult> {
  readonly name = 'ours' as const;
  index = new SearchIndex(PRODUCT_INDEX_SETTINGS);

  async build(documents: readonly ProductDocument[]): Promise<BuildReport> {
    const started = performance.now();
    const index = new SearchIndex(PRODUCT_INDEX_SETTINGS);
    for (const document of documents) index.upsert(document);
    this.index = index;
    // A first search builds anything the index builds lazily, so build time includes it.
    index.search({ query: 'qqqqqq', hitsPerPage: 0 });
    return { ms: performance.now() - started };
  }

  run(query: BenchQuery): SearchResult {
    return this.index.search(query.params);
  }

  read(raw: SearchResult): Comparable {
    return {
      nbHits: raw.nbHits,
      pageIds: raw.hits.map((hit) => hit.objectID),
      facets: raw.facets,
    };
  }

  allIds(query: BenchQuery, limit: number): string[] {
    return this.index
      .search({ ...query.params, page: 0, hitsPerPage: limit, facets: [] })
      .hits.map((hit) => hit.objectID);
  }

  async close(): Promise<void> {
    this.index = new SearchIndex(PRODUCT_INDEX_SETTINGS);
  }
}
