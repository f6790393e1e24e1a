import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endedSessions, sessions, users } from '../../db/tables';
import { gql, logInAs } from '../../test/graphql-client';
import { createTestApp, type TestApp } from '../../test/test-app';
import { sessionRef } from './sessions';
import { PASSWORD, isSignedIn, logInFrom, newPerson } from './testing/people';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const FIREFOX_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const CHANGE_NAME = `mutation($name: String!) { changeName(name: $name) { id name } }`;
const CHANGE_PASSWORD = `mutation($c: String!, $n: String!) { changePassword(currentPassword: $c, newPassword: $n) }`;
const SESSIONS = `{ mySessions { id createdAt lastSeenAt device address current } }`;
const END_SESSION = `mutation($id: String!) { endSession(id: $id) }`;
const EVERYWHERE = `mutation { logOutEverywhere }`;

interface SessionRow {
  id: string;
  device: string;
  address: string | null;
  current: boolean;
}
const sessionsOf = async (cookie: string) =>
  (await gql(t.app, SESSIONS, {}, { cookie })).body.data?.mySessions as SessionRow[];

describe('change name', () => {
  it('renames the person, checked as at sign-up', async () => {
    const person = await newPerson(t.app);
    const done = await gql(t.app, CHANGE_NAME, { name: '  Ada Lovelace ' }, person);
    expect(done.body.data?.changeName).toEqual({ id: person.id, name: 'Ada Lovelace' });
    const empty = await gql(t.app, CHANGE_NAME, { name: '   ' }, person);
    expect(empty.body.errors?.[0]).toMatchObject({
      message: 'Enter your name.',
      extensions: { code: 'BAD_USER_INPUT', field: 'name' },
    });
    const long = await gql(t.app, CHANGE_NAME, { name: 'x'.repeat(101) }, person);
    expect(long.body.errors?.[0]?.extensions?.field).toBe('name');
    const [row] = await t.database.db.select().from(users).where(eq(users.id, person.id));
    expect(row!.name).toBe('Ada Lovelace');
  });

  it('needs a signed-in person', async () => {
    const anonymous = await gql(t.app, CHANGE_NAME, { name: 'Nobody' });
    expect(anonymous.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('change password', () => {
  it('needs the current password and refuses a weak new one', async () => {
    const person = await newPerson(t.app);
    const wrong = await gql(
      t.app,
      CHANGE_PASSWORD,
      { c: 'not-my-password-1', n: 'amber-otter-vat-552' },
      person,
    );
    expect(wrong.body.errors?.[0]).toMatchObject({
      message: 'That is not your current password.',
      extensions: { field: 'currentPassword' },
    });
    const short = await gql(t.app, CHANGE_PASSWORD, { c: PASSWORD, n: 'short' }, person);
    expect(short.body.errors?.[0]?.extensions?.field).toBe('newPassword');
    const common = await gql(t.app, CHANGE_PASSWORD, { c: PASSWORD, n: 'password123' }, person);
    expect(common.body.errors?.[0]?.message).toMatch(/common passwords|at least/);
    await expect(logInAs(t.app, person.email, PASSWORD)).resolves.toMatch(/bevy_session=/);
  });

  it('ends every other session, keeps this one, and the old password stops working', async () => {
    const person = await newPerson(t.app);
    const other = await logInFrom(t.app, person.email, FIREFOX_MAC);
    const done = await gql(
      t.app,
      CHANGE_PASSWORD,
      { c: PASSWORD, n: 'amber-otter-vat-552' },
      person,
    );
    expect(done.body).toEqual({ data: { changePassword: true } });
    expect(await isSignedIn(t.app, person.cookie)).toBe(true);
    expect(await isSignedIn(t.app, other)).toBe(false);
    const oldLogIn = await gql(
      t.app,
      'mutation($e: String!, $p: String!) { logIn(email: $e, password: $p) { id } }',
      { e: person.email, p: PASSWORD },
    );
    expect(oldLogIn.body.errors?.[0]?.message).toBe('That email and password do not match.');
    await expect(logInAs(t.app, person.email, 'amber-otter-vat-552')).resolves.toMatch(
      /bevy_session=/,
    );
  });

  it('stops answering after too many wrong current passwords', async () => {
    const person = await newPerson(t.app);
    let last;
    for (let i = 0; i < 11; i++) {
      last = await gql(
        t.app,
        CHANGE_PASSWORD,
        { c: `wrong-guess-${i}-xx`, n: 'amber-otter-vat-552' },
        person,
      );
    }
    expect(last!.body.errors?.[0]?.extensions?.code).toBe('TOO_MANY_REQUESTS');
  });
});

describe('sessions', () => {
  it('lists live sessions with browser, system and part of the address, marking this one', async () => {
    const person = await newPerson(t.app);
    await logInFrom(t.app, person.email, FIREFOX_MAC);
    const list = await sessionsOf(person.cookie);
    expect(list).toHaveLength(2);
    expect(list.filter((row) => row.current)).toHaveLength(1);
    const firefox = list.find((row) => !row.current)!;
    expect(firefox).toMatchObject({ device: 'Firefox on macOS', address: '198.51.100.*' });
    // The reference names the session without being its id (the token's hash).
    const ids = (
      await t.database.db
        .select({ id: sessions.id })
        .from(sessions)
        .where(eq(sessions.user_id, person.id))
    ).map((row) => row.id);
    expect(ids).not.toContain(firefox.id);
    expect(ids.map(sessionRef)).toContain(firefox.id);
  });

  it('logs another session out, which also revokes its search keys', async () => {
    const person = await newPerson(t.app);
    const phone = await logInFrom(t.app, person.email, SAFARI_IPHONE);
    const target = (await sessionsOf(person.cookie)).find((row) => !row.current)!;
    expect(target.device).toBe('Safari on iOS');
    const ended = await gql(t.app, END_SESSION, { id: target.id }, person);
    expect(ended.body).toEqual({ data: { endSession: true } });
    expect(await isSignedIn(t.app, phone)).toBe(false);
    expect(await isSignedIn(t.app, person.cookie)).toBe(true);
    const [revoked] = await t.database.db
      .select()
      .from(endedSessions)
      .where(eq(endedSessions.ref, target.id));
    expect(revoked).toBeDefined();
  });

  it('refuses to end this session that way, or anyone else’s session', async () => {
    const person = await newPerson(t.app);
    const stranger = await newPerson(t.app);
    const own = (await sessionsOf(person.cookie)).find((row) => row.current)!;
    const self = await gql(t.app, END_SESSION, { id: own.id }, person);
    expect(self.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const theirs = (await sessionsOf(stranger.cookie))[0]!;
    const attack = await gql(t.app, END_SESSION, { id: theirs.id }, person);
    expect(attack.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(await isSignedIn(t.app, stranger.cookie)).toBe(true);
    // Positive control: the owner can end the same session from another browser.
    const second = await logInFrom(t.app, stranger.email, FIREFOX_MAC);
    const ended = await gql(t.app, END_SESSION, { id: theirs.id }, { cookie: second });
    expect(ended.body).toEqual({ data: { endSession: true } });
    expect(await isSignedIn(t.app, stranger.cookie)).toBe(false);
  });

  it('logs out everywhere, this browser included, and clears its cookie', async () => {
    const person = await newPerson(t.app);
    const bystander = await newPerson(t.app);
    const other = await logInFrom(t.app, person.email, FIREFOX_MAC);
    const response = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', cookie: person.cookie },
      payload: { query: EVERYWHERE },
    });
    expect(response.json()).toEqual({ data: { logOutEverywhere: true } });
    const cleared = response.cookies.find((cookie) => cookie.name === 'bevy_session');
    expect(cleared?.value).toBe('');
    expect(await isSignedIn(t.app, person.cookie)).toBe(false);
    expect(await isSignedIn(t.app, other)).toBe(false);
    expect(await isSignedIn(t.app, bystander.cookie)).toBe(true);
  });
});
