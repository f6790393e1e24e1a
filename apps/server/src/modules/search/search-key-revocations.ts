import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import {
  ENDED_SESSION_MEMORY_MS,
  ENDED_SESSIONS_CHANNEL,
  recentlyEndedSessions,
  SESSION_REF,
} from '../accounts/index';

/** Expired entries are swept at most this often (each lookup checks its own entry's age anyway). */
const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * The sessions that ended within a search key's lifetime, by reference (sessions.ts `sessionRef`),
 * in this process's memory: a search checks a wholesale key against it without a database read.
 * An entry outlives every key issued to its session, then is dropped.
 */
export class SearchKeyRevocations {
  readonly #endedAt = new Map<string, number>();
  #lastSweep = 0;

  constructor(private readonly memoryMs = ENDED_SESSION_MEMORY_MS) {}

  /** Whether keys naming the session `ref` are revoked. */
  isRevoked(ref: string, now = Date.now()): boolean {
    const endedAt = this.#endedAt.get(ref);
    if (endedAt === undefined) return false;
    if (now - endedAt < this.memoryMs) return true;
    this.#endedAt.delete(ref);
    return false;
  }

  add(ref: string, endedAt: number, now = Date.now()): void {
    const known = this.#endedAt.get(ref);
    if (known === undefined || endedAt < known) this.#endedAt.set(ref, endedAt);
    if (now - this.#lastSweep >= SWEEP_INTERVAL_MS) this.#sweep(now);
  }

  get size(): number {
    return this.#endedAt.size;
  }

  #sweep(now: number): void {
    this.#lastSweep = now;
    for (const [ref, endedAt] of this.#endedAt) {
      if (now - endedAt >= this.memoryMs) this.#endedAt.delete(ref);
    }
  }
}

/**
 * This process's revocation list, kept in step with every process's: it LISTENs for the references
 * sessions.ts announces when sessions end, then loads those recorded in `ended_sessions` (so none
 * ended meanwhile is missed), and loads them again whenever the listener had to reconnect.
 */
export async function startSearchKeyRevocations(
  database: Database,
  log: FastifyBaseLogger,
): Promise<{ revocations: SearchKeyRevocations; stop: () => Promise<void> }> {
  const revocations = new SearchKeyRevocations();
  const load = async () => {
    for (const { ref, endedAt } of await recentlyEndedSessions(database.db)) {
      revocations.add(ref, endedAt.getTime());
    }
  };
  const stop = database.listen
    ? await database.listen(
        [ENDED_SESSIONS_CHANNEL],
        (payload) => {
          const now = Date.now();
          for (const ref of payload.split(',')) {
            if (SESSION_REF.test(ref)) revocations.add(ref, now, now);
            else log.warn({ payload }, 'ignored a malformed ended-session announcement');
          }
        },
        {
          onReconnect: () =>
            void load().catch((error: unknown) =>
              log.error({ err: error }, 'could not reload the ended sessions'),
            ),
          onError: (error) =>
            log.warn({ err: error }, 'ended-session listener lost its connection'),
        },
      )
    : async () => undefined;
  await load();
  return { revocations, stop };
}
