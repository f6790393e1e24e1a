import { compareLabels } from '@bevy/core';
import { setBit, type Bitset } from './bitset';
import { ensureCapacity, IntList } from './int-list';
import { foldForMatch } from './tokenize';

/**
 * A number its label gives back exactly: String(x) read with Number() is x for every number but
 * NaN and -0 (whose label is "0").
 */
const isPlainNumber = (number: number): boolean => number === number && !Object.is(number, -0);

/** A facet column as a snapshot holds it. */
export interface FacetColumnState {
  attribute: string;
  values: string[];
  /** Value id per slot, -1 for none. */
  first: Int32Array;
  extra: [number, Int32Array][];
  numbers: Float64Array;
  numbersInArrays: [number, number[]][];
  /** Each value's slots, end to end. */
  offsets: Int32Array;
  slots: Int32Array;
}

/**
 * One facet attribute, stored by column: each distinct value is interned once, each document
 * slot holds the ids of its values, and each value knows its documents. Counting a facet is then
 * integer increments, and filtering on a value is a ready list of slots.
 */
export class FacetColumn {
  readonly values: string[] = [];
  private readonly idOf = new Map<string, number>();
  /** Live documents per value id. */
  counts: Int32Array = new Int32Array(8);
  private readonly postings: IntList[] = [];
  private stale = new Int32Array(8);
  /** The first value id of each slot, or -1. */
  first: Int32Array = new Int32Array(0);
  /** The other value ids of slots with more than one (array attributes). */
  readonly extra = new Map<number, Int32Array>();
  /** The slot's value when it is a single number (NaN otherwise), for numeric filters and stats. */
  numbers: Float64Array = new Float64Array(0);
  /** Numbers inside array values, which numeric filters also test. */
  readonly numbersInArrays = new Map<number, number[]>();
  /** Live documents whose value is a single number. */
  numericDocuments = 0;
  /**
   * Per value id, the live documents whose single number it is. When that equals the value's
   * count, every document with the value holds `valueNumbers[id]`, so stats over any set of
   * documents follow from that set's counts (see Facets).
   */
  numericCounts: Int32Array = new Int32Array(8);
  /** Each value id's label as a number (NaN when it is not one). */
  valueNumbers: Float64Array = new Float64Array(8);
  /** Value ids in label order (see collation.ts), and each value's position in it. */
  private collated: number[] = [];
  private uncollated: number[] = [];
  private collationRanks = new Int32Array(0);
  private readonly folded: (string | undefined)[] = [];
  private readonly bitsCache = new Map<number, Bitset>();

  constructor(readonly attribute: string) {}

  /** The column for live slots only, renumbered by `renumber` (-1: removed) into `slotCount`. */
  exportState(renumber: Int32Array, slotCount: number): FacetColumnState {
    const first = new Int32Array(slotCount).fill(-1);
    const numbers = new Float64Array(slotCount).fill(NaN);
    for (let slot = 0; slot < renumber.length; slot++) {
      const target = renumber[slot]!;
      if (target < 0) continue;
      first[target] = this.first[slot] ?? -1;
      numbers[target] = this.numbers[slot] ?? NaN;
    }
    const moved = <T>(entries: Map<number, T>): [number, T][] =>
      [...entries]
        .filter(([slot]) => renumber[slot]! >= 0)
        .map(([slot, value]): [number, T] => [renumber[slot]!, value]);
    const offsets = new Int32Array(this.values.length + 1);
    const slots = new Int32Array(this.counts.reduce((sum, count) => sum + Math.max(count, 0), 0));
    let next = 0;
    this.postings.forEach((posting, id) => {
      offsets[id] = next;
      for (const slot of posting.view()) if (renumber[slot]! >= 0) slots[next++] = renumber[slot]!;
    });
    offsets[this.values.length] = next;
    return {
      attribute: this.attribute,
      values: [...this.values],
      first,
      extra: moved(this.extra),
      numbers,
      numbersInArrays: moved(this.numbersInArrays),
      offsets,
      slots: slots.subarray(0, next),
    };
  }

  static fromState(state: FacetColumnState): FacetColumn {
    const column = new FacetColumn(state.attribute);
    for (const value of state.values) column.intern(value);
    state.values.forEach((_, id) => {
      const start = state.offsets[id]!;
      const end = state.offsets[id + 1]!;
      const posting = column.postings[id]!;
      posting.items = state.slots.slice(start, Math.max(end, start + 1));
      posting.length = end - start;
      column.counts[id] = end - start;
    });
    column.first = state.first;
    column.numbers = state.numbers;
    for (const [slot, ids] of state.extra) column.extra.set(slot, ids);
    for (const [slot, numbers] of state.numbersInArrays) column.numbersInArrays.set(slot, numbers);
    for (let slot = 0; slot < state.numbers.length; slot++) {
      const number = state.numbers[slot]!;
      if (Number.isNaN(number)) continue;
      column.numericDocuments++;
      if (isPlainNumber(number)) column.numericCounts[state.first[slot]!]!++;
    }
    return column;
  }

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
      this.numericCounts = ensureCapacity(this.numericCounts, id + 1);
      this.valueNumbers = ensureCapacity(this.valueNumbers, id + 1);
      this.valueNumbers[id] = Number(value);
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
    if (typeof raw === 'number' && isPlainNumber(raw)) this.numericCounts[ids[0]!]!++;
    if (ids.length > 1) this.extra.set(slot, Int32Array.from(ids.slice(1)));
  }

  remove(slot: number): void {
    this.bitsCache.clear();
    const first = this.first[slot] ?? -1;
    if (first >= 0) this.release(first);
    for (const id of this.extra.get(slot) ?? []) this.release(id);
    const number = this.numbers[slot] ?? NaN;
    if (!Number.isNaN(number)) this.numericDocuments--;
    if (first >= 0 && isPlainNumber(number)) this.numericCounts[first]!--;
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
    // Most columns hold single values: no map lookup for them.
    if (this.extra.size === 0) return false;
    const more = this.extra.get(slot);
    return more !== undefined && more.includes(id);
  }

  /** The live slots with value `id`, ascending. */
  private slotsWith(id: number, isLive: (slot: number) => boolean): Int32Array {
    const posting = this.postings[id]!;
    if (this.stale[id]! > 0) {
      posting.retain(isLive);
      this.stale[id] = 0;
    }
    return posting.view();
  }

  /** Writes the live slots with value `id` into `out` (a bitset over `slotCount` slots). */
  bitsInto(id: number, out: Bitset, slotCount: number, isLive: (slot: number) => boolean): void {
    const cached = this.bitsCache.get(id);
    if (cached && cached.length === out.length) {
      out.set(cached);
      return;
    }
    out.fill(0);
    const slots = this.slotsWith(id, isLive);
    for (let i = 0; i < slots.length; i++) setBit(out, slots[i]!);
    // Dense values (e.g. a fulfillment flag) are filtered on often and cost a pass to rebuild.
    if (slots.length * 32 > slotCount) this.bitsCache.set(id, out.slice());
  }

  /** Whether any number of the slot (single or in an array) passes `test`. */
  someNumber(slot: number, test: (value: number) => boolean): boolean {
    const single = this.numbers[slot];
    if (single !== undefined && !Number.isNaN(single) && test(single)) return true;
    if (this.numbersInArrays.size === 0) return false;
    const inArray = this.numbersInArrays.get(slot);
    return inArray !== undefined && inArray.some(test);
  }

  /** Each value's position in label order, kept up to date as values arrive. */
  collationRank(): Int32Array {
    if (this.uncollated.length > 32) {
      // Many new values (a build): one sort beats inserting each.
      const all = this.values.map((_, id) => id);
      all.sort((a, b) => compareLabels(this.values[a]!, this.values[b]!) || a - b);
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
          if (compareLabels(this.values[this.collated[middle]!]!, value) <= 0) low = middle + 1;
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
