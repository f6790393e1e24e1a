export { SearchIndex, type HighlightTags } from './search-index';
export { parseFilters, parseFacetFilters, parseNumericFilters, matches } from './filters';
export type { Predicate } from './filters';
export { tokenize } from './tokenize';
export * from './types';
