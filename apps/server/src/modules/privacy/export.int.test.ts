import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAttempts, privacyRequests } from '../../db/tables';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createUser } from '../orders/order-management-fixtures';
import { createWorld, seedPerson, type Person } from './privacy-fixtures';

/** "Download my data": everything of the person, nothing of anyone else. */

let t: TestApp;
let a: Person;
let b: Person;

beforeAll(async () => {
  t = await createTestApp();
  const world = await createWorld(t);
  a = await seedPerson(t, world, 'Alpha');
  b = await seedPerson(t, world, 'Bravo');
}, 120_000);
afterAll(() => t.close());

async function download(cookie?: string) {
  return t.app.inject({
    method: 'GET',
    url: '/account/my-data.zip',
    headers: cookie ? { cookie } : {},
  });
}

describe('GET /account/my-data.zip', () => {
  it('refuses a visitor', async () => {
    const response = await download();
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toBe('Log in to download your data.');
  });

  it('holds every kind of record of the person and none of another person', async () => {
    const response = await download(a.user.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="bevy-my-data-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const files = unzipSync(new Uint8Array(response.rawPayload));
    const text = Object.fromEntries(
      Object.entries(files).map(([name, bytes]) => [name, strFromU8(bytes)]),
    );
    const parse = (name: string) => JSON.parse(text[name]!) as Record<string, unknown>;

    expect(text['README.txt']).toContain('orders.json');
    expect(parse('profile.json')).toMatchObject({
      id: a.user.id,
      email: a.user.email,
      name: a.name,
    });
    expect(text['saved-addresses.json']).toContain(a.line1);
    const orders = parse('orders.json') as unknown as { number: string; lines: unknown[] }[];
    expect(orders.map((o) => o.number).sort()).toEqual(a.orders.map((o) => o.number).sort());
    expect(orders.every((o) => o.lines.length > 0)).toBe(true);
    for (const order of a.orders) expect(text['orders.csv']).toContain(order.number);
    expect(text['order-lines.csv']).toContain(a.orders[0]!.number);
    expect(text['club-memberships.json']).toContain(a.phone);
    const tickets = parse('tickets.json') as unknown as { tickets: { attendee_name: string }[] };
    expect(tickets.tickets.map((x) => x.attendee_name)).toEqual([a.name]);
    const marketing = parse('marketing.json') as unknown as {
      follows: unknown[];
      consents: { consent_text: string; requested_ip: string }[];
    };
    expect(marketing.follows).toHaveLength(1);
    expect(marketing.consents[0]).toMatchObject({ requested_ip: '203.0.113.9' });
    expect(text['wholesale-applications.json']).toContain('Alpha Bottle Shop LLC');
    const licence = Object.keys(files).find((name) => name.startsWith('wholesale/'));
    expect(licence).toMatch(new RegExp(`${a.licence}$`));
    expect(text[licence!]).toContain(`%PDF licence of ${a.name}`);
    const activity = parse('account-activity.json') as unknown as { sessions: unknown[] };
    expect(activity.sessions.length).toBeGreaterThan(0);
    expect(text['privacy-requests.json']).toContain('"access"');

    // Nothing of B, nor secrets, nor the producer's staff, in any file.
    const everything = Object.values(text).join('\n');
    const forbidden = [
      b.user.email,
      b.name,
      b.phone,
      b.line1,
      b.licence,
      ...b.orders.map((o) => o.number),
      `"id": ${b.user.id},`,
      'Sam Seller',
      'scrypt$',
      'token_hash',
      'password_hash',
    ];
    for (const value of forbidden) expect(everything, value).not.toContain(value);
    // A positive control: the same search finds A's values, so it can fail.
    for (const value of [a.user.email, a.name, a.phone, a.line1]) {
      expect(everything).toContain(value);
    }
  });

  it('records the request as answered at once, without address or name', async () => {
    const [row] = await t.database.db
      .select()
      .from(privacyRequests)
      .where(eq(privacyRequests.user_id, a.user.id));
    expect(row).toMatchObject({
      kind: 'access',
      channel: 'self_service',
      status: 'completed',
      requester_email: `privacy-request-${row!.id}@answered.invalid`,
      requester_name: null,
    });
    expect(row!.due_at.getTime()).toBeGreaterThan(row!.received_at.getTime());
  });

  it('leaves out others’ failed log-ins, and holds where each order came from', async () => {
    await t.database.db
      .insert(loginAttempts)
      .values({ email: a.user.email, ip: '198.51.100.66', succeeded: false });
    const files = unzipSync(new Uint8Array((await download(a.user.cookie)).rawPayload));
    const activity = JSON.parse(strFromU8(files['account-activity.json']!)) as {
      log_ins: { ip: string; succeeded: boolean }[];
    };
    expect(activity.log_ins.length).toBeGreaterThan(0);
    expect(activity.log_ins.every((l) => l.succeeded)).toBe(true);
    expect(strFromU8(files['account-activity.json']!)).not.toContain('198.51.100.66');
    const orders = JSON.parse(strFromU8(files['orders.json']!)) as Record<string, unknown>[];
    expect(orders[0]).toHaveProperty('source_medium');
    expect(orders[0]).toHaveProperty('source_campaign');
  });

  it('records one request a day, and allows 10 downloads an hour', async () => {
    const person = await createUser(t.app, t.database.db);
    for (let i = 0; i < 10; i += 1) {
      expect((await download(person.cookie)).statusCode).toBe(200);
    }
    const limited = await download(person.cookie);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toBe(
      'You have downloaded your data 10 times in the last hour. Wait an hour and try again.',
    );
    const rows = await t.database.db
      .select()
      .from(privacyRequests)
      .where(eq(privacyRequests.user_id, person.id));
    expect(rows).toHaveLength(1);
  });
});
