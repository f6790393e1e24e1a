/** REST routes, paths, query strings and noisy headers for the fuzz test. */
import { percentEncode } from './encoding';
import { nastyString } from './nasty-values';
import type { Rng } from './random';

export const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'];

/** Headers that are wrong in one way or another; added on top of a request's own. */
export function noisyHeaders(rng: Rng): Record<string, string> {
  const headers: Record<string, string> = {};
  const count = rng.int(1, 3);
  for (let i = 0; i < count; i++) {
    const kind = rng.pick([
      'cookie',
      'search-key',
      'accept',
      'big',
      'content-type',
      'forwarded',
      'encoding',
    ] as const);
    switch (kind) {
      case 'cookie':
        headers.cookie = rng.pick([
          'bevy_session=',
          'bevy_session=not-a-session',
          `bevy_session=${'a'.repeat(rng.pick([199, 200, 201, 4000]))}`,
          'bevy_session=%00',
          'bevy_session=%ZZ',
          'bevy_session="quoted"',
          'bevy_session=a; bevy_session=b',
          '=; ==; ;;',
          'bevy_session',
          `bevy_session=${percentEncode("' OR '1'='1")}`,
          'bevy_session=\u00e9t\u00e9',
          `x=${'y'.repeat(6000)}`,
        ]);
        break;
      case 'search-key':
        headers[rng.pick(['x-search-key', 'x-algolia-api-key'])] = rng.pick([
          'garbage',
          'a.b',
          'a.b.c',
          '.',
          'eyJidXllciI6Indob2xlc2FsZSJ9.AAAA',
          'eyJidXllciI6Indob2xlc2FsZSIsImV4cCI6OTk5OTk5OTk5OTk5OTl9.forged',
          `${Buffer.from('{"buyer":"wholesale","exp":1e400}').toString('base64url')}.sig`,
          `${Buffer.from('[]').toString('base64url')}.sig`,
          `${Buffer.from('not json').toString('base64url')}.sig`,
          'k'.repeat(rng.pick([100, 5000])),
          '%00',
          ' ',
        ]);
        break;
      case 'accept':
        headers.accept = rng.pick([
          'text/html',
          'application/json',
          '*/*',
          '',
          'text/html;q=abc',
          'application/json, text/html',
          'image/*',
          ',,,',
        ]);
        break;
      case 'big':
        headers[`x-fuzz-${rng.int(1, 9)}`] = 'b'.repeat(rng.pick([1000, 8000]));
        break;
      case 'content-type':
        headers['content-type'] = rng.pick([
          'application/json; charset=utf-16',
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data',
          'application/octet-stream',
          'application/json;;',
          'x',
        ]);
        break;
      case 'forwarded':
        headers['x-forwarded-for'] = rng.pick(['1.2.3.4', 'not-an-ip', '::1, 10.0.0.1', '']);
        break;
      case 'encoding':
        headers['content-encoding'] = rng.pick(['gzip', 'br', 'deflate', 'identity', 'bogus']);
        break;
    }
  }
  return headers;
}

export function randomPathSegment(rng: Rng): string {
  return rng.pick([
    '..',
    '%2e%2e',
    '..%2f..%2f..%2fetc%2fpasswd',
    '..%5c..%5cwin.ini',
    '%00',
    'a%00b',
    '%ZZ',
    '%',
    '%E0%A4%A',
    '%ED%A0%80',
    '\u00e9t\u00e9',
    percentEncode('\u00e9t\u00e9 \ud83c\udf77'),
    '%F0%9F%8D%B7',
    'x'.repeat(rng.pick([300, 5000])),
    'CON',
    '.env',
    '.git%2fconfig',
    '~',
    ';',
    'a;b=c',
    '%2F',
    '',
    '*',
  ]);
}

function queryValue(rng: Rng): string {
  return rng.pick([
    '%00',
    'a%00b',
    '%ZZ',
    '%',
    '%E0%A4%A',
    '%ED%A0%80',
    percentEncode(nastyString(rng)),
    'x'.repeat(rng.pick([10, 300, 5000])),
    '',
    '%27%20OR%201%3D1',
  ]);
}

/** A query string with the given keys, repeated, bracketed or filled with odd values. */
export function oddQuery(rng: Rng, keys: string[], real: Record<string, string> = {}): string {
  const parts: string[] = [];
  for (const key of keys) {
    const shape = rng.pick(['plain', 'plain', 'real', 'repeated', 'bracket', 'missing', 'empty']);
    const value = () =>
      shape === 'real' && real[key] ? percentEncode(real[key]) : queryValue(rng);
    if (shape === 'missing') continue;
    if (shape === 'empty') parts.push(key);
    else if (shape === 'repeated') parts.push(`${key}=${value()}`, `${key}=${value()}`);
    else if (shape === 'bracket') parts.push(`${key}[]=${value()}`, `${key}[x]=${value()}`);
    else parts.push(`${key}=${value()}`);
  }
  if (rng.chance(0.2))
    parts.push(`${rng.pick(['__proto__', 'constructor', 'x'])}=${queryValue(rng)}`);
  return parts.length ? `?${parts.join('&')}` : rng.pick(['', '?', '?&&', '?=']);
}

/**
 * The routes the server registers besides /graphql (grep `app.get(`, `app.post(` under
 * apps/server/src), as the targets of the requests below name them.
 */
export const REST_TARGETS = [
  'POST /search',
  'POST /1/indexes/:indexName/queries',
  'POST /upload',
  'POST /wholesale-applications',
  'GET /geo/zip/:zip',
  'GET /stripe/setup-connect-account',
  'GET /offline-payments/accounts/:accountId',
  'POST /offline-payments/accounts/:accountId/onboarding',
  'POST /stripe/webhook',
  'GET /business/orders.csv',
  'GET /business/:slug/clubs/:club/members.csv',
  'GET /health',
  'GET /get-search-token',
  'GET /banners',
  'GET /logout',
  'GET /uploads/:name',
  'GET /files/licenses/:id',
  'GET /',
];
