export { SearchIndex, type IndexState } from './search-index';
export {
  highlightAttribute,
  highlightPrefix,
  highlightText,
  hitHighlighter,
  type HighlightedAttribute,
  type HitHighlighter,
  type HighlightQuery,
  type HighlightResult,
  type HighlightTags,
} from './highlight';
export { parseFilters, parseFacetFilters, parseNumericFilters, matches } from './filters';
export type { Predicate } from './filters';
export { tokenize } from './tokenize';
export * from './types';
