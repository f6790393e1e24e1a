import { slotsOf, type Bitset } from './bitset';
import type { NearestPoints } from './nearest-points';
import type { Scratch } from './scratch';

/**
 * The empty value of a per-slot mark array (`SlotMarks`): a slot's best word match while a
 * query runs, or whether it is among the candidates when a page is picked.
 */
export const NO_MATCH = 0x7fffffff;

/** Per-slot work array, all NO_MATCH between uses: whoever marks slots resets them afterwards. */
export type SlotMarks = Int32Array;

/** A slot's text key is `weight[codes[slot]]`; a code of 255 (NO_CODE) marks a slot not matched. */
export interface KeyOfSlot {
  codes: Uint8Array;
  weight: Int32Array;
}

/** What a query matched, in whichever form was cheapest to produce. */
export interface Matches {
  count: number;
  /** Every live document: facet counts are the index's running totals. */
  all: boolean;
  /** The matching slots, when produced by the text or geographic path (in no order). */
  slots?: Int32Array;
  /** The matching slots as a bitset, when produced by filters alone. */
  bits?: Bitset;
  /** Text relevance per entry of `slots`: lower is better (see TextMatcher). */
  textKeys?: Int32Array;
  /** Each entry's distance as its position among the distinct distances (same order). */
  distanceRanks?: Int32Array;
  distanceRankCount?: number;
  /**
   * Instead of `distanceRanks`, for matches given as `bits`: their locations nearest first, from
   * which the page is read location by location.
   */
  nearest?: NearestPoints;
  /** Each slot's text key, when the matches are exactly one word's result kept by slot. */
  keyOfSlot?: KeyOfSlot;
  /** Set when `slots` is already in ranking order (after distinct). */
  ranked?: boolean;
  /** The query's `sortBy` key per entry of `slots` (same order), ahead of everything else. */
  sortKeys?: Int32Array;
  sortKeyCount?: number;
}

/** The matching slots as a list (made once from the bitset when that is what the query had). */
export function slotsOfMatches(matches: Matches, scratch: Scratch): Int32Array {
  matches.slots ??= slotsOf(matches.bits!, matches.count, scratch.int32('slots', matches.count));
  return matches.slots;
}
