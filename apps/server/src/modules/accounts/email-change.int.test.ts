import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailChangeRequests, mailOutbox, users } from '../../db/tables';
import { gql, logInAs } from '../../test/graphql-client';
import { createTestApp, type TestApp } from '../../test/test-app';
import { EMAIL_CHANGE_TTL_MS } from './email-change';
import { PASSWORD, newPerson } from './testing/people';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const REQUEST = `mutation($e: String!, $p: String!) { requestEmailChange(newEmail: $e, password: $p) }`;
const CONFIRM = `mutation($token: String!) { confirmEmailChange(token: $token) }`;
const ME = `{ me { id email } pendingEmailChange { newEmail } }`;

let counter = 0;
const freshAddress = () => `moved${Date.now()}${counter++}@example.com`;

async function latestMailTo(to: string) {
  const [mail] = await t.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to_address, to))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  return mail;
}

async function linkTokenSentTo(to: string): Promise<string> {
  const mail = await latestMailTo(to);
  const match = /\/account\/confirm-email\/([\w-]+)/.exec(mail!.text_body);
  return match![1]!;
}

const emailOf = async (id: number) =>
  (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!.email;

describe('email change', () => {
  it('changes nothing until the link mailed to the new address is opened', async () => {
    const person = await newPerson(t.app);
    const next = freshAddress();
    const asked = await gql(t.app, REQUEST, { e: ` ${next.toUpperCase()} `, p: PASSWORD }, person);
    expect(asked.body).toEqual({ data: { requestEmailChange: true } });
    expect(await emailOf(person.id)).toBe(person.email);
    const pending = await gql(t.app, ME, {}, person);
    expect(pending.body.data?.pendingEmailChange).toEqual({ newEmail: next });
    const notice = await latestMailTo(person.email);
    expect(notice!.subject).toMatch(/about to change/);
    expect(notice!.text_body).toContain(next);
    expect(notice!.text_body).not.toMatch(/confirm-email/);

    const token = await linkTokenSentTo(next);
    // Only the token's hash is stored.
    const stored = await t.database.db
      .select()
      .from(emailChangeRequests)
      .where(eq(emailChangeRequests.user_id, person.id));
    expect(stored.map((row) => row.id)).not.toContain(token);

    const confirmed = await gql(t.app, CONFIRM, { token });
    expect(confirmed.body).toEqual({ data: { confirmEmailChange: next } });
    expect(await emailOf(person.id)).toBe(next);
    await expect(logInAs(t.app, next, PASSWORD)).resolves.toMatch(/bevy_session=/);
    const again = await gql(t.app, CONFIRM, { token });
    expect(again.body.errors?.[0]).toMatchObject({
      message: expect.stringMatching(/expired or was already used/),
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });

  it('needs the password, and refuses a taken or unchanged address', async () => {
    const person = await newPerson(t.app);
    const other = await newPerson(t.app);
    const wrong = await gql(t.app, REQUEST, { e: freshAddress(), p: 'not-it-at-all-9' }, person);
    expect(wrong.body.errors?.[0]?.extensions?.field).toBe('password');
    const taken = await gql(t.app, REQUEST, { e: other.email, p: PASSWORD }, person);
    expect(taken.body.errors?.[0]).toMatchObject({
      message: 'An account with this email already exists.',
      extensions: { field: 'newEmail' },
    });
    const same = await gql(t.app, REQUEST, { e: person.email, p: PASSWORD }, person);
    expect(same.body.errors?.[0]?.extensions?.field).toBe('newEmail');
    const invalid = await gql(t.app, REQUEST, { e: 'not-an-email', p: PASSWORD }, person);
    expect(invalid.body.errors?.[0]?.extensions?.field).toBe('newEmail');
    const anonymous = await gql(t.app, REQUEST, { e: freshAddress(), p: PASSWORD });
    expect(anonymous.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('refuses the link when someone took the address meanwhile', async () => {
    const person = await newPerson(t.app);
    const next = freshAddress();
    await gql(t.app, REQUEST, { e: next, p: PASSWORD }, person);
    const token = await linkTokenSentTo(next);
    const squatter = await newPerson(t.app);
    await t.database.db.update(users).set({ email: next }).where(eq(users.id, squatter.id));
    const confirmed = await gql(t.app, CONFIRM, { token });
    expect(confirmed.body.errors?.[0]?.message).toMatch(/already exists/);
    expect(await emailOf(person.id)).toBe(person.email);
  });

  it('refuses an expired, an unknown, and a superseded link', async () => {
    const person = await newPerson(t.app);
    const first = freshAddress();
    await gql(t.app, REQUEST, { e: first, p: PASSWORD }, person);
    const firstToken = await linkTokenSentTo(first);
    const second = freshAddress();
    await gql(t.app, REQUEST, { e: second, p: PASSWORD }, person);
    const secondToken = await linkTokenSentTo(second);
    const superseded = await gql(t.app, CONFIRM, { token: firstToken });
    expect(superseded.body.errors?.[0]?.message).toMatch(/expired or was already used/);
    const unknown = await gql(t.app, CONFIRM, { token: 'no-such-token' });
    expect(unknown.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    await t.database.db
      .update(emailChangeRequests)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(emailChangeRequests.user_id, person.id));
    const expired = await gql(t.app, CONFIRM, { token: secondToken });
    expect(expired.body.errors?.[0]?.message).toMatch(/expired or was already used/);
    expect(await emailOf(person.id)).toBe(person.email);
  });

  it('lasts a day', async () => {
    const person = await newPerson(t.app);
    await gql(t.app, REQUEST, { e: freshAddress(), p: PASSWORD }, person);
    const [row] = await t.database.db
      .select()
      .from(emailChangeRequests)
      .where(eq(emailChangeRequests.user_id, person.id));
    const lifetime = row!.expires_at.getTime() - row!.created_at.getTime();
    expect(lifetime).toBe(EMAIL_CHANGE_TTL_MS);
  });

  it('moves only the account that asked, whoever opens the link', async () => {
    const asker = await newPerson(t.app);
    const opener = await newPerson(t.app);
    const next = freshAddress();
    await gql(t.app, REQUEST, { e: next, p: PASSWORD }, asker);
    const token = await linkTokenSentTo(next);
    const opened = await gql(t.app, CONFIRM, { token }, opener);
    expect(opened.body).toEqual({ data: { confirmEmailChange: next } });
    expect(await emailOf(opener.id)).toBe(opener.email);
    expect(await emailOf(asker.id)).toBe(next);
    // The opener cannot reuse it for a request of their own either.
    const reuse = await gql(t.app, REQUEST, { e: next, p: PASSWORD }, opener);
    expect(reuse.body.errors?.[0]?.message).toMatch(/already exists/);
    const pendingOfOpener = await t.database.db
      .select()
      .from(emailChangeRequests)
      .where(and(eq(emailChangeRequests.user_id, opener.id)));
    expect(pendingOfOpener).toHaveLength(0);
  });

  it('is limited per account like password resets', async () => {
    const person = await newPerson(t.app);
    const answers = [];
    for (let i = 0; i < 6; i++) {
      answers.push(await gql(t.app, REQUEST, { e: freshAddress(), p: PASSWORD }, person));
    }
    expect(answers.slice(0, 5).every((answer) => answer.body.data?.requestEmailChange)).toBe(true);
    expect(answers[5]!.body.errors?.[0]?.extensions?.code).toBe('TOO_MANY_REQUESTS');
  });
});
