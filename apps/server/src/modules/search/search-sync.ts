import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { bridgeChanges } from '../../platform/change-bridge';
import type { ChangeFeed } from '../../platform/changes';
import type { ProductSearch } from './product-search';

/**
 * Keeps search in step with committed writes (ARCHITECTURE "Search"): this process's index
 * follows every change the feed publishes; on PostgreSQL a change another process announced
 * makes this one re-read that business, and after a lost connection, when announcements may have
 * been missed, the whole index is rebuilt.
 */
export async function startSearchSync(
  database: Database,
  search: ProductSearch,
  feed: ChangeFeed,
  log: FastifyBaseLogger,
): Promise<() => Promise<void>> {
  const { db } = database;
  // One refresh at a time, in the order announced, so an older read never lands after a newer one.
  let queue = Promise.resolve();
  const enqueue = (work: () => Promise<void>, what: string) => {
    queue = queue.then(work).catch((error: unknown) => log.error({ err: error }, what));
    return queue;
  };
  const stopFollowing = feed.follow({
    local: (changes) => search.applyChanges(db, changes),
    remote: (changes) =>
      enqueue(
        () => search.applyChanges(db, changes),
        'could not apply a search change from another process',
      ),
    resync: () => void enqueue(() => search.rebuild(db), 'could not rebuild the search index'),
  });
  const stopBridge = await bridgeChanges(database, feed, log);
  return async () => {
    stopFollowing();
    await stopBridge();
  };
}
