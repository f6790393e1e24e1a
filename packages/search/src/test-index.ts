import { SearchIndex } from './search-index';
import type { IndexSettings, SearchDocument, SearchParams, SearchResult } from './types';

/** For tests: an index of `documents`, upserted in order. */
export function indexOf(
  settings: IndexSettings,
  documents: readonly SearchDocument[],
): SearchIndex {
  const index = new SearchIndex(settings);
  for (const document of documents) index.upsert(document);
  return index;
}

/** For tests: a search's answer without its time taken, which differs from run to run. */
export function answerOf(
  index: SearchIndex,
  params: SearchParams,
): Omit<SearchResult, 'processingTimeMS'> {
  const { processingTimeMS: _, ...rest } = index.search(params);
  return rest;
}
