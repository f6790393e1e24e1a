// `npm run bench`: prints the figures recorded in docs/benchmarks.md.
//   1. gzipped JavaScript the browser loads for /shop (from Vite's build manifest)
//   2. time from starting the server to ready, on an existing embedded data dir
// WEB_DIST_DIR measures (and if need be builds) another web build than apps/web/dist;
// BENCH_PORT moves the server off port 4390, so that two runs on one machine do not collide.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import os from 'node:os';
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

function startServer(dataDir, port) {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: '',
      PGLITE_DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      if (String(chunk).includes('is ready at')) {
        resolve({
          ms: performance.now() - started,
          stop: () =>
            new Promise((done) => {
              child.on('exit', done);
              child.kill('SIGTERM');
            }),
        });
      }
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

if (!existsSync(path.join(dist, '.vite/manifest.json'))) build();
const js = shopJavaScript();
console.log(
  `/shop JavaScript: ${js.files} files, ${(js.raw / 1024).toFixed(1)} KiB raw, ` +
    `${(js.gzipped / 1024).toFixed(1)} KiB gzipped (budget 170 KB, the search issue), ` +
    `${(js.brotli / 1024).toFixed(1)} KiB as sent (brotli)`,
);

const dataDir = path.join(os.tmpdir(), `bevy-bench-${process.pid}`);
try {
  const first = await startServer(dataDir, port);
  await first.stop();
  console.log(`start to ready, new data dir (create, migrate, seed): ${Math.round(first.ms)} ms`);
  const runs = [];
  for (let i = 0; i < 3; i++) {
    const again = await startServer(dataDir, port);
    runs.push(again.ms);
    await again.stop();
  }
  runs.sort((a, b) => a - b);
  console.log(
    `start to ready, existing data dir: median ${Math.round(runs[1])} ms (runs: ${runs.map(Math.round).join(', ')} ms)`,
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
