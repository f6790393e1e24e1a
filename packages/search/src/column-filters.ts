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

/** A filter tree without the always-true parts that empty filter lists leave in it. */
export function simplify(predicate: Predicate): Predicate {
  if (predicate.kind === 'and' || predicate.kind === 'or') {
    const items = predicate.items.map(simplify).filter((item) => !isMatchAll(item));
    if (predicate.kind === 'or' && items.length < predicate.items.length) return MATCH_ALL;
    return items.length === 1 ? items[0]! : { kind: predicate.kind, items };
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
        // Numeric comparisons scan a whole column; facet values have ready postings. So the
        // others first, then each comparison tested only on what is left, when that is little.
        const scans = predicate.items.filter(isNumericComparison);
        const rest = predicate.items.filter((item) => !isNumericComparison(item));
        if (rest.length > 0) this.fillBits(rest[0]!, out, depth);
        else out.set(slots.alive.subarray(0, out.length));
        for (const item of rest.slice(1)) andInto(out, this.bitsFor(item, depth + 1));
        for (const item of scans) {
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
      case 'and': {
        const tests = predicate.items.map((item) => this.compileTest(item));
        return (slot) => tests.every((test) => test(slot));
      }
      case 'or': {
        const tests = predicate.items.map((item) => this.compileTest(item));
        return (slot) => tests.some((test) => test(slot));
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
