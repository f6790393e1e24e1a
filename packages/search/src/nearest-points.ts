import { countBits, hasBit, setBit, wordsFor, type Bitset } from './bitset';
import type { Matches } from './query-matches';
import type { Scratch } from './scratch';
import { lowerBound, sortNumbers } from './select';

/** Each location's slots, end to end (ascending within a location), and the located slots. */
export interface SlotsByPoint {
  /** Where each point's slots start in `slots` (one more entry: the end). */
  starts: Int32Array;
  slots: Int32Array;
  located: Bitset;
}

/** The matches' locations nearest first, for reading a page location by location. */
export interface NearestPoints {
  /** The points within the radius, nearest first. */
  points: Int32Array;
  /** Each point's distance as its position among the distinct distances (equal: equal). */
  pointRank: Int32Array;
  byPoint: SlotsByPoint;
}

/** Groups the slots of `pointOf` (-1: no location) by point, with a counting sort. */
export function slotsByPoint(pointOf: Int32Array, slotCount: number, pointCount: number) {
  const starts = new Int32Array(pointCount + 1);
  for (let slot = 0; slot < slotCount; slot++) {
    const point = pointOf[slot]!;
    if (point >= 0) starts[point + 1]!++;
  }
  for (let point = 0; point < pointCount; point++) starts[point + 1]! += starts[point]!;
  const next = starts.slice(0, pointCount);
  const slots = new Int32Array(starts[pointCount]!);
  const located = new Uint32Array(wordsFor(slotCount));
  for (let slot = 0; slot < slotCount; slot++) {
    const point = pointOf[slot]!;
    if (point < 0) continue;
    slots[next[point]!++] = slot;
    setBit(located, slot);
  }
  return { starts, slots, located };
}

/**
 * The slots of `universe` whose location is within `radius` of the origin, as a bitset, with
 * their points in order of distance (`distances`: each point's, measured). Work follows the
 * number of locations and of slots within the radius, not the size of `universe`; with an
 * unlimited radius it is a pass over the bitset's words.
 */
export function nearMatches(
  universe: Bitset,
  byPoint: SlotsByPoint,
  distances: Float64Array,
  radius: number,
  scratch: Scratch,
): Matches {
  const { starts, slots, located } = byPoint;
  const pointCount = distances.length;
  const bits = scratch.uint32('near-bits', universe.length);
  if (radius === Infinity) {
    for (let i = 0; i < bits.length; i++) bits[i] = universe[i]! & (located[i] ?? 0);
  } else {
    bits.fill(0);
    for (let point = 0; point < pointCount; point++) {
      if (!(distances[point]! <= radius)) continue;
      for (let i = starts[point]!; i < starts[point + 1]!; i++) {
        const slot = slots[i]!;
        if (hasBit(universe, slot)) setBit(bits, slot);
      }
    }
  }
  // The points within the radius by distance: each one's rank among the distinct distances,
  // then the points counting-sorted by rank (by id within one).
  let nearCount = 0;
  const sorted = scratch.float64('near-distances', pointCount);
  for (let point = 0; point < pointCount; point++) {
    if (distances[point]! <= radius) sorted[nearCount++] = distances[point]!;
  }
  sortNumbers(sorted.subarray(0, nearCount));
  let distinctCount = 0;
  for (let i = 0; i < nearCount; i++) {
    if (i === 0 || sorted[i] !== sorted[i - 1]) sorted[distinctCount++] = sorted[i]!;
  }
  const distinct = sorted.subarray(0, distinctCount);
  const pointRank = scratch.int32('near-rank', pointCount);
  const rankStarts = scratch.int32('near-rank-starts', distinctCount + 1).fill(0);
  for (let point = 0; point < pointCount; point++) {
    if (!(distances[point]! <= radius)) continue;
    const rank = lowerBound(distinct, distances[point]!);
    pointRank[point] = rank;
    rankStarts[rank + 1]!++;
  }
  for (let rank = 0; rank < distinctCount; rank++) rankStarts[rank + 1]! += rankStarts[rank]!;
  const points = scratch.int32('near-points', nearCount);
  for (let point = 0; point < pointCount; point++) {
    if (distances[point]! <= radius) points[rankStarts[pointRank[point]!]!++] = point;
  }
  return {
    count: countBits(bits),
    all: false,
    bits,
    nearest: { points, pointRank, byPoint },
  };
}
