import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { loadConfig } from '../../config';
import { mailOutbox, privacyRequests, users } from '../../db/tables';
import { manualClock } from '../../platform/clock';
import { DEMO_ACTORS, logInAsActor } from '../../test/actors';
import { gql, type GraphqlResult } from '../../test/graphql-client';
import { createTestDatabase } from '../../test/test-app';
import { remindAdminsOfDueRequests } from './requests-reminder-job';

const clock = manualClock('2027-01-31T10:00:00Z');
let app: App;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let adminCookie: string;
let buyerCookie: string;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({
    config: loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: '',
      SEARCH_SNAPSHOT_PATH: '',
    }),
    database: database.database,
    logger: false,
    clock,
  });
  await app.ready();
  adminCookie = await logInAsActor(app, 'admin');
  buyerCookie = await logInAsActor(app, 'buyer');
});
afterAll(async () => {
  await app.close();
  await database.drop();
});

const db = () => database.database.db;

const SUBMIT = `mutation($name: String!, $email: String!, $kind: String!, $region: String!, $details: String) {
  submitPrivacyRequest(name: $name, email: $email, kind: $kind, region: $region, details: $details) { id law dueAt }
}`;
const LIST = `query($status: PrivacyRequestStatus) {
  privacyRequests(status: $status) {
    id kind law status requesterName requesterEmail details receivedAt dueAt resolvedAt resolutionNote
    account { id email }
  }
}`;
const RESOLVE = `mutation($id: Int!, $outcome: PrivacyRequestOutcome!, $note: String) {
  resolvePrivacyRequest(id: $id, outcome: $outcome, note: $note) { id status resolutionNote requesterEmail }
}`;
const MY_PRIVACY = `{ myPrivacy { gpcOptOutAt gpcSignalNow requests { kind status channel receivedAt dueAt resolvedAt } } }`;

let counter = 0;
const uniqueEmail = () => `requester${counter++}@example.com`;
let addresses = 0;
const freshAddress = () => `10.88.${Math.floor(addresses / 250)}.${(addresses++ % 250) + 1}`;

const submit = (
  input: Partial<Record<'name' | 'email' | 'kind' | 'region' | 'details', string>>,
  ip = freshAddress(),
) =>
  gql(
    app,
    SUBMIT,
    { name: 'Ada Lind', email: uniqueEmail(), kind: 'access', region: 'eu_uk', ...input },
    { ip },
  );

const data = <T>(result: GraphqlResult, field: string): T => {
  expect(result.body.errors).toBeUndefined();
  return result.body.data![field] as T;
};
const errorOf = (result: GraphqlResult) => result.body.errors?.[0];

const mailsTo = (email: string) =>
  db()
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to_address, email))
    .orderBy(desc(mailOutbox.id));

describe('the request form', () => {
  it.each([
    ['eu_uk', 'gdpr', '2027-02-28T10:00:00.000Z', 'February 28, 2027'],
    ['elsewhere', 'gdpr', '2027-02-28T10:00:00.000Z', 'February 28, 2027'],
    ['california', 'ccpa', '2027-03-17T10:00:00.000Z', 'March 17, 2027'],
  ])(
    'files an open request from %s under %s, due %s, and acknowledges it',
    async (region, law, due, dueText) => {
      const email = uniqueEmail();
      const receipt = data<{ id: number; law: string; dueAt: string }>(
        await submit({ email: ` ${email.toUpperCase()} `, region, kind: 'deletion' }),
        'submitPrivacyRequest',
      );
      expect(receipt).toMatchObject({ law, dueAt: due });
      const [row] = await db()
        .select()
        .from(privacyRequests)
        .where(eq(privacyRequests.id, receipt.id));
      expect(row).toMatchObject({
        status: 'open',
        channel: 'form',
        kind: 'deletion',
        requester_email: email,
        user_id: null,
      });
      expect(row!.received_at.toISOString()).toBe('2027-01-31T10:00:00.000Z');
      const [ack] = await mailsTo(email);
      expect(ack?.subject).toBe('We received your privacy request');
      expect(ack?.text_body).toContain(`by ${dueText} at the latest`);
    },
  );

  it('refuses bad input with a message for each field, and files nothing', async () => {
    const before = await db().$count(privacyRequests);
    const result = await gql(
      app,
      SUBMIT,
      { name: ' ', email: 'not-an-email', kind: 'gossip', region: '' },
      { ip: freshAddress() },
    );
    expect(errorOf(result)?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: {
        name: 'Enter your name.',
        email: 'Enter a valid email address, like name@example.com.',
        kind: 'Choose what you are asking for.',
        region: 'Choose where you live.',
      },
    });
    const correction = await submit({ kind: 'correction', details: '  ' });
    expect(errorOf(correction)).toMatchObject({
      message: 'Tell us what to correct or what you are asking for.',
      extensions: { code: 'BAD_USER_INPUT', field: 'details' },
    });
    expect(await db().$count(privacyRequests)).toBe(before);
  });

  it('takes three requests an hour for one email, then refuses with 429', async () => {
    const email = uniqueEmail();
    for (let i = 0; i < 3; i++) expect(errorOf(await submit({ email }))).toBeUndefined();
    const refused = await submit({ email });
    expect(refused.status).toBe(429);
    expect(errorOf(refused)).toMatchObject({
      message: expect.stringContaining('several requests for this email address'),
      extensions: { code: 'TOO_MANY_REQUESTS' },
    });
    clock.advance(61 * 60_000);
    expect(errorOf(await submit({ email }))).toBeUndefined();
  });

  it('takes ten requests an hour from one network', async () => {
    const ip = freshAddress();
    for (let i = 0; i < 10; i++) expect(errorOf(await submit({}, ip))).toBeUndefined();
    expect(errorOf(await submit({}, ip))?.extensions?.code).toBe('TOO_MANY_REQUESTS');
  });

  it('links a request to an account only when its signed-in owner sends it', async () => {
    const accountOf = async (id: number) => {
      const open = data<{ id: number; account: { email: string } | null }[]>(
        await gql(app, LIST, { status: 'open' }, { cookie: adminCookie }),
        'privacyRequests',
      );
      return open.find((request) => request.id === id)?.account ?? null;
    };
    const ownCount = async () =>
      data<{ requests: unknown[] }>(
        await gql(app, MY_PRIVACY, {}, { cookie: buyerCookie }),
        'myPrivacy',
      ).requests.length;
    const before = await ownCount();
    // Anyone can type the buyer's address: that proves nothing, so it links nothing.
    const typed = data<{ id: number }>(
      await submit({ email: DEMO_ACTORS.buyer.email, kind: 'correction', details: 'My name.' }),
      'submitPrivacyRequest',
    );
    expect(await accountOf(typed.id)).toBeNull();
    const [row] = await db().select().from(privacyRequests).where(eq(privacyRequests.id, typed.id));
    expect(row!.user_id).toBeNull();
    expect(await ownCount()).toBe(before);

    const signedIn = data<{ id: number }>(
      await gql(
        app,
        SUBMIT,
        { name: 'Bea Buyer', email: DEMO_ACTORS.buyer.email, kind: 'access', region: 'eu_uk' },
        { cookie: buyerCookie, ip: freshAddress() },
      ),
      'submitPrivacyRequest',
    );
    expect((await accountOf(signedIn.id))?.email).toBe(DEMO_ACTORS.buyer.email);
    expect(await ownCount()).toBe(before + 1);
  });
});

describe('the admin queue', () => {
  it('is for admins only', async () => {
    expect(errorOf(await gql(app, LIST, {}, { cookie: buyerCookie }))?.extensions?.code).toBe(
      'FORBIDDEN',
    );
    expect(errorOf(await gql(app, LIST))?.extensions?.code).toBe('UNAUTHENTICATED');
    const id = data<{ id: number }>(await submit({}), 'submitPrivacyRequest').id;
    const refused = await gql(app, RESOLVE, { id, outcome: 'completed' }, { cookie: buyerCookie });
    expect(errorOf(refused)?.extensions?.code).toBe('FORBIDDEN');
    const [row] = await db().select().from(privacyRequests).where(eq(privacyRequests.id, id));
    expect(row?.status).toBe('open');
  });

  it('lists open requests soonest due first', async () => {
    const open = data<{ dueAt: string; status: string }[]>(
      await gql(app, LIST, { status: 'open' }, { cookie: adminCookie }),
      'privacyRequests',
    );
    expect(open.length).toBeGreaterThan(3);
    expect(open.every((request) => request.status === 'open')).toBe(true);
    const dues = open.map((request) => request.dueAt);
    expect(dues).toEqual([...dues].sort());
  });

  it('declines only with a reason, mails it to the requester, and forgets the address', async () => {
    const email = uniqueEmail();
    const id = data<{ id: number }>(await submit({ email }), 'submitPrivacyRequest').id;
    const bare = await gql(
      app,
      RESOLVE,
      { id, outcome: 'declined', note: ' ' },
      { cookie: adminCookie },
    );
    expect(errorOf(bare)).toMatchObject({
      message: 'Enter the reason for declining; the requester receives it by email.',
      extensions: { code: 'BAD_USER_INPUT', field: 'note' },
    });
    const declined = data<{ status: string; resolutionNote: string; requesterEmail: string }>(
      await gql(
        app,
        RESOLVE,
        { id, outcome: 'declined', note: 'We could not confirm that you hold this address.' },
        { cookie: adminCookie },
      ),
      'resolvePrivacyRequest',
    );
    expect(declined).toMatchObject({
      status: 'declined',
      resolutionNote: 'We could not confirm that you hold this address.',
      requesterEmail: `privacy-request-${id}@answered.invalid`,
    });
    const [outcome] = await mailsTo(email);
    expect(outcome?.subject).toBe('Your privacy request was declined');
    expect(outcome?.text_body).toContain('We could not confirm that you hold this address.');
    const again = await gql(app, RESOLVE, { id, outcome: 'completed' }, { cookie: adminCookie });
    expect(errorOf(again)?.extensions?.code).toBe('ALREADY_RESOLVED');
  });

  it('completes with an optional note, mails the requester, and lists it as completed', async () => {
    const email = uniqueEmail();
    const id = data<{ id: number }>(await submit({ email }), 'submitPrivacyRequest').id;
    data(
      await gql(app, RESOLVE, { id, outcome: 'completed' }, { cookie: adminCookie }),
      'resolvePrivacyRequest',
    );
    const [outcome] = await mailsTo(email);
    expect(outcome?.subject).toBe('Your privacy request is complete');
    const completed = data<{ id: number; resolvedAt: string }[]>(
      await gql(app, LIST, { status: 'completed' }, { cookie: adminCookie }),
      'privacyRequests',
    );
    expect(completed.find((request) => request.id === id)?.resolvedAt).toBe(
      clock.now().toISOString(),
    );
  });
});

describe('Global Privacy Control', () => {
  const withGpc = (cookie: string | undefined, gpc: boolean) =>
    app.inject({
      method: 'POST',
      url: '/graphql',
      headers: {
        'content-type': 'application/json',
        ...(cookie ? { cookie } : {}),
        ...(gpc ? { 'sec-gpc': '1' } : {}),
      },
      payload: { query: MY_PRIVACY },
    });

  const buyer = async () => {
    const [row] = await db().select().from(users).where(eq(users.email, DEMO_ACTORS.buyer.email));
    return row!;
  };
  const rowVersion = async (userId: number) => {
    const result = await db().execute(sql`select xmin::text as v from users where id = ${userId}`);
    return (result as unknown as { rows: { v: string }[] }).rows[0]!.v;
  };
  const gpcRecords = async (userId: number) =>
    db()
      .select()
      .from(privacyRequests)
      .where(and(eq(privacyRequests.user_id, userId), eq(privacyRequests.channel, 'gpc')));

  it('is not recorded without the header', async () => {
    const response = await withGpc(buyerCookie, false);
    expect(response.json().data.myPrivacy).toMatchObject({
      gpcOptOutAt: null,
      gpcSignalNow: false,
    });
    expect((await buyer()).gpc_opt_out_at).toBeNull();
  });

  it('is recorded once for a signed-in person, and shown to them', async () => {
    const response = await withGpc(buyerCookie, true);
    const recordedAt = clock.now().toISOString();
    expect(response.json().data.myPrivacy).toMatchObject({
      gpcOptOutAt: recordedAt,
      gpcSignalNow: true,
      requests: expect.arrayContaining([
        expect.objectContaining({
          kind: 'opt_out',
          status: 'completed',
          channel: 'gpc',
          resolvedAt: recordedAt,
        }),
      ]),
    });
    const user = await buyer();
    expect(user.gpc_opt_out_at?.toISOString()).toBe(recordedAt);
    const [record, ...more] = await gpcRecords(user.id);
    expect(more).toHaveLength(0);
    expect(record).toMatchObject({
      law: 'ccpa',
      requester_email: `privacy-request-${record!.id}@answered.invalid`,
    });

    clock.advance(60_000);
    const version = await rowVersion(user.id);
    await withGpc(buyerCookie, true);
    const after = await buyer();
    expect(after.gpc_opt_out_at?.toISOString()).toBe(recordedAt);
    // Any update of the row, even one setting the same values, would give it a new xmin.
    expect(await rowVersion(user.id)).toBe(version);
    expect(await gpcRecords(user.id)).toHaveLength(1);
  });

  it('leaves anonymous requests with the header alone', async () => {
    const before = await db().$count(privacyRequests);
    const response = await withGpc(undefined, true);
    expect(response.statusCode).toBe(200);
    expect(response.json().errors[0].extensions.code).toBe('UNAUTHENTICATED');
    const ok = await app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', 'sec-gpc': '1' },
      payload: { query: '{ __typename }' },
    });
    expect(ok.json()).toEqual({ data: { __typename: 'Query' } });
    expect(await db().$count(privacyRequests)).toBe(before);
  });
});

describe('the daily reminder', () => {
  it('mails the admins the open requests due within a week, or overdue', async () => {
    await db()
      .update(privacyRequests)
      .set({ status: 'completed' })
      .where(eq(privacyRequests.status, 'open'));
    expect(await remindAdminsOfDueRequests({ db: db(), clock, config: app.services.config })).toBe(
      0,
    );

    const soon = data<{ id: number }>(
      await submit({ kind: 'deletion' }),
      'submitPrivacyRequest',
    ).id;
    const later = data<{ id: number }>(
      await submit({ region: 'california' }),
      'submitPrivacyRequest',
    ).id;
    // A month on, the GDPR request is 3 days overdue; the CCPA one is due in 12 days.
    clock.advance(34 * 24 * 60 * 60 * 1000);
    expect(await remindAdminsOfDueRequests({ db: db(), clock, config: app.services.config })).toBe(
      1,
    );
    const [mail] = await mailsTo(DEMO_ACTORS.admin.email);
    expect(mail?.subject).toBe('1 privacy request is due within 7 days');
    expect(mail?.text_body).toContain(
      `#${soon}: the deletion of your personal data (GDPR), OVERDUE by`,
    );
    expect(mail?.text_body).not.toContain(`#${later}:`);
  });
});
