// The server for browser tests: the built app on a fresh embedded database with demo data.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// One data dir per port, so that two runs on one machine do not share a database.
const port = process.env.E2E_PORT ?? '4310';
const dataDir = path.join(root, 'data', `e2e-pglite-${port}`);
rmSync(dataDir, { recursive: true, force: true });
rmSync(`${dataDir}.search-snapshot`, { force: true });

const server = spawn(
  process.execPath,
  ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')],
  {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      DATABASE_URL: '',
      PGLITE_DATA_DIR: dataDir,
      PORT: port,
      LOG_LEVEL: 'warn',
      // Fresh accounts sign up each from an address of its own (e2e/fixtures.ts), which the
      // server takes from X-Forwarded-For only when the request comes from the loopback.
      TRUST_PROXY: '127.0.0.1',
      // Journeys run the clubs' calendar as of a later day, to see a release run.
      E2E_TIME_TRAVEL: '1',
    },
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
