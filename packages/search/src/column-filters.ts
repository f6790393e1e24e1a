import type { LatLng } from '@bevy/core';
import {
  andInto,
  clearBit,
  complementWithin,
  countBits,
  orInto,
  setBit,
  slotsOf,
  wordsFor,
  type Bitset,
} from './bitset';
import type { DocumentSlots } from './document-slots';
import type { FacetColumn } from './facet-column';
import { GEO_DISTANCE, MATCH_ALL, type Predicate } from './filters';
import type { GeoPoints } from './geo-points';
import type { Scratch } from './scratch';
import { SearchInputError } from './types';

/**
 * A filter tree without the always-true parts that empty filter lists leave in it, and with ANDs
 * inside ANDs merged into one (the separate filter lists of a query are ANDed), so that its
 * numeric comparisons test only what every facet filter of the query left.
 */
export function simplify(predicate: Predicate): Predicate {
  if (predicate.kind === 'and' || predicate.kind === 'or') {
    const items = predicate.items.map(simplify).filter((item) => !isMatchAll(item));
    if (predicate.kind === 'or' && items.length < predicate.items.length) return MATCH_ALL;
    const merged =
      predicate.kind === 'and'
        ? items.flatMap((item) => (item.kind === 'and' ? item.items : [item]))
        : items;
    return merged.length === 1 ? merged[0]! : { kind: predicate.kind, items: merged };
  }
  if (predicate.kind === 'not') return { kind: 'not', item: simplify(predicate.item) };
  return predicate;
}

export function isMatchAll(predicate: Predicate): boolean {
  return predicate.kind === 'and' && predicate.items.length === 0;
}

/** Filters that scan a column slot by slot rather than read a value's ready postings. */
function isNumericComparison(predicate: Predicate): boolean {
  return (
    predicate.kind === 'numeric' || predicate.kind === 'range' || predicate.kind === 'geoReach'
  );
}

function numericTest(
  predicate: Predicate & { kind: 'numeric' | 'range' },
): (value: number) => boolean {
  if (predicate.kind === 'range') {
    const { low, high } = predicate;
    return (value) => value >= low && value <= high;
  }
  const target = predicate.value;
  switch (predicate.operator) {
    case '<':
      return (value) => value < target;
    case '<=':
      return (value) => value <= target;
    case '=':
      return (value) => value === target;
    case '!=':
      return (value) => value !== target;
    case '>=':
      return (value) => value >= target;
    case '>':
      return (value) => value > target;
  }
}

/**
 * A numeric comparison as bounds, so that a scan compares numbers inline rather than through a
 * function (whose number argument would be boxed, a heap allocation per slot).
 */
function boundsOf(predicate: Predicate & { kind: 'numeric' | 'range' }) {
  const bounds = { low: -Infinity, high: Infinity, lowOpen: false, highOpen: false, except: NaN };
  if (predicate.kind === 'range') {
    bounds.low = predicate.low;
    bounds.high = predicate.high;
    return bounds;
  }
  const value = predicate.value;
  switch (predicate.operator) {
    case '<':
      return { ...bounds, high: value, highOpen: true };
    case '<=':
      return { ...bounds, high: value };
    case '=':
      return { ...bounds, low: value, high: value };
    case '!=':
      return { ...bounds, except: value };
    case '>=':
      return { ...bounds, low: value };
    case '>':
      return { ...bounds, low: value, lowOpen: true };
  }
}

/**
 * Clears the slots of `out` none of whose numbers passes the comparison, reading only the slots
 * set: the cost follows what earlier filters left, not the size of the index.
 */
function keepNumbers(
  out: Bitset,
  column: FacetColumn,
  predicate: Predicate & { kind: 'numeric' | 'range' },
): void {
  const { low, high, lowOpen, highOpen, except } = boundsOf(predicate);
  const numbers = column.numbers;
  const inArrays = column.numbersInArrays;
  const test = inArrays.size > 0 ? numericTest(predicate) : undefined;
  for (let i = 0; i < out.length; i++) {
    let word = out[i]!;
    let rest = word;
    while (rest !== 0) {
      const lowest = rest & -rest;
      rest ^= lowest;
      const slot = (i << 5) | (31 - Math.clz32(lowest));
      const value = numbers[slot]!;
      // NaN marks "no single number" (removed slots hold NaN too) and fails every comparison.
      const passes =
        value >= low &&
        value <= high &&
        !(lowOpen && value === low) &&
        !(highOpen && value === high) &&
        value !== except;
      if (passes) continue;
      if (test && inArrays.get(slot)?.some(test)) continue;
      word ^= lowest;
    }
    out[i] = word;
  }
}

/** What filters read: the slots, the facet columns (checked to exist), the locations. */
export interface FilterSources {
  slots: DocumentSlots;
  columns: ReadonlyMap<string, FacetColumn>;
  geo: GeoPoints;
  scratch: Scratch;
}

/**
 * One query's filters evaluated over the columns: as bitsets of every live slot, or as a test
 * of one slot when only a few candidates need it. `origin` is the query's aroundLatLng, which
 * `geoReach` filters measure from.
 */
export class FilterEvaluator {
  /** Each point's distance from `origin` (NaN: not measured yet), for `geoReach` filters. */
  private reachDistances: Float64Array | undefined;

  constructor(
    private readonly sources: FilterSources,
    private readonly origin: LatLng | undefined,
  ) {}

  /**
   * The live slots a filter selects, as a bitset borrowed from the scratch arrays (one per depth
   * of the filter tree): valid until the next call at the same depth, i.e. for this query.
   */
  bitsFor(predicate: Predicate, depth = 0): Bitset {
    const out = this.sources.scratch.uint32(`bits-${depth}`, wordsFor(this.sources.slots.length));
    this.fillBits(predicate, out, depth);
    return out;
  }

  private fillBits(predicate: Predicate, out: Bitset, depth: number): void {
    const { slots, columns, scratch } = this.sources;
    const slotCount = slots.length;
    switch (predicate.kind) {
      case 'and': {
        // Numeric comparisons read a column slot by slot; facet values have ready postings. So
        // the others first, then each number tested only on the slots they left (a distance
        // reach, when that is little).
        const scans = predicate.items.filter(isNumericComparison);
        const rest = predicate.items.filter((item) => !isNumericComparison(item));
        if (rest.length > 0) this.fillBits(rest[0]!, out, depth);
        else out.set(slots.alive.subarray(0, out.length));
        for (const item of rest.slice(1)) andInto(out, this.bitsFor(item, depth + 1));
        for (const item of scans) {
          if (item.kind === 'numeric' || item.kind === 'range') {
            keepNumbers(out, columns.get(item.attribute)!, item);
            continue;
          }
          const left = countBits(out);
          if (left * 8 < slotCount) {
            const test = this.compileTest(item);
            const candidates = slotsOf(out, left, scratch.int32('scan-slots', left));
            for (let i = 0; i < candidates.length; i++) {
              if (!test(candidates[i]!)) clearBit(out, candidates[i]!);
            }
          } else {
            andInto(out, this.bitsFor(item, depth + 1));
          }
        }
        return;
      }
      case 'or': {
        out.fill(0);
        for (const item of predicate.items) orInto(out, this.bitsFor(item, depth + 1));
        return;
      }
      case 'not': {
        this.fillBits(predicate.item, out, depth);
        complementWithin(out, slots.alive);
        return;
      }
      case 'facet': {
        const column = columns.get(predicate.attribute)!;
        const id = column.valueId(predicate.value);
        if (id === undefined) out.fill(0);
        else column.bitsInto(id, out, slotCount, slots.isLive);
        return;
      }
      case 'geoReach': {
        const test = this.reachTest(predicate.attribute);
        out.fill(0);
        for (let slot = 0; slot < slotCount; slot++) if (test(slot)) setBit(out, slot);
        return;
      }
      case 'numeric':
      case 'range': {
        const column = columns.get(predicate.attribute)!;
        const test = numericTest(predicate);
        out.fill(0);
        const numbers = column.numbers;
        for (let slot = 0; slot < slotCount; slot++) {
          const value = numbers[slot]!;
          // NaN marks "no single number"; removed slots hold NaN too.
          if (value === value && test(value)) setBit(out, slot);
        }
        for (const [slot, values] of column.numbersInArrays) {
          if (values.some(test)) setBit(out, slot);
        }
        return;
      }
    }
  }

  /** The same filter as a test of one slot, for when only a few candidates need it. */
  compileTest(predicate: Predicate): (slot: number) => boolean {
    switch (predicate.kind) {
      // Loops, not every/some: those would make a closure per slot tested.
      case 'and': {
        const tests = predicate.items.map((item) => this.compileTest(item));
        return (slot) => {
          for (let i = 0; i < tests.length; i++) if (!tests[i]!(slot)) return false;
          return true;
        };
      }
      case 'or': {
        const tests = predicate.items.map((item) => this.compileTest(item));
        return (slot) => {
          for (let i = 0; i < tests.length; i++) if (tests[i]!(slot)) return true;
          return false;
        };
      }
      case 'not': {
        const test = this.compileTest(predicate.item);
        return (slot) => !test(slot);
      }
      case 'facet': {
        const column = this.sources.columns.get(predicate.attribute)!;
        const id = column.valueId(predicate.value);
        if (id === undefined) return () => false;
        return (slot) => column.hasValue(slot, id);
      }
      case 'geoReach':
        return this.reachTest(predicate.attribute);
      case 'numeric':
      case 'range': {
        const column = this.sources.columns.get(predicate.attribute)!;
        const test = numericTest(predicate);
        return (slot) => column.someNumber(slot, test);
      }
    }
  }

  /** `attribute >= _geoDistance` as a test of one slot. */
  private reachTest(attribute: string): (slot: number) => boolean {
    if (!this.origin) throw new SearchInputError(`A filter on ${GEO_DISTANCE} needs aroundLatLng`);
    const { geo, columns, scratch } = this.sources;
    this.reachDistances ??= scratch.float64('reach-distance', geo.points.length).fill(NaN);
    return geo.reachTest(this.origin, columns.get(attribute)!.numbers, this.reachDistances);
  }
}
