import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isoDate, LICENSE_DOCUMENT_MAX_BYTES } from '@bevy/core';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../../db/errors';
import { mailOutbox, users, wholesaleApplications } from '../../db/tables';
import { logInAsActor } from '../../test/actors';
import { gql } from '../../test/graphql-client';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createMailer } from '../mail/mailer';
import {
  formatLongDate,
  sendWholesaleExpiryReminders,
  wholesaleReminderJob,
} from './wholesale.service';

let t: TestApp;
let uploadsDir: string;
let buyerCookie: string;
let adminCookie: string;

beforeAll(async () => {
  uploadsDir = await mkdtemp(path.join(tmpdir(), 'bevy-uploads-'));
  t = await createTestApp({ UPLOADS_DIR: uploadsDir });
  buyerCookie = await logInAsActor(t.app, 'buyer');
  adminCookie = await logInAsActor(t.app, 'admin');
});

afterAll(async () => {
  await t.close();
  await rm(uploadsDir, { recursive: true, force: true });
});

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  randomBytes(64),
]);

function inDays(days: number): string {
  return isoDate(new Date(Date.now() + days * 86_400_000));
}

const validFields = () => ({
  businessName: 'The Corner Bar',
  licenseType: 'Bar or restaurant (on-premises)',
  licenseNumber: 'OR-12345',
  issuingState: 'OR',
  licenseExpiresOn: inDays(400),
});

interface Upload {
  name: string;
  bytes: Uint8Array;
  type?: string;
}

/** A multipart body built the way a browser's FormData would send it. */
async function multipart(fields: Record<string, string>, document?: Upload) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (document) {
    form.append(
      'document',
      new Blob([document.bytes], { type: document.type ?? 'application/pdf' }),
      document.name,
    );
  }
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    contentType: response.headers.get('content-type')!,
  };
}

async function apply(
  cookie: string | undefined,
  fields: Record<string, string> = validFields(),
  document: Upload | null = { name: 'license.pdf', bytes: PDF },
) {
  const body = await multipart(fields, document ?? undefined);
  const response = await t.app.inject({
    method: 'POST',
    url: '/wholesale-applications',
    headers: { 'content-type': body.contentType, ...(cookie ? { cookie } : {}) },
    payload: body.payload,
  });
  return { status: response.statusCode, body: response.json() };
}

let counter = 0;
/** A new retail buyer, logged in. */
async function newBuyer(): Promise<{ cookie: string; email: string; id: number }> {
  const email = `applicant${Date.now()}${counter++}@example.com`;
  const result = await gql(
    t.app,
    'mutation($input: SignUpInput!) { signUp(input: $input) { id } }',
    {
      input: {
        name: 'Casey Jones',
        email,
        password: 'tawny-heron-cellar-91',
        dateOfBirth: '1980-04-02',
      },
    },
  );
  if (!result.cookie) throw new Error(JSON.stringify(result.body));
  const id = (result.body.data?.signUp as { id: number }).id;
  return { cookie: result.cookie, email, id };
}

async function mailTo(email: string) {
  return t.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to_address, email))
    .orderBy(desc(mailOutbox.id));
}

const storedLicenses = async () => readdir(path.join(uploadsDir, 'licences')).catch(() => []);

const REVIEW = `mutation($id: Int!, $approve: Boolean!, $reason: String) {
  reviewWholesaleApplication(id: $id, approve: $approve, reason: $reason) {
    id status rejectionReason reviewedAt applicant { email }
  }
}`;
const ME = `{ me { seesWholesalePricing wholesaleAccessExpiresOn
  wholesaleApplication { id status businessName documentUrl rejectionReason } } }`;

describe('POST /wholesale-applications', () => {
  it('refuses an anonymous caller with 401', async () => {
    const { status, body } = await apply(undefined);
    expect(status).toBe(401);
    expect(body).toEqual({
      error: { code: 'UNAUTHENTICATED', message: 'Log in to apply for wholesale access.' },
    });
  });

  it('refuses a file that is not a PDF, JPEG or PNG by its content, whatever its name', async () => {
    const before = await storedLicenses();
    const { status, body } = await apply(buyerCookie, validFields(), {
      name: 'license.pdf',
      bytes: randomBytes(2048).fill(0x41, 0, 8),
      type: 'application/pdf',
    });
    expect(status).toBe(415);
    expect(body.error).toMatchObject({
      code: 'UNSUPPORTED_FILE_TYPE',
      message: 'Upload your license as a PDF, JPEG or PNG file.',
    });
    expect(await storedLicenses()).toEqual(before);
  });

  it('refuses a file over 10 MB with 413 and keeps nothing', async () => {
    const before = await storedLicenses();
    const big = Buffer.alloc(LICENSE_DOCUMENT_MAX_BYTES + 1, 0x20);
    PDF.copy(big);
    const { status, body } = await apply(buyerCookie, validFields(), {
      name: 'big.pdf',
      bytes: big,
    });
    expect(status).toBe(413);
    expect(body.error).toEqual({
      code: 'FILE_TOO_LARGE',
      message: 'The license file can be at most 10 MB.',
    });
    expect(await storedLicenses()).toEqual(before);
  });

  it.each([
    ['businessName', { businessName: '  ' }],
    ['licenseType', { licenseType: 'Pirate' }],
    ['licenseNumber', { licenseNumber: '' }],
    ['issuingState', { issuingState: 'XX' }],
    ['licenseExpiresOn', { licenseExpiresOn: '2030-02-30' }],
  ])('names the bad field (%s) in a 400', async (field, override) => {
    const { status, body } = await apply(buyerCookie, { ...validFields(), ...override });
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ code: 'BAD_USER_INPUT', field });
  });

  it('400s a missing field', async () => {
    const { businessName: _omitted, ...rest } = validFields();
    const { status, body } = await apply(buyerCookie, rest);
    expect(status).toBe(400);
    expect(body.error).toEqual({
      code: 'BAD_USER_INPUT',
      message: 'Enter the name of your business.',
      field: 'businessName',
    });
  });

  it.each([
    ['without a boundary', 'multipart/form-data', 'abc'],
    ['that is not multipart inside', 'multipart/form-data; boundary=xyz', 'garbage'],
    [
      'that breaks off inside the file',
      'multipart/form-data; boundary=xyz',
      '--xyz\r\nContent-Disposition: form-data; name="document"; filename="a.pdf"\r\n\r\n%PDF-1.4 cut',
    ],
  ])('400s a form %s, keeping nothing', async (_what, contentType, payload) => {
    const before = await storedLicenses();
    const response = await t.app.inject({
      method: 'POST',
      url: '/wholesale-applications',
      headers: { cookie: buyerCookie, 'content-type': contentType },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('BAD_USER_INPUT');
    expect(await storedLicenses()).toEqual(before);
  });

  it('400s a missing file, naming the document field', async () => {
    const { status, body } = await apply(buyerCookie, validFields(), null);
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ code: 'BAD_USER_INPUT', field: 'document' });
  });

  it('400s a field that is too long', async () => {
    const { status, body } = await apply(buyerCookie, {
      ...validFields(),
      businessName: 'x'.repeat(2000),
    });
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ code: 'BAD_USER_INPUT', field: 'businessName' });
  });

  it.each([
    ['today', 0],
    ['yesterday', -1],
  ])('400s a license that expires %s', async (_when, days) => {
    const { status, body } = await apply(buyerCookie, {
      ...validFields(),
      licenseExpiresOn: inDays(days),
    });
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ code: 'BAD_USER_INPUT', field: 'licenseExpiresOn' });
  });

  it('400s a request that is not multipart', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/wholesale-applications',
      headers: { cookie: buyerCookie, 'content-type': 'application/json' },
      payload: validFields(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('BAD_USER_INPUT');
  });

  it('nothing was recorded by the refused attempts', async () => {
    const [buyer] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'buyer@bevy.example'));
    const rows = await t.database.db
      .select()
      .from(wholesaleApplications)
      .where(eq(wholesaleApplications.user_id, buyer!.id));
    expect(rows).toEqual([]);
  });

  it('records an application, stores the file privately, and emails a confirmation', async () => {
    const { status, body } = await apply(buyerCookie, validFields(), {
      name: 'my license.pdf',
      bytes: PDF,
      type: 'image/png',
    });
    expect(status).toBe(201);
    const application = body.application;
    expect(application).toMatchObject({
      businessName: 'The Corner Bar',
      licenseType: 'Bar or restaurant (on-premises)',
      licenseNumber: 'OR-12345',
      issuingState: 'OR',
      licenseExpiresOn: validFields().licenseExpiresOn,
      documentName: 'my license.pdf',
      documentType: 'application/pdf',
      documentUrl: `/files/licenses/${application.id}`,
      status: 'pending',
      rejectionReason: null,
      reviewedAt: null,
      applicant: { email: 'buyer@bevy.example', name: 'Riley Retail' },
    });
    expect(new Date(application.createdAt).toISOString()).toBe(application.createdAt);

    const [row] = await t.database.db
      .select()
      .from(wholesaleApplications)
      .where(eq(wholesaleApplications.id, application.id));
    expect(row!.document_path).toMatch(/^licences\/[0-9a-f]{32}\.pdf$/);
    expect(await storedLicenses()).toContain(path.basename(row!.document_path));

    const [mail] = await mailTo('buyer@bevy.example');
    expect(mail!.subject).toBe('We received your wholesale application');

    const me = await gql(t.app, ME, {}, { cookie: buyerCookie });
    expect(me.body.data?.me).toMatchObject({
      seesWholesalePricing: false,
      wholesaleApplication: { id: application.id, status: 'pending' },
    });
  });

  it('refuses a second application while one waits for review', async () => {
    const { status, body } = await apply(buyerCookie);
    expect(status).toBe(409);
    expect(body.error).toEqual({
      code: 'APPLICATION_PENDING',
      message: 'Your application is already waiting for review.',
    });
  });

  it('the database itself refuses a second pending application', async () => {
    const [pending] = await t.database.db
      .select()
      .from(wholesaleApplications)
      .where(eq(wholesaleApplications.status, 'pending'))
      .limit(1);
    const { id: _id, created_at: _c, updated_at: _u, ...copy } = pending!;
    const error = await t.database.db
      .insert(wholesaleApplications)
      .values(copy)
      .then(
        () => undefined,
        (failure: unknown) => failure,
      );
    expect(isUniqueViolation(error, 'wholesale_applications_one_pending')).toBe(true);
  });

  it('two applications sent at once: one is recorded, the other refused with 409', async () => {
    const applicant = await newBuyer();
    const results = await Promise.all([apply(applicant.cookie), apply(applicant.cookie)]);
    expect(results.map((result) => result.status).sort()).toEqual([201, 409]);
    const rows = await t.database.db
      .select()
      .from(wholesaleApplications)
      .where(eq(wholesaleApplications.user_id, applicant.id));
    expect(rows).toHaveLength(1);
  });

  it('accepts a PNG and a JPEG by content', async () => {
    const png = await newBuyer();
    const pngResult = await apply(png.cookie, validFields(), { name: 'scan', bytes: PNG });
    expect(pngResult.status).toBe(201);
    expect(pngResult.body.application.documentType).toBe('image/png');
    const jpeg = await newBuyer();
    const jpegResult = await apply(jpeg.cookie, validFields(), {
      name: 'photo.pdf',
      bytes: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(100)]),
    });
    expect(jpegResult.status).toBe(201);
    expect(jpegResult.body.application.documentType).toBe('image/jpeg');
  });
});

describe('stored licenses', () => {
  it('every stored file belongs to an application: refused uploads left nothing behind', async () => {
    const rows = await t.database.db
      .select({ path: wholesaleApplications.document_path })
      .from(wholesaleApplications);
    const recorded = rows.map((row) => path.basename(row.path)).sort();
    expect((await storedLicenses()).sort()).toEqual(recorded);
  });
});

describe('GET /files/licenses/:id', () => {
  let applicationId: number;
  beforeAll(async () => {
    const [row] = await t.database.db
      .select()
      .from(wholesaleApplications)
      .innerJoin(users, eq(users.id, wholesaleApplications.user_id))
      .where(eq(users.email, 'buyer@bevy.example'));
    applicationId = row!.wholesale_applications.id;
  });

  const open = (id: number | string, cookie?: string) =>
    t.app.inject({
      method: 'GET',
      url: `/files/licenses/${id}`,
      headers: cookie ? { cookie } : {},
    });

  it('serves the license to an admin as a private download', async () => {
    const response = await open(applicationId, adminCookie);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(PDF)).toBe(true);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="my license\.pdf"/,
    );
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves the license to the applicant', async () => {
    const response = await open(applicationId, buyerCookie);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(PDF)).toBe(true);
  });

  it('refuses another user with 403 and an anonymous caller with 401', async () => {
    const other = await logInAsActor(t.app, 'seller');
    const forbidden = await open(applicationId, other);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error.code).toBe('FORBIDDEN');
    expect(forbidden.body).not.toContain('%PDF');
    const anonymous = await open(applicationId);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('404s an unknown or malformed id', async () => {
    for (const id of ['999999', 'abc', '0', '1e3']) {
      const response = await open(id, adminCookie);
      expect(response.statusCode, id).toBe(404);
      expect(response.json().error.code).toBe('NOT_FOUND');
    }
  });
});

describe('reviewing applications', () => {
  it('a non-admin cannot list or review applications, and nothing changes', async () => {
    const list = await gql(t.app, '{ wholesaleApplications { id } }', {}, { cookie: buyerCookie });
    expect(list.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const [pending] = await t.database.db
      .select()
      .from(wholesaleApplications)
      .where(eq(wholesaleApplications.status, 'pending'))
      .limit(1);
    const review = await gql(
      t.app,
      REVIEW,
      { id: pending!.id, approve: true },
      { cookie: buyerCookie },
    );
    expect(review.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const anonymous = await gql(t.app, REVIEW, { id: pending!.id, approve: true });
    expect(anonymous.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const [after] = await t.database.db
      .select()
      .from(wholesaleApplications)
      .where(eq(wholesaleApplications.id, pending!.id));
    expect(after!.status).toBe('pending');
  });

  it('an admin lists applications newest first, optionally by status', async () => {
    const all = await gql(
      t.app,
      '{ wholesaleApplications { id status createdAt applicant { email } } }',
      {},
      { cookie: adminCookie },
    );
    const list = all.body.data?.wholesaleApplications as { id: number; createdAt: string }[];
    expect(list.length).toBeGreaterThanOrEqual(3);
    const times = list.map((item) => item.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const approved = await gql(
      t.app,
      '{ wholesaleApplications(status: approved) { id } }',
      {},
      { cookie: adminCookie },
    );
    expect(approved.body.data?.wholesaleApplications).toEqual([]);
  });

  it('approval grants wholesale access until the license expires and emails the applicant', async () => {
    const buyer = await logInAsActor(t.app, 'buyer');
    const me = await gql(t.app, ME, {}, { cookie: buyer });
    const application = (me.body.data?.me as { wholesaleApplication: { id: number } })
      .wholesaleApplication;
    const result = await gql(
      t.app,
      REVIEW,
      { id: application.id, approve: true },
      { cookie: adminCookie },
    );
    expect(result.body.errors).toBeUndefined();
    expect(result.body.data?.reviewWholesaleApplication).toMatchObject({
      status: 'approved',
      rejectionReason: null,
      applicant: { email: 'buyer@bevy.example' },
    });

    const after = await gql(t.app, ME, {}, { cookie: buyer });
    const expiry = validFields().licenseExpiresOn;
    expect(after.body.data?.me).toMatchObject({
      seesWholesalePricing: true,
      wholesaleAccessExpiresOn: expiry,
      wholesaleApplication: { id: application.id, status: 'approved' },
    });
    const [user] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'buyer@bevy.example'));
    expect(user!.wholesale_reminder_sent_for).toBeNull();
    const [mail] = await mailTo('buyer@bevy.example');
    expect(mail!.subject).toBe('Your wholesale application is approved');
    expect(mail!.text_body).toContain(formatLongDate(expiry));
  });

  it('an application already reviewed cannot be reviewed again', async () => {
    const [approved] = await t.database.db
      .select()
      .from(wholesaleApplications)
      .where(eq(wholesaleApplications.status, 'approved'));
    const again = await gql(
      t.app,
      REVIEW,
      { id: approved!.id, approve: false, reason: 'Changed my mind about this.' },
      { cookie: adminCookie },
    );
    expect(again.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const missing = await gql(
      t.app,
      REVIEW,
      { id: 999999, approve: true },
      { cookie: adminCookie },
    );
    expect(missing.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('rejection needs a reason, which the applicant receives by email', async () => {
    const applicant = await newBuyer();
    const applied = await apply(applicant.cookie);
    expect(applied.status).toBe(201);
    const id = applied.body.application.id as number;

    for (const reason of [undefined, null, '  ', 'no']) {
      const refused = await gql(
        t.app,
        REVIEW,
        { id, approve: false, reason },
        { cookie: adminCookie },
      );
      expect(refused.body.errors?.[0]?.extensions).toMatchObject({
        code: 'BAD_USER_INPUT',
        field: 'reason',
      });
    }
    const reason = 'The license number does not match the state register.';
    const rejected = await gql(
      t.app,
      REVIEW,
      { id, approve: false, reason },
      { cookie: adminCookie },
    );
    expect(rejected.body.data?.reviewWholesaleApplication).toMatchObject({
      status: 'rejected',
      rejectionReason: reason,
    });
    const me = await gql(t.app, ME, {}, { cookie: applicant.cookie });
    expect(me.body.data?.me).toMatchObject({
      seesWholesalePricing: false,
      wholesaleAccessExpiresOn: null,
      wholesaleApplication: { id, status: 'rejected', rejectionReason: reason },
    });
    const [mail] = await mailTo(applicant.email);
    expect(mail!.subject).toBe('Your wholesale application was not approved');
    expect(mail!.text_body).toContain(reason);

    // Once rejected, the user may apply again.
    expect((await apply(applicant.cookie)).status).toBe(201);
  });
});

describe('expiry reminders', () => {
  const mailer = () => createMailer({ db: t.database.db, from: 'Bevy <hello@bevy.example>' });

  async function wholesaleUser(name: string, expiresOn: string | null) {
    const email = `${name}${Date.now()}${counter++}@example.com`;
    await t.database.db.insert(users).values({
      name,
      email,
      password_hash: 'not-a-login',
      date_of_birth: '1970-01-01',
      wholesale_access_expires_on: expiresOn,
    });
    return email;
  }

  it('reminds once someone whose access ends within 30 days, never the others', async () => {
    const soon = await wholesaleUser('soon', inDays(20));
    const later = await wholesaleUser('later', inDays(40));
    const expired = await wholesaleUser('expired', inDays(-1));
    const none = await wholesaleUser('none', null);

    const first = await sendWholesaleExpiryReminders(t.database.db, mailer());
    expect(first).toBeGreaterThanOrEqual(1);
    const second = await sendWholesaleExpiryReminders(t.database.db, mailer());
    expect(second).toBe(0);

    const reminders = await mailTo(soon);
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.subject).toBe(
      `Your wholesale access ends on ${formatLongDate(inDays(20))}`,
    );
    expect(reminders[0]!.text_body).toContain('renew by applying with your new license');
    for (const email of [later, expired, none]) expect(await mailTo(email)).toHaveLength(0);
  });

  it('two runs at the same time send a reminder only once', async () => {
    const soon = await wholesaleUser('racing', inDays(5));
    const sent = await Promise.all([
      sendWholesaleExpiryReminders(t.database.db, mailer()),
      sendWholesaleExpiryReminders(t.database.db, mailer()),
    ]);
    expect(sent[0]! + sent[1]!).toBe(1);
    expect(await mailTo(soon)).toHaveLength(1);
  });

  it('a renewed license (a new expiry) is announced again when it too comes near', async () => {
    const email = await wholesaleUser('renewing', inDays(10));
    await sendWholesaleExpiryReminders(t.database.db, mailer());
    await t.database.db
      .update(users)
      .set({ wholesale_access_expires_on: inDays(25) })
      .where(eq(users.email, email));
    await sendWholesaleExpiryReminders(t.database.db, mailer());
    expect(await mailTo(email)).toHaveLength(2);
  });

  it('the hourly job fails when a reminder cannot be sent, so the runner retries it, and gives the reminder back', async () => {
    const email = await wholesaleUser('unlucky', inDays(3));
    const failing = {
      send: async () => {
        throw new Error('SMTP is down');
      },
    };
    const ctx = { ...t.app.services, mailer: failing };
    const job = { id: 'job-1', attempt: 1, runAgainIn: async () => undefined };
    await expect(wholesaleReminderJob.run(ctx, {}, job)).rejects.toThrow(
      /wholesale reminders could not be sent/,
    );
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(user!.wholesale_reminder_sent_for).toBeNull();

    await wholesaleReminderJob.run({ ...t.app.services, mailer: mailer() }, {}, job);
    expect(await mailTo(email)).toHaveLength(1);
  });
});
