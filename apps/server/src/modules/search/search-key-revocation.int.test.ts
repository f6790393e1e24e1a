import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { endedSessions, users } from '../../db/tables';
import { credentialsOf, logInAsActor } from '../../test/actors';
import { gql } from '../../test/graphql-client';
import { searchKeyFor } from '../../test/search';
import { createTestApp, type TestApp } from '../../test/test-app';
import { endAllSessions, hashToken, sessionRef } from '../accounts/sessions';

const onPostgres = process.env.TEST_DB_KIND === 'postgres';

let t: TestApp;
/** A second server process on the same database, with its own memory and its own LISTEN. */
let other: App;

beforeAll(async () => {
  t = await createTestApp();
  other = await buildApp({ config: t.config, database: t.database, logger: false });
  await other.ready();
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const logInWholesale = () => logInAsActor(t.app, 'wholesale');

/** What a search with `key` is served as, and the key-status header, on `app`. */
async function servedAs(key: string, app: App = t.app) {
  const response = await app.inject({
    method: 'POST',
    url: '/search',
    headers: { 'content-type': 'application/json', 'x-search-key': key },
    payload: { requests: [{ indexName: 'products', params: { hitsPerPage: 100 } }] },
  });
  expect(response.statusCode).toBe(200);
  const wholesale = /"wholesalePricing":\[\{/.test(response.body);
  // Hits exist either way, so retail is never an empty answer.
  expect(response.body).toMatch(/"retailPricing":\[\{/);
  return {
    buyer: wholesale ? 'wholesale' : 'retail',
    status: response.headers['x-search-key-status'] ?? null,
  };
}

const logOut = (cookie: string, app: App = t.app) =>
  app.inject({
    method: 'GET',
    url: '/logout',
    headers: { cookie, 'sec-fetch-site': 'same-origin' },
  });

const sessionIdOf = (cookie: string) => hashToken(cookie.slice(cookie.indexOf('=') + 1));

const claimsOf = (key: string) =>
  JSON.parse(Buffer.from(key.split('.')[0]!, 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;

/** Polls briefly: on PostgreSQL the announcement reaches a listener asynchronously. */
const revocationReaches = (key: string, app: App = t.app) =>
  expect
    .poll(() => servedAs(key, app), { timeout: 1000, interval: 25 })
    .toEqual({ buyer: 'retail', status: 'revoked' });

describe('a search key names its session, by a reference', () => {
  it('derived from the session id, never the id itself', async () => {
    const cookie = await logInWholesale();
    const claims = claimsOf(await searchKeyFor(t.app, cookie));
    const id = sessionIdOf(cookie);
    expect(claims.ses).toBe(sessionRef(id));
    expect(claims.ses).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(JSON.stringify(claims)).not.toContain(id);
    expect(claimsOf(await searchKeyFor(t.app)).ses).toBeUndefined();
  });
});

describe('ending a session revokes its wholesale search key', () => {
  it('after logout, the wholesale key is served as retail and says it was revoked', async () => {
    const cookie = await logInWholesale();
    const key = await searchKeyFor(t.app, cookie);
    // The positive control: the key works while the session lives.
    expect(await servedAs(key)).toEqual({ buyer: 'wholesale', status: null });
    expect((await logOut(cookie)).statusCode).toBe(303);
    await revocationReaches(key);
    // A new key for the same browser, now anonymous, is plain retail.
    expect(await servedAs(await searchKeyFor(t.app, cookie))).toEqual({
      buyer: 'retail',
      status: null,
    });
  });

  it('a retail key after logout is just retail', async () => {
    const cookie = await logInAsActor(t.app, 'buyer');
    const key = await searchKeyFor(t.app, cookie);
    await logOut(cookie);
    // Give an announcement time to arrive, then check nothing changed for a retail key.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await servedAs(key)).toEqual({ buyer: 'retail', status: null });
  });

  it('so does logging in again over the session, and ending all of a user’s sessions', async () => {
    const first = await logInWholesale();
    const firstKey = await searchKeyFor(t.app, first);
    const second = await logInWholesale();
    const secondKey = await searchKeyFor(t.app, second);
    // Logging in while logged in replaces the session.
    const again = await gql(
      t.app,
      'mutation($email: String!, $password: String!) { logIn(email: $email, password: $password) { id } }',
      credentialsOf('wholesale'),
      { cookie: first },
    );
    expect(again.cookie).toBeDefined();
    await revocationReaches(firstKey);
    expect(await servedAs(secondKey)).toEqual({ buyer: 'wholesale', status: null });

    // A password reset or an admin disabling the account ends every session (sessions.ts).
    const [user] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'wholesale@bevy.example'));
    await endAllSessions(t.database.db, user!.id);
    await revocationReaches(secondKey);
  });

  it('records the reference in ended_sessions and prunes rows older than a key can live', async () => {
    const stale = 'stale-ref-000000000000';
    await t.database.db
      .insert(endedSessions)
      .values({ ref: stale, ended_at: new Date(Date.now() - 25 * 60 * 60 * 1000) });
    const cookie = await logInWholesale();
    await logOut(cookie);
    const refs = (await t.database.db.select().from(endedSessions)).map((row) => row.ref);
    expect(refs).toContain(sessionRef(sessionIdOf(cookie)));
    expect(refs).not.toContain(stale);
    expect(refs).not.toContain(sessionIdOf(cookie));
  });
});

describe('the revocation reaches every process', () => {
  it('a logout through one process makes another refuse the key within a second', async () => {
    const cookie = await logInWholesale();
    const key = await searchKeyFor(t.app, cookie);
    expect(await servedAs(key, other)).toEqual({ buyer: 'wholesale', status: null });
    await logOut(cookie);
    await revocationReaches(key, other);
  });

  it('a process started later learns of sessions ended before it started', async () => {
    const cookie = await logInWholesale();
    const key = await searchKeyFor(t.app, cookie);
    await logOut(cookie);
    const late = await buildApp({ config: t.config, database: t.database, logger: false });
    try {
      await late.ready();
      expect(await servedAs(key, late)).toEqual({ buyer: 'retail', status: 'revoked' });
    } finally {
      await late.close();
    }
  });

  it.runIf(onPostgres)(
    'a listener that lost its connection reloads the list, catching ends it missed',
    async () => {
      const cookie = await logInWholesale();
      const key = await searchKeyFor(t.app, cookie);
      const listeners = sql`select pid from pg_stat_activity
        where datname = current_database() and query = 'LISTEN bevy_ended_sessions'`;
      await t.database.db.execute(sql`select pg_terminate_backend(pid) from (${listeners}) l`);
      const listening = async () =>
        ((await t.database.db.execute(listeners)) as unknown as { rows: unknown[] }).rows.length;
      await expect.poll(listening, { timeout: 2000 }).toBe(0);
      // Ended while no process listens: only the reload after reconnecting can learn of it.
      await logOut(cookie);
      await expect
        .poll(() => servedAs(key, other), { timeout: 5000, interval: 50 })
        .toEqual({ buyer: 'retail', status: 'revoked' });
    },
  );
});
