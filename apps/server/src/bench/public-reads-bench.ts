// `npm run bench:reads`: public reads over HTTP against the bare route (GET /health of the same
// server), on the embedded database and on PostgreSQL, with the demo data. The business page's
// query, a product page's HTML, the tag list, the banners, and the business page for a
// signed-in buyer. The server runs in this process; autocannon runs in a child (load-worker.ts).
// Options: --seconds 5 --connections 10 --databases pglite,postgres
//          --database-url postgres://postgres@127.0.0.1:5432/bevy_bench_reads
// With BENCH_RESULT_FILE set, writes the figures there as JSON (scripts/bench.mjs reads it).
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
import { seedDemoData } from '../modules/seed/index';
import { recreateDatabase } from './checkout-bench-seed';
import { writeStandInIndexHtml } from '../test/web-template';
import { load } from './http';
import type { LoadResult } from './load-worker';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    databases: { type: 'string', default: 'pglite,postgres' },
    'database-url': {
      type: 'string',
      default:
        process.env['BENCH_READS_DATABASE_URL'] ??
        'postgres://postgres@127.0.0.1:5432/bevy_bench_reads',
    },
  },
});
const seconds = Number(args.seconds);
const out = (line = '') => process.stdout.write(`${line}\n`);
const connections = Number(args.connections);

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const BUSINESS_PAGE = `query BusinessBySlug($slug: String!) {
  businesses(where: { slug: { equals: $slug } }) {
    id name slug description heroImgUrl logoImgUrl license_info website
    international_phone_number instagram twitter facebook linkedin
    addresses { id formatted_address }
    pickup_hours fulfillment_allow_pickup_retail fulfillment_allow_pickup_wholesale
    clubs { id slug name description memberDiscountBasisPoints isSubscription imageUrl }
  }
}`;
const TAGS = `query GetTagsForCategoryByCategoryName($tagCategoryName: String!) {
  tagsForCategory(tagCategoryName: $tagCategoryName) { id name categorizedBy { id } categorizes { id name } }
}`;

interface Read {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  cookie?: string;
  /** The least ratio to the bare route the issue asks of it. */
  target: number;
}

/** The web build to serve pages from: the real one when built, else a stand-in template. */
async function webDistDir(): Promise<{ dir: string; done: () => Promise<void> }> {
  const built = process.env['WEB_DIST_DIR'] ?? path.join(root, 'apps/web/dist');
  if (existsSync(path.join(built, 'index.html'))) return { dir: built, done: async () => {} };
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bevy-reads-web-'));
  await writeStandInIndexHtml(dir);
  return { dir, done: () => rm(dir, { recursive: true, force: true }) };
}

async function openBenchDatabase(kind: string): Promise<Database> {
  if (kind === 'pglite') return openDatabase({ kind: 'pglite' });
  await recreateDatabase(args['database-url']);
  return openDatabase({ kind: 'postgres', url: args['database-url'] });
}

async function measure(kind: string, webDir: string) {
  const database = await openBenchDatabase(kind);
  await seedDemoData(database.db);
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: webDir,
    SEARCH_SNAPSHOT_PATH: '',
    ALLOW_OFFLINE_PAYMENTS: 'true',
    SEARCH_KEY_SECRET: randomBytes(24).toString('hex'),
    PUBLIC_URL: 'http://127.0.0.1',
  });
  const app = await buildApp({ config, database, logger: false });
  try {
    const post = (query: string, variables: object, cookie?: string) =>
      app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
        payload: { query, variables },
      });
    const login = await post(
      'mutation($email: String!, $password: String!) { logIn(email: $email, password: $password) { id } }',
      { email: 'buyer@bevy.example', password: 'bevy-buyer-demo' },
    );
    const session = login.cookies.find((cookie) => cookie.name === config.sessionCookieName);
    if (!session) throw new Error(`could not log in: ${login.body}`);
    const cookie = `${session.name}=${session.value}`;
    const product = app.productSearch.search(
      { indexName: 'products', params: { hitsPerPage: 1 } },
      'retail',
    ).hits[0] as { objectID: string; slug: string } | undefined;
    if (!product) throw new Error('the demo catalog has no products');
    const slug = product.slug;

    const reads: Read[] = [
      {
        name: 'business page (BusinessBySlug)',
        method: 'POST',
        path: '/graphql',
        body: JSON.stringify({ query: BUSINESS_PAGE, variables: { slug } }),
        target: 0.5,
      },
      {
        name: 'product page (its HTML)',
        method: 'GET',
        path: `/business/${slug}/item/${product.objectID}`,
        target: 0.5,
      },
      {
        name: 'tags (GetTagsForCategoryByCategoryName)',
        method: 'POST',
        path: '/graphql',
        body: JSON.stringify({ query: TAGS, variables: { tagCategoryName: 'Business Type' } }),
        target: 0.5,
      },
      { name: 'banners (GET /banners)', method: 'GET', path: '/banners', target: 0.5 },
      {
        name: 'business page, signed in',
        method: 'POST',
        path: '/graphql',
        body: JSON.stringify({ query: BUSINESS_PAGE, variables: { slug } }),
        cookie,
        target: 0.2,
      },
    ];
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    const run = (read: Omit<Read, 'name' | 'target'>, duration: number) =>
      load({
        url,
        method: read.method,
        path: read.path,
        headers: {
          accept: read.path.startsWith('/business/') ? 'text/html' : 'application/json',
          ...(read.cookie ? { cookie: read.cookie } : {}),
        },
        bodies: read.body ? [read.body] : [],
        seconds: duration,
        connections,
      });
    const check = (name: string, result: LoadResult) => {
      if (result.errors > 0 || result.non2xx > 0) {
        throw new Error(`${name}: ${result.errors} errors, ${result.non2xx} non-2xx answers`);
      }
      return result;
    };
    const health = { method: 'GET' as const, path: '/health' };
    await run(health, 2);
    const bare = check('/health', await run(health, seconds));
    const results = [];
    for (const read of reads) {
      await run(read, 1);
      const result = check(read.name, await run(read, seconds));
      results.push({ read, result, ratio: result.requestsPerSecond / bare.requestsPerSecond });
    }
    return { kind, bare, results };
  } finally {
    await app.close();
    await database.close();
  }
}

const web = await webDistDir();
const figures = [];
try {
  for (const kind of args.databases.split(',')) {
    const { bare, results } = await measure(kind.trim(), web.dir);
    const label = kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
    out(`\n${label}: GET /health ${Math.round(bare.requestsPerSecond)} req/s (bare route)`);
    for (const { read, result, ratio } of results) {
      out(
        `  ${read.name.padEnd(42)} ${String(Math.round(result.requestsPerSecond)).padStart(6)} req/s` +
          `  ratio ${ratio.toFixed(2)} (target >= ${read.target})  p99 ${result.latencyP99} ms`,
      );
      figures.push({
        item: '2',
        name: `${read.name}, ${label}, req/s ÷ /health`,
        value: Number(ratio.toFixed(3)),
        unit: 'ratio',
        target: `>= ${read.target}`,
        met: ratio >= read.target,
        detail: `${Math.round(result.requestsPerSecond)} vs ${Math.round(bare.requestsPerSecond)} req/s`,
      });
    }
  }
} finally {
  await web.done();
}
if (process.env['BENCH_RESULT_FILE']) {
  await writeFile(process.env['BENCH_RESULT_FILE'], JSON.stringify({ figures }, null, 2));
}
