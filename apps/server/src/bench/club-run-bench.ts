// `npm run bench:clubs`: one club release run for many members on PostgreSQL with the offline
// payment provider, through the real run (runRelease), in this process. Prints members a second
// and database statements per member, then checks the outcome: one order per charged member and
// a balanced ledger. Options:
//   --database-url postgres://...  default BENCH_CLUBS_DATABASE_URL or
//                                  postgres://postgres@127.0.0.1:5432/bevy_bench_clubs
//                                  (dropped and created afresh on every run)
//   --members 10000 --declining 200   members, and how many of them have a card that declines
//   --concurrency 8 --batch 100 --pool 10   the run's settings and the pool's connections
//   --processes 1                  server processes running the release at once (decision 019)
//   --out /tmp/bench-clubs.json
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { isoDate } from '@bevy/core';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Config } from '../config';
import { openDatabase, type Db } from '../db/client';
import {
  clubReleaseItems,
  clubReleases,
  memberships,
  offlinePaymentMethods,
  users,
} from '../db/tables';
import { systemClock } from '../platform/clock';
import { createBuyer, createProducer, createProduct } from '../modules/checkout/checkout-fixtures';
import { createClub, runRelease, setClubStatus } from '../modules/clubs/index';
import { createOfflineProvider } from '../modules/payments/index';
import { recreateDatabase } from './checkout-bench-seed';
import { silentLogger } from '../platform/silent-logger';
import { ChangeFeed } from '../platform/changes';

const { values: args } = parseArgs({
  options: {
    'database-url': {
      type: 'string',
      default:
        process.env['BENCH_CLUBS_DATABASE_URL'] ??
        'postgres://postgres@127.0.0.1:5432/bevy_bench_clubs',
    },
    members: { type: 'string', default: '10000' },
    declining: { type: 'string', default: '200' },
    concurrency: { type: 'string', default: '8' },
    batch: { type: 'string', default: '100' },
    pool: { type: 'string', default: '10' },
    processes: { type: 'string', default: '1' },
    /** Internal: this process is a worker of another's run, on this release. */
    'worker-release': { type: 'string' },
    out: { type: 'string', default: '/tmp/bench-clubs.json' },
  },
});
const whole = (name: keyof typeof args, min = 0) => {
  const value = Number(args[name]);
  if (!Number.isInteger(value) || value < min) throw new Error(`--${name} must be a whole number`);
  return value;
};
const memberCount = whole('members', 1);
const decliningCount = Math.min(whole('declining'), memberCount);
const concurrency = whole('concurrency', 1);
const batchSize = whole('batch', 1);
const poolSize = whole('pool', 1);
const processCount = whole('processes', 1);
const out = (line = '') => process.stdout.write(`${line}\n`);

// Every statement, BEGIN and COMMIT is one Client#query: counted while the run runs.
let statements = 0;
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...callArgs: unknown[]) {
  statements++;
  return query.apply(this, callArgs);
} as typeof pg.Client.prototype.query;

const config = {
  publicUrl: 'http://127.0.0.1:3000',
  SITE_NAME: 'Bevy',
  SMTP_URL: undefined,
} as unknown as Config;

/** A producer with a club of one 3-bottle tier, a release due today, and its members. */
async function seed(db: Db) {
  const business = await createProducer(db, { ship_to_states: ['OR'] });
  const sellerId = await createBuyer(db);
  await db.execute(
    sql`insert into business_members (user_id, business_id) values (${sellerId}, ${business.id})`,
  );
  const products = [
    await createProduct(db, business.id, {
      name: 'Bench Pinot',
      stock: 1_000_000,
      retail: [[1, 3_200]],
    }),
    await createProduct(db, business.id, {
      name: 'Bench Riesling',
      stock: 1_000_000,
      retail: [[1, 2_400]],
    }),
  ];
  const seller = {
    db,
    viewer: { id: sellerId, sessionId: 'bench', isAdmin: false },
    changes: new ChangeFeed(),
  };
  const club = await createClub(seller, business.slug, {
    name: 'Bench Club',
    description: '',
    cadence: 'release_dates',
    firstReleaseOn: null,
    memberDiscountBasisPoints: 1_500,
    skipsPerYear: 0,
    minimumReleases: 0,
    offersPickup: true,
    offersDelivery: false,
    offersShipping: false,
    tiers: [{ name: 'Three', bottles: 3, priceBasis: 'contents', fixedPriceCents: null }],
  });
  await setClubStatus(seller, business.slug, club.slug, 'open');
  const tier = club.tiers[0]!;
  const [release] = await db
    .insert(clubReleases)
    .values({
      club_id: club.id,
      title: 'Bench release',
      charge_on: isoDate(new Date()),
      status: 'scheduled',
    })
    .returning();
  await db.insert(clubReleaseItems).values([
    { release_id: release!.id, tier_id: tier.id, product_id: products[0]!.id, quantity: 2 },
    { release_id: release!.id, tier_id: tier.id, product_id: products[1]!.id, quantity: 1 },
  ]);
  const stamp = randomBytes(3).toString('hex');
  for (let start = 0; start < memberCount; start += 1_000) {
    const size = Math.min(1_000, memberCount - start);
    const people = await db
      .insert(users)
      .values(
        Array.from({ length: size }, (_, i) => ({
          name: `Bench Member ${start + i}`,
          email: `bench-${stamp}-${start + i}@bevy.example`,
          password_hash: 'not-a-password-hash',
          date_of_birth: '1980-01-01',
        })),
      )
      .returning({ id: users.id });
    await db.insert(offlinePaymentMethods).values(
      people.map((person, i) => ({
        id: `pm_bench_${stamp}_${start + i}`,
        customer_id: `cus_bench_${stamp}_${start + i}`,
        idempotency_key: `bench-${stamp}-${start + i}`,
        brand: 'visa',
        last4: '4242',
        exp_month: 12,
        exp_year: 2034,
        // The first ones save and then decline, like 4000 0000 0000 0341.
        charge_decline_code: start + i < decliningCount ? 'card_declined' : null,
        charge_decline_message: start + i < decliningCount ? 'Your card was declined.' : null,
      })),
    );
    await db.insert(memberships).values(
      people.map((person, i) => ({
        club_id: club.id,
        tier_id: tier.id,
        user_id: person.id,
        fulfillment_mode: 'pickup' as const,
        contact_phone: '+15035550142',
        card_customer_id: `cus_bench_${stamp}_${start + i}`,
        card_payment_method_id: `pm_bench_${stamp}_${start + i}`,
        card_brand: 'visa',
        card_last4: '4242',
        card_exp_month: 12,
        card_exp_year: 2034,
        renewal_consent_at: new Date(),
        renewal_terms: 'Bench terms',
        joined_on: '2026-01-01',
      })),
    );
  }
  return release!.id;
}

/** Each charged shipment has one placed order, and its checkout's ledger balances. */
async function verify(db: Db, releaseId: number) {
  const result = (await db.execute(sql`
    select s.outcome, count(*)::int as count,
      count(*) filter (where s.outcome = 'charged' and (
        (select coalesce(sum(amount_cents), 0) from ledger_entries where checkout_id = s.checkout_id and kind = 'charge')
        <> (select coalesce(sum(amount_cents), 0) from ledger_entries where checkout_id = s.checkout_id and kind in ('transfer', 'commission'))
        or (select count(*) from orders o where o.checkout_id = s.checkout_id and o.status = 'placed') <> 1
      ))::int as unbalanced,
      count(s.order_id)::int as orders
    from club_shipments s where s.release_id = ${releaseId} group by s.outcome order by s.outcome`)) as {
    rows: { outcome: string; count: number; unbalanced: number; orders: number }[];
  };
  return result.rows;
}

const url = args['database-url'];
const runOptions = { concurrency, batchSize };
const context = (db: Db) => ({
  db,
  payments: createOfflineProvider(db),
  clock: systemClock,
  config,
  log: silentLogger,
});

/** Another server process's share of the run: it reports its statements when done. */
async function worker(releaseId: number) {
  const database = await openDatabase({ kind: 'postgres', url, maxConnections: poolSize });
  try {
    process.send!({ kind: 'ready' });
    await new Promise((resolve) => process.once('message', resolve));
    statements = 0;
    const summary = await runRelease(context(database.db), releaseId, runOptions);
    process.send!({ kind: 'done', statements, processed: summary.processed });
  } finally {
    await database.close();
  }
}

/** Starts a worker process on the release; resolves once it is ready to go. */
function startWorker(releaseId: number) {
  const child = fork(
    fileURLToPath(import.meta.url),
    [...process.argv.slice(2), '--worker-release', String(releaseId)],
    {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  const done = new Promise<{ statements: number; processed: number }>((resolve, reject) => {
    child.on('message', (message: { kind: string; statements: number; processed: number }) => {
      if (message.kind === 'done') resolve(message);
    });
    child.once('exit', (code) =>
      code === 0 ? undefined : reject(new Error(`worker exited ${code}`)),
    );
  });
  const ready = new Promise<void>((resolve) =>
    child.once('message', (message: { kind: string }) => message.kind === 'ready' && resolve()),
  );
  return { child, ready, done };
}

if (args['worker-release']) {
  await worker(Number(args['worker-release']));
} else {
  const serverVersion = await recreateDatabase(url);
  const database = await openDatabase({ kind: 'postgres', url, maxConnections: poolSize });
  try {
    out(`Seeding ${memberCount} members (${decliningCount} with a card that declines)...`);
    const releaseId = await seed(database.db);
    const workers = Array.from({ length: processCount - 1 }, () => startWorker(releaseId));
    await Promise.all(workers.map((entry) => entry.ready));
    statements = 0;
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    for (const entry of workers) entry.child.send({ kind: 'go' });
    const [summary, ...others] = await Promise.all([
      runRelease(context(database.db), releaseId, runOptions),
      ...workers.map((entry) => entry.done),
    ]);
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    const allStatements = statements + others.reduce((sum, other) => sum + other.statements, 0);
    const rows = await verify(database.db, releaseId);
    const report = {
      machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB`,
      postgres: serverVersion,
      members: memberCount,
      declining: decliningCount,
      processes: processCount,
      concurrency,
      batchSize,
      pool: poolSize,
      processedHere: summary.processed,
      finished: rows.every((row) => row.outcome !== 'pending' && row.outcome !== 'charging'),
      seconds: Number(seconds.toFixed(2)),
      membersPerSecond: Math.round(memberCount / seconds),
      statementsPerMember: Number((allStatements / memberCount).toFixed(1)),
      /** CPU of this process (one server's side) during the run; PostgreSQL's is apart. */
      serverCpuSeconds: Number(((cpu.user + cpu.system) / 1e6).toFixed(2)),
      outcomes: rows,
    };
    out(`${report.members} members in ${report.seconds} s: ${report.membersPerSecond} members/s`);
    out(`${report.statementsPerMember} statements per member (queries, BEGIN and COMMIT)`);
    out(`First process's CPU: ${report.serverCpuSeconds} s of ${report.seconds} s`);
    out(`Outcomes: ${rows.map((row) => `${row.outcome} ${row.count}`).join(', ')}`);
    writeFileSync(args.out, `${JSON.stringify(report, null, 2)}\n`);
    const wrong = rows.reduce((sum, row) => sum + row.unbalanced, 0);
    if (wrong > 0 || !report.finished) {
      out(`FAILED: ${wrong} charged members without exactly one placed, balanced order`);
      process.exitCode = 1;
    }
  } finally {
    await database.close();
  }
}
