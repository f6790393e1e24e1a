import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { BuyerKind } from '@bevy/core';
import { SearchInputError } from '@bevy/search';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import {
  acceptedEncoding,
  compressBody,
  SMALLEST_COMPRESSED,
  type ContentEncoding,
} from '../../http/content-encoding';
import { HttpError } from '../../http/errors';
import { buyerKindOfViewer } from '../accounts/index';
import { sessionRef } from '../accounts/index';
import { BUSINESS_INDEX_NAMES } from './business-search';
import { PRODUCT_INDEX_NAMES, type ProductSearch } from './product-search';
import { SearchAnswers, type SentAnswer } from './search-answers';
import { acceptAlgoliaBodies, allowAnyOrigin, answerPreflights, bodyTextOf } from './search-http';
import { createSearchKey, SEARCH_KEY_STATUS_HEADER, searchKeyVerifier } from './search-key';
import type { SearchKeyRevocations } from './search-key-revocations';
import { multiQueryBodySchema, type SearchRequest } from './search-request';

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
const JSON_TYPE = 'application/json; charset=utf-8';
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

/** Runs a search; a request the engine refuses (a bad filter, say) is a 400. */
function refusingBadInput<T>(search: () => T): T {
  try {
    return search();
  } catch (error) {
    if (error instanceof SearchInputError) {
      throw new HttpError(400, 'INVALID_SEARCH_REQUEST', error.message);
    }
    throw error;
  }
}

export async function searchRoutes(app: FastifyInstance, options: SearchRoutesOptions) {
  const { config, db, productSearch, revocations } = options;
  const verifySearchKey = searchKeyVerifier(config.searchKeySecret);
  const answers = new SearchAnswers();

  /**
   * The buyer kind a key proves. A forged, tampered or expired key proves nothing, nor does a
   * wholesale key whose session has ended (logout, password reset, disabled account), so its
   * holder is served as anonymous (retail); a response header says so, for the client to get a
   * new key. The revocation list is in memory: no database read per search.
   */
  function buyerKindOfKey(request: FastifyRequest, reply: FastifyReply): BuyerKind {
    const key = searchKeyOf(request);
    if (!key) return 'retail';
    const check = verifySearchKey(key);
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

  /** A multi-query body's requests, or a 400 saying what is wrong with it. */
  function requestsOf(body: unknown): SearchRequest[] {
    const parsed = multiQueryBodySchema.safeParse(body);
    if (parsed.success) return parsed.data.requests;
    const issue = parsed.error.issues[0]!;
    const where = issue.path.join('.');
    throw new HttpError(
      400,
      'INVALID_SEARCH_REQUEST',
      where ? `${where}: ${issue.message}` : issue.message,
    );
  }

  const isFacetSearch = (searchRequest: SearchRequest) =>
    searchRequest.type === 'facet' || Boolean(searchRequest.params.facetName);

  /** One request's result. */
  function resultOf(searchRequest: SearchRequest, buyer: BuyerKind): object {
    if (PRODUCT_INDEX_NAMES.has(searchRequest.indexName)) {
      return refusingBadInput(() =>
        isFacetSearch(searchRequest)
          ? productSearch.searchFacetValues(searchRequest)
          : productSearch.search(searchRequest, buyer),
      );
    }
    if (BUSINESS_INDEX_NAMES.has(searchRequest.indexName)) {
      const { businesses } = productSearch;
      return refusingBadInput(() =>
        isFacetSearch(searchRequest)
          ? businesses.searchFacetValues(searchRequest)
          : businesses.search(searchRequest),
      );
    }
    throw new HttpError(404, 'INDEX_NOT_FOUND', `There is no index "${searchRequest.indexName}".`);
  }

  /** One request's result as JSON text; a product search's is made as text directly. */
  function resultJsonOf(searchRequest: SearchRequest, buyer: BuyerKind): string {
    if (PRODUCT_INDEX_NAMES.has(searchRequest.indexName) && !isFacetSearch(searchRequest)) {
      return refusingBadInput(() => productSearch.searchJson(searchRequest, buyer));
    }
    return JSON.stringify(resultOf(searchRequest, buyer));
  }

  /** An answer as sent to a client that accepts `accepts`: compressed unless it is short. */
  const encodedAnswer = (body: Buffer, accepts: ContentEncoding | null): SentAnswer =>
    accepts && body.length >= SMALLEST_COMPRESSED
      ? { bytes: compressBody(body, accepts), encoding: accepts }
      : { bytes: body, encoding: null };

  acceptAlgoliaBodies(app);
  answerPreflights(app, ['/search', '/1/indexes/*']);
  const crossOrigin = { onRequest: allowAnyOrigin };

  /**
   * The multi-query routes. An identical body from the same kind of buyer, with the index as it
   * was, gets the answer kept from last time; otherwise the answer is made as JSON text directly.
   */
  const handleQueries = async (request: FastifyRequest, reply: FastifyReply) => {
    const asked = {
      buyer: buyerKindOfKey(request, reply),
      accepts: acceptedEncoding(request.headers['accept-encoding']),
    };
    // Read first: searching is synchronous, so the answer is of exactly this version.
    const version = productSearch.version;
    const bodyText = bodyTextOf(request);
    let answer = answers.get(version, asked, bodyText);
    if (!answer) {
      const results = requestsOf(request.body).map((searchRequest) =>
        resultJsonOf(searchRequest, asked.buyer),
      );
      answer = encodedAnswer(Buffer.from(`{"results":[${results.join(',')}]}`), asked.accepts);
      answers.set(version, asked, bodyText, answer);
    }
    reply.header('vary', 'accept-encoding');
    if (answer.encoding) reply.header('content-encoding', answer.encoding);
    return reply.type(JSON_TYPE).send(answer.bytes);
  };
  app.post('/search', crossOrigin, handleQueries);
  // Algolia clients post to /1/indexes/*/queries; the index names travel in the body.
  app.post('/1/indexes/:indexName/queries', crossOrigin, handleQueries);

  // One index's search (v4 `initIndex().search`): parameters in the body, one result back.
  app.post<{ Params: { indexName: string } }>(
    '/1/indexes/:indexName/query',
    crossOrigin,
    async (request, reply) => {
      const { indexName } = request.params;
      const [searchRequest] = requestsOf(singleQueryBody(request.body, { indexName }));
      return resultOf(searchRequest!, buyerKindOfKey(request, reply));
    },
  );

  // One facet's value search (v4 `searchForFacetValues`): `facetQuery` and filters in the body.
  app.post<{ Params: { indexName: string; facetName: string } }>(
    '/1/indexes/:indexName/facets/:facetName/query',
    crossOrigin,
    async (request, reply) => {
      const { indexName, facetName } = request.params;
      const body = singleQueryBody(request.body, { indexName, type: 'facet', facet: facetName });
      const [searchRequest] = requestsOf(body);
      return resultOf(searchRequest!, buyerKindOfKey(request, reply));
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
