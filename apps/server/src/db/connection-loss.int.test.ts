import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-app';
import { withDatabase } from '../test/database-url';
import type { Database, Db } from './client';
import { retryWhileConnectionLost } from './connection-retry';
import { isConnectionLoss } from './errors';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

// What a failover, an idle-in-transaction timeout or an administrator does to our connections.
describe.skipIf(process.env.TEST_DB_KIND !== 'postgres')('a lost database connection', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let admin: pg.Client;
  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase());
    admin = new pg.Client({
      connectionString: withDatabase(process.env.TEST_DATABASE_URL!, 'postgres'),
    });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await drop?.();
  });

  const backendOf = async (db: Db) =>
    rowsOf<{ pid: number }>(await db.execute(sql`select pg_backend_pid() as pid`))[0]!.pid;
  const terminate = (pid: number) => admin.query('select pg_terminate_backend($1)', [pid]);

  it('inside a transaction between two statements fails that transaction, not the process', async () => {
    const outcome = await database.db
      .transaction(async (tx) => {
        await terminate(await backendOf(tx as unknown as Db));
        // No query runs now: before, the connection's 'error' event had no listener and the
        // process exited ("Unhandled 'error' event ... 57P01").
        await sleep(200);
        await tx.execute(sql`select 1`);
      })
      .then(
        () => 'committed',
        (error: unknown) => error,
      );
    expect(isConnectionLoss(outcome), String(outcome)).toBe(true);
    // The pool dropped the dead connection: the next statement gets a new one.
    expect(rowsOf<{ n: number }>(await database.db.execute(sql`select 1 as n`))).toEqual([
      { n: 1 },
    ]);
  });

  it('during a statement is reported as a connection loss, and a retry gets through', async () => {
    let attempts = 0;
    const answer = await retryWhileConnectionLost(async () => {
      attempts++;
      return database.db.transaction(async (tx) => {
        const pid = await backendOf(tx as unknown as Db);
        if (attempts === 1) {
          const running = tx.execute(sql`select pg_sleep(5)`);
          await sleep(100);
          await terminate(pid);
          await running;
        }
        return 'done';
      });
    }, 5_000);
    expect(answer).toBe('done');
    expect(attempts).toBe(2);
  });

  it('is told apart from errors that are the statement’s own', async () => {
    const error = await database.db.execute(sql`select 1/0`).catch((caught: unknown) => caught);
    expect(isConnectionLoss(error)).toBe(false);
    await expect(
      retryWhileConnectionLost(() => database.db.execute(sql`select 1/0`), 5_000),
    ).rejects.toThrow();
  });
});
