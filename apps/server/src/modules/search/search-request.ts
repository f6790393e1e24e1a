import { z } from 'zod';
import { FACET_VALUE_SEARCH_MAX, SEARCH_QUERY_MAX_LENGTH } from '@bevy/core';
import type { SearchParams } from '@bevy/search';

const listOfFilters = z.union([z.string(), z.array(z.union([z.string(), z.array(z.string())]))]);

/** JSON-encoded lists arrive as strings when params come url-encoded (algoliasearch v4). */
const jsonList = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => {
    if (typeof value === 'string' && value.trim().startsWith('[')) {
      try {
        return JSON.parse(value);
      } catch {
        return value;
      }
    }
    return value;
  }, schema);

const booleanish = z.preprocess(
  (value) => (value === 'true' ? true : value === 'false' ? false : value),
  z.union([z.boolean(), z.coerce.number().int().min(0).max(4)]),
);

const searchParamsSchema = z
  .object({
    query: z
      .string()
      .max(
        SEARCH_QUERY_MAX_LENGTH,
        `The search query can be at most ${SEARCH_QUERY_MAX_LENGTH} characters.`,
      )
      .optional(),
    page: z.coerce.number().int().min(0).max(10_000).optional(),
    hitsPerPage: z.coerce.number().int().min(0).max(1000).optional(),
    facets: jsonList(z.union([z.string(), z.array(z.string()).max(100)])).optional(),
    maxValuesPerFacet: z.coerce.number().int().min(1).max(1000).optional(),
    facetFilters: jsonList(listOfFilters).optional(),
    numericFilters: jsonList(listOfFilters).optional(),
    filters: z.string().max(4000).optional(),
    aroundLatLng: z.string().max(100).optional(),
    aroundRadius: z.union([z.literal('all'), z.coerce.number().positive()]).optional(),
    distinct: booleanish.optional(),
    sortFacetValuesBy: z.enum(['count', 'alpha']).optional(),
    facetName: z.string().max(200).optional(),
    facetQuery: z.string().max(SEARCH_QUERY_MAX_LENGTH).optional(),
    maxFacetHits: z.coerce.number().int().min(1).max(FACET_VALUE_SEARCH_MAX).optional(),
    attributesToHighlight: jsonList(
      z.union([z.string().max(200), z.array(z.string().max(200)).max(50)]),
    ).optional(),
    highlightPreTag: z.string().max(100).optional(),
    highlightPostTag: z.string().max(100).optional(),
  })
  // Widgets also send display options (highlighting, analytics, ...) that do not change results.
  .loose();

/** A request's own fields; anything else beside them is a search parameter. */
const REQUEST_FIELDS = new Set(['indexName', 'type', 'facet', 'params']);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * One request in a single shape, whichever Algolia's clients sent: `params` as a url-encoded
 * string (v4, InstantSearch) or an object (our web client), and parameters beside `indexName`
 * (v5, and the single-index routes' bodies). Those beside it win, being the more explicit.
 */
function withParamsGathered(request: unknown): unknown {
  if (!isRecord(request)) return request;
  const { params = {} } = request;
  const inner =
    typeof params === 'string' ? Object.fromEntries(new URLSearchParams(params)) : params;
  // Anything else is refused by the schema below, with where it went wrong.
  if (!isRecord(inner)) return request;
  const entries = Object.entries(request);
  const fields = Object.fromEntries(entries.filter(([key]) => REQUEST_FIELDS.has(key)));
  const beside = Object.fromEntries(entries.filter(([key]) => !REQUEST_FIELDS.has(key)));
  return { ...fields, params: { ...inner, ...beside } };
}

const requestSchema = z.preprocess(
  withParamsGathered,
  z.object({
    indexName: z.string().min(1).max(200),
    type: z.enum(['default', 'facet']).optional(),
    facet: z.string().max(200).optional(),
    params: searchParamsSchema,
  }),
);

/** The most hits one request body may ask for, across all of its queries. */
export const MAX_HITS_PER_BODY = 1000;
const DEFAULT_HITS_PER_PAGE = 20;

export const multiQueryBodySchema = z
  .object({
    // instantsearch sends one query plus one per refined disjunctive facet.
    requests: z.array(requestSchema).min(1).max(20),
  })
  .refine(
    (body) =>
      body.requests.reduce(
        (sum, request) => sum + (request.params.hitsPerPage ?? DEFAULT_HITS_PER_PAGE),
        0,
      ) <= MAX_HITS_PER_BODY,
    { message: `One request may ask for at most ${MAX_HITS_PER_BODY} hits in all.` },
  );

export type MultiQueryBody = z.infer<typeof multiQueryBodySchema>;
export type SearchRequest = MultiQueryBody['requests'][number];

/** The engine's parameters from one validated request. */
export function toEngineParams(params: SearchRequest['params']): SearchParams {
  return {
    query: params.query,
    page: params.page,
    hitsPerPage: params.hitsPerPage,
    facets: listOf(params.facets),
    maxValuesPerFacet: params.maxValuesPerFacet,
    facetFilters: params.facetFilters,
    numericFilters: params.numericFilters,
    filters: params.filters,
    aroundLatLng: params.aroundLatLng,
    aroundRadius: params.aroundRadius,
    distinct: params.distinct,
    sortFacetValuesBy: params.sortFacetValuesBy,
    // Algolia highlights every searchable attribute unless told which.
    attributesToHighlight: listOf(params.attributesToHighlight) ?? ['*'],
    highlightPreTag: params.highlightPreTag,
    highlightPostTag: params.highlightPostTag,
  };
}

/** A parameter that may be one name (or a comma-separated list, as a URL sends it) or a list. */
function listOf(value: string | string[] | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  return Array.isArray(value) ? value : value.split(',').map((item) => item.trim());
}

/** The index name and params of a request as Algolia echoes them in each result. */
export function requestEcho(request: SearchRequest): { index: string; params: string } {
  return {
    index: request.indexName,
    params: new URLSearchParams(
      Object.entries(request.params).map(([key, value]): [string, string] => [
        key,
        typeof value === 'string' ? value : JSON.stringify(value),
      ]),
    ).toString(),
  };
}
