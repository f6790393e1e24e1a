/** A document as indexed and returned in hits: flat attributes, Algolia-style. */
export type SearchDocument = { objectID: string } & Record<string, unknown>;

export interface GeoPoint {
  lat: number;
  lng: number;
}

export interface IndexSettings {
  /** Attributes searched by the query, most important first. */
  searchableAttributes: string[];
  /** Attributes whose values can be counted and filtered as facets. */
  attributesForFaceting: string[];
  /** Tie-breakers for equal relevance, e.g. ['desc(hasImage)', 'asc(name)']. */
  customRanking: string[];
  /** Attribute that `distinct` groups hits by. */
  attributeForDistinct?: string;
  /**
   * Numeric attributes a query may order its hits by (`sortBy`), like Algolia's replicas. Not
   * facets: they cannot be filtered on or counted, so a private one (a wholesale price) can be
   * sorted on for those allowed to see it without being probed by anyone else's filters.
   */
  sortableAttributes?: string[];
}

/** The subset of Algolia's search parameters that our widgets send. */
export interface SearchParams {
  query?: string;
  page?: number;
  hitsPerPage?: number;
  facets?: string[];
  maxValuesPerFacet?: number;
  facetFilters?: FacetFilters;
  numericFilters?: NumericFilters;
  filters?: string;
  aroundLatLng?: string;
  aroundRadius?: number | 'all';
  distinct?: boolean | number;
  /**
   * Algolia's order of facet values: 'count' (default) returns the most frequent values,
   * 'alpha' the first ones in label order (numbers by value, case ignored), so a refiner listed
   * by label shows the first values, not the most frequent ones re-sorted.
   */
  sortFacetValuesBy?: 'count' | 'alpha';
  /**
   * Our extension, the equivalent of querying one of Algolia's sorted replicas: 'asc(attr)' or
   * 'desc(attr)' of a sortable attribute, or 'asc(_geoDistance)' (nearest first; needs
   * aroundLatLng). It orders hits before relevance; hits without a value come last.
   */
  sortBy?: string;
  /** Searchable attributes to return `_highlightResult` for ('*': all); none by default. */
  attributesToHighlight?: string[];
  highlightPreTag?: string;
  highlightPostTag?: string;
}

export type FacetFilters = string | (string | string[])[];
export type NumericFilters = string | (string | string[])[];

export interface SearchResult<Hit = SearchDocument> {
  hits: Hit[];
  nbHits: number;
  page: number;
  nbPages: number;
  hitsPerPage: number;
  facets: Record<string, Record<string, number>>;
  facets_stats?: Record<string, { min: number; max: number; avg: number; sum: number }>;
  exhaustiveNbHits: true;
  exhaustiveFacetsCount: true;
  query: string;
  processingTimeMS: number;
}

export interface FacetHit {
  value: string;
  highlighted: string;
  count: number;
}

export interface FacetSearchResult {
  facetHits: FacetHit[];
  exhaustiveFacetsCount: true;
  processingTimeMS: number;
}

export class SearchInputError extends Error {}
