/** The REST generator: malformed requests for every route besides /graphql. */
import { percentEncode, toJson } from './encoding';
import { longString } from './nasty-values';
import type { Rng } from './random';
import { JSON_TYPE, jsonRequest, type FuzzContext, type FuzzRequest, type Who } from './requests';
import { searchBody, webhook } from './rest-bodies';
import { multipartBody } from './rest-multipart';
import { METHODS, noisyHeaders, oddQuery, randomPathSegment } from './rest-targets';

/** One malformed REST request. */
export function restRequest(rng: Rng, ctx: FuzzContext): FuzzRequest {
  const who: Who = rng.weighted([
    [4, 'anonymous'],
    [5, 'seller'],
    [1, 'buyer'],
  ] as const);
  const endpoint = rng.weighted([
    [22, 'search'],
    [14, 'upload'],
    [8, 'wholesale-applications'],
    [6, 'geo'],
    [6, 'stripe-setup'],
    [6, 'offline-payments'],
    [8, 'webhook'],
    [6, 'orders-csv'],
    [4, 'club-members-csv'],
    [9, 'simple-gets'],
    [15, 'random-path'],
  ] as const);
  const request = ((): FuzzRequest => {
    switch (endpoint) {
      case 'search': {
        const url = rng.pick([
          '/search',
          '/search',
          '/1/indexes/*/queries',
          '/1/indexes/products/queries',
          `/1/indexes/${randomPathSegment(rng)}/queries`,
          `/search${oddQuery(rng, ['x-algolia-agent', 'query'])}`,
        ]);
        const malformedJson = rng.chance(0.12);
        const body = malformedJson
          ? rng.pick([
              '',
              '{',
              '{"requests": [',
              '{"requests": [{"indexName": "products", "params": {"query": "\\ud800"}}]}',
              '[]',
              'null',
              '"x"',
              `{"requests":${'['.repeat(3000)}`,
            ])
          : searchBody(rng);
        const target = url.startsWith('/1/')
          ? 'POST /1/indexes/:indexName/queries'
          : 'POST /search';
        return jsonRequest(
          'rest search',
          target,
          who,
          url,
          body,
          rng.chance(0.9)
            ? JSON_TYPE
            : rng.pick([
                'text/plain',
                'application/x-www-form-urlencoded',
                '',
                'application/json; charset=utf-16',
              ]),
        );
      }
      case 'upload': {
        const multipart = multipartBody(rng, ctx, 'file', ['slug']);
        return jsonRequest(
          `rest upload multipart ${multipart.shape}`,
          'POST /upload',
          who,
          rng.pick([
            '/upload',
            '/upload',
            '/upload?slug=%00',
            `/upload${oddQuery(rng, ['slug'], { slug: ctx.ownSlug })}`,
          ]),
          multipart.body,
          rng.chance(0.9)
            ? multipart.contentType
            : rng.pick([JSON_TYPE, 'image/png', '', 'text/plain']),
        );
      }
      case 'wholesale-applications': {
        const multipart = multipartBody(rng, ctx, 'document', [
          'businessName',
          'licenseType',
          'licenseNumber',
          'issuingState',
          'licenseExpiresOn',
        ]);
        return jsonRequest(
          `rest wholesale-applications multipart ${multipart.shape}`,
          'POST /wholesale-applications',
          who,
          '/wholesale-applications',
          multipart.body,
          rng.chance(0.9) ? multipart.contentType : rng.pick([JSON_TYPE, '', 'text/plain']),
        );
      }
      case 'geo': {
        const zip = rng.pick([
          '97214',
          '97214-1234',
          '00000',
          '9721',
          '972145',
          '%00',
          '97214%00',
          percentEncode('\uff19\uff17\uff12\uff11\uff14'),
          '%20%2097214',
          'x'.repeat(rng.pick([10, 5000])),
          '..%2f..%2fhealth',
          '%ZZ',
          '%ED%A0%80',
          '',
        ]);
        return {
          family: 'rest geo',
          target: 'GET /geo/zip/:zip',
          who,
          method: 'GET',
          url: `/geo/zip/${zip}${rng.chance(0.2) ? oddQuery(rng, ['zip']) : ''}`,
          headers: {},
        };
      }
      case 'stripe-setup':
        return {
          family: 'rest stripe setup',
          target: 'GET /stripe/setup-connect-account',
          who,
          method: 'GET',
          url: `/stripe/setup-connect-account${oddQuery(rng, ['slug'], { slug: rng.pick([ctx.ownSlug, ctx.otherSlug]) })}`,
          headers: rng.chance(0.3) ? { accept: 'text/html' } : {},
        };
      case 'offline-payments': {
        const account = rng.pick([
          ctx.offlineAccountId ?? 'acct_offline_x',
          'acct_offline_x',
          '%00',
          'x'.repeat(3000),
          '..%2f..',
          percentEncode('\ud800'),
          '%ZZ',
          '',
        ]);
        const post = rng.chance(0.5);
        const body = rng.pick<unknown>([
          {
            legalName: 'Sam Seller',
            dateOfBirth: '1980-01-01',
            ssnLast4: '1234',
            routingNumber: '110000000',
            accountNumber: '000123456789',
          },
          { legalName: '\u0000', dateOfBirth: '1980-02-30', ssnLast4: '12a4', routingNumber: 'x' },
          { legalName: longString(rng), dateOfBirth: '\ud800', ssnLast4: 1234 },
          [],
          'string',
          null,
          {},
        ]);
        return {
          family: `rest offline-payments ${post ? 'onboarding' : 'account'}`,
          target: post
            ? 'POST /offline-payments/accounts/:accountId/onboarding'
            : 'GET /offline-payments/accounts/:accountId',
          who,
          method: post ? 'POST' : 'GET',
          url: `/offline-payments/accounts/${account}${post ? '/onboarding' : ''}`,
          headers: post ? { 'content-type': rng.chance(0.9) ? JSON_TYPE : 'text/plain' } : {},
          payload: post ? (rng.chance(0.15) ? '{"legalName": ' : toJson(body)) : undefined,
        };
      }
      case 'webhook': {
        const { body, signature } = webhook(rng, ctx);
        const headers: Record<string, string> = {
          'content-type': rng.pick([
            JSON_TYPE,
            JSON_TYPE,
            'text/plain',
            'application/octet-stream',
            '',
          ]),
        };
        if (headers['content-type'] === '') delete headers['content-type'];
        if (signature !== undefined) headers['stripe-signature'] = signature;
        return {
          family: `rest stripe webhook${signature?.includes(',v1=') ? ' signed' : ''}`,
          target: 'POST /stripe/webhook',
          who: 'anonymous',
          method: 'POST',
          url: '/stripe/webhook',
          headers,
          payload: body,
        };
      }
      case 'orders-csv':
        return {
          family: 'rest orders csv',
          target: 'GET /business/orders.csv',
          who,
          method: 'GET',
          url: `/business/orders.csv${oddQuery(rng, ['status', 'businessId', 'search'], { status: 'placed', businessId: String(ctx.ownBusinessId), search: 'BV-1' })}`,
          headers: {},
        };
      case 'club-members-csv':
        return {
          family: 'rest club members csv',
          target: 'GET /business/:slug/clubs/:club/members.csv',
          who,
          method: 'GET',
          url: `/business/${rng.pick([ctx.ownSlug, randomPathSegment(rng)])}/clubs/${rng.pick(['hollow-cellar-club', randomPathSegment(rng)])}/members.csv${oddQuery(rng, ['status', 'search'], { status: 'active', search: 'a' })}`,
          headers: {},
        };
      case 'simple-gets': {
        const target = rng.pick([
          '/health',
          '/get-search-token',
          '/banners',
          '/logout',
          '/uploads/:name',
          '/files/licenses/:id',
          '/',
        ]);
        const url =
          target === '/uploads/:name'
            ? `/uploads/${rng.pick(['0123456789abcdef0123456789abcdef.png', '../../package.json', '%2e%2e%2f%2e%2e%2fpackage.json', 'x.png%00.txt', randomPathSegment(rng)])}`
            : target === '/files/licenses/:id'
              ? `/files/licenses/${rng.pick(['1', '0', '-1', '999999999', '1e3', '1.5', '%00', '..%2f1', 'x'.repeat(300), '9999999999'])}`
              : `${target}${oddQuery(rng, ['x', 'slug', 'next'])}`;
        const method = rng.chance(0.8) ? 'GET' : rng.pick(METHODS);
        return {
          family: 'rest simple endpoint',
          target: `${method} ${target}`,
          // Ending the seller's session would make the rest of the run anonymous.
          who: target === '/logout' ? 'anonymous' : who,
          method,
          url,
          headers: {},
          payload:
            method === 'GET' || method === 'HEAD' || method === 'OPTIONS'
              ? undefined
              : rng.pick(['{}', '{', '']),
        };
      }
      case 'random-path': {
        const method = rng.pick(METHODS);
        const base = rng.pick([
          '',
          '/graphql',
          '/search',
          '/upload',
          '/uploads',
          '/geo/zip',
          '/stripe',
          '/files',
          '/business',
          '/1/indexes',
          '/assets',
          '/wholesale-applications',
          '/offline-payments/accounts',
        ]);
        const segments = Array.from({ length: rng.int(1, 4) }, () => randomPathSegment(rng));
        const url = `${base}/${segments.join('/')}${rng.chance(0.3) ? oddQuery(rng, ['q', 'slug']) : ''}`;
        const payload =
          method === 'GET' || method === 'HEAD'
            ? undefined
            : rng.pick(['{', '{}', '[]', 'null', 'x=1', '']);
        return {
          family: 'rest random path',
          target: `${method} ${base || '/'}/…`,
          who,
          method,
          url: url.startsWith('//') ? url.slice(1) : url,
          headers:
            payload === undefined
              ? {}
              : {
                  'content-type': rng.pick([
                    JSON_TYPE,
                    'text/plain',
                    'application/x-www-form-urlencoded',
                  ]),
                },
          payload,
        };
      }
    }
  })();
  if (rng.chance(0.3)) {
    const noise = noisyHeaders(rng);
    // A request's own content type wins unless the noise is about content types.
    request.headers = { ...noise, ...request.headers, ...(rng.chance(0.5) ? noise : {}) };
  }
  return request;
}
