import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/client';
import type { ProductSearch } from './product-search';

/** The PostgreSQL channel on which processes announce catalogue changes. */
export const SEARCH_CHANNEL = 'bevy_search_changes';

const changeSchema = z.object({ origin: z.string(), businessId: z.number().int().positive() });

/**
 * Keeps this process's index in step with the others (ARCHITECTURE "Search"): a write here is
 * announced with NOTIFY after the local refresh; a change announced by another process makes this
 * one re-read that business. After a lost connection, announcements may have been missed, so the
 * whole index is rebuilt. On PGlite there is one process and nothing to do.
 */
export async function startSearchSync(
  database: Database,
  search: ProductSearch,
  log: FastifyBaseLogger,
): Promise<() => Promise<void>> {
  if (database.kind !== 'postgres' || !database.listen) return async () => undefined;
  const origin = randomUUID();
  const { db } = database;

  search.announceChange = async (businessId) => {
    const payload = JSON.stringify({ origin, businessId });
    await db.execute(sql`select pg_notify(${SEARCH_CHANNEL}, ${payload})`);
  };

  // One refresh at a time, in the order announced, so an older read never lands after a newer one.
  let queue = Promise.resolve();
  const enqueue = (work: () => Promise<void>, what: string) => {
    queue = queue.then(work).catch((error: unknown) => log.error({ err: error }, what));
  };

  const stop = await database.listen(
    SEARCH_CHANNEL,
    (payload) => {
      let change: z.infer<typeof changeSchema>;
      try {
        change = changeSchema.parse(JSON.parse(payload));
      } catch {
        log.warn({ payload }, 'ignored a malformed search change announcement');
        return;
      }
      if (change.origin === origin) return;
      enqueue(
        () => search.refreshBusiness(db, change.businessId, { announce: false }),
        'could not apply a search change from another process',
      );
    },
    {
      onReconnect: () => enqueue(() => search.rebuild(db), 'could not rebuild the search index'),
      onError: (error) => log.warn({ err: error }, 'search change listener lost its connection'),
    },
  );
  return async () => {
    search.announceChange = undefined;
    await stop();
  };
}
