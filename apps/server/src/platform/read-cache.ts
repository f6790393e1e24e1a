import { LRUCache } from 'lru-cache';
import type { ChangeFeed } from './changes';

/** How many answers one process keeps, and for how long at most. */
export interface ReadCacheOptions {
  maxEntries: number;
  /**
   * An answer's longest life. Writes clear the cache at once; this only bounds how long an answer
   * that depends on the time of day (a banner's window, "upcoming") can outlive its moment.
   */
  ttlMs: number;
}

export const DEFAULT_READ_CACHE: ReadCacheOptions = { maxEntries: 5000, ttlMs: 30_000 };

/**
 * Answers to public reads (a business page, tags, banners, a page's head), kept in memory and
 * dropped on every committed write, this process's or another's (ARCHITECTURE: writes announce
 * themselves). A read that was running when a write landed is not kept: it may have read the
 * database before the write.
 */
export class ReadCache {
  private readonly entries: LRUCache<string, { value: unknown }>;
  private readonly loading = new Map<string, Promise<unknown>>();
  private generationNow = 0;

  constructor(options: ReadCacheOptions = DEFAULT_READ_CACHE) {
    this.entries = new LRUCache({ max: options.maxEntries, ttl: options.ttlMs });
  }

  /** Changes on every clear: an answer begun under an older generation is not kept. */
  get generation(): number {
    return this.generationNow;
  }

  /** The answer kept under `key`, if any. */
  peek<T>(key: string): T | undefined {
    return this.entries.get(key)?.value as T | undefined;
  }

  /** Keeps `value` unless the cache was cleared since `generation` (when its reading began). */
  store(key: string, value: unknown, generation: number): void {
    if (generation === this.generationNow) this.entries.set(key, { value });
  }

  /** The answer under `key`, loaded once however many ask for it at the same moment. */
  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const kept = this.entries.get(key);
    if (kept) return kept.value as T;
    const pending = this.loading.get(key);
    if (pending) return pending as Promise<T>;
    const generation = this.generationNow;
    const loaded = load().then((value) => {
      this.store(key, value, generation);
      return value;
    });
    this.loading.set(key, loaded);
    try {
      return await loaded;
    } finally {
      if (this.loading.get(key) === loaded) this.loading.delete(key);
    }
  }

  clear(): void {
    this.generationNow += 1;
    this.entries.clear();
    // Reads still running began before the write: later callers must not join them.
    this.loading.clear();
  }

  /** Clears on every change the feed hears of, here or in another process. */
  follow(feed: ChangeFeed): () => void {
    return feed.follow({
      local: async () => this.clear(),
      remote: () => this.clear(),
      resync: () => this.clear(),
    });
  }
}
