import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/client';
import type { Change, ChangeFeed } from '../../platform/changes';
import type { ProductSearch } from './product-search';

/** The PostgreSQL channel on which processes announce catalog changes. */
export const SEARCH_CHANNEL = 'bevy_search_changes';

const announcementSchema = z.object({
  origin: z.string(),
  changes: z
    .array(z.object({ kind: z.literal('business'), businessId: z.number().int().positive() }))
    .max(500),
});

/** Changes per announcement: a NOTIFY payload must stay under 8000 bytes. */
const CHANGES_PER_ANNOUNCEMENT = 100;

/**
 * Keeps search in step with committed writes (ARCHITECTURE "Search"): this process's index
 * follows every change the feed publishes; on PostgreSQL the change is announced with NOTIFY and
 * a change another process announced makes this one re-read that business. After a lost
 * connection, announcements may have been missed, so the whole index is rebuilt.
 */
export async function startSearchSync(
  database: Database,
  search: ProductSearch,
  feed: ChangeFeed,
  log: FastifyBaseLogger,
): Promise<() => Promise<void>> {
  const { db } = database;
  const stopLocal = feed.listen((changes) => search.applyChanges(db, changes));
  if (database.kind !== 'postgres' || !database.listen) {
    return async () => stopLocal();
  }
  const origin = randomUUID();
  const stopAnnouncing = feed.listen(async (changes) => {
    for (let at = 0; at < changes.length; at += CHANGES_PER_ANNOUNCEMENT) {
      const payload = JSON.stringify({
        origin,
        changes: changes.slice(at, at + CHANGES_PER_ANNOUNCEMENT),
      });
      await db.execute(sql`select pg_notify(${SEARCH_CHANNEL}, ${payload})`);
    }
  });

  // One refresh at a time, in the order announced, so an older read never lands after a newer one.
  let queue = Promise.resolve();
  const enqueue = (work: () => Promise<void>, what: string) => {
    queue = queue.then(work).catch((error: unknown) => log.error({ err: error }, what));
  };

  const stopListening = await database.listen(
    SEARCH_CHANNEL,
    (payload) => {
      let changes: Change[];
      try {
        const announcement = announcementSchema.parse(JSON.parse(payload));
        if (announcement.origin === origin) return;
        changes = announcement.changes;
      } catch {
        log.warn({ payload }, 'ignored a malformed search change announcement');
        return;
      }
      enqueue(
        () => search.applyChanges(db, changes),
        'could not apply a search change from another process',
      );
    },
    {
      onReconnect: () => enqueue(() => search.rebuild(db), 'could not rebuild the search index'),
      onError: (error) => log.warn({ err: error }, 'search change listener lost its connection'),
    },
  );
  return async () => {
    stopLocal();
    stopAnnouncing();
    await stopListening();
  };
}
