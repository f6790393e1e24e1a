import { setBit, wordsFor, type Bitset } from './bitset';
import { ensureCapacity, IntList } from './int-list';
import { foldForMatch } from './tokenize';

/**
 * One facet attribute, stored by column: each distinct value is interned once, each document
 * slot holds the ids of its values, and each value knows its documents. Counting a facet is then
 * integer increments, and filtering on a value is a ready list of slots.
 */
export class FacetColumn {
  readonly values: string[] = [];
  private readonly idOf = new Map<string, number>();
  /** Live documents per value id. */
  counts = new Int32Array(8);
  private readonly postings: IntList[] = [];
  private stale = new Int32Array(8);
  /** The first value id of each slot, or -1. */
  first = new Int32Array(0);
  /** The other value ids of slots with more than one (array attributes). */
  readonly extra = new Map<number, Int32Array>();
  /** The slot's value when it is a single number (NaN otherwise), for numeric filters and stats. */
  numbers = new Float64Array(0);
  /** Numbers inside array values, which numeric filters also test. */
  readonly numbersInArrays = new Map<number, number[]>();
  /** Live documents whose value is a single number. */
  numericDocuments = 0;
  /** Value ids in localeCompare order, and each value's position in it. */
  private collated: number[] = [];
  private uncollated: number[] = [];
  private collationRanks = new Int32Array(0);
  private readonly folded: (string | undefined)[] = [];
  private readonly bitsCache = new Map<number, Bitset>();

  constructor(readonly attribute: string) {}

  get hasArrays(): boolean {
    return this.extra.size > 0;
  }

  valueId(value: string): number | undefined {
    return this.idOf.get(value);
  }

  private intern(value: string): number {
    let id = this.idOf.get(value);
    if (id === undefined) {
      id = this.values.length;
      this.values.push(value);
      this.idOf.set(value, id);
      this.postings.push(new IntList(2));
      this.counts = ensureCapacity(this.counts, id + 1);
      this.stale = ensureCapacity(this.stale, id + 1);
      this.uncollated.push(id);
    }
    return id;
  }

  add(slot: number, raw: unknown): void {
    this.first = ensureCapacity(this.first, slot + 1, -1);
    this.numbers = ensureCapacity(this.numbers, slot + 1, NaN);
    this.bitsCache.clear();
    if (typeof raw === 'number') {
      this.numbers[slot] = raw;
      this.numericDocuments++;
    }
    if (raw === undefined || raw === null) return;
    const items = Array.isArray(raw) ? raw : [raw];
    const ids: number[] = [];
    const numbers: number[] = [];
    for (const item of items) {
      if (item === undefined || item === null) continue;
      if (Array.isArray(raw) && typeof item === 'number') numbers.push(item);
      const id = this.intern(String(item));
      if (ids.includes(id)) continue;
      ids.push(id);
      this.counts[id]!++;
      this.postings[id]!.push(slot);
    }
    if (numbers.length > 0) this.numbersInArrays.set(slot, numbers);
    if (ids.length === 0) return;
    this.first[slot] = ids[0]!;
    if (ids.length > 1) this.extra.set(slot, Int32Array.from(ids.slice(1)));
  }

  remove(slot: number): void {
    this.bitsCache.clear();
    const first = this.first[slot] ?? -1;
    if (first >= 0) this.release(first);
    for (const id of this.extra.get(slot) ?? []) this.release(id);
    if (!Number.isNaN(this.numbers[slot] ?? NaN)) this.numericDocuments--;
    this.first[slot] = -1;
    this.numbers[slot] = NaN;
    this.extra.delete(slot);
    this.numbersInArrays.delete(slot);
  }

  private release(id: number): void {
    this.counts[id]!--;
    this.stale[id]!++;
  }

  hasValue(slot: number, id: number): boolean {
    if (this.first[slot] === id) return true;
    const more = this.extra.get(slot);
    return more !== undefined && more.includes(id);
  }

  /** The live slots with value `id`, ascending. */
  slotsWith(id: number, isLive: (slot: number) => boolean): Int32Array {
    const posting = this.postings[id]!;
    if (this.stale[id]! > 0) {
      posting.retain(isLive);
      this.stale[id] = 0;
    }
    return posting.view();
  }

  /** The live slots with value `id`, as a new bitset over `slotCount` slots. */
  bitsWith(id: number, slotCount: number, isLive: (slot: number) => boolean): Bitset {
    const cached = this.bitsCache.get(id);
    if (cached && cached.length === wordsFor(slotCount)) return cached.slice();
    const bits = new Uint32Array(wordsFor(slotCount));
    const slots = this.slotsWith(id, isLive);
    for (let i = 0; i < slots.length; i++) setBit(bits, slots[i]!);
    // Dense values (e.g. a fulfilment flag) are filtered on often and cost a pass to rebuild.
    if (slots.length * 32 > slotCount) this.bitsCache.set(id, bits.slice());
    return bits;
  }

  /** Whether any number of the slot (single or in an array) passes `test`. */
  someNumber(slot: number, test: (value: number) => boolean): boolean {
    const single = this.numbers[slot];
    if (single !== undefined && !Number.isNaN(single) && test(single)) return true;
    const inArray = this.numbersInArrays.get(slot);
    return inArray !== undefined && inArray.some(test);
  }

  /** Each value's position in localeCompare order, kept up to date as values arrive. */
  collationRank(): Int32Array {
    if (this.uncollated.length > 32) {
      // Many new values (a build): one sort beats inserting each.
      const all = this.values.map((_, id) => id);
      all.sort((a, b) => this.values[a]!.localeCompare(this.values[b]!) || a - b);
      this.collated = all;
      this.uncollated = [];
      this.collationRanks = new Int32Array(this.values.length);
      this.collated.forEach((id, rank) => (this.collationRanks[id] = rank));
    } else if (this.uncollated.length > 0) {
      for (const id of this.uncollated) {
        const value = this.values[id]!;
        let low = 0;
        let high = this.collated.length;
        while (low < high) {
          const middle = (low + high) >>> 1;
          if (this.values[this.collated[middle]!]!.localeCompare(value) <= 0) low = middle + 1;
          else high = middle;
        }
        this.collated.splice(low, 0, id);
      }
      this.uncollated = [];
      this.collationRanks = new Int32Array(this.values.length);
      this.collated.forEach((id, rank) => (this.collationRanks[id] = rank));
    }
    return this.collationRanks;
  }

  /** The value with this collation rank. */
  valueAtRank(rank: number): number {
    return this.collated[rank]!;
  }

  foldedValue(id: number): string {
    return (this.folded[id] ??= foldForMatch(this.values[id]!));
  }
}
