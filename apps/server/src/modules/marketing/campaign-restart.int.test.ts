import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, rowsOf, type Database } from '../../db/client';
import { withDatabase } from '../../test/database-url';
import { startSmtpCapture, type SmtpCapture } from '../../test/smtp-capture';
import { createProducer } from '../checkout/checkout-fixtures';

const onPostgres = process.env.TEST_DB_KIND === 'postgres';
const senderScript = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'testing',
  'sender-process.ts',
);
const CONSENTING = 10_000;
/** Below what the relay manages here (about 200 a second), so that the limit is what binds. */
const RATE = 100;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function startSender(url: string, smtpUrl: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', senderScript], {
    env: {
      ...process.env,
      SENDER_DATABASE_URL: url,
      SENDER_SMTP_URL: smtpUrl,
      SENDER_RATE: String(RATE),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve(child);
    });
    child.once('exit', (code, signal) => {
      if (signal !== 'SIGKILL') reject(new Error(`The sender stopped (${code ?? signal})`));
    });
  });
}

const killed = (child: ChildProcess, signal: NodeJS.Signals) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });

/** The most messages that arrived within any one second. */
function busiestSecond(arrivals: number[]): number {
  const sorted = [...arrivals].sort((a, b) => a - b);
  let most = 0;
  for (let start = 0, end = 0; end < sorted.length; end++) {
    while (sorted[end]! - sorted[start]! >= 1000) start++;
    most = Math.max(most, end - start + 1);
  }
  return most;
}

describe.skipIf(!onPostgres)('a campaign to 10,000 people, its sender killed half-way', () => {
  let admin: pg.Client;
  let name: string;
  let database: Database;
  let smtp: SmtpCapture;
  let url: string;
  const senders: ChildProcess[] = [];

  beforeAll(async () => {
    const adminUrl = process.env.TEST_DATABASE_URL!;
    admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    name = `bevy_campaign_${randomBytes(6).toString('hex')}`;
    await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
    url = withDatabase(adminUrl, name);
    database = await openDatabase({ kind: 'postgres', url, maxConnections: 2 });
    smtp = await startSmtpCapture({ raw: true });
  }, 60_000);

  afterAll(async () => {
    await Promise.all(senders.map((child) => killed(child, 'SIGKILL')));
    await smtp?.close();
    await database?.close();
    await admin?.query(`drop database if exists ${name} with (force)`);
    await admin?.end();
  });

  it('delivers exactly one message to each consenting person and none to the others, at the rate limit', async () => {
    const db = database.db;
    const producer = await createProducer(db);
    // 11,000 people: 10,000 consented; 200 consented but their address is suppressed; 300
    // never confirmed; 300 unsubscribed; 200 only follow.
    await db.execute(sql`
      insert into users (name, email, password_hash, date_of_birth)
      select 'Reader ' || g, 'reader' || g || '@load.bevy.example', 'x', '1980-01-01'
      from generate_series(1, 11000) g`);
    await db.execute(sql`
      with people as (
        select id, email, row_number() over (order by id) as n
        from users where email like '%@load.bevy.example')
      insert into marketing_consents
        (business_id, user_id, email, status, source, consent_text, requested_at, confirmed_at)
      select ${producer.id}, id, email,
        (case when n <= 10200 then 'subscribed' when n <= 10500 then 'pending'
          else 'unsubscribed' end)::consent_status,
        'follow', 'Email me news.', now(), now()
      from people where n <= 10800`);
    await db.execute(sql`
      insert into follows (business_id, user_id)
      select ${producer.id}, id from users where email like '%@load.bevy.example'`);
    await db.execute(sql`
      with people as (
        select email, row_number() over (order by id) as n
        from users where email like '%@load.bevy.example')
      insert into mail_suppressions (email_hash, reason)
      select encode(sha256(convert_to(lower(email), 'UTF8')), 'hex'), 'complained'
      from people where n > 10000 and n <= 10200`);
    const consenting = new Set(
      rowsOf<{ email: string }>(
        await db.execute(sql`
          select email from (select email, row_number() over (order by id) as n
            from users where email like '%@load.bevy.example') p where n <= 10000`),
      ).map((row) => row.email),
    );
    expect(consenting.size).toBe(CONSENTING);
    const [campaign] = rowsOf<{ id: number }>(
      await db.execute(sql`
        insert into campaigns (business_id, subject, blocks, status, scheduled_at)
        values (${producer.id}, 'The big one',
          ${JSON.stringify([{ kind: 'text', html: '<p>Hello, everyone.</p>' }])}::jsonb,
          'scheduled', now())
        returning id`),
    );

    const first = await startSender(url, smtp.url);
    senders.push(first);
    const deadline = Date.now() + 240_000;
    while (smtp.raw.length < CONSENTING / 2 && Date.now() < deadline) await sleep(50);
    const deliveredAtKill = smtp.raw.length;
    await killed(first, 'SIGKILL');
    expect(deliveredAtKill).toBeGreaterThan(CONSENTING * 0.4);
    expect(deliveredAtKill).toBeLessThan(CONSENTING * 0.7);

    senders.push(await startSender(url, smtp.url));
    for (;;) {
      const [left] = rowsOf<{ waiting: number; status: string }>(
        await db.execute(sql`
          select (select count(*) from campaign_recipients where campaign_id = ${campaign!.id}
              and status in ('pending', 'queued'))::int as waiting,
            (select status::text from campaigns where id = ${campaign!.id}) as status`),
      );
      if (left!.waiting === 0 && left!.status === 'sent') break;
      if (Date.now() > deadline) throw new Error(`Still ${left!.waiting} to send`);
      await sleep(200);
    }
    await sleep(300);
    const idsByAddress = new Map<string, Set<string>>();
    for (const message of smtp.raw) {
      for (const address of message.to) {
        const ids = idsByAddress.get(address) ?? new Set<string>();
        ids.add(message.messageId);
        idsByAddress.set(address, ids);
      }
    }
    // Everyone who consented, and nobody else…
    expect(idsByAddress.size).toBe(CONSENTING);
    expect([...idsByAddress.keys()].every((address) => consenting.has(address))).toBe(true);
    // …each one message: at most the one in flight when the process died went again, with the
    // same Message-ID (decision 021).
    expect([...idsByAddress.values()].every((ids) => ids.size === 1)).toBe(true);
    expect(smtp.raw.length - CONSENTING).toBeLessThanOrEqual(1);
    // The rate limit held, in each process, and was what set the pace.
    const busiest = busiestSecond(smtp.raw.map((message) => message.at));
    expect(busiest).toBeLessThanOrEqual(Math.ceil(RATE * 1.05));
    // Well above what a run held back by anything else would reach (a busy CI machine included).
    expect(busiest).toBeGreaterThanOrEqual(RATE * 0.6);
    const outcomes = rowsOf<{ status: string; skip_reason: string | null; n: number }>(
      await db.execute(sql`
        select status::text, skip_reason, count(*)::int as n from campaign_recipients
        where campaign_id = ${campaign!.id} group by 1, 2 order by 1`),
    );
    expect(outcomes).toEqual([
      { status: 'sent', skip_reason: null, n: CONSENTING },
      { status: 'skipped', skip_reason: 'suppressed', n: 200 },
    ]);
  }, 300_000);
});
