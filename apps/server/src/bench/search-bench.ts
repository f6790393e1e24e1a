// `npm run bench:search -- --sizes 10000,100000`: our search engine against PostgreSQL and Orama
// on the same generated catalog and the same queries, in one run. Prints a table and writes
// JSON (default /tmp/bench-search.json). Options:
//   --sizes 10000,100000,1000000   catalog sizes, run one after the other (default 10000)
//   --queries 1200 --warmup 100    distinct queries timed, and untimed warm-up queries
//   --engines ours,postgres,orama  which engines (ours is needed for comparisons and HTTP)
//   --http-seconds 10 --connections 10 --no-http   the autocannon part
//   --database-url postgres://...  default BENCH_DATABASE_URL or postgres@127.0.0.1/bevy_bench
//   --full-set-limit 1000          compare whole hit sets of queries with at most this many hits
//   --seed 42 --out /tmp/bench-search.json
// The PostgreSQL database is created if missing; its two tables are made and dropped here.
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import type { ProductDocument } from '../modules/search/index';
import { generateCatalog, producerCountFor } from './catalog';
import { compareWithOurs, type Agreement, type Disagreement, type EngineAnswer } from './compare';
import { ENGINE_NAMES, type BuildReport, type Engine, type EngineName } from './engine';
import { OramaEngine } from './engine-orama';
import { OursEngine } from './engine-ours';
import { PostgresEngine } from './engine-postgres';
import { httpBenchmark, type HttpReport } from './http';
import { table, writeEngineFigures } from './search-bench-output';
import { vocabulary } from './typos';
import {
  CATEGORIES,
  FACET_HEAVY,
  generateQueries,
  type BenchQuery,
  type Category,
} from './queries';

const { values: args } = parseArgs({
  options: {
    sizes: { type: 'string', default: '10000' },
    queries: { type: 'string', default: '1200' },
    warmup: { type: 'string', default: '100' },
    engines: { type: 'string', default: ENGINE_NAMES.join(',') },
    'http-seconds': { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    'no-http': { type: 'boolean', default: false },
    'full-set-limit': { type: 'string', default: '1000' },
    seed: { type: 'string', default: '42' },
    'database-url': {
      type: 'string',
      default: process.env['BENCH_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/bevy_bench',
    },
    out: { type: 'string', default: '/tmp/bench-search.json' },
  },
});

const wholeNumber = (name: string, raw: string, min = 0) => {
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`--${name} must be a whole number`);
  return value;
};
const sizes = args.sizes.split(',').map((raw) => wholeNumber('sizes', raw.trim(), 1));
const queryCount = wholeNumber('queries', args.queries, 1);
const warmupCount = wholeNumber('warmup', args.warmup);
// Our engine serves at most 1,000 hits per page, which bounds the sets that can be compared.
const fullSetLimit = Math.min(1000, wholeNumber('full-set-limit', args['full-set-limit'], 1));
const seed = wholeNumber('seed', args.seed);
// Ours first: the others are compared with its answers as soon as each has run.
const engines = ENGINE_NAMES.filter((name) => args.engines.split(',').includes(name));
for (const name of args.engines.split(',')) {
  if (!ENGINE_NAMES.includes(name as EngineName)) throw new Error(`Unknown engine ${name}`);
}

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('Run with node --expose-gc (npm run bench:search does)');

const out = (line = '') => process.stdout.write(`${line}\n`);
/** A status line that rewrites itself on a terminal; nothing when stderr is a file. */
const progress = (line: string) => {
  if (process.stderr.isTTY) process.stderr.write(`\r${line.padEnd(60)}`);
};

/** JavaScript heap plus memory outside it (typed arrays' buffers), after collecting garbage. */
function heapUsed(): number {
  // Twice: the first pass can leave objects that only a second one frees (weak maps, finalizers).
  gc!();
  gc!();
  const { heapUsed: heap, external } = process.memoryUsage();
  return heap + external;
}

interface Latency {
  n: number;
  p50: number;
  p99: number;
  mean: number;
}

/** Nearest-rank percentile. */
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}

function latency(times: number[]): Latency {
  const sorted = [...times].sort((a, b) => a - b);
  const sum = times.reduce((a, b) => a + b, 0);
  return {
    n: times.length,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    mean: times.length ? sum / times.length : NaN,
  };
}

interface EngineRun {
  build: BuildReport;
  /** Heap growth from building, per product (ours and Orama; PostgreSQL reports disk sizes). */
  bytesPerProduct?: number;
  disk?: Record<string, number>;
  times: number[];
  answers: EngineAnswer[];
  latency: Record<Category | 'overall' | 'facet-heavy', Latency>;
}

interface SizeReport {
  size: number;
  producers: number;
  queries: number;
  distinctQueries: number;
  /** Queries with a word that also matches terms one typo away. */
  queriesWithTypoAlternatives: number;
  categories: Record<string, number>;
  generateMs: number;
  documentBytesPerProduct: number;
  engines: Partial<Record<EngineName, Omit<EngineRun, 'answers' | 'times'>>>;
  ratios: Record<string, number>;
  /** How many hits the queries have (ours' answers), per category. */
  hits: Record<Category | 'overall' | 'facet-heavy', { p50: number; max: number; none: number }>;
  agreements: Agreement[];
  disagreements: Disagreement[];
  http?: HttpReport;
  /** The process's peak resident memory so far (all engines, documents, servers). */
  maxRssMB?: number;
}

function createEngine(name: EngineName): Engine & { connect?: () => Promise<void> } {
  if (name === 'ours') return new OursEngine();
  if (name === 'postgres') return new PostgresEngine(args['database-url']);
  return new OramaEngine();
}

async function timed(engine: Engine, query: BenchQuery) {
  const started = performance.now();
  const pending = engine.run(query);
  const raw = pending instanceof Promise ? await pending : pending;
  return { ms: performance.now() - started, raw };
}

interface Prepared {
  engine: Engine;
  build: BuildReport;
  bytesPerProduct?: number;
  times: number[];
  answers: EngineAnswer[];
}

/** Connects, builds (measuring heap growth) and warms up one engine. */
async function prepare(
  engine: Engine & { connect?: () => Promise<void> },
  documents: ProductDocument[],
  warmups: BenchQuery[],
): Promise<Prepared> {
  if (engine.connect) await engine.connect();
  progress(`${engine.name}: building`);
  const measured = engine.name !== 'postgres';
  const before = measured ? heapUsed() : 0;
  const build = await engine.build(documents);
  const prepared: Prepared = { engine, build, times: [], answers: [] };
  if (measured) prepared.bytesPerProduct = (heapUsed() - before) / documents.length;
  // After the memory figure, so the snapshot's buffers do not count as the index's.
  if (engine.measureRestart) {
    const restart = await engine.measureRestart();
    build.parts = { ...build.parts, ...restart.parts };
    build.snapshotBytes = restart.snapshotBytes;
  }
  for (const [index, query] of warmups.entries()) {
    if (index % 10 === 0) progress(`${engine.name}: warm-up ${index}/${warmups.length}`);
    await timed(engine, query);
  }
  return prepared;
}

/**
 * Runs every query on every engine, query by query, in a rotating order. Interleaving means a
 * burst of load from elsewhere on the (shared) machine lands on all engines alike instead of on
 * whichever was running then, so the ratios between engines hold up.
 */
async function runInterleaved(prepared: Prepared[], queries: BenchQuery[]): Promise<void> {
  for (const [index, query] of queries.entries()) {
    if (index % 10 === 0) progress(`query ${index}/${queries.length}`);
    for (let turn = 0; turn < prepared.length; turn++) {
      const entry = prepared[(index + turn) % prepared.length]!;
      const { ms, raw } = await timed(entry.engine, query);
      entry.times.push(ms);
      entry.answers.push(entry.engine.read(raw));
    }
  }
  // Untimed: the whole set of hits of queries with few, for the agreement check.
  for (const entry of prepared) {
    for (const [index, answer] of entry.answers.entries()) {
      if (answer.nbHits <= fullSetLimit) {
        answer.allIds = await entry.engine.allIds(queries[index]!, fullSetLimit);
      }
    }
  }
  progress('');
}

async function summarize(entry: Prepared, queries: BenchQuery[]): Promise<EngineRun> {
  const { times } = entry;
  const byCategory = (keep: (query: BenchQuery) => boolean) =>
    latency(times.filter((_, index) => keep(queries[index]!)));
  const result: EngineRun = {
    build: entry.build,
    times,
    answers: entry.answers,
    latency: {
      overall: latency(times),
      'facet-heavy': byCategory((query) => FACET_HEAVY.includes(query.category)),
      ...(Object.fromEntries(
        CATEGORIES.map((category) => [category, byCategory((q) => q.category === category)]),
      ) as Record<Category, Latency>),
    },
  };
  if (entry.bytesPerProduct !== undefined) result.bytesPerProduct = entry.bytesPerProduct;
  if (entry.engine instanceof PostgresEngine) result.disk = await entry.engine.sizes();
  return result;
}

async function benchmarkSize(size: number): Promise<SizeReport> {
  out(
    `\n== ${size.toLocaleString('en-US')} products (load average ${os.loadavg()[0]!.toFixed(1)}) ==`,
  );
  const heapBefore = heapUsed();
  const generateStarted = performance.now();
  const { documents, producers } = generateCatalog(size, seed);
  const generateMs = performance.now() - generateStarted;
  const documentBytesPerProduct = (heapUsed() - heapBefore) / size;
  const terms = vocabulary(documents);
  const queries = generateQueries(documents, terms, queryCount, seed);
  const warmups = generateQueries(documents, terms, warmupCount, seed + 1);
  const withTypos = queries.filter((query) => query.alternatives.some((terms) => terms.length > 1));
  const categories: Record<string, number> = {};
  for (const query of queries) categories[query.category] = (categories[query.category] ?? 0) + 1;
  out(
    `${producers.length.toLocaleString('en-US')} producers (${producerCountFor(size)} planned), ` +
      `${queries.length} distinct queries (${Object.entries(categories)
        .map(([category, count]) => `${category} ${count}`)
        .join(', ')}), generated in ${(generateMs / 1000).toFixed(1)} s; ` +
      `${withTypos.length} queries have words that also match terms one typo away ` +
      `(spelled out for PostgreSQL and Orama)`,
  );

  const prepared: Prepared[] = [];
  for (const name of engines) {
    const engine = createEngine(name);
    try {
      prepared.push(await prepare(engine, documents, warmups));
    } catch (error) {
      out(`${name}: ${(error as Error).message}; left out of this run`);
      if (!(engine instanceof OursEngine)) await engine.close().catch(() => undefined);
    }
  }
  await runInterleaved(prepared, queries);

  const runs: Partial<Record<EngineName, EngineRun>> = {};
  const agreements: Agreement[] = [];
  const disagreements: Disagreement[] = [];
  for (const entry of prepared) runs[entry.engine.name] = await summarize(entry, queries);
  const ours = prepared.find((entry) => entry.engine instanceof OursEngine)?.engine as
    OursEngine | undefined;
  let http: HttpReport | undefined;
  for (const { engine } of prepared) {
    // Compared while the engine is open, so disagreements can be explained from its hits.
    if (runs.ours && engine.name !== 'ours') {
      progress(`${engine.name}: comparing with ours`);
      const hint = engine instanceof OramaEngine ? engine.hint.bind(engine) : undefined;
      const compared = await compareWithOurs(
        documents,
        queries,
        runs.ours.answers,
        runs[engine.name]!.answers,
        engine,
        hint,
      );
      agreements.push(compared.agreement);
      disagreements.push(...compared.disagreements);
      progress('');
    }
    if (engine !== ours) await engine.close();
  }
  gc!();
  if (ours && !args['no-http']) {
    progress('HTTP: autocannon');
    http = await httpBenchmark(
      ours.index,
      queries,
      wholeNumber('http-seconds', args['http-seconds'], 1),
      wholeNumber('connections', args.connections, 1),
    );
    progress('');
  }
  await ours?.close();

  const ratios: Record<string, number> = {};
  const oursLatency = runs.ours?.latency;
  for (const other of ['postgres', 'orama'] as const) {
    const theirs = runs[other]?.latency;
    if (!oursLatency || !theirs) continue;
    for (const group of ['facet-heavy', 'overall'] as const) {
      ratios[`${other}/ours ${group} p50`] = theirs[group].p50 / oursLatency[group].p50;
      ratios[`${other}/ours ${group} p99`] = theirs[group].p99 / oursLatency[group].p99;
    }
  }
  const hitCounts = (keep: (query: BenchQuery) => boolean) => {
    const answers = Object.values(runs)[0]?.answers ?? [];
    const counts = queries
      .map((query, index) => (keep(query) ? answers[index]?.nbHits : undefined))
      .filter((count): count is number => count !== undefined)
      .sort((a, b) => a - b);
    return {
      p50: percentile(counts, 0.5),
      max: counts[counts.length - 1] ?? NaN,
      none: counts.filter((count) => count === 0).length,
    };
  };
  const hits = {
    overall: hitCounts(() => true),
    'facet-heavy': hitCounts((query) => FACET_HEAVY.includes(query.category)),
    ...(Object.fromEntries(
      CATEGORIES.map((category) => [category, hitCounts((q) => q.category === category)]),
    ) as Record<Category, { p50: number; max: number; none: number }>),
  };
  const report: SizeReport = {
    size,
    producers: producers.length,
    queries: queries.length,
    distinctQueries: new Set(queries.map((query) => JSON.stringify(query.params))).size,
    queriesWithTypoAlternatives: withTypos.length,
    categories,
    generateMs,
    documentBytesPerProduct,
    engines: Object.fromEntries(
      Object.entries(runs).map(([name, { answers: _a, times: _t, ...rest }]) => [name, rest]),
    ),
    ratios,
    hits,
    agreements,
    disagreements,
  };
  if (http) report.http = http;
  report.maxRssMB = Math.round(process.resourceUsage().maxRSS / 1024);
  printSize(report, queries);
  return report;
}

const ms = (value: number | undefined) =>
  value === undefined || Number.isNaN(value)
    ? '-'
    : value >= 100
      ? value.toFixed(0)
      : value >= 10
        ? value.toFixed(1)
        : value.toFixed(2);

function printSize(report: SizeReport, queries: BenchQuery[]): void {
  const names = Object.keys(report.engines) as EngineName[];
  out('\nBuild');
  for (const name of names) {
    const run = report.engines[name]!;
    const parts = run.build.parts
      ? ` (${Object.entries(run.build.parts)
          .map(([part, value]) => `${part} ${(value / 1000).toFixed(2)} s`)
          .join(', ')})`
      : '';
    const memory =
      run.bytesPerProduct !== undefined
        ? `, memory +${Math.round(run.bytesPerProduct)} B/product`
        : run.disk
          ? `, disk: table ${mb(run.disk['table'])}, indexes ${mb(run.disk['indexes'])}, documents ${mb(run.disk['documents'])}`
          : '';
    const snapshot = run.build.snapshotBytes ? `, snapshot ${mb(run.build.snapshotBytes)}` : '';
    out(`  ${name.padEnd(8)} ${(run.build.ms / 1000).toFixed(2)} s${parts}${memory}${snapshot}`);
  }
  out(`  documents themselves: ${Math.round(report.documentBytesPerProduct)} B/product of heap`);
  out(`  peak resident memory of the benchmark process so far: ${report.maxRssMB} MB`);

  out('\nLatency per query, ms (p50 / p99), each engine timed around its own call');
  const groups = [...CATEGORIES, 'facet-heavy', 'overall'] as const;
  const rows = [
    ['category', 'n', 'hits p50', 'no hits', ...names.map((name) => `${name} p50 / p99`)],
  ];
  for (const group of groups) {
    const first = report.engines[names[0]!]!.latency[group];
    const hits = report.hits[group];
    rows.push([
      group,
      String(first.n),
      String(hits.p50),
      String(hits.none),
      ...names.map((name) => {
        const { p50, p99 } = report.engines[name]!.latency[group];
        return `${ms(p50)} / ${ms(p99)}`;
      }),
    ]);
  }
  out(table(rows));
  if (Object.keys(report.ratios).length > 0) {
    out('\nTheir time / ours (above 1: ours is faster)');
    for (const [key, value] of Object.entries(report.ratios)) out(`  ${key}: ${value.toFixed(1)}x`);
  }

  if (report.agreements.length > 0) {
    out(`\nAgreement with ours (full sets compared when ${fullSetLimit} hits or fewer)`);
    for (const a of report.agreements) {
      out(
        `  ${a.engine.padEnd(8)} all ${a.all}/${a.queries}; nbHits ${a.nbHits}/${a.queries}; ` +
          `full sets ${a.fullSets}/${a.fullSetsCompared}; facets ${a.facets}/${a.queries}`,
      );
    }
    const shown = report.agreements.flatMap(({ engine }) =>
      report.disagreements.filter((d) => d.engine === engine && d.reason !== '').slice(0, 4),
    );
    if (shown.length > 0) out('  Disagreements (first few):');
    for (const d of shown) {
      const query = queries[d.query]!;
      out(
        `  - [${d.engine}] #${d.query} ${d.category} '${d.text}' ${JSON.stringify(query.params.facetFilters ?? [])} ${query.params.filters ?? ''}`,
      );
      out(`      ${d.what}`);
      out(`      ${d.reason}`);
    }
  }

  if (report.http) {
    const { bare, ours, ratio, seconds, connections } = report.http;
    out(`\nHTTP, autocannon ${connections} connections, ${seconds} s each, the query mix in turn`);
    out(
      `  bare Fastify route: ${Math.round(bare.requestsPerSecond)} req/s ` +
        `(p50 ${bare.latencyP50} ms, p99 ${bare.latencyP99} ms)`,
    );
    out(
      `  /search on ours:    ${Math.round(ours.requestsPerSecond)} req/s ` +
        `(p50 ${ours.latencyP50} ms, p99 ${ours.latencyP99} ms, errors ${ours.errors}, non-2xx ${ours.non2xx})`,
    );
    out(`  ratio ours / bare: ${ratio.toFixed(3)}`);
  }
}

const mb = (bytes: number | undefined) =>
  bytes === undefined ? '-' : `${(bytes / 1024 / 1024).toFixed(0)} MB`;

const started = new Date();
out(
  `Search benchmark: ${sizes.join(', ')} products, ${queryCount} queries (+${warmupCount} warm-up), ` +
    `engines ${engines.join(', ')}; Node ${process.version}, ${os.cpus().length} CPUs, ` +
    `${Math.round(os.totalmem() / 2 ** 30)} GiB`,
);
const reports: SizeReport[] = [];
for (const size of sizes) {
  reports.push(await benchmarkSize(size));
  writeFileSync(
    args.out,
    JSON.stringify(
      {
        started: started.toISOString(),
        node: process.version,
        cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model,
        memoryGiB: Math.round(os.totalmem() / 2 ** 30),
        // The machine is shared: load from other work skews timings, so it is recorded.
        loadAverageAtEnd: os.loadavg(),
        options: { sizes, queries: queryCount, warmup: warmupCount, engines, fullSetLimit, seed },
        reports,
      },
      null,
      2,
    ),
  );
}
out(`\nWrote ${args.out}`);
const largest = reports.at(-1);
const ours = largest?.engines.ours;
if (largest && ours) writeEngineFigures(largest.size, largest.queries, ours.latency, out);
