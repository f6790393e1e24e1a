/**
 * A second server process for tests of what several processes share: the whole app on
 * SERVER_DATABASE_URL (PostgreSQL), listening on a free local port, which it prints as
 * "listening <port>". The test kills it when done.
 *
 *   node --import tsx server-process.ts
 */
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';

const url = process.env.SERVER_DATABASE_URL;
if (!url) throw new Error('SERVER_DATABASE_URL is required');

const database = await openDatabase({ kind: 'postgres', url, maxConnections: 4 });
const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  WEB_DIST_DIR: '',
  SEARCH_SNAPSHOT_PATH: '',
});
const app = await buildApp({ config, database, logger: false });
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
process.stdout.write(`listening ${typeof address === 'object' ? address?.port : address}\n`);
