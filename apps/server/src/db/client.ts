import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import * as schema from './tables';

export type Schema = typeof schema;
/** The database handle every service receives: the same API on PGlite and on PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * LISTENs on `channels` and hands each payload to `onMessage`. On PostgreSQL a dedicated
   * connection, which reconnects by itself and calls `onReconnect` once it listens again (messages
   * sent meanwhile are lost, so the caller catches up); on PGlite the one in-process connection.
   * The channels share the connection. Resolves to a function that stops it.
   */
  listen?(
    channels: readonly string[],
    onMessage: (payload: string, channel: string) => void,
    hooks?: ListenHooks,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface ListenHooks {
  onReconnect?: () => void;
  onError?: (error: Error) => void;
  /**
   * Runs on the listening connection each time it starts listening, before `onReconnect` (to
   * take a session lock that says this connection listens, say). A failure counts as a lost
   * connection. PGlite, one process, never calls it.
   */
  onListening?: (query: (text: string) => Promise<unknown>) => Promise<void>;
}

const LISTEN_RETRY_MS = 1000;

/**
 * The embedded database's buffer cache. PostgreSQL's default, 128 MB, is zeroed in WebAssembly at
 * every open (a third of a second here); the files it caches stay in the OS's page cache anyway.
 */
const PGLITE_SHARED_BUFFERS = '16MB';

/** node-postgres, loaded only for PostgreSQL: the embedded database's starts skip it. */
type PgModule = typeof pg;

/** A LISTEN connection of its own (pooled ones are shared), kept open across failures. */
function listenerFor(pg: PgModule, url: string): NonNullable<Database['listen']> {
  return async (channels, onMessage, hooks = {}) => {
    let client: pg.Client | undefined;
    let stopped = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const connect = async (isReconnect: boolean): Promise<void> => {
      // Idle by nature: keep-alive is how it learns that its peer is gone.
      const next = new pg.Client({
        connectionString: url,
        keepAlive: true,
        keepAliveInitialDelayMillis: 10_000,
      });
      next.on('notification', (message) => {
        if (channels.includes(message.channel) && message.payload !== undefined)
          onMessage(message.payload, message.channel);
      });
      next.on('error', (error) => {
        hooks.onError?.(error);
        void next.end().catch(() => undefined);
        if (!stopped && client === next) {
          client = undefined;
          retry = setTimeout(() => void connect(true).catch(scheduleRetry), LISTEN_RETRY_MS);
        }
      });
      try {
        await next.connect();
        // Channel names are ours, fixed identifiers; LISTEN takes no parameters.
        for (const channel of channels) await next.query(`LISTEN ${channel}`);
        await hooks.onListening?.((text) => next.query(text));
      } catch (error) {
        await next.end().catch(() => undefined);
        throw error;
      }
      client = next;
      if (isReconnect) hooks.onReconnect?.();
    };
    const scheduleRetry = (error: Error) => {
      hooks.onError?.(error);
      if (!stopped) {
        retry = setTimeout(() => void connect(true).catch(scheduleRetry), LISTEN_RETRY_MS);
      }
    };
    await connect(false);
    return async () => {
      stopped = true;
      clearTimeout(retry);
      await client?.end().catch(() => undefined);
    };
  };
}

const migrationsFolder = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../drizzle',
);

/** When the newest committed migration was generated: drizzle-kit's journal lists them all. */
function newestMigrationMillis(): number {
  const journal = JSON.parse(
    readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'),
  ) as { entries: { when: number }[] };
  return Math.max(...journal.entries.map((entry) => entry.when));
}

/**
 * Whether the database has every committed migration, by drizzle's own rule (it applies those
 * generated after the last one it recorded), in one statement: a start with nothing to apply
 * skips reading and hashing every migration and the migrator's own statements.
 */
async function migrationsApplied(db: Pick<Db, 'execute'>): Promise<boolean> {
  try {
    const result = await db.execute(
      sql`select max(created_at) as last from drizzle.__drizzle_migrations`,
    );
    const last = rowsOf<{ last: string | number | null }>(result)[0]?.last;
    return last !== null && last !== undefined && Number(last) >= newestMigrationMillis();
  } catch {
    // A new database has no migrations table: the migrator creates it.
    return false;
  }
}

export type DatabaseOptions =
  | {
      kind: 'postgres';
      url: string;
      maxConnections?: number;
      /** Called when a pooled connection fails (the server restarted, a backend was ended). */
      onConnectionError?: (error: Error) => void;
    }
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

/** The pool's release made safe to call twice (ours for a dead connection, then its holder's). */
function makeReleaseIdempotent(client: pg.PoolClient): void {
  const release = client.release.bind(client);
  let done = false;
  client.release = (error?: Error | boolean) => {
    if (done) return;
    done = true;
    release(error);
  };
}

function releaseOnce(client: pg.PoolClient, error: Error): void {
  try {
    client.release?.(error);
  } catch {
    // Already back in the pool, which has dropped it: nothing to give back.
  }
}

/** Closing twice is harmless: the second call waits for the first. */
function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= close());
}

/** Opens the database and applies committed migrations (drizzle's migrator, from code). */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.maxConnections ?? 10,
      // A database that cannot be reached fails the request within 10 s, as a lost connection,
      // rather than leaving it waiting for a connection for ever; TCP keep-alive lets the system
      // notice a connection whose peer vanished without a word (a failover, a NAT timeout).
      connectionTimeoutMillis: 10_000,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    // A connection's 'error' event without a listener would crash the process. The pool listens
    // only while a connection is idle, so one that dies while checked out (inside a transaction
    // between two statements, say) needs a listener of its own: its pending and later queries
    // fail, and the pool discards it when it is released.
    pool.on('connect', (client) => {
      client.on('error', (error) => {
        options.onConnectionError?.(error);
        // drizzle 0.45 never releases a connection whose BEGIN fails (its release sits in a
        // finally after the BEGIN): a dead connection still checked out a second later is given
        // back here, or each lost BEGIN would take a pool slot for good. Release is idempotent.
        setTimeout(() => releaseOnce(client, error), 1000).unref();
      });
    });
    pool.on('acquire', (client) => {
      // Assigned by the pool right after this event: wrapped on the next tick, before any use.
      queueMicrotask(() => makeReleaseIdempotent(client));
    });
    // The idle connection's own listener above has reported it already; the pool replaces it.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema });
    try {
      if (!(await migrationsApplied(db))) await migratePg(db, { migrationsFolder });
    } catch (error) {
      await pool.end();
      throw error;
    }
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      listen: listenerFor(pg, options.url),
      close: once(() => pool.end()),
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = new PGlite({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
  const db = drizzlePglite(client, { schema });
  if (!(await migrationsApplied(db))) {
    const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
    await migratePglite(db, { migrationsFolder });
  }
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    // One connection in this process: NOTIFY reaches it on commit, and it never reconnects.
    listen: async (channels, onMessage) => {
      const unlisten = await Promise.all(
        channels.map((channel) => client.listen(channel, (payload) => onMessage(payload, channel))),
      );
      return () =>
        Promise.all(unlisten.map((stop) => stop().catch(() => undefined))).then(() => undefined);
    },
    close: once(() => client.close()),
  };
}

/** Serializes an embedded database, so tests can copy a migrated and seeded one cheaply. */
export async function dumpPglite(database: Database): Promise<Blob> {
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  return dump;
}

/** The database the configuration names: PostgreSQL with DATABASE_URL, else embedded PGlite. */
export function openConfiguredDatabase(config: {
  DATABASE_URL?: string | undefined;
  PGLITE_DATA_DIR: string;
}): Promise<Database> {
  return openDatabase(
    config.DATABASE_URL
      ? {
          kind: 'postgres',
          url: config.DATABASE_URL,
          onConnectionError: (error) =>
            process.stderr.write(`PostgreSQL connection error: ${error.message}\n`),
        }
      : { kind: 'pglite', dataDir: config.PGLITE_DATA_DIR },
  );
}

/** The rows of a raw `db.execute`: node-postgres answers a result, PGlite its rows' holder. */
export function rowsOf<Row>(result: unknown): Row[] {
  return ((result as { rows?: Row[] }).rows ?? (result as Row[])) as Row[];
}
