import { complementWithin, setBit, slotsOf } from './bitset';
import type { DocumentSlots } from './document-slots';
import { FacetColumn, type FacetColumnState } from './facet-column';
import { highlightPrefix, type HighlightTags } from './highlight';
import { IntList } from './int-list';
import { slotsOfMatches, type Matches } from './query-matches';
import type { Scratch } from './scratch';
import { smallestKeys } from './select';
import { foldForMatch } from './tokenize';
import type { FacetHit, SearchDocument, SearchParams, SearchResult } from './types';

const DEFAULT_MAX_VALUES_PER_FACET = 100;
/** Match sets at least this large have their facet answers kept, as counting them costs passes. */
const CACHED_ANSWER_MIN_MATCHES = 10_000;
/** How many facet answers are kept (each a few hundred values at most). */
const CACHED_ANSWERS = 256;

type FacetAnswer = Pick<SearchResult, 'facets' | 'facets_stats'>;

/** A copy of a kept answer, so that a caller changing its answer does not change the next one. */
function copyAnswer({ facets, facets_stats }: FacetAnswer): FacetAnswer {
  const copy: FacetAnswer = { facets: {} };
  for (const [facet, counts] of Object.entries(facets)) copy.facets[facet] = { ...counts };
  if (facets_stats) {
    copy.facets_stats = {};
    for (const [facet, stats] of Object.entries(facets_stats))
      copy.facets_stats[facet] = { ...stats };
  }
  return copy;
}

type NumericStats = { min: number; max: number; sum: number; avg: number };

/** Adds `step` to the count of each value of each slot in `slots`. */
function tally(column: FacetColumn, slots: Int32Array, counts: Int32Array, step: 1 | -1): void {
  const first = column.first;
  for (let i = 0; i < slots.length; i++) {
    const id = first[slots[i]!]!;
    if (id >= 0) counts[id]! += step;
  }
  if (!column.hasArrays) return;
  for (let i = 0; i < slots.length; i++) {
    const more = column.extra.get(slots[i]!);
    if (more) for (const id of more) counts[id]! += step;
  }
}

/**
 * Counts the values of `slots` into `counts` (all zero before), listing in `seen` each value
 * counted, so that reading and clearing the counts costs the values seen, not all values.
 */
function tallySeen(
  column: FacetColumn,
  slots: Int32Array,
  counts: Int32Array,
  seen: IntList,
): void {
  const first = column.first;
  for (let i = 0; i < slots.length; i++) {
    const id = first[slots[i]!]!;
    if (id >= 0 && counts[id]!++ === 0) seen.push(id);
  }
  if (!column.hasArrays) return;
  for (let i = 0; i < slots.length; i++) {
    const more = column.extra.get(slots[i]!);
    if (more) for (const id of more) if (counts[id]!++ === 0) seen.push(id);
  }
}

/** min, max, sum and average of the single numbers of `slots` (facets_stats). */
function numericStats(column: FacetColumn, slots: Int32Array): NumericStats | undefined {
  let min = Infinity;
  let max = -Infinity;
  let sum = 0;
  let count = 0;
  const numbers = column.numbers;
  for (let i = 0; i < slots.length; i++) {
    const value = numbers[slots[i]!]!;
    // NaN marks a slot without a single number.
    if (value !== value) continue;
    if (value < min) min = value;
    if (value > max) max = value;
    sum += value;
    count++;
  }
  return count === 0 ? undefined : { min, max, sum, avg: sum / count };
}

const UNKNOWN = 'unknown';

/**
 * min, max, sum and average from the counts of each value, when every counted value is a plain
 * number that all its documents hold as their single value (see FacetColumn.numericCounts);
 * UNKNOWN otherwise. Sums of whole numbers are exact in any order; sums of fractions may differ
 * in the last digits from adding document by document.
 */
function statsFromCounts(
  column: FacetColumn,
  counts: Int32Array,
  candidates: Int32Array | undefined,
): NumericStats | undefined | typeof UNKNOWN {
  const { numericCounts, valueNumbers } = column;
  const total = column.counts;
  let min = Infinity;
  let max = -Infinity;
  let sum = 0;
  let count = 0;
  const length = candidates ? candidates.length : column.values.length;
  for (let i = 0; i < length; i++) {
    const id = candidates ? candidates[i]! : i;
    const times = counts[id]!;
    if (times <= 0) continue;
    if (numericCounts[id] !== total[id]) return UNKNOWN;
    const value = valueNumbers[id]!;
    if (value < min) min = value;
    if (value > max) max = value;
    sum += times * value;
    count += times;
  }
  return count === 0 ? undefined : { min, max, sum, avg: sum / count };
}

/**
 * The facet attributes, one column each, and their counts over a query's matches: increments
 * over the matches, or, when most documents match, decrements of the few that do not from the
 * running totals.
 */
export class Facets {
  readonly columns: ReadonlyMap<string, FacetColumn>;
  /** facets_stats over every live document, per facet; emptied by every write. */
  private readonly allStatsCache = new Map<string, NumericStats | undefined>();
  /**
   * Facet answers of large match sets, by what defined the set and the facet parameters (pages,
   * other origins of an "all" radius, and repeated refinements share them); emptied by every
   * write, least recently used out first.
   */
  private readonly answerCache = new Map<string, FacetAnswer>();

  constructor(
    columns: readonly FacetColumn[],
    private readonly slots: DocumentSlots,
    private readonly scratch: Scratch,
  ) {
    this.columns = new Map(columns.map((column) => [column.attribute, column]));
  }

  static empty(attributes: readonly string[], slots: DocumentSlots, scratch: Scratch): Facets {
    return new Facets(
      attributes.map((attribute) => new FacetColumn(attribute)),
      slots,
      scratch,
    );
  }

  add(slot: number, document: SearchDocument): void {
    this.allStatsCache.clear();
    this.answerCache.clear();
    for (const column of this.columns.values()) column.add(slot, document[column.attribute]);
  }

  remove(slot: number): void {
    this.allStatsCache.clear();
    this.answerCache.clear();
    for (const column of this.columns.values()) column.remove(slot);
  }

  exportState(renumber: Int32Array, slotCount: number): FacetColumnState[] {
    return [...this.columns.values()].map((column) => column.exportState(renumber, slotCount));
  }

  /**
   * The counts (and numeric stats) of the requested facets over the matches: one pass per facet
   * over the matches, or over the documents that do not match when those are fewer; the stats
   * follow from the counts when the facet's values are plain numbers. With `matchKey` (what
   * defined the matches, see SearchIndex), the answer for a large set is kept for the next query
   * with the same set.
   */
  count(matches: Matches, params: SearchParams, matchKey?: string): FacetAnswer {
    if (matchKey === undefined || matches.all || matches.count < CACHED_ANSWER_MIN_MATCHES) {
      return this.countAll(matches, params);
    }
    const key = JSON.stringify([
      matchKey,
      params.facets ?? [],
      params.maxValuesPerFacet ?? null,
      params.sortFacetValuesBy ?? null,
    ]);
    let answer = this.answerCache.get(key);
    if (answer) {
      this.answerCache.delete(key);
    } else {
      answer = this.countAll(matches, params);
      if (this.answerCache.size >= CACHED_ANSWERS) {
        this.answerCache.delete(this.answerCache.keys().next().value!);
      }
    }
    this.answerCache.set(key, answer);
    return copyAnswer(answer);
  }

  private countAll(matches: Matches, params: SearchParams): FacetAnswer {
    const requested = (params.facets ?? []).flatMap((facet) =>
      facet === '*' ? [...this.columns.keys()] : [facet],
    );
    const facetNames = [...new Set(requested)].filter((facet) => this.columns.has(facet));
    const limit = params.maxValuesPerFacet ?? DEFAULT_MAX_VALUES_PER_FACET;
    const byLabel = params.sortFacetValuesBy === 'alpha';
    const facets: SearchResult['facets'] = {};
    const stats: NonNullable<SearchResult['facets_stats']> = {};
    if (facetNames.length === 0) return { facets };
    // When most documents match, count the few that do not and subtract them from the totals.
    const misses =
      !matches.all && matches.count * 2 > this.slots.liveCount ? this.missesOf(matches) : undefined;
    for (const facet of facetNames) {
      const column = this.columns.get(facet)!;
      const valueCount = column.values.length;
      let counts = column.counts;
      let seen: Int32Array | undefined;
      if (misses) {
        counts = this.scratch.int32('facet-counts', valueCount);
        counts.set(column.counts.subarray(0, valueCount));
        tally(column, misses, counts, -1);
      } else if (!matches.all) {
        counts = this.scratch.int32('facet-counts', valueCount).fill(0);
        const slots = slotsOfMatches(matches, this.scratch);
        if (slots.length >= valueCount) {
          tally(column, slots, counts, 1);
        } else {
          // Fewer matches than values: read back only the values seen.
          const seenList = new IntList(64);
          tallySeen(column, slots, counts, seenList);
          seen = seenList.view();
        }
      }
      facets[facet] = Object.fromEntries(this.topValues(column, counts, limit, byLabel, seen));
      if (column.numericDocuments > 0) {
        const numeric = this.numericStatsOf(facet, column, matches, counts, seen);
        if (numeric) stats[facet] = numeric;
      }
    }
    return Object.keys(stats).length > 0 ? { facets, facets_stats: stats } : { facets };
  }

  /** The live slots that are not among the matches. */
  private missesOf(matches: Matches): Int32Array {
    const { alive, liveCount } = this.slots;
    const bits = this.scratch.uint32('complement', alive.length).fill(0);
    if (matches.bits) bits.set(matches.bits);
    else {
      const slots = matches.slots!;
      for (let i = 0; i < slots.length; i++) setBit(bits, slots[i]!);
    }
    complementWithin(bits, alive);
    const missCount = liveCount - matches.count;
    return slotsOf(bits, missCount, this.scratch.int32('misses', missCount));
  }

  /** facets_stats of one facet over the matches, whose value counts are `counts`. */
  private numericStatsOf(
    facet: string,
    column: FacetColumn,
    matches: Matches,
    counts: Int32Array,
    seen: Int32Array | undefined,
  ): NumericStats | undefined {
    if (matches.all && this.allStatsCache.has(facet)) return this.allStatsCache.get(facet);
    let numeric = statsFromCounts(column, counts, seen);
    if (numeric === UNKNOWN) numeric = numericStats(column, slotsOfMatches(matches, this.scratch));
    if (matches.all) this.allStatsCache.set(facet, numeric);
    return numeric;
  }

  /** Values of one facet that start with (any word of) `facetQuery`, counted over the matches. */
  searchValues(
    facetName: string,
    facetQuery: string,
    matches: Matches,
    params: SearchParams,
    maxFacetHits: number,
    tags: HighlightTags,
  ): FacetHit[] {
    const column = this.columns.get(facetName)!;
    const wanted = foldForMatch(facetQuery.trim());
    const wantedValues = new Uint8Array(column.values.length);
    column.values.forEach((value, id) => {
      const folded = column.foldedValue(id);
      const found = !wanted || folded.startsWith(wanted) || folded.includes(` ${wanted}`);
      wantedValues[id] = found && value !== '' ? 1 : 0;
    });
    const counts = this.scratch.int32('facet-counts', column.values.length).fill(0);
    const seen = new IntList(64);
    tallySeen(column, slotsOfMatches(matches, this.scratch), counts, seen);
    seen.retain((id) => wantedValues[id] === 1);
    const byLabel = params.sortFacetValuesBy === 'alpha';
    return this.topValues(column, counts, maxFacetHits, byLabel, seen.view()).map(
      ([value, count]) => ({ value, count, highlighted: highlightPrefix(value, wanted, tags) }),
    );
  }

  /**
   * The `limit` most frequent values with a count, ties in label order; or, `byLabel`, the first
   * `limit` values with a count in label order (see collation.ts).
   */
  private topValues(
    column: FacetColumn,
    counts: Int32Array,
    limit: number,
    byLabel: boolean,
    /** The only values that can have a count, when known. */
    candidates?: Int32Array,
  ): [string, number][] {
    const valueCount = column.values.length;
    if (valueCount === 0) return [];
    const rank = column.collationRank();
    const most = this.slots.length + 1;
    const keys = this.scratch.float64('value-keys', candidates?.length ?? valueCount);
    let keyCount = 0;
    const consider = (id: number) => {
      const count = counts[id]!;
      if (count > 0 && column.values[id] !== '') {
        keys[keyCount++] = (byLabel ? 0 : (most - count) * valueCount) + rank[id]!;
      }
    };
    if (candidates) for (let i = 0; i < candidates.length; i++) consider(candidates[i]!);
    else for (let id = 0; id < valueCount; id++) consider(id);
    const top = smallestKeys(keys.subarray(0, keyCount), limit);
    if (byLabel) {
      return Array.from(top, (position) => {
        const id = column.valueAtRank(position);
        return [column.values[id]!, counts[id]!];
      });
    }
    return Array.from(top, (key) => {
      const position = key % valueCount;
      return [column.values[column.valueAtRank(position)]!, most - (key - position) / valueCount];
    });
  }
}
