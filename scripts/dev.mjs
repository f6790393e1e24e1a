// `npm run dev`: the API server (restarting on changes) and the Vite dev server in front of it,
// which serves the app with hot reload and hands every other request to the API server
// (apps/web/vite.config.ts). Open WEB_PORT (default 5173); PORT is the API server's (3000).
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const apiPort = process.env.PORT ?? '3000';
const webPort = Number(process.env.WEB_PORT ?? 5173);
const webHost = process.env.WEB_HOST ?? 'localhost';
const tsx = createRequire(path.join(root, 'apps/server/package.json')).resolve('tsx/cli');

const api = spawn(process.execPath, [tsx, 'watch', 'src/main.ts'], {
  cwd: path.join(root, 'apps/server'),
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: apiPort,
    // The API only: pages come from Vite, and the server's 404 tells Vite a path is a page.
    WEB_DIST_DIR: '',
    // Links in emails lead to the app as it is opened here.
    PUBLIC_URL: process.env.PUBLIC_URL ?? `http://${webHost}:${webPort}`,
  },
});

process.env.API_URL = `http://127.0.0.1:${apiPort}`;
const web = await createServer({
  root: path.join(root, 'apps/web'),
  server: { host: webHost, port: webPort, strictPort: true },
});
await web.listen();
web.printUrls();

let stopping = false;
async function stop(exitCode) {
  if (stopping) return;
  stopping = true;
  await web.close();
  if (api.exitCode !== null || api.signalCode !== null) process.exit(exitCode);
  // The server closes its database before it exits; wait for it.
  api.once('exit', () => process.exit(exitCode));
  api.kill('SIGTERM');
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void stop(0));
api.on('exit', (code) => void stop(code ?? 1));
