import { wordsFor, type Bitset } from './bitset';
import type { Posting } from './lexicon';

/** The code of a slot a dense word result does not match (codes are below 4 * 60). */
export const NO_CODE = 255;

/** Memory the kept word results may take in all (each costs about 1.1 bytes per slot). */
const WORD_CACHE_BYTES = 64 * 1024 * 1024;
const MAX_ENTRIES = 256;

/**
 * One query word's matches over the whole index, by slot: its best match code (`NO_CODE`: no
 * match) and the matching slots as a bitset. Used for words that match much of the index, such
 * as the first letters typed: every entry has the same size whatever it matches, so the memory
 * of an evicted entry is reused for the next instead of allocated (large allocations make the
 * collector walk the whole heap, documents included).
 */
export interface DenseWordMatches {
  codes: Uint8Array;
  bits: Bitset;
  count: number;
}

/**
 * Fills `entry` with the union of `postings`, each slot with its best (lowest) code
 * `bases[p] + rank`, for an index of `slotCount` slots. The loop is text-matcher's `unionOf`
 * over a Uint8Array instead of its Int32Array: one function for both would make this hottest
 * loop polymorphic.
 */
export function fillDense(
  entry: DenseWordMatches,
  postings: readonly Posting[],
  bases: readonly number[],
  slotCount: number,
): void {
  const { codes, bits } = entry;
  codes.fill(NO_CODE, 0, slotCount);
  bits.fill(0);
  let count = 0;
  for (let p = 0; p < postings.length; p++) {
    const { slots, ranks, length } = postings[p]!;
    const base = bases[p]!;
    for (let i = 0; i < length; i++) {
      const slot = slots[i]!;
      const code = base + ranks[i]!;
      const old = codes[slot]!;
      if (old === NO_CODE) {
        bits[slot >>> 5]! |= 1 << (slot & 31);
        count++;
      }
      if (code < old) codes[slot] = code;
    }
  }
  entry.count = count;
}

/** Dense word results by word, least recently used out first; emptied by every write. */
export class WordCache {
  constructor(private readonly budgetBytes = WORD_CACHE_BYTES) {}

  private readonly entries = new Map<string, DenseWordMatches>();
  /** Entries emptied or evicted, whose arrays the next entries reuse. */
  private spare: DenseWordMatches[] = [];
  /** Entries the running query holds, which must not be evicted and reused under it. */
  private readonly inUse = new Set<DenseWordMatches>();

  /** Starts a query: entries earlier queries held may be evicted again. */
  release(): void {
    this.inUse.clear();
  }

  get(key: string): DenseWordMatches | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
      this.entries.set(key, entry);
      this.inUse.add(entry);
    }
    return entry;
  }

  /** An entry for an index of `slotCount` slots, to fill and then `keep`. */
  take(slotCount: number): DenseWordMatches {
    const limit = Math.min(
      MAX_ENTRIES,
      Math.max(4, Math.floor(this.budgetBytes / (slotCount * 1.125 + 64))),
    );
    if (this.entries.size >= limit) {
      for (const [key, entry] of this.entries) {
        if (this.inUse.has(entry)) continue;
        this.spare.push(entry);
        this.entries.delete(key);
        break;
      }
    }
    this.spare = this.spare.filter((entry) => entry.codes.length >= slotCount);
    const reused = this.spare.pop();
    if (reused) return reused;
    // Room to grow, so that writes adding a few documents do not make every entry too small.
    const capacity = slotCount + (slotCount >>> 4) + 64;
    return { codes: new Uint8Array(capacity), bits: new Uint32Array(wordsFor(capacity)), count: 0 };
  }

  keep(key: string, entry: DenseWordMatches): void {
    this.entries.set(key, entry);
    this.inUse.add(entry);
  }

  /** Forgets every result (a write made them stale), keeping their arrays for reuse. */
  clear(): void {
    for (const entry of this.entries.values()) this.spare.push(entry);
    this.entries.clear();
    this.inUse.clear();
  }
}
