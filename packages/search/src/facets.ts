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

/**
 * The facet attributes, one column each, and their counts over a query's matches: increments
 * over the matches, or, when most documents match, decrements of the few that do not from the
 * running totals.
 */
export class Facets {
  readonly columns: ReadonlyMap<string, FacetColumn>;
  /** facets_stats over every live document, per facet; emptied by every write. */
  private readonly allStatsCache = new Map<string, NumericStats | undefined>();

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
    for (const column of this.columns.values()) column.add(slot, document[column.attribute]);
  }

  remove(slot: number): void {
    this.allStatsCache.clear();
    for (const column of this.columns.values()) column.remove(slot);
  }

  exportState(renumber: Int32Array, slotCount: number): FacetColumnState[] {
    return [...this.columns.values()].map((column) => column.exportState(renumber, slotCount));
  }

  /** The counts (and numeric stats) of the requested facets over the matches. */
  count(matches: Matches, params: SearchParams): Pick<SearchResult, 'facets' | 'facets_stats'> {
    const requested = (params.facets ?? []).flatMap((facet) =>
      facet === '*' ? [...this.columns.keys()] : [facet],
    );
    const facetNames = [...new Set(requested)].filter((facet) => this.columns.has(facet));
    const limit = params.maxValuesPerFacet ?? DEFAULT_MAX_VALUES_PER_FACET;
    const byLabel = params.sortFacetValuesBy === 'alpha';
    const facets: SearchResult['facets'] = {};
    const stats: NonNullable<SearchResult['facets_stats']> = {};
    const { alive, liveCount } = this.slots;
    // When most documents match, count the few that do not and subtract them from the totals.
    let misses: Int32Array | undefined;
    if (!matches.all && facetNames.length > 0 && matches.count * 2 > liveCount) {
      const bits = this.scratch.uint32('complement', alive.length).fill(0);
      if (matches.bits) bits.set(matches.bits);
      else for (const slot of matches.slots!) setBit(bits, slot);
      complementWithin(bits, alive);
      const missCount = liveCount - matches.count;
      misses = slotsOf(bits, missCount, this.scratch.int32('misses', missCount));
    }
    for (const facet of facetNames) {
      const column = this.columns.get(facet)!;
      if (matches.all) {
        facets[facet] = Object.fromEntries(this.topValues(column, column.counts, limit, byLabel));
      } else if (misses) {
        const counts = this.scratch.int32('facet-counts', column.values.length);
        counts.set(column.counts.subarray(0, column.values.length));
        tally(column, misses, counts, -1);
        facets[facet] = Object.fromEntries(this.topValues(column, counts, limit, byLabel));
      } else {
        // Few matches: count into zeros and read back only the values seen.
        const counts = this.scratch.int32('facet-counts', column.values.length).fill(0);
        const seen = new IntList(64);
        tallySeen(column, slotsOfMatches(matches, this.scratch), counts, seen);
        facets[facet] = Object.fromEntries(
          this.topValues(column, counts, limit, byLabel, seen.view()),
        );
      }
      if (column.numericDocuments > 0) {
        let numeric: NumericStats | undefined;
        if (matches.all && this.allStatsCache.has(facet)) numeric = this.allStatsCache.get(facet);
        else numeric = numericStats(column, slotsOfMatches(matches, this.scratch));
        if (matches.all) this.allStatsCache.set(facet, numeric);
        if (numeric) stats[facet] = numeric;
      }
    }
    return Object.keys(stats).length > 0 ? { facets, facets_stats: stats } : { facets };
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
