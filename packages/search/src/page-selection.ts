import { hasBit, slotsOf } from './bitset';
import type { DocumentSlots } from './document-slots';
import { GEO_DISTANCE } from './filters';
import { NO_MATCH, slotsOfMatches, type Matches, type SlotMarks } from './query-matches';
import type { RankingOrder } from './ranking-order';
import type { Scratch } from './scratch';
import { lowerBound, smallestKeys, sortNumbers } from './select';
import { rankSortValues, type SortValues } from './sort-values';
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
  // Relevance (and distance) come first: count entries per primary key, find the key where the
  // page ends, sort what comes before it and pick the rest of the page from that key's entries.
  const { keys, count: keyCount } = primary;
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
