import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SEARCH_KEY_STATUS_HEADER } from './search-key';

/** Headers a page on another origin may send: Algolia's clients' (v5 puts the key here) and ours. */
const ALLOWED_HEADERS = [
  'content-type',
  'x-algolia-api-key',
  'x-algolia-application-id',
  'x-algolia-agent',
  'x-algolia-usertoken',
  'x-search-key',
].join(', ');

/** How long a browser may reuse a preflight's answer, in seconds. */
const PREFLIGHT_MAX_AGE = 86_400;

const bodyTexts = new WeakMap<FastifyRequest, string>();

/** The body of a search request as it was sent (what identical searches have in common). */
export const bodyTextOf = (request: FastifyRequest): string | undefined => bodyTexts.get(request);

/**
 * Algolia's clients post JSON labelled text/plain (v5) or application/x-www-form-urlencoded
 * (v4): "simple" types, which spare a browser the preflight. Read as JSON here, in the search
 * routes' own scope only: a search reads no cookie, so a cross-site post gains nothing, while
 * GraphQL (which does act on the session cookie) keeps refusing these types. Every body's text is
 * kept beside it for `bodyTextOf`.
 */
export function acceptAlgoliaBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser(
    ['application/json', 'text/plain', 'application/x-www-form-urlencoded'],
    { parseAs: 'string' },
    (request, body: string, done) => {
      bodyTexts.set(request, body);
      parseJson(request, body, done);
    },
  );
}

/**
 * Any origin may search (partners' InstantSearch pages): the answer depends on the search key
 * sent, never on cookies, so no credentials are allowed and `*` is safe.
 */
export async function allowAnyOrigin(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header('access-control-allow-origin', '*');
  reply.header('access-control-expose-headers', SEARCH_KEY_STATUS_HEADER);
}

/** Answers the CORS preflight for `paths` (a browser sends one before a v5 client's post). */
export function answerPreflights(app: FastifyInstance, paths: readonly string[]): void {
  for (const path of paths) {
    app.options(path, { onRequest: allowAnyOrigin }, async (_request, reply) => {
      reply.header('access-control-allow-methods', 'GET, POST');
      reply.header('access-control-allow-headers', ALLOWED_HEADERS);
      reply.header('access-control-max-age', String(PREFLIGHT_MAX_AGE));
      return reply.status(204).send();
    });
  }
}
