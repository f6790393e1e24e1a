import { deserialize, serialize } from 'node:v8';
import { SearchIndex, type IndexState, type SearchResult } from '@bevy/search';
import { PRODUCT_INDEX_SETTINGS, type ProductDocument } from '../modules/search/index';
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
    // A first search builds anything the index builds lazily, so build time includes it.
    index.search({ query: 'qqqqqq', hitsPerPage: 0 });
    this.index = index;
    return { ms: performance.now() - started };
  }

  /**
   * The server's restart path: the snapshot as the server writes it (v8-serialized state), read
   * back, restored and answering a first search with facets; then the rest of its documents
   * decoded. The benchmark goes on with the built index, which shares the catalog's documents.
   */
  async measureRestart(): Promise<Pick<BuildReport, 'parts' | 'snapshotBytes'>> {
    const started = performance.now();
    const snapshot = serialize(this.index.exportState());
    const saved = performance.now();
    const restored = SearchIndex.fromState(
      PRODUCT_INDEX_SETTINGS,
      deserialize(snapshot) as IndexState,
    )!;
    restored.search({ query: 'pinot', facets: ['*'] });
    const answered = performance.now();
    while (restored.decodeDocuments());
    return {
      parts: {
        'snapshot write': saved - started,
        'restart to first answer': answered - saved,
        'documents decoded': performance.now() - answered,
      },
      snapshotBytes: snapshot.length,
    };
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
