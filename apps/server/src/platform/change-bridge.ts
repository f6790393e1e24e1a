import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Database } from '../db/client';
import type { Change, ChangeFeed } from './changes';

/**
 * The PostgreSQL channel on which processes announce committed changes (named when only search
 * listened; kept, so processes of the previous release still hear and are heard).
 */
export const CHANGE_CHANNEL = 'bevy_search_changes';

const changeSchema = z.union([
  z.object({ kind: z.literal('business'), businessId: z.number().int().positive() }),
  z.object({ kind: z.literal('site') }),
]);

const announcementSchema = z.object({
  origin: z.string(),
  /** Absent in announcements of older processes. */
  sequence: z.number().int().nonnegative().optional(),
  changes: z.array(changeSchema).max(500),
});

/** Changes per announcement: a NOTIFY payload must stay under 8000 bytes. */
const CHANGES_PER_ANNOUNCEMENT = 100;

/**
 * How long a write waits to hear its own announcement come back. PostgreSQL hands a notification
 * to every listening connection at once, so once the writer hears its own, the other processes
 * have theirs: answering the write after that means the next request, wherever it lands, is
 * answered from copies that already know of the write. A listener that is away (reconnecting)
 * must not hold writes up for longer than this.
 */
const ECHO_WAIT_MS = 1000;

interface Bridge {
  users: number;
  stop: () => Promise<void>;
}

const bridges = new WeakMap<ChangeFeed, Promise<Bridge>>();

/**
 * Connects a process's change feed to the other processes' on PostgreSQL (LISTEN/NOTIFY): its
 * committed changes are announced, theirs reach its followers, and after a lost connection the
 * followers resync. One bridge per feed, however many callers ask; PGlite is one process and
 * needs none. Resolves to a function that lets go of it (the last one stops it).
 */
export async function bridgeChanges(
  database: Database,
  feed: ChangeFeed,
  log: FastifyBaseLogger,
): Promise<() => Promise<void>> {
  if (database.kind !== 'postgres' || !database.listen) return async () => undefined;
  let bridge = bridges.get(feed);
  if (!bridge) {
    bridge = openBridge(database, feed, log);
    bridges.set(feed, bridge);
  }
  const opened = await bridge;
  opened.users += 1;
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    opened.users -= 1;
    if (opened.users > 0) return;
    bridges.delete(feed);
    await opened.stop();
  };
}

async function openBridge(
  database: Database,
  feed: ChangeFeed,
  log: FastifyBaseLogger,
): Promise<Bridge> {
  const origin = randomUUID();
  let sequence = 0;
  const echoes = new Map<number, () => void>();

  const stopListening = await database.listen!(
    CHANGE_CHANNEL,
    (payload) => {
      let announcement: z.infer<typeof announcementSchema>;
      try {
        announcement = announcementSchema.parse(JSON.parse(payload));
      } catch {
        log.warn({ payload }, 'ignored a malformed change announcement');
        return;
      }
      if (announcement.origin !== origin) return feed.receive(announcement.changes as Change[]);
      if (announcement.sequence !== undefined) echoes.get(announcement.sequence)?.();
    },
    {
      onReconnect: () => feed.resync(),
      onError: (error) => log.warn({ err: error }, 'change listener lost its connection'),
    },
  );

  /** Processes of the previous release refuse a whole announcement naming a site change. */
  const inBatches = (changes: readonly Change[]) => {
    const business = changes.filter((change) => change.kind === 'business');
    const site = changes.filter((change) => change.kind !== 'business');
    const batches: Change[][] = [];
    for (let at = 0; at < business.length; at += CHANGES_PER_ANNOUNCEMENT) {
      batches.push(business.slice(at, at + CHANGES_PER_ANNOUNCEMENT));
    }
    if (site.length > 0) batches.push(site.slice(0, 1));
    return batches;
  };

  const announce = async (changes: readonly Change[]) => {
    for (const batch of inBatches(changes)) {
      const mine = (sequence += 1);
      const echoed = new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ECHO_WAIT_MS);
        echoes.set(mine, () => {
          clearTimeout(timer);
          resolve();
        });
      });
      const payload = JSON.stringify({ origin, sequence: mine, changes: batch });
      try {
        await database.db.execute(sql`select pg_notify(${CHANGE_CHANNEL}, ${payload})`);
        await echoed;
      } finally {
        echoes.delete(mine);
      }
    }
  };
  const stopAnnouncing = feed.listen(announce);

  return {
    users: 0,
    stop: async () => {
      stopAnnouncing();
      await stopListening();
    },
  };
}
