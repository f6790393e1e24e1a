/** GraphQL requests that are wrong before GraphQL: bodies, content types, methods, paths. */
import { percentEncode, toJson } from './encoding';
import { variablesFor, whoSends, type GraphqlSource } from './graphql-shared';
import type { Rng } from './random';
import { JSON_TYPE, jsonRequest, type FuzzContext, type FuzzRequest } from './requests';

/** Requests that are wrong before GraphQL: bodies, content types, methods, paths. */
export function transportRequest(rng: Rng, ctx: FuzzContext, source: GraphqlSource): FuzzRequest {
  const who = whoSends(rng, 0.25);
  const valid = rng.pick(source.operations);
  const validBody = toJson({
    query: valid.document,
    variables: variablesFor(source, valid, { rng, ctx, chaos: 0, literal: false }),
  });
  const kind = rng.weighted([
    [20, 'invalid-json'],
    [14, 'content-type'],
    [20, 'json-shape'],
    [16, 'get'],
    [8, 'method'],
    [6, 'path'],
    [4, 'oversized'],
    [6, 'bad-bytes'],
    [6, 'batch'],
  ] as const);
  const family = `graphql transport ${kind}`;
  switch (kind) {
    case 'invalid-json': {
      const body = rng.pick([
        '',
        '{',
        '{"query": ',
        '{"query": "{ me { name } }"',
        '{"query": "{ me { name } }",}',
        "{'query': '{ me { name } }'}",
        '{query: "{ me { name } }"}',
        '{"query": "{ me { name } }"} trailing',
        '{"query": "\\x41"}',
        '{"query": "\\u12"}',
        '{"query": "\\ud800{ me { name } }"}',
        '{"query": "{ me { name } }", "variables": {"a": NaN}}',
        '{"query": "{ me { name } }", "variables": {"a": Infinity}}',
        '{"query": 1e999}',
        '\ufeff{"query":"{ me { name } }"}',
        '{"__proto__": {"query": "{ me { name } }"}}',
        '{"constructor": {"prototype": {"polluted": true}}, "query": "{ me { name } }"}',
        '[',
        '"',
        'null',
        'undefined',
        'NaN',
        '{"query": "{ me { name } }"}\u0000',
        '{"query": "{ me\u0000{ name } }"}',
        '['.repeat(rng.int(100, 20_000)),
        `${'{"a":'.repeat(rng.int(100, 5000))}1${'}'.repeat(rng.int(0, 100))}`,
        validBody.slice(0, rng.int(1, validBody.length - 1)),
      ]);
      return jsonRequest(family, 'POST /graphql', who, '/graphql', body);
    }
    case 'content-type': {
      const type = rng.pick([
        '',
        'text/plain',
        'text/plain; charset=utf-8',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/xml',
        'application/json-patch+json',
        'application/jsonp',
        'APPLICATION/JSON',
        'application/json; charset=utf-16',
        'application/json; charset=latin1',
        'application/json;;;',
        'application/json; boundary=x; charset=',
        'application/graphql',
        'application/graphql+json',
        'application/graphql-response+json',
        '*/*',
        'json',
        'application/',
      ]);
      const body = rng.chance(0.3) ? `query=${percentEncode(valid.document)}` : validBody;
      return jsonRequest(family, 'POST /graphql', who, '/graphql', body, type);
    }
    case 'json-shape': {
      const shape = rng.pick<unknown>([
        [],
        [{ query: '{ me { name } }' }],
        42,
        -1.5,
        null,
        true,
        'query { me { name } }',
        {},
        { query: null },
        { query: 42 },
        { query: {} },
        { query: [] },
        { query: ['{ me { name } }'] },
        { query: true },
        { query: '' },
        { query: '   \n\t ' },
        { query: '# only a comment' },
        { query: '{}' },
        { query: '{ }' },
        { query: '{ me { name } }', variables: 'a string' },
        { query: '{ me { name } }', variables: '{"a":1}' },
        { query: '{ me { name } }', variables: [1, 2] },
        { query: '{ me { name } }', variables: 5 },
        { query: '{ me { name } }', variables: null },
        { query: '{ me { name } }', operationName: 5 },
        { query: '{ me { name } }', operationName: {} },
        { query: '{ me { name } }', operationName: ['x'] },
        { query: '{ me { name } }', extensions: 'x' },
        {
          query: '{ me { name } }',
          extensions: { persistedQuery: { version: 1, sha256Hash: 'abc' } },
        },
        { extensions: { persistedQuery: { version: 1, sha256Hash: 'a'.repeat(64) } } },
        { id: 'persisted-1' },
        { variables: { slug: 'x' } },
        { query: '{ me { name } }', variables: { __proto__: { x: 1 } } },
        { QUERY: '{ me { name } }' },
      ]);
      return jsonRequest(family, 'POST /graphql', who, '/graphql', toJson(shape));
    }
    case 'get': {
      const document = rng.pick([
        valid.document,
        '{ me { name } }',
        'mutation { requestPasswordReset(email: "a@b.c") }',
      ]);
      const url = rng.pick([
        '/graphql',
        '/graphql?',
        '/graphql?query',
        '/graphql?query=',
        `/graphql?query=${percentEncode(document)}&query=${percentEncode(document)}`,
        `/graphql?query[]=${percentEncode(document)}`,
        `/graphql?query[a]=${percentEncode(document)}`,
        `/graphql?query=${percentEncode(document)}&variables=not-json`,
        `/graphql?query=${percentEncode(document)}&variables=%5B1%5D`,
        `/graphql?query=${percentEncode(document)}&variables=${percentEncode('{"slug":"a\\u0000b"}')}`,
        `/graphql?query=${percentEncode(document)}&operationName=X&operationName=Y`,
        `/graphql?query=%00`,
        `/graphql?query=%7B%20me%20%7B%20name%20%7D%20%7D%00`,
        `/graphql?query=%E0%A4%A`,
        `/graphql?query=%ZZ`,
        `/graphql?query=%`,
        `/graphql?query=${percentEncode('{ business(slug: "\\u0000") { id } }')}`,
        `/graphql?query=${percentEncode(document)}#fragment`,
        `/graphql?query=${'%7B'.repeat(rng.int(10, 3000))}`,
        `/graphql?query=${percentEncode('{ me { name } }')}&${'x=1&'.repeat(rng.int(10, 2000))}`,
      ]);
      return { family, target: 'GET /graphql', who, method: 'GET', url, headers: {} };
    }
    case 'method': {
      const method = rng.pick(['PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD', 'GET']);
      return {
        family,
        target: `${method} /graphql`,
        who,
        method,
        url: '/graphql',
        headers: { 'content-type': JSON_TYPE },
        payload: method === 'GET' || method === 'HEAD' ? undefined : validBody,
      };
    }
    case 'path': {
      const url = rng.pick([
        '/graphql/',
        '/graphql//',
        '/GRAPHQL',
        '/graphql%00',
        '/graphql/..;/x',
        '/graphql/%2e%2e/health',
        '/graphql.json',
        '/graphiql',
        '/graphiql/../graphql',
        '//graphql',
      ]);
      const method = rng.pick(['GET', 'POST']);
      return {
        family,
        target: `${method} graphql-like path`,
        who,
        method,
        url,
        headers: { 'content-type': JSON_TYPE },
        payload: method === 'POST' ? validBody : undefined,
      };
    }
    case 'oversized': {
      const size = rng.pick([1024 * 1024 + 1, 2 * 1024 * 1024]);
      const body = toJson({ query: `{ me { name } }${' '.repeat(size)}` });
      return jsonRequest(family, 'POST /graphql', who, '/graphql', body);
    }
    case 'bad-bytes': {
      const bytes = Buffer.from(validBody, 'utf8');
      const broken = Buffer.concat([
        bytes.subarray(0, Math.floor(bytes.length / 2)),
        Buffer.from(
          rng.pick([
            [0xff],
            [0xc3],
            [0xed, 0xa0, 0x80],
            [0xf8, 0x88, 0x80, 0x80],
            [0x00],
            [0xfe, 0xff],
          ]),
        ),
        bytes.subarray(Math.floor(bytes.length / 2)),
      ]);
      return jsonRequest(family, 'POST /graphql', who, '/graphql', broken);
    }
    case 'batch': {
      const count = rng.pick([2, 10, 100]);
      const batch = Array.from({ length: count }, () => ({ query: '{ me { name } }' }));
      return jsonRequest(family, 'POST /graphql', who, '/graphql', toJson(batch));
    }
  }
}
