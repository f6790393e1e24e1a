import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { banners, sessions, tags, users, wholesaleApplications } from '../../db/tables';
import { logInAsActor } from '../../test/actors';
import { gql } from '../../test/graphql-client';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let adminCookie: string;
let buyerCookie: string;
let buyerId: number;
let adminId: number;

async function userId(email: string): Promise<number> {
  const [row] = await t.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email));
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  adminCookie = await logInAsActor(t.app, 'admin');
  buyerCookie = await logInAsActor(t.app, 'buyer');
  buyerId = await userId('buyer@bevy.example');
  adminId = await userId('admin@bevy.example');
});
afterAll(() => t.close());

const PASSWORD = 'tawny-heron-cellar-91';
let counter = 0;

/** A new account, logged in. */
async function newUser(name = 'Morgan Vale') {
  const email = `member${Date.now()}${counter++}@example.com`;
  const result = await gql(
    t.app,
    'mutation($input: SignUpInput!) { signUp(input: $input) { id } }',
    { input: { name, email, password: PASSWORD, dateOfBirth: '1985-06-15' } },
  );
  if (!result.cookie) throw new Error(JSON.stringify(result.body));
  return { cookie: result.cookie, email, id: (result.body.data?.signUp as { id: number }).id };
}

const codeOf = (result: Awaited<ReturnType<typeof gql>>) =>
  result.body.errors?.[0]?.extensions?.code;

const BANNER = {
  type: 'warning',
  lines: ['Hijacked'],
  link: null,
  dismissible: true,
  active: true,
};

/** Everything in the database the admin operations could change. */
async function snapshot() {
  const db = t.database.db;
  return {
    users: await db
      .select({ id: users.id, is_admin: users.is_admin, disabled_at: users.disabled_at })
      .from(users)
      .orderBy(asc(users.id)),
    banners: await db.select().from(banners).orderBy(asc(banners.id)),
    tags: await db.select().from(tags).orderBy(asc(tags.id)),
    applications: await db
      .select()
      .from(wholesaleApplications)
      .orderBy(asc(wholesaleApplications.id)),
    sessions: (await db.select({ id: sessions.id }).from(sessions)).length,
  };
}

describe('admin operations refuse everyone but admins', () => {
  let cases: [string, string, Record<string, unknown>][];

  beforeAll(async () => {
    const [banner] = await t.database.db.select().from(banners).limit(1);
    const [tag] = await t.database.db.select().from(tags).limit(1);
    const [application] = await t.database.db
      .insert(wholesaleApplications)
      .values({
        user_id: buyerId,
        business_name: 'Corner Bar',
        license_type: 'Other',
        license_number: 'X-1',
        issuing_state: 'OR',
        license_expires_on: '2099-01-01',
        document_path: 'licences/none.pdf',
        document_name: 'none.pdf',
        document_type: 'application/pdf',
      })
      .returning();
    cases = [
      ['adminUsers', '{ adminUsers { total users { id } } }', {}],
      ['wholesaleApplications', '{ wholesaleApplications { id } }', {}],
      ['adminBanners', '{ adminBanners { id } }', {}],
      ['tagCategories', '{ tagCategories { id } }', {}],
      ['mailOutbox', '{ mailOutbox { total messages { id } } }', {}],
      [
        'reviewWholesaleApplication',
        'mutation($id: Int!) { reviewWholesaleApplication(id: $id, approve: true) { id } }',
        { id: application!.id },
      ],
      [
        'setUserAdmin',
        'mutation($id: Int!) { setUserAdmin(userId: $id, isAdmin: true) { id } }',
        { id: buyerId },
      ],
      [
        'setUserDisabled',
        'mutation($id: Int!) { setUserDisabled(userId: $id, disabled: true) { id } }',
        { id: adminId },
      ],
      [
        'createBanner',
        'mutation($input: BannerInput!) { createBanner(input: $input) { id } }',
        { input: BANNER },
      ],
      [
        'updateBanner',
        'mutation($id: Int!, $input: BannerInput!) { updateBanner(id: $id, input: $input) { id } }',
        { id: banner!.id, input: BANNER },
      ],
      ['deleteBanner', 'mutation($id: Int!) { deleteBanner(id: $id) }', { id: banner!.id }],
      [
        'reorderBanners',
        'mutation($ids: [Int!]!) { reorderBanners(ids: $ids) { id } }',
        { ids: [banner!.id] },
      ],
      ['createTag', 'mutation { createTag(name: "Hijacked") { id } }', {}],
      [
        'renameTag',
        'mutation($id: Int!) { renameTag(id: $id, name: "Hijacked") { id } }',
        { id: tag!.id },
      ],
      ['deleteTag', 'mutation($id: Int!) { deleteTag(id: $id) }', { id: tag!.id }],
    ];
  });

  it('anonymous callers get UNAUTHENTICATED and logged-in non-admins FORBIDDEN; nothing changes', async () => {
    const seller = await logInAsActor(t.app, 'seller');
    const before = await snapshot();
    for (const [name, query, variables] of cases) {
      const anonymous = await gql(t.app, query, variables);
      expect(codeOf(anonymous), `${name} anonymous`).toBe('UNAUTHENTICATED');
      expect(anonymous.body.data ?? null, name).toBeNull();
      for (const cookie of [buyerCookie, seller]) {
        const refused = await gql(t.app, query, variables, { cookie });
        expect(codeOf(refused), `${name} non-admin`).toBe('FORBIDDEN');
        expect(refused.body.errors?.[0]?.message).toBe('Only administrators can do that.');
      }
    }
    expect(await snapshot()).toEqual(before);
  });
});

const ADMIN_USERS = `query($search: String, $offset: Int, $limit: Int) {
  adminUsers(search: $search, offset: $offset, limit: $limit) {
    total
    users { id name email is_admin disabled createdAt seesWholesalePricing wholesaleAccessExpiresOn }
  }
}`;

interface AdminUserPage {
  total: number;
  users: { id: number; email: string; is_admin: boolean; disabled: boolean }[];
}

async function searchUsers(variables: Record<string, unknown>): Promise<AdminUserPage> {
  const result = await gql(t.app, ADMIN_USERS, variables, { cookie: adminCookie });
  expect(result.body.errors).toBeUndefined();
  return result.body.data?.adminUsers as AdminUserPage;
}

describe('adminUsers', () => {
  it('finds users by email or name, in any case', async () => {
    const byEmail = await searchUsers({ search: 'BUYER@bevy' });
    expect(byEmail.total).toBe(1);
    expect(byEmail.users[0]).toMatchObject({
      email: 'buyer@bevy.example',
      is_admin: false,
      disabled: false,
      seesWholesalePricing: false,
    });
    const byName = await searchUsers({ search: 'whitney wholesale' });
    expect(byName.users).toHaveLength(1);
    expect(byName.users[0]).toMatchObject({
      email: 'wholesale@bevy.example',
      seesWholesalePricing: true,
    });
    expect(
      (byName.users[0] as unknown as { wholesaleAccessExpiresOn: string }).wholesaleAccessExpiresOn,
    ).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('treats % and _ in a search as plain characters', async () => {
    expect((await searchUsers({ search: '%' })).total).toBe(0);
    expect((await searchUsers({ search: '_' })).total).toBe(0);
    expect((await searchUsers({ search: 'b_yer' })).total).toBe(0);
  });

  it('pages through everyone with a total', async () => {
    const all = await searchUsers({ limit: 100 });
    expect(all.total).toBeGreaterThanOrEqual(4);
    const first = await searchUsers({ limit: 2 });
    const second = await searchUsers({ offset: 2, limit: 2 });
    expect(first.users).toHaveLength(2);
    expect(first.total).toBe(all.total);
    expect([...first.users, ...second.users].map((u) => u.id)).toEqual(
      all.users.slice(0, 4).map((u) => u.id),
    );
  });

  it('refuses a page that is too large or a negative offset', async () => {
    const tooMany = await gql(t.app, ADMIN_USERS, { limit: 101 }, { cookie: adminCookie });
    expect(tooMany.body.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'limit',
    });
    const negative = await gql(t.app, ADMIN_USERS, { offset: -1 }, { cookie: adminCookie });
    expect(codeOf(negative)).toBe('BAD_USER_INPUT');
  });
});

const SET_ADMIN = `mutation($userId: Int!, $isAdmin: Boolean!) {
  setUserAdmin(userId: $userId, isAdmin: $isAdmin) { id is_admin }
}`;
const SET_DISABLED = `mutation($userId: Int!, $disabled: Boolean!) {
  setUserDisabled(userId: $userId, disabled: $disabled) { id disabled }
}`;
const LOG_IN = `mutation($email: String!, $password: String!) { logIn(email: $email, password: $password) { id } }`;

describe('setUserAdmin', () => {
  it('grants admin rights, which take effect at once, and removes them', async () => {
    const member = await newUser();
    const granted = await gql(
      t.app,
      SET_ADMIN,
      { userId: member.id, isAdmin: true },
      { cookie: adminCookie },
    );
    expect(granted.body.data?.setUserAdmin).toEqual({ id: member.id, is_admin: true });
    const asAdmin = await gql(t.app, '{ adminBanners { id } }', {}, { cookie: member.cookie });
    expect(asAdmin.body.errors).toBeUndefined();

    const removed = await gql(
      t.app,
      SET_ADMIN,
      { userId: member.id, isAdmin: false },
      { cookie: adminCookie },
    );
    expect(removed.body.data?.setUserAdmin).toEqual({ id: member.id, is_admin: false });
    const again = await gql(t.app, '{ adminBanners { id } }', {}, { cookie: member.cookie });
    expect(codeOf(again)).toBe('FORBIDDEN');
  });

  it('an admin cannot remove their own admin rights', async () => {
    const result = await gql(
      t.app,
      SET_ADMIN,
      { userId: adminId, isAdmin: false },
      { cookie: adminCookie },
    );
    expect(result.body.errors?.[0]).toMatchObject({
      message: 'You cannot remove your own admin rights.',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const [admin] = await t.database.db.select().from(users).where(eq(users.id, adminId));
    expect(admin!.is_admin).toBe(true);
  });

  it('an unknown user is NOT_FOUND', async () => {
    const result = await gql(
      t.app,
      SET_ADMIN,
      { userId: 999999, isAdmin: true },
      { cookie: adminCookie },
    );
    expect(codeOf(result)).toBe('NOT_FOUND');
  });
});

describe('setUserDisabled', () => {
  it("disabling ends the user's sessions and stops log-in; enabling lets them back", async () => {
    const member = await newUser();
    const before = await gql(t.app, '{ me { id } }', {}, { cookie: member.cookie });
    expect(before.body.data?.me).toEqual({ id: member.id });

    const disabled = await gql(
      t.app,
      SET_DISABLED,
      { userId: member.id, disabled: true },
      { cookie: adminCookie },
    );
    expect(disabled.body.data?.setUserDisabled).toEqual({ id: member.id, disabled: true });
    const sessionsLeft = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.user_id, member.id));
    expect(sessionsLeft).toEqual([]);

    const after = await gql(t.app, '{ me { id } }', {}, { cookie: member.cookie });
    expect(after.body).toEqual({ data: { me: null } });
    const logIn = await gql(t.app, LOG_IN, { email: member.email, password: PASSWORD });
    expect(codeOf(logIn)).toBe('BAD_USER_INPUT');
    expect(logIn.cookie).toBeUndefined();

    const listed = await searchUsers({ search: member.email });
    expect(listed.users[0]).toMatchObject({ disabled: true });

    const enabled = await gql(
      t.app,
      SET_DISABLED,
      { userId: member.id, disabled: false },
      { cookie: adminCookie },
    );
    expect(enabled.body.data?.setUserDisabled).toEqual({ id: member.id, disabled: false });
    const back = await gql(t.app, LOG_IN, { email: member.email, password: PASSWORD });
    expect(back.body.errors).toBeUndefined();
    expect(back.cookie).toBeDefined();
  });

  it('an admin cannot disable themself', async () => {
    const result = await gql(
      t.app,
      SET_DISABLED,
      { userId: adminId, disabled: true },
      { cookie: adminCookie },
    );
    expect(result.body.errors?.[0]).toMatchObject({
      message: 'You cannot disable your own account.',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const me = await gql(t.app, '{ me { id } }', {}, { cookie: adminCookie });
    expect(me.body.data?.me).toEqual({ id: adminId });
  });
});

describe('mailOutbox', () => {
  const OUTBOX = `query($offset: Int, $limit: Int) {
    mailOutbox(offset: $offset, limit: $limit) {
      total messages { id to subject text transport createdAt }
    }
  }`;

  it('lists sent email, newest first', async () => {
    await gql(t.app, 'mutation { requestPasswordReset(email: "buyer@bevy.example") }');
    await gql(t.app, 'mutation { requestPasswordReset(email: "seller@bevy.example") }');
    const result = await gql(t.app, OUTBOX, { limit: 2 }, { cookie: adminCookie });
    expect(result.body.errors).toBeUndefined();
    const page = result.body.data?.mailOutbox as {
      total: number;
      messages: { id: number; to: string; subject: string; text: string; transport: string }[];
    };
    expect(page.total).toBeGreaterThanOrEqual(2);
    expect(page.messages.map((m) => m.to)).toEqual(['seller@bevy.example', 'buyer@bevy.example']);
    expect(page.messages[0]).toMatchObject({ transport: 'outbox' });
    expect(page.messages[0]!.text).toContain('/reset-password?token=');
    expect(page.messages[0]!.id).toBeGreaterThan(page.messages[1]!.id);

    const next = await gql(t.app, OUTBOX, { offset: 1, limit: 1 }, { cookie: adminCookie });
    const nextPage = next.body.data?.mailOutbox as { messages: { id: number }[] };
    expect(nextPage.messages[0]!.id).toBe(page.messages[1]!.id);
  });
});
