import { createHash } from 'node:crypto';
import { PASSWORD_RESET_LIMITS, SIGN_UP_LIMITS } from '@bevy/core';
import { and, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, passwordResetTokens, rateLimitEvents, users } from '../../db/tables';
import { gql, logInAs, type GraphqlResult } from '../../test/graphql-client';
import { createTestApp, type TestApp } from '../../test/test-app';
import { addressSubject, emailSubject, recordRequest } from './rate-limits';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const SIGN_UP = `mutation($input: SignUpInput!) { signUp(input: $input) { id } }`;
const REQUEST = `mutation($email: String!) { requestPasswordReset(email: $email) }`;
const RESET = `mutation($token: String!, $password: String!) { resetPassword(token: $token, password: $password) }`;
const PASSWORD = 'tawny-heron-cellar-91';

let counter = 0;
const uniqueEmail = (prefix = 'limited') => `${prefix}${Date.now()}${counter++}@example.com`;
/** A network address no other request of this file uses. */
let addresses = 0;
const freshAddress = () => `10.77.${Math.floor(addresses / 250)}.${(addresses++ % 250) + 1}`;

const signUp = (email: string, ip = freshAddress()) =>
  gql(
    t.app,
    SIGN_UP,
    { input: { name: 'Robin Vale', email, password: PASSWORD, dateOfBirth: '1984-04-04' } },
    { ip },
  );
const requestReset = (email: string, ip = freshAddress()) => gql(t.app, REQUEST, { email }, { ip });
const reset = (token: string, password: string) =>
  gql(t.app, RESET, { token, password }, { ip: freshAddress() });

async function mailsTo(email: string) {
  return t.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to_address, email))
    .orderBy(desc(mailOutbox.id));
}

async function latestResetToken(email: string): Promise<string> {
  const [mail] = await mailsTo(email);
  return /reset-password\?token=([\w-]+)/.exec(mail!.text_body)![1]!;
}

/** A new account, signed up from an address of its own. */
async function newAccount(prefix?: string): Promise<string> {
  const email = uniqueEmail(prefix);
  const result = await signUp(email);
  expect(result.body.errors).toBeUndefined();
  return email;
}

const isLimited = (result: GraphqlResult, message: string) =>
  result.status === 429 &&
  result.body.errors?.[0]?.message === message &&
  result.body.errors[0].extensions?.code === 'TOO_MANY_REQUESTS';

const RESET_EMAIL_MESSAGE =
  'Too many password reset requests for this email. Wait an hour and try again.';
const RESET_ADDRESS_MESSAGE =
  'Too many password reset requests from your network. Wait an hour and try again.';
const SIGN_UP_ADDRESS_MESSAGE = 'Too many sign-ups from your network. Wait an hour and try again.';
const SIGN_UP_EMAIL_MESSAGE =
  'Too many sign-up attempts for this email. Wait an hour and try again.';

describe('reset links', () => {
  it('an older link stops working once a newer one is sent', async () => {
    const email = await newAccount();
    await requestReset(email);
    const older = await latestResetToken(email);
    await requestReset(email);
    const newer = await latestResetToken(email);
    expect(newer).not.toBe(older);

    const withOlder = await reset(older, 'older-copper-still-448');
    expect(withOlder.body.errors?.[0]).toMatchObject({
      message: 'This reset link has expired or was already used. Ask for a new one.',
      extensions: { code: 'BAD_USER_INPUT', field: 'token' },
    });
    await expect(logInAs(t.app, email, PASSWORD)).resolves.toMatch(/bevy_session=/);

    expect((await reset(newer, 'newer-copper-still-448')).body).toEqual({
      data: { resetPassword: true },
    });
    await expect(logInAs(t.app, email, 'newer-copper-still-448')).resolves.toMatch(/bevy_session=/);
  });

  it('after a reset, no other link of the account works', async () => {
    const email = await newAccount();
    await requestReset(email);
    const emailed = await latestResetToken(email);
    // A second live link (as one sent before this change would be), written straight in.
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    const other = 'another-live-reset-token-of-this-account-0123456789';
    await t.database.db.insert(passwordResetTokens).values({
      id: createHash('sha256').update(other).digest('base64url'),
      user_id: user!.id,
      expires_at: new Date(Date.now() + 30 * 60_000),
    });

    expect((await reset(emailed, 'first-copper-still-448')).body).toEqual({
      data: { resetPassword: true },
    });
    const again = await reset(other, 'second-copper-still-449');
    expect(again.body.errors?.[0]?.message).toMatch(/expired or was already used/);
    await expect(logInAs(t.app, email, 'first-copper-still-448')).resolves.toMatch(/bevy_session=/);
    const left = await t.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.user_id, user!.id));
    expect(left.every((token) => token.used_at !== null)).toBe(true);
  });
});

describe('password reset requests', () => {
  it(`send at most ${PASSWORD_RESET_LIMITS.maxPerEmail} emails an hour to one person, then 429`, async () => {
    const email = await newAccount();
    for (let i = 0; i < PASSWORD_RESET_LIMITS.maxPerEmail; i++) {
      // Another case and other addresses: still the same person.
      const result = await requestReset(i % 2 ? email.toUpperCase() : ` ${email}`);
      expect(result.body).toEqual({ data: { requestPasswordReset: true } });
    }
    expect(await mailsTo(email)).toHaveLength(PASSWORD_RESET_LIMITS.maxPerEmail);

    const refused = await requestReset(email);
    expect(isLimited(refused, RESET_EMAIL_MESSAGE)).toBe(true);
    expect(refused.body.data).toBeNull();
    expect(await mailsTo(email)).toHaveLength(PASSWORD_RESET_LIMITS.maxPerEmail);
    // Only the last link sent works.
    const tokens = await t.database.db
      .select()
      .from(passwordResetTokens)
      .innerJoin(users, eq(users.id, passwordResetTokens.user_id))
      .where(eq(users.email, email));
    expect(tokens).toHaveLength(1);
  });

  it('answer an unknown email exactly as a known one, limit included', async () => {
    const known = await newAccount();
    const unknown = uniqueEmail('nobody');
    const answers = async (email: string) => {
      const all: GraphqlResult[] = [];
      for (let i = 0; i <= PASSWORD_RESET_LIMITS.maxPerEmail; i++) {
        all.push(await requestReset(email));
      }
      return all.map((result) => ({ status: result.status, body: result.body }));
    };
    const knownAnswers = await answers(known);
    expect(await answers(unknown)).toEqual(knownAnswers);
    expect(knownAnswers.at(-1)!.status).toBe(429);
    expect(await mailsTo(unknown)).toHaveLength(0);
  });

  it(`are limited to ${PASSWORD_RESET_LIMITS.maxPerAddress} an hour per address, across emails`, async () => {
    const ip = freshAddress();
    const victim = await newAccount();
    for (let i = 0; i < PASSWORD_RESET_LIMITS.maxPerAddress; i++) {
      const result = await requestReset(uniqueEmail('stranger'), ip);
      expect(result.status).toBe(200);
    }
    const refused = await requestReset(victim, ip);
    expect(isLimited(refused, RESET_ADDRESS_MESSAGE)).toBe(true);
    expect(await mailsTo(victim)).toHaveLength(0);
    // Another network is not held up, and neither is the person asked about.
    const elsewhere = await requestReset(victim);
    expect(elsewhere.body).toEqual({ data: { requestPasswordReset: true } });
    expect(await mailsTo(victim)).toHaveLength(1);
  });
});

describe('sign-ups', () => {
  it(`are limited to ${SIGN_UP_LIMITS.maxPerAddress} an hour per address`, async () => {
    const ip = freshAddress();
    for (let i = 0; i < SIGN_UP_LIMITS.maxPerAddress; i++) {
      const result = await signUp(uniqueEmail('household'), ip);
      expect(result.body.errors).toBeUndefined();
    }
    const email = uniqueEmail('household');
    const refused = await signUp(email, ip);
    expect(isLimited(refused, SIGN_UP_ADDRESS_MESSAGE)).toBe(true);
    expect(refused.cookie).toBeUndefined();
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    expect((await signUp(email)).body.errors).toBeUndefined();
  });

  it('count only forms that could create an account', async () => {
    const ip = freshAddress();
    for (let i = 0; i < SIGN_UP_LIMITS.maxPerAddress + 2; i++) {
      const weak = await gql(
        t.app,
        SIGN_UP,
        {
          input: {
            name: 'Robin Vale',
            email: uniqueEmail(),
            password: 'password123',
            dateOfBirth: '1984-04-04',
          },
        },
        { ip },
      );
      expect(weak.body.errors?.[0]?.extensions?.field).toBe('password');
    }
    expect((await signUp(uniqueEmail(), ip)).body.errors).toBeUndefined();
  });

  it(`are limited to ${SIGN_UP_LIMITS.maxPerEmail} attempts an hour per email`, async () => {
    const email = uniqueEmail();
    expect((await signUp(email)).body.errors).toBeUndefined();
    for (let i = 1; i < SIGN_UP_LIMITS.maxPerEmail; i++) {
      const taken = await signUp(email.toUpperCase());
      expect(taken.body.errors?.[0]?.message).toMatch(/already exists/);
    }
    expect(isLimited(await signUp(email), SIGN_UP_EMAIL_MESSAGE)).toBe(true);
  });
});

describe('bursts', () => {
  it('parallel reset requests for one email send no more than the limit', async () => {
    const email = await newAccount();
    const results = await Promise.all(
      Array.from({ length: 3 * PASSWORD_RESET_LIMITS.maxPerEmail }, () => requestReset(email)),
    );
    expect(results.filter((result) => result.status === 200)).toHaveLength(
      PASSWORD_RESET_LIMITS.maxPerEmail,
    );
    expect(results.filter((result) => isLimited(result, RESET_EMAIL_MESSAGE))).toHaveLength(
      2 * PASSWORD_RESET_LIMITS.maxPerEmail,
    );
    expect(await mailsTo(email)).toHaveLength(PASSWORD_RESET_LIMITS.maxPerEmail);
    // However they interleaved, one link is left.
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    const live = await t.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.user_id, user!.id));
    expect(live).toHaveLength(1);
  });

  it('parallel reset requests from one address stay within its limit', async () => {
    const ip = freshAddress();
    const results = await Promise.all(
      Array.from({ length: PASSWORD_RESET_LIMITS.maxPerAddress + 10 }, () =>
        requestReset(uniqueEmail('burst'), ip),
      ),
    );
    expect(results.filter((result) => result.status === 200)).toHaveLength(
      PASSWORD_RESET_LIMITS.maxPerAddress,
    );
    expect(results.filter((result) => isLimited(result, RESET_ADDRESS_MESSAGE))).toHaveLength(10);
  });

  it('parallel sign-ups from one address create no more accounts than the limit', async () => {
    const ip = freshAddress();
    const prefix = `burst${Date.now()}`;
    const results = await Promise.all(
      Array.from({ length: SIGN_UP_LIMITS.maxPerAddress + 8 }, (_, i) =>
        signUp(`${prefix}-${i}@example.com`, ip),
      ),
    );
    expect(results.filter((result) => result.cookie)).toHaveLength(SIGN_UP_LIMITS.maxPerAddress);
    expect(results.filter((result) => isLimited(result, SIGN_UP_ADDRESS_MESSAGE))).toHaveLength(8);
    const created = await t.database.db
      .select()
      .from(users)
      .where(like(users.email, `${prefix}-%`));
    expect(created).toHaveLength(SIGN_UP_LIMITS.maxPerAddress);
  });

  it('parallel sign-ups of one email try no more than the limit', async () => {
    const email = uniqueEmail();
    const results = await Promise.all(
      Array.from({ length: SIGN_UP_LIMITS.maxPerEmail + 6 }, () => signUp(email)),
    );
    expect(results.filter((result) => result.cookie)).toHaveLength(1);
    expect(results.filter((result) => isLimited(result, SIGN_UP_EMAIL_MESSAGE))).toHaveLength(6);
  });
});

describe('the rate limit record', () => {
  it('lets a subject go again once the window has passed, and prunes its old rows', async () => {
    const rule = { subject: addressSubject('198.51.100.7'), max: 2, message: 'Slow down.' };
    const other = { subject: emailSubject('someone@example.com'), max: 5, message: 'Not this.' };
    const windowMs = 60_000;
    const start = new Date('2030-01-01T00:00:00Z');
    const at = (ms: number) => new Date(start.getTime() + ms);
    const record = (ms: number) =>
      recordRequest(t.database.db, 'test', windowMs, [rule, other], at(ms));

    expect(await record(0)).toBeNull();
    expect(await record(1000)).toBeNull();
    expect(await record(2000)).toBe(rule);
    // The refused request was not counted: the first one leaves the window and one more fits.
    expect(await record(60_500)).toBeNull();
    expect(await record(60_600)).toBe(rule);
    const rows = await t.database.db
      .select()
      .from(rateLimitEvents)
      .where(and(eq(rateLimitEvents.action, 'test'), eq(rateLimitEvents.subject, rule.subject)));
    expect(
      rows.map((row) => row.created_at.getTime() - start.getTime()).sort((a, b) => a - b),
    ).toEqual([1000, 60_500]);
  });
});
