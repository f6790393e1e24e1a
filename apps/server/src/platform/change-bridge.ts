import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { rowsOf, type Database } from '../db/client';
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

/** Where each process says it has applied another's announcement (see `announce`). */
export const ACK_CHANNEL = 'bevy_change_acks';

const ackSchema = z.object({
  to: z.string(),
  sequence: z.number().int().nonnegative(),
  from: z.string(),
});

/**
 * The advisory lock (two int4 keys) every process's listening connection holds, shared: its
 * holders in this database are the processes that will acknowledge an announcement, and a process
 * whose connection dies stops counting with it.
 */
export const LISTENING_LOCK = { space: 0x62657679 /* "bevy" */, key: 1 };

/** Changes per announcement: a NOTIFY payload must stay under 8000 bytes. */
const CHANGES_PER_ANNOUNCEMENT = 100;

/**
 * How long a write waits for the other processes to acknowledge its announcement. Hearing a
 * notification is not enough: a process may still answer a request that reached it first. Once
 * each has said it applied the changes, the next request, wherever it lands, is answered from
 * copies that know of the write. A process that hangs must not hold writes up for longer.
 */
const ACK_WAIT_MS = 2000;

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
  /** The announcements awaiting acknowledgements: who has acknowledged each. */
  const awaitingAcks = new Map<number, (from: string) => void>();

  const acknowledge = (to: string, announced: number) => {
    const ack = JSON.stringify({ to, sequence: announced, from: origin });
    database.db
      .execute(sql`select pg_notify(${ACK_CHANNEL}, ${ack})`)
      .catch((error: unknown) => log.warn({ err: error }, 'could not acknowledge a change'));
  };

  const hearAnnouncement = (message: unknown) => {
    const parsed = announcementSchema.safeParse(message);
    if (!parsed.success) return log.warn({ message }, 'ignored a malformed change announcement');
    const announcement = parsed.data;
    if (announcement.origin === origin) return;
    void feed.receive(announcement.changes as Change[]).then(() => {
      if (announcement.sequence !== undefined)
        acknowledge(announcement.origin, announcement.sequence);
    });
  };

  const hearAck = (message: unknown) => {
    const ack = ackSchema.safeParse(message);
    if (!ack.success) return log.warn({ message }, 'ignored a malformed change acknowledgement');
    if (ack.data.to === origin) awaitingAcks.get(ack.data.sequence)?.(ack.data.from);
  };

  const stopListening = await database.listen!(
    [CHANGE_CHANNEL, ACK_CHANNEL],
    (payload, channel) => {
      let message: unknown;
      try {
        message = JSON.parse(payload);
      } catch {
        return log.warn({ payload, channel }, 'ignored a change message that is not JSON');
      }
      if (channel === ACK_CHANNEL) hearAck(message);
      else hearAnnouncement(message);
    },
    {
      onListening: async (query) => {
        await query(
          `select pg_advisory_lock_shared(${LISTENING_LOCK.space}, ${LISTENING_LOCK.key})`,
        );
      },
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

  /**
   * Announces a batch and counts, in the same statement, the processes listening (this one
   * included), then waits until every other has acknowledged it.
   */
  const announceBatch = async (batch: Change[]) => {
    const mine = (sequence += 1);
    const acked = new Set<string>();
    let othersListening = Number.POSITIVE_INFINITY;
    let allAcked!: () => void;
    const settled = new Promise<void>((resolve) => {
      allAcked = resolve;
    });
    awaitingAcks.set(mine, (from) => {
      acked.add(from);
      if (acked.size >= othersListening) allAcked();
    });
    const timer = setTimeout(allAcked, ACK_WAIT_MS);
    try {
      const payload = JSON.stringify({ origin, sequence: mine, changes: batch });
      const result = await database.db.execute(sql`
        select pg_notify(${CHANGE_CHANNEL}, ${payload}) as sent,
          (select count(*)::int from pg_locks
            where locktype = 'advisory' and granted and objsubid = 2
              and classid = ${LISTENING_LOCK.space}::oid and objid = ${LISTENING_LOCK.key}::oid
              and database = (select oid from pg_database where datname = current_database())
          ) as listening`);
      const listening = Number(rowsOf<{ listening: number }>(result)[0]?.listening ?? 0);
      othersListening = Math.max(0, listening - 1);
      if (acked.size >= othersListening) allAcked();
      await settled;
    } finally {
      clearTimeout(timer);
      awaitingAcks.delete(mine);
    }
  };

  const announce = async (changes: readonly Change[]) => {
    for (const batch of inBatches(changes)) await announceBatch(batch);
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
