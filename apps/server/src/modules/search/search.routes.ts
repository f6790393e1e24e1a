import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { BuyerKind } from '@bevy/core';
import { SearchInputError } from '@bevy/search';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import { buyerKindOfViewer } from '../accounts/index';
import { sessionRef } from '../accounts/index';
import { BUSINESS_INDEX_NAMES } from './business-search';
import { PRODUCT_INDEX_NAMES, type ProductSearch } from './product-search';
import { acceptAlgoliaBodies, allowAnyOrigin, answerPreflights } from './search-http';
import { createSearchKey, SEARCH_KEY_STATUS_HEADER, verifySearchKey } from './search-key';
import type { SearchKeyRevocations } from './search-key-revocations';
import { multiQueryBodySchema } from './search-request';

interface SearchRoutesOptions {
  config: Config;
  db: Db;
  productSearch: ProductSearch;
  /**
   * Sessions ended lately: a wholesale key issued to one of them proves nothing any more. The app
   * always passes its list; without one (a benchmark's bare server) no key is revoked.
   */
  revocations?: SearchKeyRevocations;
}

const KEY_HEADERS = ['x-algolia-api-key', 'x-search-key'] as const;
/** Algolia's clients may send the key in the query string instead (v4 does in browsers). */
const KEY_QUERY_PARAMETER = 'x-algolia-api-key';

function searchKeyOf(request: FastifyRequest): string | undefined {
  for (const header of KEY_HEADERS) {
    const value = request.headers[header];
    if (typeof value === 'string' && value.length > 0) return value;
  }
  const query = request.query as Record<string, unknown> | undefined;
  for (const [name, value] of Object.entries(query ?? {})) {
    // Algolia reads its parameter names in any case (X-Algolia-API-Key).
    if (name.toLowerCase() !== KEY_QUERY_PARAMETER) continue;
    if (typeof value === 'string' && value.length > 0) return value;
  }
  return undefined;
}

/** One query's body from the single-index routes, as one request of a multi-query body. */
function singleQueryBody(body: unknown, request: Record<string, string>) {
  const fields = typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {};
  return { requests: [{ ...fields, ...request }] };
}

export async function searchRoutes(app: FastifyInstance, options: SearchRoutesOptions) {
  const { config, db, productSearch, revocations } = options;

  /**
   * The buyer kind a key proves. A forged, tampered or expired key proves nothing, nor does a
   * wholesale key whose session has ended (logout, password reset, disabled account), so its
   * holder is served as anonymous (retail); a response header says so, for the client to get a
   * new key. The revocation list is in memory: no database read per search.
   */
  function buyerKindOfKey(request: FastifyRequest, reply: FastifyReply): BuyerKind {
    const key = searchKeyOf(request);
    if (!key) return 'retail';
    const check = verifySearchKey(key, config.searchKeySecret);
    if (!check.ok) {
      reply.header(SEARCH_KEY_STATUS_HEADER, check.reason === 'expired' ? 'expired' : 'invalid');
      return 'retail';
    }
    const { buyer, ses } = check.claims;
    if (buyer === 'wholesale' && ses !== undefined && revocations?.isRevoked(ses)) {
      reply.header(SEARCH_KEY_STATUS_HEADER, 'revoked');
      return 'retail';
    }
    return buyer;
  }

  app.get('/get-search-token', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const viewer = await request.viewer();
    return {
      publicKey: createSearchKey(
        await buyerKindOfViewer({ db, viewer }),
        config.searchKeySecret,
        Date.now(),
        viewer ? sessionRef(viewer.sessionId) : undefined,
      ),
    };
  });

  /** The results of a multi-query body, in its order. */
  function answer(body: unknown, buyer: BuyerKind) {
    const parsed = multiQueryBodySchema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const where = issue.path.join('.');
      throw new HttpError(
        400,
        'INVALID_SEARCH_REQUEST',
        where ? `${where}: ${issue.message}` : issue.message,
      );
    }
    try {
      const results = parsed.data.requests.map((searchRequest) => {
        const facetSearch = searchRequest.type === 'facet' || searchRequest.params.facetName;
        if (PRODUCT_INDEX_NAMES.has(searchRequest.indexName)) {
          return facetSearch
            ? productSearch.searchFacetValues(searchRequest)
            : productSearch.search(searchRequest, buyer);
        }
        if (BUSINESS_INDEX_NAMES.has(searchRequest.indexName)) {
          const { businesses } = productSearch;
          return facetSearch
            ? businesses.searchFacetValues(searchRequest)
            : businesses.search(searchRequest);
        }
        throw new HttpError(
          404,
          'INDEX_NOT_FOUND',
          `There is no index "${searchRequest.indexName}".`,
        );
      });
      return results;
    } catch (error) {
      if (error instanceof SearchInputError) {
        throw new HttpError(400, 'INVALID_SEARCH_REQUEST', error.message);
      }
      throw error;
    }
  }

  acceptAlgoliaBodies(app);
  answerPreflights(app, ['/search', '/1/indexes/*']);
  const crossOrigin = { onRequest: allowAnyOrigin };

  const handleQueries = async (request: FastifyRequest, reply: FastifyReply) => ({
    results: answer(request.body, buyerKindOfKey(request, reply)),
  });
  app.post('/search', crossOrigin, handleQueries);
  // Algolia clients post to /1/indexes/*/queries; the index names travel in the body.
  app.post('/1/indexes/:indexName/queries', crossOrigin, handleQueries);

  // One index's search (v4 `initIndex().search`): parameters in the body, one result back.
  app.post<{ Params: { indexName: string } }>(
    '/1/indexes/:indexName/query',
    crossOrigin,
    async (request, reply) => {
      const { indexName } = request.params;
      const body = singleQueryBody(request.body, { indexName });
      return answer(body, buyerKindOfKey(request, reply))[0];
    },
  );

  // One facet's value search (v4 `searchForFacetValues`): `facetQuery` and filters in the body.
  app.post<{ Params: { indexName: string; facetName: string } }>(
    '/1/indexes/:indexName/facets/:facetName/query',
    crossOrigin,
    async (request, reply) => {
      const { indexName, facetName } = request.params;
      const body = singleQueryBody(request.body, { indexName, type: 'facet', facet: facetName });
      return answer(body, buyerKindOfKey(request, reply))[0];
    },
  );

  // Algolia's getObject: one product, priced for the key's buyer (the product page reads it).
  app.get<{ Params: { indexName: string; objectID: string } }>(
    '/1/indexes/:indexName/:objectID',
    crossOrigin,
    async (request, reply) => {
      const { indexName, objectID } = request.params;
      if (!PRODUCT_INDEX_NAMES.has(indexName)) {
        throw new HttpError(404, 'INDEX_NOT_FOUND', `There is no index "${indexName}".`);
      }
      const product = productSearch.product(objectID, buyerKindOfKey(request, reply));
      if (!product) {
        throw new HttpError(404, 'PRODUCT_NOT_FOUND', 'This product is not for sale.');
      }
      reply.header('cache-control', 'no-store');
      return product;
    },
  );
}
