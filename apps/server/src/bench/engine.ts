import type { ProductDocument } from '../modules/search/index';
import type { BenchQuery } from './queries';

export type EngineName = 'ours' | 'postgres' | 'orama';
export const ENGINE_NAMES: readonly EngineName[] = ['ours', 'postgres', 'orama'];

/** What the agreement check compares: counts and facets, not the order of hits. */
export interface Comparable {
  nbHits: number;
  pageIds: string[];
  facets: Record<string, Record<string, number>>;
}

export interface BuildReport {
  ms: number;
  /** Named parts of the build, e.g. PostgreSQL's load and index creation. */
  parts?: Record<string, number>;
  /** Size of the on-disk snapshot, for engines that restart from one. */
  snapshotBytes?: number;
}

/**
 * One engine under test. `run` is the only call that is timed: it does everything a search
 * endpoint needs (matching, ranking, the page of hits, facet counts, top values per facet).
 */
export interface Engine<Raw = unknown> {
  readonly name: EngineName;
  build(documents: readonly ProductDocument[]): Promise<BuildReport>;
  run(query: BenchQuery): Raw | Promise<Raw>;
  /** For engines that restart from a snapshot: write one, restart from it, say how long. */
  measureRestart?(): Promise<Pick<BuildReport, 'parts' | 'snapshotBytes'>>;
  read(raw: Raw): Comparable;
  /** Every matching objectID (untimed); only asked for queries with few hits. */
  allIds(query: BenchQuery, limit: number): string[] | Promise<string[]>;
  close(): Promise<void>;
}

/** Highest counts first, then by value as our engine orders them, cut to `limit`. */
export function topValues(counts: Map<string, number>, limit: number): Record<string, number> {
  return Object.fromEntries(
    [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, limit),
  );
}
