import type { ServiceContext } from './context';

/**
 * What a write changed that others keep a copy of (the search indexes of every process). A
 * business change covers the business and all its products.
 */
export type Change = { kind: 'business'; businessId: number };

export const businessChanged = (businessId: number): Change => ({ kind: 'business', businessId });

/** Where services record their changes. */
export interface ChangeLog {
  record(change: Change): Promise<void>;
}

/** Hears changes once they are committed: this process's index, then the other processes. */
export type ChangeListener = (changes: readonly Change[]) => Promise<void>;

/**
 * The process's change log: a change recorded outside any transaction is already committed, so it
 * goes to the listeners at once (and the write's caller waits for this process's index, so the
 * writer reads its own write).
 */
export class ChangeFeed implements ChangeLog {
  private readonly listeners: ChangeListener[] = [];

  listen(listener: ChangeListener): () => void {
    this.listeners.push(listener);
    return () => {
      const at = this.listeners.indexOf(listener);
      if (at >= 0) this.listeners.splice(at, 1);
    };
  }

  async record(change: Change): Promise<void> {
    await this.publish([change]);
  }

  async publish(changes: readonly Change[]): Promise<void> {
    if (changes.length === 0) return;
    for (const listener of this.listeners) await listener(changes);
  }
}

/** The same change recorded twice in one transaction is published once. */
function distinct(changes: readonly Change[]): Change[] {
  const seen = new Map<string, Change>();
  for (const change of changes) seen.set(`${change.kind}:${change.businessId}`, change);
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
