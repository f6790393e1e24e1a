import type { ServiceContext } from './context';

/**
 * What a write changed that others keep a copy of (the search indexes and read caches of every
 * process). A business change covers the business, its addresses, tags, clubs and products; a
 * site change covers what belongs to no business (banners, the tag vocabulary).
 */
export type Change = { kind: 'business'; businessId: number } | { kind: 'site' };

export const businessChanged = (businessId: number): Change => ({ kind: 'business', businessId });
export const siteChanged = (): Change => ({ kind: 'site' });

/** Where services record their changes. */
export interface ChangeLog {
  record(change: Change): Promise<void>;
}

/** Hears changes once they are committed: this process's index, then the other processes. */
export type ChangeListener = (changes: readonly Change[]) => Promise<void>;

/** A copy kept in step with every committed write, this process's and the others'. */
export interface ChangeFollower {
  /** A write of this process: awaited before the write answers, so the writer reads its write. */
  local(changes: readonly Change[]): Promise<void>;
  /**
   * A write another process announced (in the order announced). The writer's answer waits for
   * what this returns, so a copy that needs a moment to catch up returns when it has.
   */
  remote(changes: readonly Change[]): void | Promise<void>;
  /** Announcements may have been missed (a lost connection): everything may have changed. */
  resync(): void;
}

const without = <T>(list: T[], item: T) => {
  const at = list.indexOf(item);
  if (at >= 0) list.splice(at, 1);
};

/**
 * The process's change log: a change recorded outside any transaction is already committed, so it
 * goes to the listeners at once (and the write's caller waits for this process's index, so the
 * writer reads its own write). Followers also hear, through `receive` and `resync`, what other
 * processes announced (see change-bridge.ts).
 */
export class ChangeFeed implements ChangeLog {
  private readonly listeners: ChangeListener[] = [];
  private readonly followers: ChangeFollower[] = [];

  listen(listener: ChangeListener): () => void {
    this.listeners.push(listener);
    return () => without(this.listeners, listener);
  }

  /** Followers hear a local write before the plain listeners (the announcement to others). */
  follow(follower: ChangeFollower): () => void {
    this.followers.push(follower);
    return () => without(this.followers, follower);
  }

  async record(change: Change): Promise<void> {
    await this.publish([change]);
  }

  /**
   * Every follower and listener hears the changes even when one of them fails (a search refresh
   * that lost its connection must not keep the cache or the other processes from hearing); the
   * first failure is thrown once all have heard.
   */
  async publish(changes: readonly Change[]): Promise<void> {
    if (changes.length === 0) return;
    const failures: unknown[] = [];
    const hear = async (listener: ChangeListener) => {
      try {
        await listener(changes);
      } catch (error) {
        failures.push(error);
      }
    };
    for (const follower of [...this.followers]) await hear((heard) => follower.local(heard));
    for (const listener of [...this.listeners]) await hear(listener);
    if (failures.length > 0) throw failures[0];
  }

  /** Changes another process committed and announced: settles once every follower has them. */
  async receive(changes: readonly Change[]): Promise<void> {
    await Promise.allSettled([...this.followers].map(async (follower) => follower.remote(changes)));
  }

  /** Another process's changes may have been missed. */
  resync(): void {
    for (const follower of [...this.followers]) follower.resync();
  }
}

const changeKey = (change: Change) =>
  change.kind === 'business' ? `business:${change.businessId}` : change.kind;

/** The same change recorded twice in one transaction is published once. */
function distinct(changes: readonly Change[]): Change[] {
  const seen = new Map<string, Change>();
  for (const change of changes) seen.set(changeKey(change), change);
  return [...seen.values()];
}

/**
 * Runs `work` in one transaction. Changes it records wait for the commit, then reach the
 * context's change log; if the transaction rolls back, nobody hears of them. Nested, the inner
 * transaction is a savepoint whose changes join the outer one's.
 */
export async function inTransaction<Context extends Pick<ServiceContext, 'db' | 'changes'>, T>(
  ctx: Context,
  work: (tx: Context) => Promise<T>,
): Promise<T> {
  const pending: Change[] = [];
  const buffer: ChangeLog = {
    record: async (change) => {
      pending.push(change);
    },
  };
  const result = await ctx.db.transaction((db) => work({ ...ctx, db, changes: buffer }));
  for (const change of distinct(pending)) await ctx.changes.record(change);
  return result;
}
