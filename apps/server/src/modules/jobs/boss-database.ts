import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type PgBoss from 'pg-boss';
import type { Database } from '../../db/client';

/** pg-boss's tables live in this schema of the app's database, apart from drizzle's. */
export const JOBS_SCHEMA = 'pgboss';

type Rows = { rows: unknown[] };

/** A multi-statement answer (pg gives an array, PGlite's exec always does): its last statement's. */
function lastResult(result: Rows | Rows[] | undefined): Rows {
  const last = Array.isArray(result) ? result.at(-1) : result;
  return { rows: last?.rows ?? [] };
}

/**
 * pg-boss's `db` adapter over the app's own connection: the pool on PostgreSQL, the single
 * embedded connection on PGlite. pg-boss sends its maintenance as one string of statements
 * between BEGIN and COMMIT, without parameters; if one of them fails the connection would be
 * left inside an aborted transaction (and it is shared), so it is rolled back before anyone else
 * uses it.
 */
export function bossDatabaseOf(database: Database): PgBoss.Db {
  if (database.kind === 'postgres') {
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    return {
      async executeSql(text, values) {
        if (values?.length) return pool.query(text, values);
        const client = await pool.connect();
        try {
          return lastResult(await client.query(text));
        } catch (error) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw error;
        } finally {
          client.release();
        }
      },
    };
  }
  const pglite = (database.db as unknown as { $client: PGlite }).$client;
  return {
    async executeSql(text, values) {
      // PGlite's query takes one statement; exec takes several but no parameters. Inside
      // PGlite's transaction nothing else runs between a failure and its rollback.
      if (values?.length) return pglite.query(text, values);
      return pglite.transaction(async (tx) => lastResult(await tx.exec(text)));
    },
  };
}

/** Advisory locks of the job runner take this first key ("JOBS"); rate limits use their own. */
const JOBS_LOCK_SPACE = 0x4a_4f_42_53;
const SETUP_LOCK = 1;

/**
 * Runs `setup` while no other process sets up its runner. pg-boss creates a queue as a partition
 * of its job table, and two processes creating the same queues at once deadlock (seen with two
 * processes starting together). On PGlite there is only this process.
 */
export async function whileSettingUpAlone<T>(
  database: Database,
  setup: () => Promise<T>,
): Promise<T> {
  if (database.kind !== 'postgres') return setup();
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1::int, $2::int)', [JOBS_LOCK_SPACE, SETUP_LOCK]);
    try {
      return await setup();
    } finally {
      await client.query('select pg_advisory_unlock($1::int, $2::int)', [
        JOBS_LOCK_SPACE,
        SETUP_LOCK,
      ]);
    }
  } finally {
    client.release();
  }
}
