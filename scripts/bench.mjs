// `npm run bench`: every figure of the speed issue (20) in one run, one table, each beside its
// target. Each part is its own script, run one after the other (never side by side: they would
// measure each other) with BENCH_RESULT_FILE set; this collects what they wrote.
//   BENCH_ONLY=1,2        run only these items (1 search over HTTP, 2 public reads, 3 start,
//                         4 1M products, 5 checkout, 6 browser JavaScript and keystrokes,
//                         7 Core Web Vitals)
//   BENCH_OUT             where to write the whole table as JSON (default /tmp/bench-all.json)
// Every part builds what it needs (the web app, the server bundle, the 100k data dir) when it is
// missing; PostgreSQL at 127.0.0.1:5432 (user postgres) is needed for items 2, 4 and 5.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const node = process.execPath;
const tsx = [node, '--import', 'tsx'];

/** The parts, in the order they run, with the command each is measured by. */
const PARTS = [
  { item: '6', what: '/shop JavaScript', command: [node, 'scripts/bench-shop-js.mjs'] },
  { item: '3', what: 'start to ready', command: [node, 'scripts/bench-start.mjs'] },
  {
    item: '1',
    what: 'search over HTTP',
    command: [...tsx, 'apps/server/src/bench/search-http-bench.ts'],
  },
  {
    item: '2',
    what: 'public reads',
    command: [...tsx, 'apps/server/src/bench/public-reads-bench.ts'],
  },
  {
    item: '5',
    what: 'checkout',
    command: [...tsx, 'apps/server/src/bench/checkout-bench.ts', '--suite'],
  },
  {
    item: '5',
    what: 'checkout against the checkout before issue 20',
    command: [node, 'scripts/bench-checkout-versus.mjs'],
  },
  { item: '6', what: 'keystroke to results', command: [node, 'scripts/bench-keystroke.mjs'] },
  { item: '7', what: 'Core Web Vitals', command: [node, 'scripts/bench-lighthouse.mjs'] },
  {
    item: '4',
    what: '1M products',
    command: [
      node,
      '--expose-gc',
      '--max-old-space-size=16384',
      '--import',
      'tsx',
      'apps/server/src/bench/search-bench.ts',
      '--sizes',
      '1000000',
      '--engines',
      'ours',
      '--no-http',
    ],
  },
];

const only = process.env.BENCH_ONLY?.split(',').map((item) => item.trim());
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const startedAt = new Date();
const loadBefore = loadAverage();
const rows = [];
const failures = [];

for (const part of PARTS) {
  if (only && !only.includes(part.item)) continue;
  const file = path.join(os.tmpdir(), `bevy-bench-${process.pid}-${rows.length}-${part.item}.json`);
  const began = performance.now();
  console.log(`\n=== item ${part.item}: ${part.what} (${part.command.slice(1).join(' ')})`);
  const result = spawnSync(part.command[0], part.command.slice(1), {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, BENCH_RESULT_FILE: file },
  });
  const seconds = (performance.now() - began) / 1000;
  if (result.status !== 0 || !existsSync(file)) {
    failures.push(`item ${part.item} (${part.what}) failed with ${result.status ?? result.signal}`);
    continue;
  }
  const { figures } = JSON.parse(readFileSync(file, 'utf8'));
  rmSync(file, { force: true });
  for (const figure of figures) rows.push({ ...figure, item: String(figure.item ?? part.item) });
  console.log(`(item ${part.item} took ${seconds.toFixed(0)} s)`);
}

const format = (value, unit) => {
  const number =
    Math.abs(value) >= 100
      ? Math.round(value).toLocaleString('en-US')
      : String(Number(value.toPrecision(3)));
  return unit === 'ratio' ? number : `${number} ${unit}`;
};
const table = [
  ['Item', 'Figure', 'Measured', 'Target', 'Met'],
  ...rows
    .sort((a, b) => Number(a.item) - Number(b.item))
    .map((row) => [
      row.item,
      row.detail ? `${row.name} (${row.detail})` : row.name,
      format(row.value, row.unit),
      row.target ?? '',
      row.met === undefined ? '' : row.met ? 'yes' : 'NO',
    ]),
];
const widths = table[0].map((_, column) => Math.max(...table.map((row) => row[column].length)));
const line = (row) => `| ${row.map((cell, column) => cell.padEnd(widths[column])).join(' | ')} |`;
console.log(
  `\nIssue 20 figures, one run: ${startedAt.toISOString()} to ${new Date().toISOString()}; ` +
    `${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ` +
    `Node ${process.versions.node}; load average ${loadBefore} before, ${loadAverage()} after.\n`,
);
console.log(line(table[0]));
console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
for (const row of table.slice(1)) console.log(line(row));
const met = rows.filter((row) => row.met === true).length;
console.log(`\n${met} of ${rows.length} figures meet their target.`);
for (const failure of failures) console.log(`FAILED: ${failure}`);
writeFileSync(
  process.env.BENCH_OUT ?? path.join(os.tmpdir(), 'bench-all.json'),
  JSON.stringify({ startedAt, loadBefore, loadAfter: loadAverage(), rows, failures }, null, 2),
);
if (failures.length > 0) process.exit(1);
