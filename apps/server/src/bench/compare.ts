// The agreement check: the three engines rank differently, so the first page is not comparable;
// what must agree is how many hits there are, the whole set of hits when there are few, and every
// facet count. A brute-force scan in plain code, with our engine's semantics, says which side of
// a disagreement is right and why.
import { distanceMeters } from '@bevy/core';
import { tokenize } from '@bevy/search';
import type { ProductDocument } from '../modules/search/index';
import type { Comparable, Engine, EngineName } from './engine';
import { searchText } from './text';
import { termMatches } from './typos';
import { MAX_VALUES_PER_FACET, SHOP_FACETS, type BenchQuery, type ShopFacet } from './queries';

export interface EngineAnswer extends Comparable {
  /** Every matching objectID, fetched when the engine reported few enough hits. */
  allIds?: string[];
}

export interface Disagreement {
  query: number;
  category: string;
  text: string;
  engine: EngineName;
  what: string;
  /** What the brute-force scan says, and which conditions a differing document fails. */
  reason: string;
}

export interface Agreement {
  engine: EngineName;
  queries: number;
  nbHits: number;
  fullSetsCompared: number;
  fullSets: number;
  facets: number;
  all: number;
}

interface FacetDifference {
  facet: ShopFacet;
  value: string;
  text: string;
}

/** The first difference between two facet answers, or undefined when they agree. */
export function facetDifference(
  ours: Comparable['facets'],
  other: Comparable['facets'],
  otherName: string,
  limit = MAX_VALUES_PER_FACET,
): FacetDifference | undefined {
  for (const facet of SHOP_FACETS) {
    const a = Object.entries(ours[facet] ?? {}).sort((x, y) => y[1] - x[1]);
    const b = Object.entries(other[facet] ?? {}).sort((x, y) => y[1] - x[1]);
    // Values tied at the cut-off may be cut differently (each engine breaks ties its own way),
    // so in a full list only the values counted above the last count must be the same.
    const cutoff = a.length < limit ? -Infinity : (a[a.length - 1]?.[1] ?? -Infinity);
    const oursMap = new Map(a);
    const otherMap = new Map(b);
    for (const [value, count] of [...a, ...b]) {
      if (count <= cutoff) continue;
      const left = oursMap.get(value);
      const right = otherMap.get(value);
      if (left !== right) {
        const text = `${facet} '${value}': ours ${left ?? 'none'}, ${otherName} ${right ?? 'none'}`;
        return { facet, value, text };
      }
    }
    const countsA = a.map(([, count]) => count).join(',');
    const countsB = b.map(([, count]) => count).join(',');
    if (countsA !== countsB) {
      const text = `${facet} counts: ours [${countsA}], ${otherName} [${countsB}]`;
      return { facet, value: '', text };
    }
  }
  return undefined;
}

/** The conditions of `query` that `document` fails, by our engine's rules (empty: it matches). */
export function failedConditions(document: ProductDocument, query: BenchQuery): string[] {
  const failed: string[] = [];
  if (query.words.length > 0) {
    const tokens = new Set(tokenize(searchText(document)));
    query.words.forEach((word, index) => {
      const prefix = index === query.words.length - 1;
      const found = [...tokens].some((token) => termMatches(token, word, prefix));
      if (!found) failed.push(`no word ${prefix ? 'starting with ' : ''}'${word}'`);
    });
  }
  for (const any of query.flags) {
    if (!any.some((flag) => document[flag] === true)) failed.push(`${any.join(' or ')} false`);
  }
  for (const { facet, values } of query.refinements) {
    const value = document[facet];
    const own = (Array.isArray(value) ? value : [value]).map(String);
    if (!own.some((item) => values.includes(item))) {
      failed.push(`${facet} is ${JSON.stringify(value)}, not ${values.join(' or ')}`);
    }
  }
  if (query.abv) {
    const abv = document.ABV;
    if (abv === null || abv < query.abv.min || abv > query.abv.max) failed.push(`ABV ${abv}`);
  }
  if (query.geo && query.geo.radiusMeters !== null) {
    if (!document._geoloc) failed.push('no location');
    else {
      const distance = distanceMeters(query.geo, document._geoloc);
      if (distance > query.geo.radiusMeters) {
        failed.push(`${distance.toFixed(3)} m away, radius ${query.geo.radiusMeters} m`);
      }
    }
  }
  return failed;
}

/** For a document that matches: how far it is, when distance decides (a radius query). */
function distanceNote(document: ProductDocument, query: BenchQuery): string {
  if (!query.geo || query.geo.radiusMeters === null || !document._geoloc) return '';
  const distance = distanceMeters(query.geo, document._geoloc);
  return `: ${distance.toFixed(3)} m away, radius ${query.geo.radiusMeters} m`;
}

/** Hits of a query by brute force, with our engine's semantics. */
function bruteForce(documents: readonly ProductDocument[], query: BenchQuery): ProductDocument[] {
  return documents.filter((document) => failedConditions(document, query).length === 0);
}

/** Engine-specific light on a document that an engine matched and we did not. */
export type Hint = (document: ProductDocument, query: BenchQuery) => string;

/** How many disagreements per engine are explained; each costs a brute-force scan. */
const MAX_EXPLAINED = 8;
/** The most ids fetched from an engine to explain a disagreement. */
const MAX_EXPLAIN_IDS = 200_000;

async function explain(
  documents: readonly ProductDocument[],
  query: BenchQuery,
  engine: Engine,
  kind: 'hits' | FacetDifference,
  answers: { ours: EngineAnswer; theirs: EngineAnswer },
  hint: Hint | undefined,
): Promise<string> {
  const truth = bruteForce(documents, query);
  const verdict = (oursRight: boolean, theirsRight: boolean) =>
    oursRight && !theirsRight
      ? ` (${engine.name} is wrong)`
      : theirsRight && !oursRight
        ? ' (ours is wrong)'
        : '';
  if (kind !== 'hits') {
    if (kind.value === '') return `brute force: ${truth.length} hits`;
    const count = truth.filter((document) => {
      const value = document[kind.facet];
      return (Array.isArray(value) ? value : [value]).map(String).includes(kind.value);
    }).length;
    return (
      `brute force: ${truth.length} hits, ${kind.facet} '${kind.value}' ${count}` +
      verdict(
        answers.ours.facets[kind.facet]?.[kind.value] === count,
        answers.theirs.facets[kind.facet]?.[kind.value] === count,
      )
    );
  }
  const theirs = new Set(await engine.allIds(query, MAX_EXPLAIN_IDS));
  const truthIds = new Set(truth.map((document) => document.objectID));
  const extra = [...theirs].filter((id) => !truthIds.has(id));
  const missing = [...truthIds].filter((id) => !theirs.has(id));
  const parts = [
    `brute force: ${truth.length} hits` +
      verdict(answers.ours.nbHits === truth.length, answers.theirs.nbHits === truth.length),
  ];
  if (extra.length > 0) {
    const document = documents[Number(extra[0]) - 1]!;
    const failed = failedConditions(document, query).join('; ');
    const more = hint ? `; ${hint(document, query)}` : '';
    parts.push(
      `${engine.name} has ${extra.length} more, e.g. #${document.objectID} '${document.name}': ` +
        `${failed}${more}`,
    );
  }
  if (missing.length > 0) {
    const document = documents[Number(missing[0]) - 1]!;
    parts.push(
      `${engine.name} misses ${missing.length}, e.g. #${document.objectID} '${document.name}'` +
        distanceNote(document, query),
    );
  }
  // Our side, when its whole set is known (few hits): what it has or lacks against the scan.
  if (answers.ours.allIds) {
    const ours = new Set(answers.ours.allIds);
    const oursExtra = [...ours].filter((id) => !truthIds.has(id));
    const oursMissing = [...truthIds].filter((id) => !ours.has(id));
    if (oursExtra.length > 0) {
      const document = documents[Number(oursExtra[0]) - 1]!;
      parts.push(
        `ours has ${oursExtra.length} more, e.g. #${document.objectID} '${document.name}': ` +
          failedConditions(document, query).join('; '),
      );
    }
    if (oursMissing.length > 0) {
      const document = documents[Number(oursMissing[0]) - 1]!;
      parts.push(
        `ours misses ${oursMissing.length}, e.g. #${document.objectID} '${document.name}'` +
          distanceNote(document, query),
      );
    }
  }
  return parts.join('; ');
}

/**
 * Compares an engine's answers with ours, query by query, while the engine is still open so
 * that disagreements can be explained from its full hit sets.
 */
export async function compareWithOurs(
  documents: readonly ProductDocument[],
  queries: readonly BenchQuery[],
  ours: readonly EngineAnswer[],
  theirs: readonly EngineAnswer[],
  engine: Engine,
  hint?: Hint,
): Promise<{ agreement: Agreement; disagreements: Disagreement[] }> {
  const agreement: Agreement = {
    engine: engine.name,
    queries: queries.length,
    nbHits: 0,
    fullSetsCompared: 0,
    fullSets: 0,
    facets: 0,
    all: 0,
  };
  const found: (Disagreement & { kind: 'hits' | FacetDifference })[] = [];
  queries.forEach((query, index) => {
    const a = ours[index]!;
    const b = theirs[index]!;
    const problems: string[] = [];
    let hitsDiffer = false;
    if (a.nbHits === b.nbHits) agreement.nbHits++;
    else {
      hitsDiffer = true;
      problems.push(`nbHits: ours ${a.nbHits}, ${engine.name} ${b.nbHits}`);
    }
    if (a.allIds && b.allIds) {
      agreement.fullSetsCompared++;
      const theirIds = new Set(b.allIds);
      if (a.allIds.length === theirIds.size && a.allIds.every((id) => theirIds.has(id))) {
        agreement.fullSets++;
      } else {
        hitsDiffer = true;
        problems.push('not the same hits');
      }
    }
    const facets = facetDifference(a.facets, b.facets, engine.name);
    if (facets === undefined) agreement.facets++;
    else problems.push(`facets: ${facets.text}`);
    if (problems.length === 0) {
      agreement.all++;
      return;
    }
    found.push({
      query: query.id,
      category: query.category,
      text: query.text,
      engine: engine.name,
      what: problems.join('; '),
      reason: '',
      kind: hitsDiffer ? 'hits' : facets!,
    });
  });
  // Differences in hits first: a facet count differs whenever the hits do.
  const toExplain = [
    ...found.filter((d) => d.kind === 'hits'),
    ...found.filter((d) => d.kind !== 'hits'),
  ].slice(0, MAX_EXPLAINED);
  for (const disagreement of toExplain) {
    const query = queries[disagreement.query]!;
    disagreement.reason = await explain(
      documents,
      query,
      engine,
      disagreement.kind,
      { ours: ours[disagreement.query]!, theirs: theirs[disagreement.query]! },
      hint,
    );
  }
  return {
    agreement,
    disagreements: [...toExplain, ...found.filter((d) => !toExplain.includes(d))].map(
      ({ kind: _kind, ...rest }) => rest,
    ),
  };
}
