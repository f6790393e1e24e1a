import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import fastifyCookie from '@fastify/cookie';
import { desc, eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { parse } from 'graphql';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { businesses, products } from '../db/tables';
import { registerServiceContext } from '../http/service-context';
import { registerViewer } from '../modules/accounts/viewer';
import { logInAsActor } from '../test/actors';
import { readContractOperations } from '../test/contract';
import { createTestApp, type TestApp } from '../test/test-app';
import { DEFAULT_GRAPHQL_LIMITS as LIMITS, NUL_MESSAGE } from './graphql-limits';
import {
  aliasBomb,
  fragmentBomb,
  sampleVariables,
  spreadAliases,
  tagGraphQuery,
} from './graphql-limits.fixtures';
import { graphqlPlugin } from './graphql.plugin';
import { schema } from './schema';
import { webOperations } from './web-documents';

/** The app's log lines (pino JSON), to check that refusals log nothing at error level. */
const logLines: string[] = [];
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({}, { logStream: { write: (line: string) => void logLines.push(line) } });
  admin = await logInAsActor(t.app, 'admin');
});
afterAll(() => t.close());
beforeEach(() => {
  logLines.length = 0;
});

const errorLogs = () =>
  logLines
    .map((line) => JSON.parse(line) as { level: number; msg: string })
    .filter((l) => l.level >= 50);

interface Answer {
  status: number;
  body: {
    data?: Record<string, unknown> | null;
    errors?: { message: string; extensions?: { code?: string } }[];
  };
  bytes: number;
  ms: number;
}

async function post(
  payload: { query: string; variables?: unknown; operationName?: string },
  cookie?: string,
): Promise<Answer> {
  const started = performance.now();
  const response = await t.app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    payload,
  });
  return {
    status: response.statusCode,
    body: response.json(),
    bytes: response.rawPayload.length,
    ms: performance.now() - started,
  };
}

const messages = (answer: Answer) => (answer.body.errors ?? []).map((error) => error.message);

describe('requests that would cost too much are refused before they run', () => {
  it('the tag-graph request of issue 12 (30 aliases, a fragment 4 levels deep)', async () => {
    const answer = await post({ query: tagGraphQuery() });
    expect(answer.status).toBe(400);
    expect(answer.body.data).toBeNull();
    expect(messages(answer)).toEqual([
      'A request may follow the tag graph one step only: Tag.categorizedBy and Tag.categorizes cannot be selected inside each other.',
    ]);
    expect(answer.ms).toBeLessThan(1000);
  });

  it('a request whose lists multiply past the cost limit, weighed with its variables', async () => {
    const query = `query Carts($ids: [ID!]!) {
      ${['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l', 'm', 'n', 'o'].map((alias) => `${alias}: cartCatalog(productIds: $ids) { products { id name stockCount business { id name slug } pricing { minimum_unit_count_for_price price_per_unit } } }`).join('\n')}
    }`;
    const ids = (count: number) => Array.from({ length: count }, (_, i) => String(i + 1));
    const full = await post({ query, variables: { ids: ids(100) } });
    expect(full.status).toBe(400);
    expect(messages(full)[0]).toMatch(
      /^The request is too costly \(estimated cost \d+, at most 30000\): ask for fewer fields, fewer aliases or smaller lists\.$/,
    );
    expect(full.body.errors![0]!.extensions?.code).toBe('QUERY_TOO_COMPLEX');
    expect(full.ms).toBeLessThan(1000);
    // The same text with a small cart is fine (the cost depends on the variables, every time).
    const small = await post({ query, variables: { ids: ids(3) } });
    expect(small.status).toBe(200);
    expect(small.body.errors).toBeUndefined();
    const again = await post({ query, variables: { ids: ids(100) } });
    expect(again.status).toBe(400);
  });

  it('a fragment bomb (each fragment spreading the next twice)', async () => {
    for (const levels of [25, 35]) {
      const answer = await post({ query: fragmentBomb(levels) });
      expect(answer.status).toBe(400);
      expect(messages(answer)).toEqual([
        'The request is too large: it expands to more than 2000 selections.',
      ]);
      expect(answer.ms).toBeLessThan(1000);
    }
    const aliases = await post({ query: aliasBomb(40) });
    expect(aliases.status).toBe(400);
    expect(messages(aliases)).toContain('A request may use at most 30 aliases.');
    expect(aliases.ms).toBeLessThan(1000);
  });

  it('aliases are counted as they run: a fragment counts each time it is spread', async () => {
    expect((await post({ query: spreadAliases(10) })).status).toBe(200);
    const over = await post({ query: spreadAliases(11) });
    expect(over.status).toBe(400);
    expect(messages(over)).toEqual(['A request may use at most 30 aliases.']);
  });
});

describe('the text of a request is bounded', () => {
  it('a query over the length limit is a 400 with a clear message, by POST and GET', async () => {
    const query = `{ me { id } }\n#${'x'.repeat(LIMITS.maxQueryLength)}`;
    const answer = await post({ query });
    expect(answer.status).toBe(400);
    expect(messages(answer)).toEqual([
      `The GraphQL query is too long: at most ${LIMITS.maxQueryLength} characters.`,
    ]);
    const tokens = await post({ query: `{ me { ${'id '.repeat(LIMITS.maxTokens)} } }` });
    expect(tokens.status).toBe(400);
    expect(messages(tokens)).toEqual([
      `The GraphQL query is too long: at most ${LIMITS.maxTokens} tokens.`,
    ]);
    const get = await t.app.inject({
      method: 'GET',
      url: `/graphql?query=${encodeURIComponent(`{ me { id } } #${'x'.repeat(LIMITS.maxQueryLength)}`)}`,
    });
    expect(get.statusCode).toBe(400);
    expect(get.json().errors[0].message).toMatch(/too long/);
  });
});

describe('NUL in a string', () => {
  const literals = [
    '{ business(slug: "a\\u0000b") { id } }',
    '{ tagsForCategory(tagCategoryName: "a\\u0000b") { id } }',
    'mutation { requestPasswordReset(email: "a\\u0000@example.com") }',
    '{ businessOrders(search: "a\\u0000b") { total } }',
    'query($slug: String = "a\\u0000b") { business(slug: $slug) { id } }',
    // Not the GraphQL escape but the character itself, which graphql's parser accepts in a string.
    '{ business(slug: "raw \u0000 nul") { id } }',
  ];

  it.each(literals)('in a literal is a 400 with a clear message: %s', async (query) => {
    const answer = await post({ query }, admin);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ data: null, errors: [{ message: NUL_MESSAGE }] });
    expect(errorLogs()).toEqual([]);
  });

  it.each([
    ['a String', 'query($s: String!) { business(slug: $s) { id } }', { s: 'a\u0000b' }],
    [
      'a list',
      'query($ids: [ID!]!) { cartCatalog(productIds: $ids) { buyerKind } }',
      { ids: ['1', '2\u0000'] },
    ],
    [
      'an input object',
      'mutation($input: SignUpInput!) { signUp(input: $input) { id } }',
      {
        input: {
          name: 'Nul\u0000',
          email: 'nul@example.com',
          password: 'amber-fermenter-7734',
          dateOfBirth: '1985-02-02',
        },
      },
    ],
    [
      'a nested input object',
      'mutation($slug: String!, $update: BusinessUpdateInput!) { updateBusiness(slug: $slug, update: $update) { id } }',
      { slug: 'x', update: { ship_to_states: { set: ['OR', 'W\u0000A'] } } },
    ],
  ])('in a variable (%s) is a 400 with a clear message', async (_what, query, variables) => {
    const answer = await post({ query, variables }, admin);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ data: null, errors: [{ message: NUL_MESSAGE }] });
    expect(errorLogs()).toEqual([]);
  });

  it('in the variables of a GET request is a 400', async () => {
    const query = encodeURIComponent('query($s: String!) { business(slug: $s) { id } }');
    const variables = encodeURIComponent(JSON.stringify({ s: 'a\u0000b' }));
    const response = await t.app.inject({
      method: 'GET',
      url: `/graphql?query=${query}&variables=${variables}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].message).toBe(NUL_MESSAGE);
    expect(errorLogs()).toEqual([]);
  });
});

describe('the path of a request', () => {
  it('spelled with escapes (/%67raphql) gets the same checks as /graphql', async () => {
    for (const url of ['/%67raphql', '/graph%71l', '/%67raphql?x=1']) {
      const nul = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: { query: '{ business(slug: "a\\u0000b") { id } }' },
      });
      expect(nul.statusCode, url).toBe(400);
      expect(nul.json().errors[0].message).toBe(NUL_MESSAGE);
      const tooLong = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: { query: `{ me { id } } # ${'x'.repeat(LIMITS.maxQueryLength)}` },
      });
      expect(tooLong.statusCode, url).toBe(400);
      const simple = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'text/plain' },
        payload: '{ me { id } }',
      });
      expect(simple.statusCode, url).toBe(415);
    }
    expect(errorLogs()).toEqual([]);
  });
});

describe('the operation to run', () => {
  const get = (params: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: `/graphql?${new URLSearchParams(params)}` });

  it('must be in the document, by GET as by POST: else a 400 with a clear message', async () => {
    const unknown = await get({ query: 'query Q { me { name } }', operationName: 'Nope' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([{ message: 'Unknown operation named "Nope".' }]);
    const ambiguous = await get({ query: 'query A { me { id } } query B { me { name } }' });
    expect(ambiguous.statusCode).toBe(400);
    expect(ambiguous.json().errors[0].message).toMatch(/Must provide operation name/);
    const posted = await post({ query: 'query Q { me { name } }', operationName: 'Nope' });
    expect(posted.status).toBe(400);
    expect(errorLogs()).toEqual([]);
  });

  it('an empty operationName picks the only operation', async () => {
    const answer = await get({ query: 'query Q { me { name } }', operationName: '' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ data: { me: null } });
  });
});

describe('the size of an answer', () => {
  it('is capped: an answer over the limit is replaced by a clear error', async () => {
    // The same plugin with a lowered cap, on the test database.
    const app = Fastify({ logger: false });
    await app.register(fastifyCookie);
    registerViewer(app, { config: t.config, db: t.database.db });
    registerServiceContext(app, t.app.services);
    await app.register(graphqlPlugin, {
      config: t.config,
      db: t.database.db,
      limits: { maxResponseBytes: 300 },
    });
    try {
      const ask = (query: string) =>
        app.inject({
          method: 'POST',
          url: '/graphql',
          headers: { 'content-type': 'application/json' },
          payload: { query },
        });
      const large = await ask(
        '{ tagsForCategory(tagCategoryName: "Business Type") { id name categorizedBy { id name } } }',
      );
      expect(large.statusCode).toBe(400);
      expect(large.json()).toEqual({
        data: null,
        errors: [
          {
            message: 'The answer is too large (over 0 KB): ask for fewer fields or smaller lists.',
            extensions: { code: 'RESPONSE_TOO_LARGE' },
          },
        ],
      });
      const small = await ask('{ tagsForCategory(tagCategoryName: "Business Type") { id } }');
      expect(small.statusCode).toBe(200);
      expect(small.json().data.tagsForCategory.length).toBeGreaterThan(2);
    } finally {
      await app.close();
    }
  });
});

describe('legitimate operations still run', () => {
  it('every query of the web app and the contract, with the largest pages and lists, as an admin', async () => {
    const [richest] = await t.database.db
      .select({ slug: businesses.slug, count: sql<number>`count(*)` })
      .from(products)
      .innerJoin(businesses, eq(businesses.id, products.business_id))
      .groupBy(businesses.slug)
      .orderBy(desc(sql`count(*)`))
      .limit(1);
    const contract = readContractOperations();
    const queries = [
      ...webOperations().filter((op) => op.kind === 'query'),
      ...parse(contract)
        .definitions.filter((d) => d.kind === 'OperationDefinition' && d.operation === 'query')
        .map((d) => ({ name: (d as { name: { value: string } }).name.value, source: contract })),
    ];
    expect(queries.length).toBeGreaterThan(25);
    let largest = 0;
    const refused: string[] = [];
    for (const op of queries) {
      const variables = sampleVariables(schema, op.source, op.name, {
        slug: richest!.slug,
        status: 'placed',
        from: '2024-01-01',
        to: '2030-12-31',
        // Insights refuse ranges over two years (BAD_USER_INPUT); give them the longest allowed.
        ...(/Insights$/.test(op.name) ? { from: '2025-01-01', to: '2026-12-31' } : {}),
      });
      const answer = await post({ query: op.source, operationName: op.name, variables }, admin);
      // Resolvers may answer NOT_FOUND or FORBIDDEN to sample variables; no limit may refuse.
      expect(answer.status, `${op.name}: ${JSON.stringify(answer.body.errors)}`).toBe(200);
      refused.push(
        ...(answer.body.errors ?? [])
          .filter((e) => e.extensions?.code !== 'NOT_FOUND' && e.extensions?.code !== 'FORBIDDEN')
          .map((e) => `${op.name}: ${e.message}`),
      );
      largest = Math.max(largest, answer.bytes);
    }
    expect(refused).toEqual([]);
    // The largest answer of the seeded demo is far under the cap.
    expect(largest).toBeLessThan(LIMITS.maxResponseBytes / 4);
    expect(errorLogs()).toEqual([]);
  });
});

/**
 * An attacker on a thread of its own (not the server's event loop): once started, `attack()`
 * sends `bodies` to `url` all at once and answers their statuses and bodies.
 */
async function attackerThread(url: string, bodies: string[]) {
  const code = `
    const { parentPort, workerData } = require('node:worker_threads');
    parentPort.once('message', () =>
      Promise.all(
        workerData.bodies.map((body) =>
          fetch(workerData.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
            .then(async (response) => ({ status: response.status, body: await response.text() })),
        ),
      ).then((answers) => parentPort.postMessage(answers)),
    );
    parentPort.postMessage('ready');
  `;
  const worker = new Worker(code, { eval: true, workerData: { url, bodies } });
  await new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return {
    attack: () =>
      new Promise<{ status: number; body: string }[]>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
        worker.postMessage('go');
      }).finally(() => worker.terminate()),
  };
}

describe('under attack', () => {
  // A shared machine's scheduling can pause any process for 100 ms now and then; such a pause is
  // retried. Without the limits the server is blocked for seconds on every try.
  it(
    '10 tag-graph requests at once leave /health answering within 100 ms',
    { retry: 2 },
    async () => {
      if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
      const health = async () => {
        const started = performance.now();
        const response = await fetch(`${base}/health`);
        await response.text();
        expect(response.status).toBe(200);
        return performance.now() - started;
      };
      await health(); // a warm connection, as a load balancer's probe has

      // Ten different texts, so that none is answered from a cache of refusals.
      const attacker = await attackerThread(
        `${base}/graphql`,
        Array.from({ length: 10 }, (_, i) => JSON.stringify({ query: tagGraphQuery(`v${i}_`) })),
      );
      let running = true;
      const healthTimes: number[] = [];
      const started = performance.now();
      const attack = attacker.attack();
      const probe = (async () => {
        while (running) healthTimes.push(await health());
      })();
      const answers = await attack;
      const attackMs = performance.now() - started;
      running = false;
      await probe;

      for (const answer of answers) {
        expect(answer.status).toBe(400);
        expect(answer.body).toMatch(/tag graph one step only/);
      }
      expect(attackMs).toBeLessThan(2000);
      expect(healthTimes.length).toBeGreaterThan(1);
      expect(Math.max(...healthTimes)).toBeLessThan(100);
    },
  );
});
