// `npm run bench:search-http`: issue item 1, POST /search over HTTP against the bare route
// (GET /health) of the same server, at the demo catalog and at a generated 100k catalog. The
// server is the whole app (buildApp on an in-memory PGlite with the demo data), in this process;
// autocannon runs in a child process. Options:
//   --seconds 5 --connections 10   each timed run (every route is timed twice, alternating)
//   --size 100000                  the generated catalog's size (0 skips it)
//   --port 4810                    where the server listens
// With BENCH_RESULT_FILE set, writes the figures there as JSON (scripts/bench.mjs reads them).
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { buildApp, type App } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { seedDemoData } from '../modules/seed/index';
import { generateCatalog } from './catalog';
import { load } from './http';
import type { LoadRequest, LoadResult } from './load-worker';
import { SHOP_FACETS } from './queries';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    size: { type: 'string', default: '100000' },
    port: { type: 'string', default: '4810' },
  },
});
const seconds = Number(args.seconds);
const connections = Number(args.connections);
const size = Number(args.size);
const port = Number(args.port);

const TARGET = 0.5;
const out = (line = '') => process.stdout.write(`${line}\n`);
const loadAverage = () => os.loadavg()[0]!.toFixed(1);

/**
 * The query: 'red', every facet, 20 hits, with the highlight tags instantsearch sends. It
 * is timed twice: as a browser asks it (compressed answers accepted, the target's figure) and
 * without Accept-Encoding, as the issue first measured it.
 */
function searchBody(extra: Record<string, unknown> = {}): string {
  return JSON.stringify({
    requests: [
      {
        indexName: 'products',
        params: {
          query: 'red',
          hitsPerPage: 20,
          facets: ['*'],
          maxValuesPerFacet: 20,
          highlightPreTag: '__ais-highlight__',
          highlightPostTag: '__/ais-highlight__',
          ...extra,
        },
      },
    ],
  });
}

/**
 * Shop queries without the answer cache's help: each body differs (an analytics tag the
 * search ignores), so none is answered from the cache. Shown beside the figures, not a target.
 */
function distinctBodies(count: number): string[] {
  const words = ['red', 'pinot', 'ipa', 'cider', 'rose', 'barrel', 'dry', 'sparkling'];
  return Array.from({ length: count }, (_, at) =>
    JSON.stringify({
      requests: [
        {
          indexName: 'products',
          params: {
            query: words[at % words.length],
            hitsPerPage: 20,
            facets: [...SHOP_FACETS],
            maxValuesPerFacet: 20,
            // As the web app asks since it renders no highlights.
            attributesToHighlight: [],
            analyticsTags: [`bench-${at}`],
          },
        },
      ],
    }),
  );
}

/** What the shop itself sends for 'red': its facets, no highlights (it renders none). */
const shopBody = () =>
  searchBody({
    facets: [...SHOP_FACETS],
    attributesToHighlight: [],
    highlightPreTag: undefined,
    highlightPostTag: undefined,
  });

interface Comparison {
  health: number;
  search: number;
  ratio: number;
  searchP99: number;
  load: string;
}

/** A wrong answer stops the run; a timeout (the machine too busy) is only reported. */
function checked(result: LoadResult, what: string): LoadResult {
  if (result.non2xx > 0) throw new Error(`${what}: ${result.non2xx} answers were not 2xx`);
  if (result.errors > 0) out(`  ${what}: ${result.errors} requests failed or timed out`);
  return result;
}

/** What Chromium sends: every browser asks for compressed answers. */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd' };

/**
 * /health and /search timed in turn, twice each, both with `headers`; the ratio of their mean
 * rates.
 */
async function compare(
  url: string,
  bodies: string[],
  what: string,
  headers: Record<string, string> = {},
): Promise<Comparison> {
  const health: LoadRequest = {
    url,
    method: 'GET',
    path: '/health',
    headers,
    bodies: [],
    seconds,
    connections,
  };
  const search: LoadRequest = { url, headers, bodies, seconds, connections };
  // Warm-up: optimized code and open connections for both.
  await load({ ...health, seconds: 2 });
  await load({ ...search, seconds: 2 });
  const healthRuns: LoadResult[] = [];
  const searchRuns: LoadResult[] = [];
  for (let round = 0; round < 2; round++) {
    healthRuns.push(checked(await load(health), 'GET /health'));
    searchRuns.push(checked(await load(search), `POST /search (${what})`));
  }
  const mean = (runs: LoadResult[]) =>
    runs.reduce((sum, run) => sum + run.requestsPerSecond, 0) / runs.length;
  const comparison = {
    health: mean(healthRuns),
    search: mean(searchRuns),
    ratio: mean(searchRuns) / mean(healthRuns),
    searchP99: Math.max(...searchRuns.map((run) => run.latencyP99)),
    load: loadAverage(),
  };
  out(
    `${what.padEnd(42)} /health ${Math.round(comparison.health).toLocaleString('en-US')} req/s, ` +
      `/search ${Math.round(comparison.search).toLocaleString('en-US')} req/s ` +
      `(p99 ${comparison.searchP99} ms): ${comparison.ratio.toFixed(2)} of bare (load ${comparison.load})`,
  );
  return comparison;
}

async function demoApp(): Promise<App> {
  const database = await openDatabase({ kind: 'pglite' });
  await seedDemoData(database.db);
  const config = loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: '',
    SEARCH_SNAPSHOT_PATH: '',
  });
  const app = await buildApp({ config, database, logger: false });
  app.addHook('onClose', () => database.close());
  return app;
}

interface Scenario {
  name: string;
  /** The query as a browser asks it (compressed answers accepted): the target's. */
  browser: Comparison;
  cached: Comparison;
  shop: Comparison;
  uncached: Comparison;
}

async function measure(app: App, url: string, name: string): Promise<Scenario> {
  const browser = await compare(
    url,
    [searchBody()],
    `${name}, one query, as a browser asks`,
    BROWSER_HEADERS,
  );
  const cached = await compare(url, [searchBody()], `${name}, one query, uncompressed`);
  const shop = await compare(url, [shopBody()], `${name}, the shop's own request`);
  const uncached = await compare(url, distinctBodies(5_000), `${name}, distinct queries`);
  return { name, browser, cached, shop, uncached };
}

out(`search over HTTP: ${connections} connections, ${seconds} s per run (load ${loadAverage()})`);
const app = await demoApp();
const url = await app.listen({ host: '127.0.0.1', port });
const scenarios: Scenario[] = [];
try {
  scenarios.push(await measure(app, url, `demo (${app.productSearch.size} products)`));
  if (size > 0) {
    app.productSearch.load(generateCatalog(size).documents);
    scenarios.push(await measure(app, url, `${size.toLocaleString('en-US')} products`));
  }
} finally {
  await app.close();
}

const resultFile = process.env['BENCH_RESULT_FILE'];
if (resultFile) {
  const figures = scenarios.map(({ name, browser, cached, shop, uncached }) => ({
    item: '1',
    name: `POST /search ÷ GET /health, ${name}, as a browser asks (Accept-Encoding)`,
    value: Number(browser.ratio.toFixed(3)),
    unit: 'ratio',
    target: `>= ${TARGET}`,
    met: browser.ratio >= TARGET,
    detail:
      `'red' all facets 20 hits: ${Math.round(browser.search)} vs ${Math.round(browser.health)} ` +
      `req/s, load ${browser.load}; without Accept-Encoding (the answer uncompressed): ` +
      `${cached.ratio.toFixed(2)} of bare; the shop's own request (its facets, no highlights): ` +
      `${shop.ratio.toFixed(2)} of bare; distinct queries (no cache): ` +
      `${Math.round(uncached.search)} req/s, ${uncached.ratio.toFixed(2)} of bare`,
  }));
  writeFileSync(resultFile, JSON.stringify({ figures }, null, 2));
}
