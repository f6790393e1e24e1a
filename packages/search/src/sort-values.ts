import { ensureCapacity } from './int-list';
import type { Scratch } from './scratch';
import { sortNumbers } from './select';

/** The sortable attributes' values as a snapshot holds them: one array per attribute, by slot. */
export type SortValuesState = [attribute: string, values: Float64Array][];

/**
 * The numbers of each sortable attribute (IndexSettings.sortableAttributes) by slot, NaN where a
 * document has none, so that ordering the matches by one reads a typed array, not documents.
 */
export class SortValues {
  private readonly columns = new Map<string, Float64Array>();

  constructor(readonly attributes: readonly string[]) {
    for (const attribute of attributes) this.columns.set(attribute, new Float64Array(0));
  }

  has(attribute: string): boolean {
    return this.columns.has(attribute);
  }

  /** The values of `attribute` by slot (NaN: none); only for an attribute `has` knows. */
  of(attribute: string): Float64Array {
    return this.columns.get(attribute)!;
  }

  add(slot: number, document: Record<string, unknown>): void {
    for (const [attribute, values] of this.columns) {
      const grown = ensureCapacity(values, slot + 1, NaN);
      const value = document[attribute];
      grown[slot] = typeof value === 'number' && Number.isFinite(value) ? value : NaN;
      this.columns.set(attribute, grown);
    }
  }

  remove(slot: number): void {
    for (const values of this.columns.values()) if (slot < values.length) values[slot] = NaN;
  }

  /** Live slots only, renumbered by `renumber` (-1: removed) into `slotCount`. */
  exportState(renumber: Int32Array, slotCount: number): SortValuesState {
    return [...this.columns].map(([attribute, values]) => {
      const moved = new Float64Array(slotCount).fill(NaN);
      for (let slot = 0; slot < renumber.length; slot++) {
        const target = renumber[slot]!;
        if (target >= 0) moved[target] = values[slot] ?? NaN;
      }
      return [attribute, moved];
    });
  }

  static fromState(attributes: readonly string[], state: SortValuesState): SortValues {
    const sortValues = new SortValues(attributes);
    for (const [attribute, values] of state) sortValues.columns.set(attribute, values);
    return sortValues;
  }
}

/**
 * Each slot's sort key: the position of its value among the distinct values the slots hold
 * (reversed for descending), `count - 1` past the last for slots without one, so they come last.
 */
export function rankSortValues(
  values: Float64Array,
  slots: Int32Array,
  direction: 1 | -1,
  scratch: Scratch,
): { keys: Int32Array; count: number } {
  const present = scratch.float64('sort-values', slots.length);
  let presentCount = 0;
  for (let i = 0; i < slots.length; i++) {
    const value = values[slots[i]!] ?? NaN;
    if (value === value) present[presentCount++] = value;
  }
  sortNumbers(present.subarray(0, presentCount));
  let distinctCount = 0;
  for (let i = 0; i < presentCount; i++) {
    if (i === 0 || present[i] !== present[i - 1]) present[distinctCount++] = present[i]!;
  }
  const distinct = present.subarray(0, distinctCount);
  const keys = scratch.int32('sort-keys', slots.length);
  for (let i = 0; i < slots.length; i++) {
    const value = values[slots[i]!] ?? NaN;
    if (value !== value) {
      keys[i] = distinctCount;
      continue;
    }
    // Binary search: the value's position among the distinct ones.
    let low = 0;
    let high = distinctCount;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (distinct[middle]! < value) low = middle + 1;
      else high = middle;
    }
    keys[i] = direction === 1 ? low : distinctCount - 1 - low;
  }
  return { keys, count: distinctCount + 1 };
}
