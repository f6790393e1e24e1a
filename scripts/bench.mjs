// `npm run bench`: prints the figures recorded in docs/benchmarks.md.
//   1. gzipped JavaScript the browser loads for /shop (from Vite's build manifest)
//   2. time from starting the built server to ready, on an existing embedded data dir, and to
//      the first search answered with 100,000 products (scripts/bench-start.mjs)
// WEB_DIST_DIR measures (and if need be builds) another web build than apps/web/dist;
// BENCH_PORT moves the server off port 4390, so that two runs on one machine do not collide.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { shopJavaScript } from './bench-shop-js.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = process.env.WEB_DIST_DIR
  ? path.resolve(process.env.WEB_DIST_DIR)
  : path.join(root, 'apps/web/dist');
const port = Number(process.env.BENCH_PORT ?? 4390);

function run(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, stdio: 'ignore' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

function build() {
  if (!process.env.WEB_DIST_DIR) return run('npm', ['run', 'build', '--silent'], root);
  run('npx', ['vite', 'build', '--outDir', dist, '--emptyOutDir'], path.join(root, 'apps/web'));
  run(process.execPath, ['scripts/precompress.mjs', dist], root);
}

if (!existsSync(path.join(dist, '.vite/manifest.json'))) build();
const js = shopJavaScript();
console.log(
  `/shop JavaScript: ${js.files} files, ${(js.raw / 1024).toFixed(1)} KiB raw, ` +
    `${(js.gzipped / 1024).toFixed(1)} KiB gzipped (budget 170 KB, the search issue), ` +
    `${(js.brotli / 1024).toFixed(1)} KiB as sent (brotli)`,
);

// Item 3: start to ready and the 100k restart, timing the built server (its own script, which
// writes its figures to BENCH_RESULT_FILE when that is set).
const started = spawnSync(process.execPath, [path.join(root, 'scripts/bench-start.mjs')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, BENCH_PORT: String(port) },
});
if (started.status !== 0) process.exit(started.status ?? 1);
