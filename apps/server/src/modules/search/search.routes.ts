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
import { createSearchKey, verifySearchKey } from './search-key';
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
/**
 * Set when the key sent was expired, invalid or revoked (its session ended) and the caller was
 * served as anonymous.
 */
export const SEARCH_KEY_STATUS_HEADER = 'x-search-key-status';

function searchKeyOf(request: FastifyRequest): string | undefined {
  for (const header of KEY_HEADERS) {
    const value = request.headers[header];
    if (typeof value === 'string' && value.length > 0) return value;
  }
  return undefined;
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

  const handleQueries = async (request: FastifyRequest, reply: FastifyReply) => {
    const buyer = buyerKindOfKey(request, reply);
    const parsed = multiQueryBodySchema.safeParse(request.body);
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
      return { results };
    } catch (error) {
      if (error instanceof SearchInputError) {
        throw new HttpError(400, 'INVALID_SEARCH_REQUEST', error.message);
      }
      throw error;
    }
  };

  app.post('/search', handleQueries);
  // Algolia clients post to /1/indexes/*/queries; the index names travel in the body.
  app.post('/1/indexes/:indexName/queries', handleQueries);

  // Algolia's getObject: one product, priced for the key's buyer (the product page reads it).
  app.get<{ Params: { indexName: string; objectID: string } }>(
    '/1/indexes/:indexName/:objectID',
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
