/** A set of document slots, one bit each, 32 to a word. */
export type Bitset = Uint32Array;

export const wordsFor = (bits: number): number => (bits + 31) >>> 5;

export function hasBit(bits: Bitset, slot: number): boolean {
  return ((bits[slot >>> 5] ?? 0) & (1 << (slot & 31))) !== 0;
}

export function setBit(bits: Bitset, slot: number): void {
  bits[slot >>> 5]! |= 1 << (slot & 31);
}

export function clearBit(bits: Bitset, slot: number): void {
  bits[slot >>> 5]! &= ~(1 << (slot & 31));
}

function popcount(word: number): number {
  let x = word - ((word >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) as number;
}

export function countBits(bits: Bitset): number {
  let total = 0;
  for (let i = 0; i < bits.length; i++) if (bits[i] !== 0) total += popcount(bits[i]!);
  return total;
}

/**
 * The slots set in `bits`, ascending; `count` (if known) sizes the result exactly, and `into`
 * (at least that long) receives them instead of a new array.
 */
export function slotsOf(bits: Bitset, count = countBits(bits), into?: Int32Array): Int32Array {
  const slots = into ? into.subarray(0, count) : new Int32Array(count);
  let next = 0;
  for (let i = 0; i < bits.length; i++) {
    let word = bits[i]!;
    while (word !== 0) {
      const lowest = word & -word;
      slots[next++] = (i << 5) | (31 - Math.clz32(lowest));
      word ^= lowest;
    }
  }
  return slots;
}

export function andInto(target: Bitset, other: Bitset): void {
  for (let i = 0; i < target.length; i++) target[i]! &= other[i] ?? 0;
}

export function orInto(target: Bitset, other: Bitset): void {
  const length = Math.min(target.length, other.length);
  for (let i = 0; i < length; i++) target[i]! |= other[i]!;
}

/** target = universe AND NOT target. */
export function complementWithin(target: Bitset, universe: Bitset): void {
  for (let i = 0; i < target.length; i++) target[i] = (universe[i] ?? 0) & ~target[i]!;
}
