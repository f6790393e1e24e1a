import { DocumentStore } from './document-store';
import { DocumentSlots } from './document-slots';
import { FacetColumn, type FacetColumnState } from './facet-column';
import { Facets } from './facets';
import { GeoPoints } from './geo-points';
import { Lexicon, type LexiconState } from './lexicon';
import { RankingOrder, type RankingRule } from './ranking-order';
import type { Scratch } from './scratch';
import { SortValues, type SortValuesState } from './sort-values';
import { TextMatcher } from './text-matcher';
import type { IndexSettings, SearchDocument } from './types';

/** Bump when the layout of IndexState changes, so older snapshots are rebuilt, not misread. */
const INDEX_STATE_FORMAT = 3;

/** What `exportState` returns and `fromState` takes. */
export interface IndexState {
  format: number;
  settings: IndexSettings;
  objectIDs: string[];
  /** The documents as UTF-8 JSON chunks, decoded when first needed (see DocumentStore). */
  documents: Uint8Array[];
  lexicon: LexiconState;
  columns: FacetColumnState[];
  /** latitude, longitude of each distinct location, in pairs. */
  points: Float64Array;
  pointOf: Int32Array;
  order: Int32Array;
  sortValues: SortValuesState;
}

/** The stores an index is made of, each holding its data by document slot. */
export interface IndexParts {
  slots: DocumentSlots;
  text: TextMatcher;
  facets: Facets;
  geo: GeoPoints;
  ranking: RankingOrder;
  sortValues: SortValues;
}

export function emptyParts(
  settings: IndexSettings,
  rules: readonly RankingRule[],
  scratch: Scratch,
): IndexParts {
  const slots = new DocumentSlots();
  return {
    slots,
    text: new TextMatcher(settings.searchableAttributes, slots),
    facets: Facets.empty(settings.attributesForFaceting, slots, scratch),
    geo: new GeoPoints(),
    ranking: new RankingOrder(rules, slots),
    sortValues: new SortValues(settings.sortableAttributes ?? []),
  };
}

/**
 * Everything the parts hold, as plain data and typed arrays (for `node:v8` serialization).
 * Removed documents are left out and the rest renumbered, in order; `parts.ranking` must be up
 * to date.
 */
export function exportIndexState(settings: IndexSettings, parts: IndexParts): IndexState {
  const renumber = new Int32Array(parts.slots.length).fill(-1);
  const documents: SearchDocument[] = [];
  for (const [slot, document] of parts.slots.entries()) {
    renumber[slot] = documents.length;
    documents.push(document);
  }
  const count = documents.length;
  return {
    format: INDEX_STATE_FORMAT,
    settings,
    objectIDs: documents.map((document) => document.objectID),
    documents: DocumentStore.pack(documents),
    lexicon: parts.text.lexicon.exportState(renumber),
    columns: parts.facets.exportState(renumber, count),
    ...parts.geo.exportState(renumber, count),
    order: parts.ranking.order.map((slot) => renumber[slot]!).filter((slot) => slot >= 0),
    sortValues: parts.sortValues.exportState(renumber, count),
  };
}

/** The parts `exportIndexState` described; undefined if made with other settings or format. */
export function restoreIndexParts(
  settings: IndexSettings,
  state: IndexState,
  rules: readonly RankingRule[],
  scratch: Scratch,
): IndexParts | undefined {
  if (
    state.format !== INDEX_STATE_FORMAT ||
    JSON.stringify(state.settings) !== JSON.stringify(settings)
  ) {
    return undefined;
  }
  const slots = DocumentSlots.restore(state.objectIDs, state.documents);
  const ranking = new RankingOrder(rules, slots);
  ranking.restore(state.order);
  return {
    slots,
    text: new TextMatcher(settings.searchableAttributes, slots, Lexicon.fromState(state.lexicon)),
    facets: new Facets(
      state.columns.map((column) => FacetColumn.fromState(column)),
      slots,
      scratch,
    ),
    geo: GeoPoints.fromState(state.points, state.pointOf),
    ranking,
    sortValues: SortValues.fromState(settings.sortableAttributes ?? [], state.sortValues),
  };
}
