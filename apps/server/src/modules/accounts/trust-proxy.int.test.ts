import { LOGIN_LIMITS } from '@bevy/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAttempts } from '../../db/tables';
import { DEMO_ACTORS } from '../../test/actors';
import { createTestApp, type TestApp } from '../../test/test-app';

const LOG_IN = `mutation($email: String!, $password: String!) { logIn(email: $email, password: $password) { id } }`;
const PRODUCTION = {
  NODE_ENV: 'production',
  SEARCH_KEY_SECRET: 'trust-proxy-test-search-key-secret-0123456789',
  ALLOW_OFFLINE_PAYMENTS: 'true',
};
// Fifty and more scrypt checks per test.
const SLOW = { timeout: 180_000 };

/** A log-in arriving from `remoteAddress`, with an X-Forwarded-For header when given. */
async function logIn(
  t: TestApp,
  remoteAddress: string,
  forwardedFor: string | undefined,
  email: string,
  password: string,
) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/graphql',
    remoteAddress,
    headers: {
      'content-type': 'application/json',
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
    },
    payload: { query: LOG_IN, variables: { email, password } },
  });
  return { status: response.statusCode, body: response.json() };
}

const fail = (t: TestApp, remoteAddress: string, forwardedFor: string, i: number) =>
  logIn(t, remoteAddress, forwardedFor, `stranger${i}@example.com`, 'guessing-away');

describe('in production, with TRUST_PROXY unset', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(PRODUCTION);
  });
  afterAll(() => t.close());

  it('a rotating X-Forwarded-For does not escape the per-address log-in limit', SLOW, async () => {
    const attacker = '198.51.100.20';
    for (let i = 0; i < LOGIN_LIMITS.maxFailuresPerAddress; i++) {
      const failed = await fail(t, attacker, `203.0.113.${i + 1}`, i);
      expect(failed.status).toBe(200);
    }
    const blocked = await logIn(
      t,
      attacker,
      '192.0.2.99',
      DEMO_ACTORS.buyer.email,
      DEMO_ACTORS.buyer.password,
    );
    expect(blocked.status).toBe(429);
    expect(blocked.body.errors[0].message).toMatch(/from your network/);
    const recorded = await t.database.db
      .select()
      .from(loginAttempts)
      .where(eq(loginAttempts.ip, attacker));
    expect(recorded).toHaveLength(LOGIN_LIMITS.maxFailuresPerAddress);

    const someoneElse = await logIn(
      t,
      '198.51.100.21',
      undefined,
      DEMO_ACTORS.buyer.email,
      DEMO_ACTORS.buyer.password,
    );
    expect(someoneElse.status).toBe(200);
    expect(someoneElse.body.errors).toBeUndefined();
  });
});

describe('with TRUST_PROXY=1 (one proxy in front)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ...PRODUCTION, TRUST_PROXY: '1' });
  });
  afterAll(() => t.close());

  it('takes the client from the last hop, so the limit holds per client', SLOW, async () => {
    const proxy = '10.0.0.2';
    const client = '203.0.113.50';
    // The client writes hops of its own; the proxy appends the address it saw.
    const real = 5;
    for (let i = 0; i < real; i++) {
      const failed = await fail(t, proxy, `192.0.2.${i + 1}, ${client}`, i);
      expect(failed.status).toBe(200);
    }
    const recorded = await t.database.db
      .select()
      .from(loginAttempts)
      .where(eq(loginAttempts.ip, client));
    expect(recorded).toHaveLength(real);
    // The rest of the client's failures (the limit itself is tested above and in accounts).
    await t.database.db.insert(loginAttempts).values(
      Array.from({ length: LOGIN_LIMITS.maxFailuresPerAddress - real }, (_, i) => ({
        email: `seeded${i}@example.com`,
        ip: client,
        succeeded: false,
      })),
    );

    const blocked = await logIn(
      t,
      proxy,
      client,
      DEMO_ACTORS.buyer.email,
      DEMO_ACTORS.buyer.password,
    );
    expect(blocked.status).toBe(429);
    expect(blocked.body.errors[0].message).toMatch(/from your network/);
    // Another client behind the same proxy is not held up by the first one's failures.
    const neighbor = await logIn(
      t,
      proxy,
      '203.0.113.51',
      DEMO_ACTORS.buyer.email,
      DEMO_ACTORS.buyer.password,
    );
    expect(neighbor.status).toBe(200);
    expect(neighbor.body.errors).toBeUndefined();
  });
});
