// `node scripts/bench-checkout-versus.mjs`: issue 20, item 5's "twice today's closed-loop
// throughput for 20 buyers", measured as a ratio on this machine, now. "Today's" was 79.8
// checkouts/s on 2026-11-22, but this VM's speed changes several-fold from one day to the next
// (GET /health has measured 7,000 and 37,000 req/s), so 159.6/s is a figure of that day's machine.
// Here the checkout as it was before the issue (BEFORE, checked out in a git worktree with its own
// workspace packages) and the checkout of this working tree run the same closed loop of 20 buyers
// (`checkout-bench.ts`, on PostgreSQL), alternating: before, now, before, now. The figure is the
// ratio of their throughputs. Needs the repository's history (not a shallow clone).
//   VERSUS_ROUNDS   pairs of runs (default 2)
//   VERSUS_ORDERS   measured orders per run (default 600, after 100 untimed)
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeBenchResult } from './bench-web-server.mjs';

/** The last commit before issue 20 changed the checkout (e047013 was the first that did). */
const BEFORE = '555808dc68543d5ef7dcfae52e7c26ac8f724edd';
const TARGET_RATIO = 2;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const rounds = Number(process.env.VERSUS_ROUNDS ?? 2);
const orders = Number(process.env.VERSUS_ORDERS ?? 600);
const WORKSPACES = ['packages/core', 'packages/search', 'apps/server', 'apps/web'];

/**
 * The old checkout in a worktree, sharing this tree's installed packages except our own
 * workspace packages, which must be the old ones (node_modules/@bevy links into the worktree).
 */
function beforeTree() {
  const dir = path.join(os.tmpdir(), `bevy-checkout-before-${BEFORE.slice(0, 7)}`);
  if (!existsSync(path.join(dir, 'package.json'))) {
    rmSync(dir, { recursive: true, force: true });
    execFileSync('git', ['-C', root, 'worktree', 'prune']);
    execFileSync('git', ['-C', root, 'worktree', 'add', '--detach', dir, BEFORE], {
      stdio: 'inherit',
    });
  }
  const modules = path.join(dir, 'node_modules');
  if (!existsSync(modules)) {
    mkdirSync(path.join(modules, '@bevy'), { recursive: true });
    for (const entry of readdirSync(path.join(root, 'node_modules'))) {
      if (entry === '@bevy') continue;
      symlinkSync(path.join(root, 'node_modules', entry), path.join(modules, entry));
    }
    for (const workspace of WORKSPACES) {
      const name = JSON.parse(readFileSync(path.join(dir, workspace, 'package.json'), 'utf8')).name;
      symlinkSync(path.join(dir, workspace), path.join(modules, name));
      const own = path.join(root, workspace, 'node_modules');
      if (existsSync(own)) symlinkSync(own, path.join(dir, workspace, 'node_modules'));
    }
  }
  return dir;
}

/** One closed loop of 20 buyers in `cwd`'s checkout: its throughput, in checkouts a second. */
function closedLoop(cwd) {
  const out = path.join(os.tmpdir(), `bevy-checkout-versus-${process.pid}.json`);
  execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/server/src/bench/checkout-bench.ts',
      '--orders',
      String(orders),
      '--warmup',
      '100',
      '--baseline',
      '0',
      '--out',
      out,
    ],
    { cwd, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, BENCH_RESULT_FILE: '' } },
  );
  const { concurrent } = JSON.parse(readFileSync(out, 'utf8'));
  rmSync(out, { force: true });
  if (concurrent.errors > 0) throw new Error(`${concurrent.errors} checkouts failed in ${cwd}`);
  return concurrent.ordersPerSecond;
}

const before = beforeTree();
const runs = { before: [], now: [] };
for (let round = 1; round <= rounds; round++) {
  runs.before.push(closedLoop(before));
  runs.now.push(closedLoop(root));
  console.log(
    `round ${round}: before ${runs.before.at(-1).toFixed(1)}/s, now ${runs.now.at(-1).toFixed(1)}/s`,
  );
}
const sum = (values) => values.reduce((total, value) => total + value, 0);
const ratio = sum(runs.now) / sum(runs.before);
const list = (values) => values.map((value) => value.toFixed(1)).join(', ');
console.log(
  `closed loop of 20 buyers, now ÷ before issue 20 (${BEFORE.slice(0, 7)}): ${ratio.toFixed(2)} ` +
    `(target >= ${TARGET_RATIO}: ${ratio >= TARGET_RATIO ? 'met' : 'MISSED'})`,
);
writeBenchResult([
  {
    item: '5',
    name: `checkout throughput, closed loop of 20 buyers, ÷ the checkout before issue 20`,
    value: Number(ratio.toFixed(2)),
    unit: 'ratio',
    target: `>= ${TARGET_RATIO}`,
    met: ratio >= TARGET_RATIO,
    detail:
      `alternating on this machine: now ${list(runs.now)}/s, before (${BEFORE.slice(0, 7)}) ` +
      `${list(runs.before)}/s, ${orders} orders each`,
  },
]);
