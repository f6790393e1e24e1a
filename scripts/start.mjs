// `npm start`: builds the web app and the server when their builds are missing or stale, then
// runs the built server (embedded PGlite with demo data unless DATABASE_URL is set) in this
// process: plain JavaScript, no TypeScript compiled at start.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webIndex = path.join(root, 'apps/web/dist/index.html');
const webSources = ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'packages/core/src'];
const serverBundle = path.join(root, 'apps/server/dist/main.js');
// Kept in step with scripts/build-server.mjs, which this script loads only to build.
const serverSources = [
  'apps/server/src',
  'packages/core/src',
  'packages/search/src',
  'scripts/build-server.mjs',
  'tsconfig.base.json',
  // Packages bundled into the server (date-fns, libphonenumber-js) change with the lock file.
  'package-lock.json',
];

function newestChange(entry) {
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(entry).reduce(
    (newest, name) => Math.max(newest, newestChange(path.join(entry, name))),
    stats.mtimeMs,
  );
}

/** Whether `built` is missing or older than any of `sources` (a folder counts all it holds). */
function isStale(built, sources) {
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
  return sources.some((source) => newestChange(path.join(root, source)) > builtAt);
}

if (isStale(webIndex, webSources)) {
  process.stdout.write('Building the web app...\n');
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
if (isStale(serverBundle, serverSources)) {
  process.stdout.write('Building the server...\n');
  const { buildServer } = await import('./build-server.mjs');
  await buildServer();
}
await import(pathToFileURL(serverBundle).href);
