import { hasBit, slotsOf, type Bitset } from './bitset';
import type { DocumentSlots } from './document-slots';
import { GEO_DISTANCE } from './filters';
import type { NearestPoints } from './nearest-points';
import {
  NO_MATCH,
  slotsOfMatches,
  type KeyOfSlot,
  type Matches,
  type SlotMarks,
} from './query-matches';
import type { RankingOrder } from './ranking-order';
import type { Scratch } from './scratch';
import { lowerBound, smallestKeys, sortNumbers } from './select';
import { rankSortValues, type SortValues } from './sort-values';
import { NO_CODE } from './word-cache';
import { SearchInputError, type SearchParams } from './types';

/** A query's `sortBy`, parsed: a sortable attribute (or the distance) and a direction. */
export interface SortOrder {
  attribute: string;
  direction: 1 | -1;
}

/** The query's `sortBy`, checked against the sortable attributes. */
export function parseSort(params: SearchParams, sortValues: SortValues): SortOrder | undefined {
  if (params.sortBy === undefined) return undefined;
  const match = /^(asc|desc)\((.+)\)$/.exec(params.sortBy);
  const attribute = match?.[2];
  if (!match || !attribute || !(attribute === GEO_DISTANCE || sortValues.has(attribute))) {
    throw new SearchInputError(
      `sortBy must be asc(attribute) or desc(attribute) of a sortable attribute or ${GEO_DISTANCE}`,
    );
  }
  if (attribute === GEO_DISTANCE && !params.aroundLatLng) {
    throw new SearchInputError(`Sorting by ${GEO_DISTANCE} needs aroundLatLng`);
  }
  return { attribute, direction: match[1] === 'asc' ? 1 : -1 };
}

/** What picking a page reads: the slots, the custom-ranking order and work arrays. */
export interface PageSources {
  slots: DocumentSlots;
  ranking: RankingOrder;
  sortValues: SortValues;
  scratch: Scratch;
  marks: SlotMarks;
}

/**
 * Gives each match its sort key: the distance's rank, or the position of its value among the
 * distinct values the matches hold (reversed for desc); matches without a value come last.
 */
export function applySort(sources: PageSources, matches: Matches, sort: SortOrder): void {
  const slots = slotsOfMatches(matches, sources.scratch);
  if (sort.attribute === GEO_DISTANCE) {
    const ranks = matches.distanceRanks!;
    const count = matches.distanceRankCount ?? 1;
    if (sort.direction === -1)
      for (let i = 0; i < ranks.length; i++) ranks[i] = count - 1 - ranks[i]!;
    // The distance now leads the order, so it is not counted a second time after relevance.
    matches.sortKeys = ranks;
    matches.sortKeyCount = count;
    matches.distanceRanks = undefined;
    matches.distanceRankCount = undefined;
    return;
  }
  const { keys, count } = rankSortValues(
    sources.sortValues.of(sort.attribute),
    slots,
    sort.direction,
    sources.scratch,
  );
  matches.sortKeys = keys;
  matches.sortKeyCount = count;
}

/** The best `wanted` slots, in ranking order. */
export function topSlots(sources: PageSources, matches: Matches, wanted: number): number[] {
  if (wanted <= 0 || matches.count === 0) return [];
  if (matches.ranked) return Array.from(matches.slots!.subarray(0, wanted));
  if (matches.nearest) return nearestFirst(sources, matches.bits!, matches.nearest, wanted);
  const { order, rankOf } = sources.ranking;
  const primary = primaryKeys(matches, sources.scratch);
  if (primary === undefined) {
    // Ranking alone decides. Most documents match: walk the ranking order until the page is full.
    if (matches.bits && matches.count * 16 >= sources.slots.liveCount) {
      const found: number[] = [];
      for (let i = 0; i < order.length && found.length < wanted; i++) {
        const slot = order[i]!;
        if (hasBit(matches.bits, slot)) found.push(slot);
      }
      return found;
    }
    return bestByRank(sources, slotsOfMatches(matches, sources.scratch), wanted);
  }
  const slots = matches.slots!;
  const { keys, count: keyCount } = primary;
  if (slots.length * 16 >= sources.slots.liveCount) {
    // Keys by slot are only the text keys' when nothing else ranks first.
    const keyOfSlot = matches.sortKeys || matches.distanceRanks ? undefined : matches.keyOfSlot;
    return walkByKey(sources, slots, keys, keyCount, wanted, keyOfSlot);
  }
  // Relevance (and distance) come first: count entries per primary key, find the key where the
  // page ends, sort what comes before it and pick the rest of the page from that key's entries.
  const scratch = sources.scratch;
  const histogram = scratch.int32('histogram', keyCount).fill(0);
  for (let i = 0; i < keys.length; i++) histogram[keys[i]!]!++;
  let boundary = 0;
  let before = 0;
  while (boundary < keyCount - 1 && before + histogram[boundary]! < wanted) {
    before += histogram[boundary++]!;
  }
  const positions = order.length;
  const packed = scratch.float64('packed', before);
  const boundarySlots = scratch.int32('boundary', histogram[boundary]!);
  let packedCount = 0;
  let boundaryCount = 0;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    if (key < boundary) packed[packedCount++] = key * positions + rankOf[slots[i]!]!;
    else if (key === boundary) boundarySlots[boundaryCount++] = slots[i]!;
  }
  const result = Array.from(sortNumbers(packed), (key) => order[key % positions]!);
  const rest = bestByRank(sources, boundarySlots, wanted - result.length);
  for (const slot of rest) result.push(slot);
  return result;
}

/**
 * The page of many matches by primary key, then custom ranking, read off the ranking order:
 * each match is marked with its key (or its key is read by slot, `keyOfSlot`), and the order
 * walked until every match whose key comes before the page's last key, and enough with that
 * key, are found. Fewer passes over the matches than sorting the keys before the last and
 * picking the best of those with it.
 */
function walkByKey(
  sources: PageSources,
  slots: Int32Array,
  keys: Int32Array,
  keyCount: number,
  wanted: number,
  keyOfSlot: KeyOfSlot | undefined,
): number[] {
  const { order } = sources.ranking;
  const mark = sources.marks;
  const histogram = sources.scratch.int32('histogram', keyCount).fill(0);
  if (keyOfSlot) {
    for (let i = 0; i < keys.length; i++) histogram[keys[i]!]!++;
  } else {
    for (let i = 0; i < slots.length; i++) {
      mark[slots[i]!] = keys[i]!;
      histogram[keys[i]!]!++;
    }
  }
  let boundary = 0;
  let before = 0;
  while (boundary < keyCount - 1 && before + histogram[boundary]! < wanted) {
    before += histogram[boundary++]!;
  }
  const byKey: number[][] = Array.from({ length: boundary + 1 }, () => []);
  let missing = before;
  let atBoundary = Math.min(wanted - before, histogram[boundary]!);
  const codes = keyOfSlot?.codes;
  const weight = keyOfSlot?.weight;
  for (let i = 0; i < order.length && (missing > 0 || atBoundary > 0); i++) {
    const slot = order[i]!;
    let key: number;
    if (codes) {
      const code = codes[slot]!;
      key = code === NO_CODE ? NO_MATCH : weight![code]!;
    } else {
      key = mark[slot]!;
    }
    if (key < boundary) {
      byKey[key]!.push(slot);
      missing--;
    } else if (key === boundary && atBoundary > 0) {
      byKey[key]!.push(slot);
      atBoundary--;
    }
  }
  if (!keyOfSlot) for (let i = 0; i < slots.length; i++) mark[slots[i]!] = NO_MATCH;
  return byKey.flat().slice(0, wanted);
}

/**
 * What ranks the matches before the custom ranking, as small whole numbers: the text key, the
 * distance's rank, or both combined (undefined when neither applies). When the combined range
 * is much larger than the number of matches, the keys are replaced by their ranks among
 * themselves, which keeps the order and bounds the histogram.
 */
function primaryKeys(
  matches: Matches,
  scratch: Scratch,
): { keys: Int32Array; count: number } | undefined {
  const { textKeys, distanceRanks, sortKeys } = matches;
  const distanceCount = matches.distanceRankCount ?? 1;
  if (!textKeys && !distanceRanks && !sortKeys) return undefined;
  const length = (textKeys ?? distanceRanks ?? sortKeys)!.length;
  let highestTextKey = 0;
  if (textKeys) {
    for (let i = 0; i < length; i++) {
      if (textKeys[i]! > highestTextKey) highestTextKey = textKeys[i]!;
    }
  }
  const relevanceRange = (highestTextKey + 1) * distanceCount;
  const range = relevanceRange * (sortKeys ? (matches.sortKeyCount ?? 1) : 1);
  const combined = (i: number) =>
    (sortKeys ? sortKeys[i]! * relevanceRange : 0) +
    (textKeys ? textKeys[i]! * distanceCount : 0) +
    (distanceRanks ? distanceRanks[i]! : 0);
  if (range <= 4 * length + 1024) {
    if (!distanceRanks && !sortKeys) return { keys: textKeys!, count: range };
    const keys = scratch.int32('primary', length);
    for (let i = 0; i < length; i++) keys[i] = combined(i);
    return { keys, count: range };
  }
  const values = scratch.float64('primary-values', length);
  for (let i = 0; i < length; i++) values[i] = combined(i);
  const sorted = scratch.float64('primary-sorted', length);
  sorted.set(values);
  sortNumbers(sorted);
  let distinctCount = 0;
  for (let i = 0; i < length; i++) {
    if (i === 0 || sorted[i] !== sorted[i - 1]) sorted[distinctCount++] = sorted[i]!;
  }
  const distinctValues = sorted.subarray(0, distinctCount);
  const keys = scratch.int32('primary', length);
  for (let i = 0; i < length; i++) keys[i] = lowerBound(distinctValues, values[i]!);
  return { keys, count: distinctCount };
}

/** The `wanted` slots of `slots` that rank first in the custom ranking, in that order. */
function bestByRank(sources: PageSources, slots: Int32Array, wanted: number): number[] {
  if (wanted <= 0 || slots.length === 0) return [];
  const { order, rankOf } = sources.ranking;
  if (slots.length * 16 >= sources.slots.liveCount && wanted < slots.length) {
    // Dense: mark them and walk the ranking order until enough are found.
    const mark = sources.marks;
    for (let i = 0; i < slots.length; i++) mark[slots[i]!] = 0;
    const found: number[] = [];
    for (let i = 0; i < order.length && found.length < wanted; i++) {
      const slot = order[i]!;
      if (mark[slot] === 0) found.push(slot);
    }
    for (let i = 0; i < slots.length; i++) mark[slots[i]!] = NO_MATCH;
    return found;
  }
  const ranks = sources.scratch.float64('ranks', slots.length);
  for (let i = 0; i < slots.length; i++) ranks[i] = rankOf[slots[i]!]!;
  return Array.from(smallestKeys(ranks, wanted), (rank) => order[rank]!);
}

/**
 * The best `wanted` matches by distance, then custom ranking: the locations are read nearest
 * first, those at one distance together, until the page is full.
 */
function nearestFirst(
  sources: PageSources,
  bits: Bitset,
  nearest: NearestPoints,
  wanted: number,
): number[] {
  const { points, pointRank, byPoint } = nearest;
  const { starts, slots } = byPoint;
  const found: number[] = [];
  let i = 0;
  while (i < points.length && found.length < wanted) {
    const rank = pointRank[points[i]!]!;
    const group: number[] = [];
    for (; i < points.length && pointRank[points[i]!] === rank; i++) {
      const point = points[i]!;
      for (let j = starts[point]!; j < starts[point + 1]!; j++) {
        if (hasBit(bits, slots[j]!)) group.push(slots[j]!);
      }
    }
    const best = bestByRank(sources, Int32Array.from(group), wanted - found.length);
    for (const slot of best) found.push(slot);
  }
  return found;
}

/** Keeps the best-ranked match of each value of `attribute` (and every match without one). */
export function distinct(sources: PageSources, matches: Matches, attribute: string): Matches {
  const slots = matches.slots ?? slotsOf(matches.bits!, matches.count);
  const ranked = topSlots(sources, { ...matches, slots, bits: undefined }, slots.length);
  const seen = new Set<unknown>();
  const kept = ranked.filter((slot) => {
    const key = sources.slots.document(slot)![attribute];
    if (key === undefined || key === null) return true;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return { count: kept.length, all: false, slots: Int32Array.from(kept), ranked: true };
}
