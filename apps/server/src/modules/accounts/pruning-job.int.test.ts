import { LOGIN_LIMITS, PASSWORD_RESET_LIMITS, SESSION_IDLE_MS } from '@bevy/core';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAttempts, rateLimitEvents, sessions, users } from '../../db/tables';
import { DEMO_ACTORS, logInAsActor } from '../../test/actors';
import { gql } from '../../test/graphql-client';
import { createTestApp, type TestApp } from '../../test/test-app';
import { ABUSE_RECORD_RETENTION_MS, pruneAccountRecordsJob } from './pruning-job';
import { emailSubject, recordRequest } from './rate-limits';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const ago = (ms: number) => new Date(Date.now() - ms);
const prune = () =>
  pruneAccountRecordsJob.run(
    t.app.services,
    {},
    {
      id: 'job-1',
      attempt: 1,
      runAgainIn: async () => undefined,
    },
  );

let counter = 0;
const uniqueEmail = () => `pruned${Date.now()}${counter++}@example.com`;

describe('pruning account records', () => {
  it('keeps log-in attempts and rate-limit events at least as long as the longest limit window', () => {
    expect(ABUSE_RECORD_RETENTION_MS).toBeGreaterThanOrEqual(LOGIN_LIMITS.windowMs);
    expect(ABUSE_RECORD_RETENTION_MS).toBeGreaterThanOrEqual(PASSWORD_RESET_LIMITS.windowMs);
  });

  it('removes expired and idle sessions, and a live session still signs its user in', async () => {
    const cookie = await logInAsActor(t.app, 'buyer');
    const [buyer] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, DEMO_ACTORS.buyer.email));
    const dead = [`expired-${counter++}`, `idle-${counter++}`];
    await t.database.db.insert(sessions).values([
      { id: dead[0]!, user_id: buyer!.id, expires_at: ago(MINUTE), last_seen_at: ago(2 * MINUTE) },
      {
        id: dead[1]!,
        user_id: buyer!.id,
        expires_at: new Date(Date.now() + DAY),
        last_seen_at: ago(SESSION_IDLE_MS + MINUTE),
      },
    ]);

    await prune();

    const left = await t.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(inArray(sessions.id, dead));
    expect(left).toEqual([]);
    const me = await gql(t.app, '{ me { email } }', {}, { cookie });
    expect(me.body.data).toEqual({ me: { email: DEMO_ACTORS.buyer.email } });
  });

  it('forgets old log-in attempts, and an account locked by recent failures stays locked', async () => {
    const email = uniqueEmail();
    const failure = (at: Date) => ({ email, ip: '198.51.100.7', succeeded: false, created_at: at });
    await t.database.db
      .insert(loginAttempts)
      .values([
        failure(ago(2 * DAY)),
        ...Array.from({ length: LOGIN_LIMITS.maxFailuresPerAccount }, () => failure(ago(MINUTE))),
      ]);

    await prune();

    const kept = await t.database.db
      .select({ created_at: loginAttempts.created_at })
      .from(loginAttempts)
      .where(eq(loginAttempts.email, email));
    expect(kept).toHaveLength(LOGIN_LIMITS.maxFailuresPerAccount);
    expect(kept.every((row) => row.created_at > ago(ABUSE_RECORD_RETENTION_MS))).toBe(true);
    const locked = await gql(
      t.app,
      'mutation($email: String!, $password: String!) { logIn(email: $email, password: $password) { id } }',
      { email, password: 'whatever-it-is' },
      { ip: '203.0.113.9' },
    );
    expect(locked.body.errors?.[0]?.extensions?.code).toBe('TOO_MANY_REQUESTS');
  });

  it('forgets old rate-limited requests, and the recent ones still count against the limit', async () => {
    const subject = emailSubject(uniqueEmail());
    const request = (at: Date) => ({ action: 'password-reset', subject, created_at: at });
    await t.database.db
      .insert(rateLimitEvents)
      .values([
        request(ago(2 * DAY)),
        ...Array.from({ length: PASSWORD_RESET_LIMITS.maxPerEmail }, () =>
          request(ago(30 * MINUTE)),
        ),
      ]);

    await prune();

    const kept = await t.database.db
      .select({ created_at: rateLimitEvents.created_at })
      .from(rateLimitEvents)
      .where(eq(rateLimitEvents.subject, subject));
    expect(kept).toHaveLength(PASSWORD_RESET_LIMITS.maxPerEmail);
    const rule = { subject, max: PASSWORD_RESET_LIMITS.maxPerEmail, message: 'Too many.' };
    expect(
      await recordRequest(t.database.db, 'password-reset', PASSWORD_RESET_LIMITS.windowMs, [rule]),
    ).toEqual(rule);
  });
});
