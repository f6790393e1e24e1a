// What the browser benchmarks (bench-keystroke.mjs, bench-lighthouse.mjs) share: the web build
// they measure, and the server that serves it on a port and data dir of their own.
//   WEB_DIST_DIR     the web build to serve (default apps/web/dist; built if it has no manifest)
//   PGLITE_DATA_DIR  an existing data dir to use (default: a fresh one with the demo data)
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const webDist = process.env.WEB_DIST_DIR
  ? path.resolve(process.env.WEB_DIST_DIR)
  : path.join(root, 'apps/web/dist');
const SERVER_START_TIMEOUT_MS = 10 * 60_000;

function run(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

export function buildWebIfMissing() {
  if (existsSync(path.join(webDist, '.vite/manifest.json'))) return;
  console.log(`No web build in ${webDist}; building it.`);
  run('npx', ['vite', 'build', '--outDir', webDist, '--emptyOutDir'], path.join(root, 'apps/web'));
  run(process.execPath, ['scripts/precompress.mjs', webDist], root);
}

/** The environment a benchmark's server runs in: the embedded database at `dataDir`, quiet. */
export function serverEnv(dataDir, port) {
  return {
    ...process.env,
    DATABASE_URL: '',
    PGLITE_DATA_DIR: dataDir,
    WEB_DIST_DIR: webDist,
    PORT: String(port),
    LOG_LEVEL: 'warn',
  };
}

/**
 * Starts the server on `port` and resolves once it answers /health, with a function that stops
 * it (and removes the data dir if it made one).
 */
export async function startWebServer(port, { name }) {
  const ownDataDir = !process.env.PGLITE_DATA_DIR;
  const dataDir =
    process.env.PGLITE_DATA_DIR ?? path.join(os.tmpdir(), `bevy-${name}-${process.pid}`);
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: serverEnv(dataDir, port),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const removeDataDir = () => {
    if (!ownDataDir) return;
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(`${dataDir}.search-snapshot`, { force: true });
  };
  const exited = new Promise((_, reject) =>
    child.on('exit', (code) => {
      removeDataDir();
      reject(new Error(`the server exited with ${code}`));
    }),
  );
  const ready = (async () => {
    const deadline = Date.now() + SERVER_START_TIMEOUT_MS;
    while (Date.now() < deadline) {
      const healthy = await fetch(`${baseUrl}/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (healthy) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error('the server did not become ready in time');
  })();
  await Promise.race([ready, exited]);
  const stop = () =>
    new Promise((resolve) => {
      child.removeAllListeners('exit');
      child.on('exit', () => {
        removeDataDir();
        resolve();
      });
      child.kill('SIGTERM');
    });
  return { baseUrl, stop };
}

/** Writes the figures for `npm run bench` to BENCH_RESULT_FILE, when it is set. */
export function writeBenchResult(figures) {
  const file = process.env.BENCH_RESULT_FILE;
  if (!file) return;
  writeFileSync(file, `${JSON.stringify({ figures }, null, 2)}\n`);
}
