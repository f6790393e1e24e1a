import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '@bevy/core';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAttempts, mailOutbox, sessions, users } from '../../db/tables';
import { credentialsOf, logInAsActor } from '../../test/actors';
import { gql, logInAs } from '../../test/graphql-client';
import { createTestApp, type TestApp } from '../../test/test-app';
import { resolveSession } from './sessions';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const SIGN_UP = `mutation($input: SignUpInput!) { signUp(input: $input) { id email name } }`;
const LOG_IN = `mutation($email: String!, $password: String!) { logIn(email: $email, password: $password) { id } }`;
const ME = `{ me { id name email is_admin seesWholesalePricing works_at { slug } } }`;

/** A date of birth for someone who turns `years` old `daysFromToday` days from today (UTC). */
function birthday(years: number, daysFromToday = 0): string {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + daysFromToday);
  day.setUTCFullYear(day.getUTCFullYear() - years);
  return day.toISOString().slice(0, 10);
}

let counter = 0;
const uniqueEmail = () => `person${Date.now()}${counter++}@example.com`;
// Sign-ups are limited per address: each of these people signs up from a network of their own.
let addresses = 0;
const ownAddress = () => `10.200.${Math.floor(addresses / 250)}.${(addresses++ % 250) + 1}`;
const signUp = (overrides: Record<string, string> = {}) =>
  gql(
    t.app,
    SIGN_UP,
    {
      input: {
        name: 'Jordan Rivers',
        email: uniqueEmail(),
        password: 'tawny-heron-cellar-91',
        dateOfBirth: birthday(30),
        ...overrides,
      },
    },
    { ip: ownAddress() },
  );

describe('sign up', () => {
  it('creates an account and logs it in', async () => {
    const result = await signUp({ email: '  New.Person@Example.COM ' });
    expect(result.body.errors).toBeUndefined();
    expect(result.body.data?.signUp).toMatchObject({ email: 'new.person@example.com' });
    expect(result.cookie).toBeDefined();
    const me = await gql(t.app, ME, {}, { cookie: result.cookie });
    expect(me.body.data?.me).toMatchObject({ email: 'new.person@example.com', is_admin: false });
  });

  it('accepts someone whose 21st birthday is today and refuses someone whose is tomorrow', async () => {
    const today = await signUp({ dateOfBirth: birthday(21, 0) });
    expect(today.body.errors).toBeUndefined();
    const tomorrow = await signUp({ dateOfBirth: birthday(21, 1) });
    expect(tomorrow.body.errors?.[0]).toMatchObject({
      message: 'You must be 21 or older to use this marketplace.',
      extensions: { code: 'BAD_USER_INPUT', field: 'dateOfBirth' },
    });
    expect(tomorrow.cookie).toBeUndefined();
  });

  it('refuses an email that exists in another case', async () => {
    await signUp({ email: 'twin@example.com' });
    const again = await signUp({ email: 'TWIN@Example.com' });
    expect(again.body.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'email',
    });
    const twins = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'twin@example.com'));
    expect(twins).toHaveLength(1);
  });

  it.each([
    ['too short', 'short1!', /at least 10 characters/],
    ['common', 'password123', /common passwords/],
    ['common in another case', 'PASSWORD123', /common passwords/],
    ['made of the name', 'jordanrivers2024', /name or email/],
    ['too few different characters', 'aaaaaaaaaaaa', /more different characters|common/],
  ])('refuses a weak password (%s)', async (_case, password, message) => {
    const result = await signUp({ password });
    expect(result.body.errors?.[0]?.message).toMatch(message);
    expect(result.body.errors?.[0]?.extensions?.field).toBe('password');
  });

  it('stores the password with scrypt, never in the clear', async () => {
    const email = uniqueEmail();
    await signUp({ email });
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(user!.password_hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(user!.password_hash).not.toContain('tawny');
  });
});

describe('log in and sessions', () => {
  it('gives a new session id on every log-in', async () => {
    const first = await logInAsActor(t.app, 'buyer');
    const { email, password } = credentialsOf('buyer');
    const second = await logInAs(t.app, email.toUpperCase(), password);
    expect(first).not.toBe(second);
    for (const cookie of [first, second]) {
      const me = await gql(t.app, ME, {}, { cookie });
      expect(me.body.data?.me).toMatchObject({ email: 'buyer@bevy.example' });
    }
  });

  it('ends the session a browser already had when it logs in again', async () => {
    const first = await logInAsActor(t.app, 'buyer');
    const again = await gql(t.app, LOG_IN, credentialsOf('seller'), { cookie: first });
    expect(again.cookie).toBeDefined();
    expect((await gql(t.app, ME, {}, { cookie: first })).body.data?.me).toBeNull();
    expect((await gql(t.app, ME, {}, { cookie: again.cookie })).body.data?.me).toMatchObject({
      email: 'seller@bevy.example',
    });
  });

  it('sets an HttpOnly, SameSite=Lax cookie', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json' },
      payload: {
        query: LOG_IN,
        variables: credentialsOf('buyer'),
      },
    });
    const header = String(response.headers['set-cookie']);
    expect(header).toMatch(/^bevy_session=/);
    expect(header).toMatch(/HttpOnly/i);
    expect(header).toMatch(/SameSite=Lax/i);
    expect(header).toMatch(/Path=\//);
  });

  it('refuses the old cookie after logout, and logout clears it and goes home', async () => {
    const cookie = await logInAsActor(t.app, 'buyer');
    const logout = await t.app.inject({ method: 'GET', url: '/logout', headers: { cookie } });
    expect(logout.statusCode).toBe(303);
    expect(logout.headers.location).toBe('/');
    expect(String(logout.headers['set-cookie'])).toMatch(
      /bevy_session=;.*Expires=Thu, 01 Jan 1970/i,
    );
    const me = await gql(t.app, ME, {}, { cookie });
    expect(me.body.data?.me).toBeNull();
  });

  it('says the same thing for a wrong password and an unknown email', async () => {
    const wrong = await gql(t.app, LOG_IN, {
      email: 'buyer@bevy.example',
      password: 'not-the-password',
    });
    const unknown = await gql(t.app, LOG_IN, {
      email: 'nobody@example.com',
      password: 'not-the-password',
    });
    expect(wrong.body.errors?.[0]?.message).toBe('That email and password do not match.');
    expect(unknown.body.errors?.[0]?.message).toBe(wrong.body.errors?.[0]?.message);
    expect(wrong.cookie).toBeUndefined();
  });

  it('ends sessions that are idle too long or too old', async () => {
    const cookie = await logInAsActor(t.app, 'buyer');
    const token = cookie.split('=')[1]!;
    const now = Date.now();
    expect(await resolveSession(t.database.db, token, new Date(now + 60_000))).not.toBeNull();
    expect(
      await resolveSession(t.database.db, token, new Date(now + SESSION_IDLE_MS + 120_000)),
    ).toBeNull();
    // Kept active, it still ends at the absolute limit.
    const [row] = await t.database.db
      .select()
      .from(sessions)
      .orderBy(desc(sessions.created_at))
      .limit(1);
    await t.database.db
      .update(sessions)
      .set({ last_seen_at: new Date(now + SESSION_ABSOLUTE_MS) })
      .where(eq(sessions.id, row!.id));
    expect(
      await resolveSession(t.database.db, token, new Date(now + SESSION_ABSOLUTE_MS + 1000)),
    ).toBeNull();
  });
});

describe('abuse limits', () => {
  it('locks an account after 10 failed log-ins in 15 minutes with a 429', async () => {
    const email = uniqueEmail();
    await signUp({ email });
    for (let i = 0; i < 10; i++) {
      const failed = await gql(
        t.app,
        LOG_IN,
        { email, password: `wrong-password-${i}` },
        { ip: `10.0.0.${i}` },
      );
      expect(failed.status).toBe(200);
    }
    const locked = await gql(
      t.app,
      LOG_IN,
      { email, password: 'tawny-heron-cellar-91' },
      { ip: '10.0.1.1' },
    );
    expect(locked.status).toBe(429);
    expect(locked.body.errors?.[0]).toMatchObject({
      message:
        'Too many failed log-in attempts for this account. Wait 15 minutes, or reset your password.',
      extensions: { code: 'TOO_MANY_REQUESTS' },
    });
    expect(locked.cookie).toBeUndefined();
  });

  it('counts several attempts in one request (aliases) one by one', async () => {
    const email = uniqueEmail();
    await signUp({ email });
    const attempts = Array.from(
      { length: 12 },
      (_, i) => `a${i}: logIn(email: "${email}", password: "wrong-guess-${i}") { id }`,
    ).join('\n');
    let limited = false;
    for (let round = 0; round < 12 && !limited; round++) {
      const result = await gql(t.app, `mutation { ${attempts} }`, {}, { ip: `10.0.3.${round}` });
      limited = result.status === 429;
    }
    expect(limited).toBe(true);
    // Every aliased attempt was counted, and none past the limit was even tried.
    const recorded = await t.database.db
      .select()
      .from(loginAttempts)
      .where(eq(loginAttempts.email, email));
    expect(recorded.filter((attempt) => !attempt.succeeded)).toHaveLength(10);
  });

  // Fifty scrypt checks: slow on a busy machine.
  it('limits failed log-ins per address across accounts', { timeout: 120_000 }, async () => {
    const ip = '10.9.9.9';
    for (let i = 0; i < 50; i++) {
      await gql(
        t.app,
        LOG_IN,
        { email: `stranger${i}@example.com`, password: 'guessing-away' },
        { ip },
      );
    }
    const blocked = await gql(t.app, LOG_IN, credentialsOf('buyer'), { ip });
    expect(blocked.status).toBe(429);
    expect(blocked.body.errors?.[0]?.message).toMatch(/from your network/);
    const elsewhere = await gql(t.app, LOG_IN, credentialsOf('buyer'), { ip: '10.9.9.10' });
    expect(elsewhere.status).toBe(200);
  });

  it('refuses batched requests outright', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json' },
      payload: [{ query: LOG_IN, variables: { email: 'a@example.com', password: 'x' } }],
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });
});

describe('password reset', () => {
  const REQUEST = `mutation($email: String!) { requestPasswordReset(email: $email) }`;
  const RESET = `mutation($token: String!, $password: String!) { resetPassword(token: $token, password: $password) }`;

  async function latestResetToken(to: string): Promise<string> {
    const [mail] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to_address, to))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    const match = /reset-password\?token=([\w-]+)/.exec(mail!.text_body);
    return match![1]!;
  }

  it('emails a one-time link that sets a new password and ends every session', async () => {
    const email = uniqueEmail();
    const { cookie } = await signUp({ email });
    expect((await gql(t.app, REQUEST, { email: email.toUpperCase() })).body.data).toEqual({
      requestPasswordReset: true,
    });
    const token = await latestResetToken(email);
    const reset = await gql(t.app, RESET, { token, password: 'new-copper-still-448' });
    expect(reset.body).toEqual({ data: { resetPassword: true } });
    expect((await gql(t.app, ME, {}, { cookie })).body.data?.me).toBeNull();
    await expect(logInAs(t.app, email, 'new-copper-still-448')).resolves.toMatch(/bevy_session=/);
    const again = await gql(t.app, RESET, { token, password: 'another-copper-still-449' });
    expect(again.body.errors?.[0]?.message).toMatch(/expired or was already used/);
  });

  it('answers the same for an unknown email and sends nothing', async () => {
    const before = (await t.database.db.select().from(mailOutbox)).length;
    const result = await gql(t.app, REQUEST, { email: 'no-such-person@example.com' });
    expect(result.body).toEqual({ data: { requestPasswordReset: true } });
    expect((await t.database.db.select().from(mailOutbox)).length).toBe(before);
  });

  it('refuses an expired link', async () => {
    const email = uniqueEmail();
    await signUp({ email });
    await gql(t.app, REQUEST, { email });
    const token = await latestResetToken(email);
    await t.database.db.execute(
      "update password_reset_tokens set expires_at = now() - interval '1 minute'",
    );
    const reset = await gql(t.app, RESET, { token, password: 'new-copper-still-448' });
    expect(reset.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });
});

describe('wholesale access', () => {
  const WHOLESALE = `{ me { seesWholesalePricing wholesaleAccessExpiresOn } }`;

  async function searchKeyBuyer(cookie: string): Promise<string> {
    const response = await t.app.inject({
      method: 'GET',
      url: '/get-search-token',
      headers: { cookie },
    });
    const key = response.json().publicKey as string;
    return JSON.parse(Buffer.from(key.split('.')[0]!, 'base64url').toString()).buyer;
  }

  it('lasts through the license expiry day and ends by itself the day after', async () => {
    const cookie = await logInAsActor(t.app, 'wholesale');
    const setExpiry = (day: string) =>
      t.database.db
        .update(users)
        .set({ wholesale_access_expires_on: day })
        .where(eq(users.email, 'wholesale@bevy.example'));
    const today = new Date().toISOString().slice(0, 10);
    await setExpiry(today);
    expect((await gql(t.app, WHOLESALE, {}, { cookie })).body.data?.me).toEqual({
      seesWholesalePricing: true,
      wholesaleAccessExpiresOn: today,
    });
    expect(await searchKeyBuyer(cookie)).toBe('wholesale');

    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await setExpiry(yesterday);
    expect((await gql(t.app, WHOLESALE, {}, { cookie })).body.data?.me).toMatchObject({
      seesWholesalePricing: false,
    });
    expect(await searchKeyBuyer(cookie)).toBe('retail');
  });

  it('is never given to a retail buyer or an anonymous caller', async () => {
    const cookie = await logInAsActor(t.app, 'buyer');
    expect(await searchKeyBuyer(cookie)).toBe('retail');
    expect(await searchKeyBuyer('')).toBe('retail');
  });
});
