// `npm run bench:insights`: a producer's insights over 100,000 orders on PostgreSQL (decision 026).
// Bulk-inserts the orders (with lines, refunds, cancellations, commission in the ledger) spread
// over two years, plus noise producers', then times businessInsights: the first read after the
// load (every day dirty), warm reads of 30 days, 12 months and 2 years (through the service and
// through HTTP GraphQL), and a read right after one new order (one dirty day). Options:
//   --database-url postgres://...  default BENCH_INSIGHTS_DATABASE_URL or
//                                  postgres://postgres@127.0.0.1:5432/bevy_bench_insights
//                                  (dropped and created afresh on every run)
//   --orders 100000 --noise 4 --noise-orders 25000 --runs 50
//   --reuse                        measure the database a previous run loaded
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { shiftDate } from '@bevy/core';
import { sql } from 'drizzle-orm';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase, rowsOf, type Db } from '../db/client';
import { businessMembers, users } from '../db/tables';
import { hashPassword } from '../modules/accounts';
import { createProducer, createProduct } from '../modules/checkout/checkout-fixtures';
import { businessInsights, refreshInsights } from '../modules/insights/index';
import { recreateDatabase } from './checkout-bench-seed';

const { values: args } = parseArgs({
  options: {
    'database-url': {
      type: 'string',
      default:
        process.env['BENCH_INSIGHTS_DATABASE_URL'] ??
        'postgres://postgres@127.0.0.1:5432/bevy_bench_insights',
    },
    orders: { type: 'string', default: '100000' },
    noise: { type: 'string', default: '4' },
    'noise-orders': { type: 'string', default: '25000' },
    runs: { type: 'string', default: '50' },
    /** Measure the database a previous run loaded, without loading it again. */
    reuse: { type: 'boolean', default: false },
  },
});
const whole = (name: keyof typeof args, min = 0) => {
  const value = Number(args[name]);
  if (!Number.isInteger(value) || value < min) throw new Error(`--${name} must be a whole number`);
  return value;
};
const orderCount = whole('orders', 1);
const noiseCount = whole('noise');
const noiseOrders = whole('noise-orders');
const runs = whole('runs', 1);
const out = (line = '') => process.stdout.write(`${line}\n`);
const ms = (value: number) => value.toFixed(1);

const PRODUCTS = 60;
const BUYERS = 5000;
const PASSWORD = 'insights bench lantern 42';
const today = new Date().toISOString().slice(0, 10);

/**
 * `count` orders of the business over the last 730 days, set-based in batches: order g has
 * 1 + g % 3 lines of products chosen by g; about 4% are cancelled, 3% refunded in part, 1% in
 * full; a tenth wholesale; pickup, delivery and shipping; ten states; five sources.
 */
async function bulkOrders(
  db: Db,
  businessId: number,
  productIds: number[],
  buyerIds: number[],
  count: number,
) {
  const products = `{${productIds.join(',')}}`;
  const buyers = `{${buyerIds.join(',')}}`;
  const tag = randomBytes(3).toString('hex');
  for (let start = 0; start < count; start += 10_000) {
    const end = Math.min(count, start + 10_000) - 1;
    await db.execute(sql`
      with spec as (
        select g, gen_random_uuid() as checkout_id,
          (${buyers}::int[])[1 + (g::bigint * 7919) % ${buyerIds.length}] as buyer_id,
          (now() - ((g::bigint * 104729) % (730 * 86400)) * interval '1 second') as at,
          case when g % 25 = 0 then 'cancelled' when g % 100 = 1 then 'refunded'
            else 'completed' end::order_status as status,
          case when g % 33 = 3 then 1 else 0 end as partial,
          case when g % 10 = 0 then 'wholesale' else 'retail' end::price_channel as kind,
          (array['pickup', 'delivery', 'ship'])[1 + g % 3]::fulfillment_mode as mode,
          (array['OR', 'WA', 'CA', 'ID', 'NV', 'NY', 'TX', 'CO', 'IL', 'FL'])[1 + (g / 3) % 10] as state,
          (array[null, 'facebook', 'instagram', 'newsletter', 'google'])[1 + (g / 7) % 5] as source
        from generate_series(${start}::int, ${end}::int) g),
      priced as (
        select s.*, sub.subtotal,
          1500 + ((${products}::int[])[1 + (s.g * 7) % ${PRODUCTS}] * 37) % 4000 as first_price
        from spec s
        cross join lateral (
          select sum((1500 + ((${products}::int[])[1 + (s.g * 7 + i * 13) % ${PRODUCTS}] * 37) % 4000)
              * (1 + (s.g + i) % 4))::int as subtotal
          from generate_series(0, s.g % 3) i) sub),
      money as (
        select p.*, (subtotal / 10)::int as tax, ((subtotal * 800 + 5000) / 10000)::int as commission,
          case when status = 'refunded' then subtotal + subtotal / 10
            when partial = 1 then first_price else 0 end as refunded
        from priced p),
      c as (
        insert into checkouts (id, buyer_id, idempotency_key, request_fingerprint, status,
          amount_cents, payment_provider, transfer_group, created_at, updated_at)
        select checkout_id, buyer_id, checkout_id::text, 'bench', 'paid', subtotal + tax, 'offline',
          ${`bench-${tag}-`} || g, at, at
        from money),
      o as (
        insert into orders (number, checkout_id, business_id, buyer_id, buyer_kind, status,
          fulfillment_mode, fulfillment_address, contact_name, contact_email, contact_phone,
          billing_address, tax_rate, subtotal_cents, tax_and_fees_cents, total_cents,
          commission_cents, payout_cents, refunded_cents, age_confirmed_at, source, created_at,
          updated_at)
        select ${`B${tag}-`} || g, checkout_id, ${businessId}, buyer_id, kind, status, mode,
          case when mode = 'pickup' then null else jsonb_build_object('line1', '1 Main St',
            'city', 'Town', 'state', state, 'zip', '97211') end,
          'Bench Buyer', 'bench@bevy.example', '(503) 555-0100',
          jsonb_build_object('line1', '1 Main St', 'city', 'Town', 'state', state, 'zip', '97211'),
          '10.0000', subtotal, tax, subtotal + tax, commission, subtotal + tax - commission,
          refunded, at, source, at, at
        from money
        returning id, checkout_id, number),
      l as (
        insert into order_lines (order_id, product_id, product_name, channel, tier_minimum,
          unit_price_cents, quantity, line_total_cents, stock_reserved, refunded_quantity)
        select o.id, (${products}::int[])[1 + (m.g * 7 + i * 13) % ${PRODUCTS}],
          'Bench product ' || (1 + (m.g * 7 + i * 13) % ${PRODUCTS}), m.kind, 1,
          1500 + ((${products}::int[])[1 + (m.g * 7 + i * 13) % ${PRODUCTS}] * 37) % 4000,
          1 + (m.g + i) % 4,
          (1500 + ((${products}::int[])[1 + (m.g * 7 + i * 13) % ${PRODUCTS}] * 37) % 4000)
            * (1 + (m.g + i) % 4),
          false,
          case when m.status = 'refunded' then 1 + (m.g + i) % 4
            when m.partial = 1 and i = 0 then 1 else 0 end
        from o join money m on m.checkout_id = o.checkout_id
        cross join lateral generate_series(0, m.g % 3) i)
      insert into ledger_entries (checkout_id, order_id, business_id, kind, amount_cents, created_at)
      select o.checkout_id, o.id, ${businessId}, k.kind::ledger_entry_kind, k.amount, m.at
      from o join money m on m.checkout_id = o.checkout_id
      cross join lateral (values ('commission', m.commission),
        ('commission_reversal', case when m.status = 'refunded' then m.commission
          when m.partial = 1 then m.commission - ((m.subtotal - m.first_price) * 800 + 5000) / 10000
          else 0 end)) k(kind, amount)
      where m.status <> 'cancelled' and (k.kind = 'commission' or k.amount > 0)`);
  }
}

function percentiles(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
  return { p50: at(50), p95: at(95), max: sorted.at(-1)! };
}

async function timed<T>(work: () => Promise<T>): Promise<[number, T]> {
  const started = performance.now();
  const result = await work();
  return [performance.now() - started, result];
}

const databaseUrl = args['database-url'];
const serverVersion = args.reuse ? 'as loaded' : await recreateDatabase(databaseUrl);
const database = await openDatabase({ kind: 'postgres', url: databaseUrl });
const db = database.db;

out(
  `Insights benchmark: ${orderCount} orders of one producer over 2 years, plus ${noiseCount} × ` +
    `${noiseOrders} of others; ${runs} warm runs per range`,
);
out(
  `Node ${process.version}, PostgreSQL ${serverVersion}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ` +
    `load average ${os.loadavg()[0]!.toFixed(2)}`,
);

async function load() {
  const producer = await createProducer(db);
  const productIds: number[] = [];
  for (let i = 0; i < PRODUCTS; i++) productIds.push((await createProduct(db, producer.id)).id);
  const buyerRows = rowsOf<{ id: number }>(
    await db.execute(sql`
      insert into users (name, email, password_hash, date_of_birth)
      select 'Bench Buyer ' || g, 'bench-buyer-' || g || '@bevy.example', 'x', '1985-06-15'
      from generate_series(1, ${BUYERS}) g returning id`),
  );
  const buyerIds = buyerRows.map((row) => row.id);
  await bulkOrders(db, producer.id, productIds, buyerIds, orderCount);
  for (let n = 0; n < noiseCount; n++) {
    const other = await createProducer(db);
    const otherProducts: number[] = [];
    for (let i = 0; i < PRODUCTS; i++) otherProducts.push((await createProduct(db, other.id)).id);
    await bulkOrders(db, other.id, otherProducts, buyerIds, noiseOrders);
  }
  await db.execute(sql`analyze`);
  const [seller] = await db
    .insert(users)
    .values({
      name: 'Bench Seller',
      email: 'bench-seller@bevy.example',
      password_hash: await hashPassword(PASSWORD),
      date_of_birth: '1980-01-01',
    })
    .returning({ id: users.id });
  await db.insert(businessMembers).values({ user_id: seller!.id, business_id: producer.id });
  return { producer, sellerId: seller!.id };
}

/** The world a previous run loaded: the producer with the most orders, and its seller. */
async function loaded() {
  const [row] = rowsOf<{ id: number; slug: string; seller: number }>(
    await db.execute(sql`
      select b.id, b.slug, m.user_id as seller from businesses b
      join business_members m on m.business_id = b.id
      order by (select count(*) from orders o where o.business_id = b.id) desc limit 1`),
  );
  return { producer: { id: row!.id, slug: row!.slug }, sellerId: row!.seller };
}

const [seedMs, world] = await timed(() => (args.reuse ? loaded() : load()));
if (args.reuse) {
  // Every day dirty again, as migrations 0025 and 0027 left them; first without the rows earlier
  // runs' rebuilds left dead, which made the sums tables ten times their size.
  await db.execute(sql`vacuum full sales_daily, product_sales_daily`);
  await db.execute(sql`insert into insight_dirty_days (business_id, day)
    select distinct business_id, (created_at at time zone 'UTC')::date from orders`);
}
const [dirty] = rowsOf<{ marks: string; days: string }>(
  await db.execute(sql`select count(*) as marks,
    count(distinct (business_id, day)) as days from insight_dirty_days`),
);
out(
  `Loaded in ${(seedMs / 1000).toFixed(1)} s; ${dirty!.marks} dirty marks on ${dirty!.days} (producer, day) pairs`,
);
out();

const viewer = () => ({ id: world.sellerId, sessionId: 'bench', isAdmin: false });
const read = (from: string, interval: 'DAY' | 'WEEK' | 'MONTH') =>
  businessInsights(
    { db, viewer: viewer() },
    { slug: world.producer.slug, from, to: today, interval },
  );

const ranges = [
  ['30 days by DAY', shiftDate(today, -29), 'DAY'],
  ['12 months by MONTH', `${shiftDate(today, -365).slice(0, 7)}-01`, 'MONTH'],
  ['2 years by WEEK', shiftDate(today, -730), 'WEEK'],
] as const;

const [coldMs, cold] = await timed(() => read(ranges[2][1], 'WEEK'));
out(
  `First read after the load (2 years; recomputes the producer's ${730} dirty days): ${ms(coldMs)} ms`,
);
out(
  `  ${cold.totals.orders} counted orders, ${cold.totals.cancelledOrders} cancelled, gross $${(cold.totals.grossCents / 100).toFixed(2)}`,
);
const [allMs, all] = await timed(() => refreshInsights(db));
out(
  `The job's refresh of every other dirty day: ${ms(allMs)} ms for ${all.days} (producer, day) pairs`,
);
// What autovacuum does soon after such a rebuild: fresh statistics, reusable space.
await db.execute(sql`vacuum analyze sales_daily, product_sales_daily, orders`);
out();

const target = 200;
const results: string[] = [];
out('Warm reads through the service (refresh finds nothing, then the reads):');
for (const [name, from, interval] of ranges) {
  for (let i = 0; i < 3; i++) await read(from, interval);
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) samples.push((await timed(() => read(from, interval)))[0]);
  const p = percentiles(samples);
  out(`  ${name.padEnd(20)} p50 ${ms(p.p50)} ms, p95 ${ms(p.p95)} ms, max ${ms(p.max)} ms`);
  results.push(`${name}: p95 ${ms(p.p95)} ms ${p.p95 <= target ? 'within' : 'OVER'} ${target} ms`);
}

// One new order today, then the read: one dirty day to recompute first.
const afterOrder: number[] = [];
for (let i = 0; i < 20; i++) {
  await db.execute(sql`
    update orders set refunded_cents = refunded_cents where id = (
      select id from orders where business_id = ${world.producer.id}
      order by created_at desc limit 1 offset ${i})`);
  afterOrder.push((await timed(() => read(ranges[0][1], 'DAY')))[0]);
}
const fresh = percentiles(afterOrder);
out(
  `  30 days right after an order changed (1 dirty day): p50 ${ms(fresh.p50)} ms, p95 ${ms(fresh.p95)} ms`,
);
out();

// Through HTTP: the real app, a logged-in seller, the query the web page sends.
const config = loadConfig({
  NODE_ENV: 'production',
  DATABASE_URL: databaseUrl,
  LOG_LEVEL: 'warn',
  ALLOW_OFFLINE_PAYMENTS: 'true',
  SEARCH_KEY_SECRET: randomBytes(24).toString('hex'),
  SEARCH_SNAPSHOT_PATH: '',
  WEB_DIST_DIR: '',
});
const app = await buildApp({ config, database, logger: { level: 'error' } });
const url = await app.listen({ host: '127.0.0.1', port: 0 });
const post = (query: string, variables: Record<string, unknown>, cookie = '') =>
  fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({ query, variables }),
  });
const login = await post(
  'mutation($email: String!, $password: String!) { logIn(email: $email, password: $password) { id } }',
  { email: 'bench-seller@bevy.example', password: PASSWORD },
);
const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
const QUERY = `query($slug: String!, $from: String!, $to: String!, $interval: InsightInterval!) {
  businessInsights(slug: $slug, from: $from, to: $to, interval: $interval) {
    range { from to previousFrom previousTo }
    totals { grossCents refundedCents netCents commissionCents orders averageOrderCents cancelledOrders cancelledCents }
    previousTotals { grossCents netCents orders }
    salesOverTime { period label grossCents refundedCents netCents orders previousNetCents }
    topProducts { productId name units refundedUnits revenueCents }
    customers { newCustomers returningCustomers newNetCents returningNetCents }
    fulfillment { key label orders grossCents netCents }
    byState { key label orders grossCents netCents }
    bySource { key label orders grossCents netCents }
    byBuyerKind { key label orders grossCents netCents }
    clubs { activeMembers joined cancelled involuntaryChurn churnRate recoveredPayments recoveredCents averageTenureDays }
    events { eventId name startsAt sold capacity sellThrough revenueCents }
    campaigns { campaignId subject sentAt recipients clicks orders revenueCents }
  }
}`;
out('Warm reads through HTTP GraphQL (the web page’s whole query):');
for (const [name, from, interval] of ranges) {
  const variables = { slug: world.producer.slug, from, to: today, interval };
  const first = (await (await post(QUERY, variables, cookie)).json()) as { errors?: unknown };
  if (first.errors) throw new Error(JSON.stringify(first.errors));
  for (let i = 0; i < 2; i++) await (await post(QUERY, variables, cookie)).text();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    samples.push((await timed(async () => (await post(QUERY, variables, cookie)).text()))[0]);
  }
  const p = percentiles(samples);
  out(`  ${name.padEnd(20)} p50 ${ms(p.p50)} ms, p95 ${ms(p.p95)} ms, max ${ms(p.max)} ms`);
  results.push(
    `HTTP ${name}: p95 ${ms(p.p95)} ms ${p.p95 <= target ? 'within' : 'OVER'} ${target} ms`,
  );
}
out();
for (const line of results) out(line);
await app.close();
