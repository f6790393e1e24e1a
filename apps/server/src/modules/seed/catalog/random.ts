export type Rng = () => number;

/** FNV-1a 32-bit hash, used to turn slugs into PRNG seeds. */
export function hashString(value: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    hash ^= value.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Small, fast, seedable PRNG returning floats in [0, 1). */
export function mulberry32(seed: number): Rng {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<T>(rng: Rng, items: readonly T[]): T {
  const item = items[Math.floor(rng() * items.length)];
  if (item === undefined) throw new RangeError('Cannot pick from an empty list');
  return item;
}

/** `count` distinct items (fewer if the list is shorter), in random order. */
export function pickDistinct<T>(rng: Rng, items: readonly T[], count: number): T[] {
  const wanted = Math.min(count, items.length);
  const result: T[] = [];
  if (wanted * 2 <= items.length) {
    // Rejection sampling: cheap for the small counts used here and allocates nothing extra.
    while (result.length < wanted) {
      const item = pick(rng, items);
      if (!result.includes(item)) result.push(item);
    }
    return result;
  }
  const pool = [...items];
  while (result.length < wanted) {
    const [item] = pool.splice(Math.floor(rng() * pool.length), 1);
    if (item !== undefined) result.push(item);
  }
  return result;
}

export function chance(rng: Rng, probability: number): boolean {
  return rng() < probability;
}

/** Inclusive integer range. */
export function intBetween(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1));
}

/** A value in [min, max] rounded to one decimal place. */
export function decimalBetween(rng: Rng, min: number, max: number): number {
  return Math.round((min + rng() * (max - min)) * 10) / 10;
}

export function weighted<T>(rng: Rng, entries: readonly (readonly [T, number])[]): T {
  let total = 0;
  for (const [, weight] of entries) total += weight;
  let roll = rng() * total;
  for (const [item, weight] of entries) {
    roll -= weight;
    if (roll < 0) return item;
  }
  const last = entries[entries.length - 1];
  if (!last) throw new RangeError('Cannot pick from an empty list');
  return last[0];
}
