import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type App } from '../app';
import { loadConfig, type Config } from '../config';
import { openDatabase, type Database } from '../db/client';
import { withDatabase } from './database-url';

export interface TestApp {
  app: App;
  database: Database;
  config: Config;
  /** PostgreSQL only: the database's address, for a second server process to use. */
  databaseUrl?: string;
  close(): Promise<void>;
}

/** A seeded database of its own for one test file, on PGlite or PostgreSQL (TEST_DB_KIND). */
export async function createTestDatabase(): Promise<{
  database: Database;
  drop(): Promise<void>;
  /** PostgreSQL only: another pool on the same database, as a second server process has. */
  openAnother?: () => Promise<Database>;
  /** PostgreSQL only: the database's address. */
  url?: string;
}> {
  if (process.env.TEST_DB_KIND === 'postgres') {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `bevy_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
    const database = await openDatabase({ kind: 'postgres', url: withDatabase(url, name) });
    const others: Database[] = [];
    return {
      database,
      url: withDatabase(url, name),
      openAnother: async () => {
        const other = await openDatabase({ kind: 'postgres', url: withDatabase(url, name) });
        others.push(other);
        return other;
      },
      drop: async () => {
        for (const other of others) await other.close();
        await database.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const dump = await readFile(inject('pgliteDumpFile'));
  const database = await openDatabase({ kind: 'pglite', loadDataDir: new Blob([dump]) });
  return { database, drop: () => database.close() };
}

export interface TestAppOptions {
  /** Where the app's log lines go (pino's JSON, one per line); by default nothing is logged. */
  logStream?: { write(line: string): void };
}

export async function createTestApp(
  env: NodeJS.ProcessEnv = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '',
    // Each test database is new; a snapshot file would only be shared between workers.
    SEARCH_SNAPSHOT_PATH: '',
    ...env,
  });
  const { database, drop, url } = await createTestDatabase();
  const app = await buildApp({
    config,
    database,
    logger: options.logStream ? { level: 'info', stream: options.logStream } : false,
  });
  await app.ready();
  return {
    app,
    database,
    config,
    ...(url ? { databaseUrl: url } : {}),
    close: async () => {
      await app.close();
      await drop();
    },
  };
}
