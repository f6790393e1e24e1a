import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { logInAsActor } from '../test/actors';
import { gql } from '../test/graphql-client';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
let seller: string;
/** Every line the app logs (pino's JSON), for checking what reaches the log. */
const logLines: string[] = [];

beforeAll(async () => {
  t = await createTestApp({}, { logStream: { write: (line) => void logLines.push(line) } });
  seller = await logInAsActor(t.app, 'seller');
});
afterAll(() => t.close());
afterEach(() => {
  logLines.length = 0;
});

const errorLines = () =>
  logLines.filter((line) => (JSON.parse(line) as { level: number }).level >= 50);

const nulMessage = (where: string) =>
  `The ${where} contains a NUL character (U+0000), which is not allowed in text. Remove it and try again.`;

describe('a NUL character (U+0000) in a REST request is a 400, not a 500', () => {
  it.each([
    ['/stripe/setup-connect-account?slug=a%00b', 'query string'],
    ['/business/orders.csv?search=a%00b', 'query string'],
    ['/business/orders.csv?status=placed&search=x&search=a%00b', 'query string'],
    ['/banners?x=%00', 'query string'],
    ['/get-search-token?a%00=1', 'query string'],
    ['/uploads/a%00b.png', 'address'],
  ])('GET %s', async (url, where) => {
    const response = await t.app.inject({ method: 'GET', url, headers: { cookie: seller } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'BAD_USER_INPUT', message: nulMessage(where) },
    });
  });

  it.each([
    ['inside a search query', { requests: [{ indexName: 'products', params: { query: 'a\0b' } }] }],
    [
      'deep inside a facet filter',
      { requests: [{ indexName: 'products', params: { facetFilters: [['Type:\0Beer']] } }] },
    ],
    ['in a key', { requests: [{ indexName: 'products', params: { 'query\0': 'x' } }] }],
  ])('POST /search with NUL %s', async (_case, body) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/search',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({ code: 'BAD_USER_INPUT', message: nulMessage('body') });
  });

  it('a body with a list of 300,000 items is looked through too, not a 500', async () => {
    const requests = Array.from({ length: 300_000 }, () => 0);
    for (const body of [{ requests }, { requests: [...requests, 'a\0b'] }]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/search',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
      expect(response.statusCode).toBe(400);
    }
  });

  it('text that reaches the database some other way (a form field) is a 400 too', async () => {
    const boundary = 'nul-boundary';
    const body =
      `--${boundary}\r\ncontent-disposition: form-data; name="slug"\r\n\r\na\0b\r\n` +
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="a.png"\r\n` +
      `content-type: image/png\r\n\r\nxyz\r\n--${boundary}--\r\n`;
    const response = await t.app.inject({
      method: 'POST',
      url: '/upload',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: seller },
      payload: body,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'BAD_USER_INPUT',
      message:
        'The request contains characters that cannot be stored, such as NUL (U+0000). Remove them and try again.',
    });
    expect(errorLines()).toEqual([]);
  });

  it('ordinary text still goes through', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/banners?x=a%20b' });
    expect(response.statusCode).toBe(200);
  });
});

describe('an unexpected database error is logged without its SQL or parameters', () => {
  const secretSlug = 'secret-slug-7f3a9c';
  const secretEmail = 'leak-check-4d1e@example.com';

  beforeAll(async () => {
    // A failing query with a parameter: the column it reads is gone for these tests.
    await t.database.db.execute(sql`alter table businesses rename column slug to slug_gone`);
  });
  afterAll(async () => {
    await t.database.db.execute(sql`alter table businesses rename column slug_gone to slug`);
  });

  /** The logged error, checked to carry the database's code and message but no SQL. */
  function expectSafeError(line: string) {
    expect(line).not.toContain(secretSlug);
    expect(line).not.toContain(secretEmail);
    expect(line).not.toMatch(/select "|params:|"query"|"params"/i);
    const { err } = JSON.parse(line) as { err: Record<string, unknown> };
    expect(err).toMatchObject({
      type: 'DrizzleQueryError',
      message: 'Failed query: column "slug" does not exist',
      code: '42703',
    });
    expect(err.stack).toMatch(/^DrizzleQueryError: Failed query: column "slug" does not exist\n/);
  }

  it('from a REST route (request.log.error)', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/stripe/setup-connect-account?slug=${secretSlug}`,
      headers: { cookie: seller },
    });
    expect(response.statusCode).toBe(500);
    const [line, ...more] = errorLines();
    expect(more).toEqual([]);
    expectSafeError(line!);
  });

  it('from a GraphQL resolver (the error formatter’s reply.log.error)', async () => {
    const result = await gql(t.app, 'query($slug: String!) { business(slug: $slug) { name } }', {
      slug: secretSlug,
    });
    expect(result.body.errors?.[0]?.extensions?.code).toBe('INTERNAL');
    const lines = errorLines();
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expectSafeError(line);
    // Nothing else logged (Mercurius logs each error at info) names the SQL either.
    for (const line of logLines) expect(line).not.toContain(secretSlug);
  });

  it('when logged by hand, as { err } or as the first argument', async () => {
    const failed = await t.database.db
      .execute(sql`select id from users where email = ${secretEmail} and slug_gone = 1`)
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(failed).toBeInstanceOf(Error);
    t.app.log.error({ err: failed }, 'by hand');
    t.app.log.error(failed);
    expect(errorLines()).toHaveLength(2);
    for (const line of errorLines()) {
      expect(line).not.toContain(secretEmail);
      expect(line).not.toMatch(/select id|params:/i);
      expect(line).toContain('"code":"42703"');
    }
  });
});

describe('secrets stay out of the request log', () => {
  it('logs a search key sent in the query string as [redacted]', async () => {
    const key = 'a-secret-search-key-7f3c';
    await t.app.inject({
      method: 'POST',
      url: `/1/indexes/*/queries?x-algolia-agent=test&x-algolia-api-key=${key}&x-algolia-application-id=bevy`,
      headers: { 'content-type': 'application/json' },
      payload: { requests: [{ indexName: 'products', params: { hitsPerPage: 1 } }] },
    });
    const logged = logLines.join('\n');
    expect(logged).toContain('x-algolia-api-key=[redacted]');
    expect(logged).not.toContain(key);
  });
});
