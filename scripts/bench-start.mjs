// `node scripts/bench-start.mjs`: how fast the built server starts (issue 20, item 3).
//   1. start to ready on an existing embedded data dir with the demo data (median of 3)
//   2. a restart with 100,000 more products: start to the first search answered (median of 3)
// The server is built first (scripts/build-server.mjs) and run as `npm start` runs it, without
// npm and start.mjs around it. "Ready" is the line the server prints once it listens.
//   BENCH_PORT            the port (default 4392)
//   BENCH_LARGE_DATA_DIR  the data dir with 100k products (default data/bench-100k/pglite; made
//                         with `npm run seed:large -- --products 100000` when missing, minutes)
//   BENCH_SKIP_LARGE=1    only the demo data
//   BENCH_RESULT_FILE     where to write the figures as JSON for `npm run bench`
//   BEVY_START_TIMING=1   the servers also write when they reach each step of the start (stderr)
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildWebIfMissing, root, serverEnv, writeBenchResult } from './bench-web-server.mjs';
import { buildServer } from './build-server.mjs';

const READY_TARGET_MS = 1500;
const SEARCHABLE_TARGET_MS = 2000;
const LARGE_PRODUCTS = 100_000;
const port = Number(process.env.BENCH_PORT ?? 4392);
const serverBundle = path.join(root, 'apps/server/dist/main.js');
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ')[0];

/** The shop's first request: every product, every facet, the first page. */
const FIRST_SEARCH = JSON.stringify({
  requests: [
    {
      indexName: 'products',
      params: { query: '', hitsPerPage: 20, facets: ['*'], maxValuesPerFacet: 20 },
    },
  ],
});

/** Starts the built server; resolves when it prints that it is ready, with the time it took. */
function startServer(dataDir) {
  const started = performance.now();
  const child = spawn(process.execPath, [serverBundle], {
    cwd: root,
    env: serverEnv(dataDir, port),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (!output.includes('is ready at')) return;
      child.stdout.removeAllListeners('data').resume();
      resolve({
        started,
        readyMs: performance.now() - started,
        stop: () => {
          child.kill('SIGTERM');
          return exited;
        },
      });
    });
    exited.then((code) => reject(new Error(`the server exited with ${code}`)));
  });
}

async function firstSearchMs(server) {
  const response = await fetch(`http://127.0.0.1:${port}/search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: FIRST_SEARCH,
  });
  const body = await response.json();
  if (!response.ok || !body.results?.[0]) throw new Error(`search failed: ${JSON.stringify(body)}`);
  return { ms: performance.now() - server.started, hits: body.results[0].nbHits };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const rounded = (values) => values.map((value) => Math.round(value)).join(', ');

async function demoFigure() {
  const dataDir = path.join(os.tmpdir(), `bevy-bench-start-${process.pid}`);
  try {
    const first = await startServer(dataDir);
    await first.stop();
    const runs = [];
    for (let i = 0; i < 3; i++) {
      const server = await startServer(dataDir);
      runs.push(server.readyMs);
      await server.stop();
    }
    const value = Math.round(median(runs));
    const detail =
      `runs ${rounded(runs)} ms; new data dir (create, migrate, seed) ` +
      `${Math.round(first.readyMs)} ms; load ${loadAverage()}`;
    console.log(`start to ready, existing data dir: median ${value} ms (${detail})`);
    return {
      item: '3',
      name: 'start to ready, existing data dir (median of 3)',
      value,
      unit: 'ms',
      target: `<= ${READY_TARGET_MS} ms`,
      met: value <= READY_TARGET_MS,
      detail,
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(`${dataDir}.search-snapshot`, { force: true });
  }
}

function makeLargeDataDir(dataDir) {
  console.log(`Seeding ${LARGE_PRODUCTS} products into ${dataDir} (minutes, once)...`);
  const seeded = spawnSync(
    'npm',
    ['run', 'seed:large', '--silent', '--', '--products', String(LARGE_PRODUCTS)],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, DATABASE_URL: '', PGLITE_DATA_DIR: dataDir },
    },
  );
  if (seeded.status !== 0) throw new Error('seed:large failed');
}

async function largeFigure() {
  const dataDir = path.resolve(
    process.env.BENCH_LARGE_DATA_DIR ?? path.join(root, 'data/bench-100k/pglite'),
  );
  if (!existsSync(dataDir)) makeLargeDataDir(dataDir);
  // Writes the search snapshot as this build writes it, if it has none or an older one.
  const warmUp = await startServer(dataDir);
  await warmUp.stop();
  const runs = [];
  for (let i = 0; i < 3; i++) {
    const server = await startServer(dataDir);
    const search = await firstSearchMs(server);
    runs.push({ ready: server.readyMs, searched: search.ms, hits: search.hits });
    await server.stop();
  }
  const value = Math.round(median(runs.map((run) => run.searched)));
  const detail =
    `${runs[0].hits} products; first search at ${rounded(runs.map((run) => run.searched))} ms, ` +
    `ready at ${rounded(runs.map((run) => run.ready))} ms; load ${loadAverage()}`;
  console.log(`100k restart, start to first search answered: median ${value} ms (${detail})`);
  return {
    item: '3',
    name: '100k restart: start to first search answered',
    value,
    unit: 'ms',
    target: `<= ${SEARCHABLE_TARGET_MS} ms`,
    met: value <= SEARCHABLE_TARGET_MS,
    detail,
  };
}

buildWebIfMissing();
await buildServer();
const figures = [await demoFigure()];
if (process.env.BENCH_SKIP_LARGE !== '1') figures.push(await largeFigure());
writeBenchResult(figures);
