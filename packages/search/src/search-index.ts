import { distanceMeters, type LatLng } from '@bevy/core';
import {
  attributesOf,
  MATCH_ALL,
  matches,
  parseFacetFilters,
  parseFilters,
  parseNumericFilters,
  type Predicate,
} from './filters';
import { foldForMatch, foldWithSources, tokenize } from './tokenize';
import { MIN_WORD_LENGTH_FOR_TYPO, startsWithinOneTypo, withinOneTypo } from './typos';
import {
  SearchInputError,
  type FacetSearchResult,
  type IndexSettings,
  type SearchDocument,
  type SearchParams,
  type SearchResult,
} from './types';

const DEFAULT_HITS_PER_PAGE = 20;
const MAX_HITS_PER_PAGE = 1000;
const DEFAULT_MAX_VALUES_PER_FACET = 100;

interface Candidate {
  id: number;
  /** Lower is better: how many query words matched only with a typo. */
  typos: number;
  /** Higher is better: how many query words matched exactly, then in which attribute. */
  exactWords: number;
  attributeScore: number;
  distance: number;
}

type RankingRule = { attribute: string; direction: 1 | -1 };

/** How one query word matched one document: without a typo, exactly, in its best attribute. */
interface WordMatch {
  typo: boolean;
  exact: boolean;
  /** The attribute's position in searchableAttributes (0 = most important). */
  rank: number;
}

function betterWordMatch(candidate: WordMatch, current: WordMatch): boolean {
  if (candidate.typo !== current.typo) return !candidate.typo;
  if (candidate.exact !== current.exact) return candidate.exact;
  return candidate.rank < current.rank;
}

function parseCustomRanking(rules: string[]): RankingRule[] {
  return rules.map((rule) => {
    const match = /^(asc|desc)\((.+)\)$/.exec(rule);
    if (!match) throw new Error(`Invalid custom ranking rule "${rule}"`);
    return { attribute: match[2]!, direction: match[1] === 'asc' ? 1 : -1 };
  });
}

/** Orders two values in `direction`; missing (or null) values are equal and last either way. */
function compareValues(a: unknown, b: unknown, direction: 1 | -1): number {
  const aMissing = a === undefined || a === null;
  const bMissing = b === undefined || b === null;
  if (aMissing || bMissing) return Number(aMissing) - Number(bMissing);
  if (a === b) return 0;
  if (typeof a === 'number' && typeof b === 'number') return (a - b) * direction;
  if (typeof a === 'boolean' && typeof b === 'boolean') return (Number(a) - Number(b)) * direction;
  return String(a).localeCompare(String(b)) * direction;
}

function parseLatLng(raw: string): LatLng {
  // Number('') is 0, so an empty part ("45.5," or ",") must not pass as a coordinate.
  const parts = raw.split(',').map((part) => (part.trim() === '' ? NaN : Number(part)));
  const [lat, lng] = parts;
  if (
    parts.length !== 2 ||
    lat === undefined ||
    lng === undefined ||
    !Number.isFinite(lat) ||
    !Number.isFinite(lng) ||
    Math.abs(lat) > 90 ||
    Math.abs(lng) > 180
  ) {
    throw new SearchInputError('aroundLatLng must be "latitude,longitude"');
  }
  return { lat, lng };
}

function geolocOf(document: SearchDocument): LatLng | undefined {
  const geoloc = document['_geoloc'] as LatLng | LatLng[] | null | undefined;
  if (!geoloc) return undefined;
  return Array.isArray(geoloc) ? geoloc[0] : geoloc;
}

/**
 * An in-memory product index: full-text (every word must match, the last one as a prefix),
 * facets with counts, Algolia-style filters, geographic radius, custom ranking and pages.
 */
export class SearchIndex {
  private readonly documents: (SearchDocument | undefined)[] = [];
  private readonly idByObjectID = new Map<string, number>();
  /** token -> document id -> rank of the best attribute it appears in (0 = most important). */
  private readonly postings = new Map<string, Map<number, number>>();
  private sortedTerms: string[] | undefined;
  private readonly ranking: RankingRule[];

  constructor(readonly settings: IndexSettings) {
    this.ranking = parseCustomRanking(settings.customRanking);
  }

  get size(): number {
    return this.idByObjectID.size;
  }

  /** Every document in the index, in the order they were added. */
  allDocuments(): SearchDocument[] {
    return this.documents.filter((document): document is SearchDocument => document !== undefined);
  }

  get(objectID: string): SearchDocument | undefined {
    const id = this.idByObjectID.get(objectID);
    return id === undefined ? undefined : this.documents[id];
  }

  /** Adds a document, or replaces the one with the same objectID. */
  upsert(document: SearchDocument): void {
    this.remove(document.objectID);
    const id = this.documents.length;
    this.documents.push(document);
    this.idByObjectID.set(document.objectID, id);
    this.settings.searchableAttributes.forEach((attribute, rank) => {
      const value = document[attribute];
      const texts = Array.isArray(value) ? value : [value];
      for (const text of texts) {
        if (text === undefined || text === null) continue;
        for (const token of tokenize(String(text))) {
          let posting = this.postings.get(token);
          if (!posting) {
            posting = new Map();
            this.postings.set(token, posting);
            this.sortedTerms = undefined;
          }
          const previous = posting.get(id);
          if (previous === undefined || rank < previous) posting.set(id, rank);
        }
      }
    });
  }

  remove(objectID: string): boolean {
    const id = this.idByObjectID.get(objectID);
    if (id === undefined) return false;
    const document = this.documents[id]!;
    for (const attribute of this.settings.searchableAttributes) {
      const value = document[attribute];
      const texts = Array.isArray(value) ? value : [value];
      for (const text of texts) {
        if (text === undefined || text === null) continue;
        for (const token of tokenize(String(text))) {
          const posting = this.postings.get(token);
          posting?.delete(id);
          if (posting?.size === 0) {
            this.postings.delete(token);
            this.sortedTerms = undefined;
          }
        }
      }
    }
    this.documents[id] = undefined;
    this.idByObjectID.delete(objectID);
    return true;
  }

  /** Removes every document the predicate selects; returns how many. */
  removeWhere(predicate: (document: SearchDocument) => boolean): number {
    const doomed = this.documents.filter(
      (document): document is SearchDocument => document !== undefined && predicate(document),
    );
    for (const document of doomed) this.remove(document.objectID);
    return doomed.length;
  }

  search(params: SearchParams): SearchResult {
    const started = performance.now();
    const query = params.query ?? '';
    const hitsPerPage = this.hitsPerPage(params.hitsPerPage);
    const page = params.page ?? 0;
    if (!Number.isInteger(page) || page < 0) {
      throw new SearchInputError('page must be a whole number, 0 or more');
    }

    let candidates = this.match(query, params);
    if (params.distinct && this.settings.attributeForDistinct) {
      candidates = this.distinct(candidates, this.settings.attributeForDistinct);
    }
    const facets = this.countFacets(candidates, params);
    const nbHits = candidates.length;
    const hits = candidates
      .slice(page * hitsPerPage, (page + 1) * hitsPerPage)
      .map((candidate) => this.documents[candidate.id]!);
    return {
      hits,
      nbHits,
      page,
      // hitsPerPage 0 asks for counts and facets only, as instantsearch does for refinements.
      nbPages: hitsPerPage === 0 ? 0 : Math.ceil(nbHits / hitsPerPage),
      hitsPerPage,
      ...facets,
      exhaustiveNbHits: true,
      exhaustiveFacetsCount: true,
      query,
      processingTimeMS: Math.round(performance.now() - started),
    };
  }

  /** Values of one facet that start with (any word of) `facetQuery`, counted over the matches. */
  searchFacetValues(
    facetName: string,
    facetQuery: string,
    params: SearchParams,
    maxFacetHits = 10,
    tags: HighlightTags = DEFAULT_TAGS,
  ): FacetSearchResult {
    const started = performance.now();
    this.assertFacet(facetName);
    const wanted = foldForMatch(facetQuery.trim());
    const counts = new Map<string, number>();
    for (const candidate of this.match(params.query ?? '', params)) {
      for (const value of this.facetValues(this.documents[candidate.id]!, facetName)) {
        const folded = foldForMatch(value);
        if (wanted && !folded.startsWith(wanted) && !folded.includes(` ${wanted}`)) continue;
        counts.set(value, (counts.get(value) ?? 0) + 1);
      }
    }
    const facetHits = [...counts]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, maxFacetHits)
      .map(([value, count]) => ({
        value,
        count,
        highlighted: highlightPrefix(value, wanted, tags),
      }));
    return {
      facetHits,
      exhaustiveFacetsCount: true,
      processingTimeMS: Math.round(performance.now() - started),
    };
  }

  private hitsPerPage(requested: number | undefined): number {
    if (requested === undefined) return DEFAULT_HITS_PER_PAGE;
    if (!Number.isInteger(requested) || requested < 0 || requested > MAX_HITS_PER_PAGE) {
      throw new SearchInputError(
        `hitsPerPage must be a whole number from 0 to ${MAX_HITS_PER_PAGE}`,
      );
    }
    return requested;
  }

  private assertFacet(attribute: string): void {
    if (!this.settings.attributesForFaceting.includes(attribute)) {
      throw new SearchInputError(`"${attribute}" is not a facet of this index`);
    }
  }

  /** Every document that matches the query, filters and radius, best first. */
  private match(query: string, params: SearchParams): Candidate[] {
    const predicate: Predicate = {
      kind: 'and',
      items: [
        params.filters ? parseFilters(params.filters) : MATCH_ALL,
        parseFacetFilters(params.facetFilters),
        parseNumericFilters(params.numericFilters),
      ],
    };
    // Only declared facets can be filtered on, so filters cannot probe other (private) attributes.
    for (const attribute of attributesOf(predicate)) this.assertFacet(attribute);
    const origin = params.aroundLatLng ? parseLatLng(params.aroundLatLng) : undefined;
    const radius =
      params.aroundRadius === undefined || params.aroundRadius === 'all'
        ? Infinity
        : params.aroundRadius;
    if (typeof radius === 'number' && !(radius > 0)) {
      throw new SearchInputError('aroundRadius must be a positive number of metres or "all"');
    }

    const candidates: Candidate[] = [];
    for (const [id, scores] of this.textMatches(query)) {
      const document = this.documents[id];
      if (!document || !matches(document, predicate)) continue;
      let distance = 0;
      if (origin) {
        const point = geolocOf(document);
        if (!point) continue;
        distance = distanceMeters(origin, point);
        if (distance > radius) continue;
      }
      candidates.push({ id, ...scores, distance });
    }
    return candidates.sort((a, b) => this.compare(a, b));
  }

  private compare(a: Candidate, b: Candidate): number {
    const byText =
      a.typos - b.typos || b.exactWords - a.exactWords || b.attributeScore - a.attributeScore;
    if (byText !== 0) return byText;
    if (a.distance !== b.distance) return a.distance - b.distance;
    const left = this.documents[a.id]!;
    const right = this.documents[b.id]!;
    for (const rule of this.ranking) {
      const order = compareValues(left[rule.attribute], right[rule.attribute], rule.direction);
      if (order !== 0) return order;
    }
    return a.id - b.id;
  }

  /**
   * Documents containing every query word (the last as a prefix), with their text scores. Words of
   * five letters or more also match terms one typo away, ranked after exact matches.
   */
  private textMatches(query: string): Map<number, Omit<Candidate, 'id' | 'distance'>> {
    const words = tokenize(query);
    const result = new Map<number, Omit<Candidate, 'id' | 'distance'>>();
    if (words.length === 0) {
      this.documents.forEach((document, id) => {
        if (document) result.set(id, { typos: 0, exactWords: 0, attributeScore: 0 });
      });
      return result;
    }
    const attributeCount = this.settings.searchableAttributes.length;
    const lastIsPrefix = !/\s$/.test(query);
    words.forEach((word, index) => {
      const prefix = lastIsPrefix && index === words.length - 1;
      const wordMatches = new Map<number, WordMatch>();
      const consider = (term: string, typo: boolean) => {
        const posting = this.postings.get(term);
        if (!posting) return;
        const exact = term === word;
        for (const [id, rank] of posting) {
          const match = { typo, exact, rank };
          const previous = wordMatches.get(id);
          if (!previous || betterWordMatch(match, previous)) wordMatches.set(id, match);
        }
      };
      for (const term of prefix ? this.termsWithPrefix(word) : [word]) consider(term, false);
      if (word.length >= MIN_WORD_LENGTH_FOR_TYPO) {
        for (const term of this.termsOneTypoAway(word, prefix)) consider(term, true);
      }
      if (index === 0) {
        for (const [id, match] of wordMatches) {
          result.set(id, {
            typos: match.typo ? 1 : 0,
            exactWords: match.exact ? 1 : 0,
            attributeScore: attributeCount - match.rank,
          });
        }
        return;
      }
      for (const [id, scores] of result) {
        const match = wordMatches.get(id);
        if (!match) {
          result.delete(id);
          continue;
        }
        scores.typos += match.typo ? 1 : 0;
        scores.exactWords += match.exact ? 1 : 0;
        scores.attributeScore += attributeCount - match.rank;
      }
    });
    return result;
  }

  /** Terms one typo from `word` (or, as it is typed, whose start is), other than its own matches. */
  private termsOneTypoAway(word: string, prefix: boolean): string[] {
    this.sortedTerms ??= [...this.postings.keys()].sort();
    return this.sortedTerms.filter((term) =>
      prefix
        ? !term.startsWith(word) && startsWithinOneTypo(term, word)
        : term !== word && withinOneTypo(term, word),
    );
  }

  private termsWithPrefix(prefix: string): string[] {
    this.sortedTerms ??= [...this.postings.keys()].sort();
    const terms = this.sortedTerms;
    let low = 0;
    let high = terms.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (terms[middle]! < prefix) low = middle + 1;
      else high = middle;
    }
    const found: string[] = [];
    for (let i = low; i < terms.length && terms[i]!.startsWith(prefix); i++) found.push(terms[i]!);
    return found;
  }

  private distinct(candidates: Candidate[], attribute: string): Candidate[] {
    const seen = new Set<unknown>();
    return candidates.filter((candidate) => {
      const key = this.documents[candidate.id]![attribute];
      if (key === undefined || key === null) return true;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  }

  /** The document's distinct values of a facet: a count is of documents, so each value once. */
  private facetValues(document: SearchDocument, attribute: string): string[] {
    const value = document[attribute];
    if (value === undefined || value === null) return [];
    const values = (Array.isArray(value) ? value : [value])
      .filter((item) => item !== null && item !== undefined && item !== '')
      .map(String);
    return values.length > 1 ? [...new Set(values)] : values;
  }

  private countFacets(
    candidates: Candidate[],
    params: SearchParams,
  ): Pick<SearchResult, 'facets' | 'facets_stats'> {
    const requested = (params.facets ?? []).flatMap((facet) =>
      facet === '*' ? this.settings.attributesForFaceting : [facet],
    );
    const facetNames = [...new Set(requested)].filter((facet) =>
      this.settings.attributesForFaceting.includes(facet),
    );
    const limit = params.maxValuesPerFacet ?? DEFAULT_MAX_VALUES_PER_FACET;
    const facets: SearchResult['facets'] = {};
    const stats: NonNullable<SearchResult['facets_stats']> = {};
    for (const facet of facetNames) {
      const counts = new Map<string, number>();
      let numeric = { min: Infinity, max: -Infinity, sum: 0, count: 0 };
      for (const candidate of candidates) {
        const document = this.documents[candidate.id]!;
        for (const value of this.facetValues(document, facet)) {
          counts.set(value, (counts.get(value) ?? 0) + 1);
        }
        const raw = document[facet];
        if (typeof raw === 'number') {
          numeric = {
            min: Math.min(numeric.min, raw),
            max: Math.max(numeric.max, raw),
            sum: numeric.sum + raw,
            count: numeric.count + 1,
          };
        }
      }
      facets[facet] = Object.fromEntries(
        [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, limit),
      );
      if (numeric.count > 0) {
        stats[facet] = {
          min: numeric.min,
          max: numeric.max,
          sum: numeric.sum,
          avg: numeric.sum / numeric.count,
        };
      }
    }
    return Object.keys(stats).length > 0 ? { facets, facets_stats: stats } : { facets };
  }
}

export interface HighlightTags {
  pre: string;
  post: string;
}

/** Algolia's default highlight tags; instantsearch sends its own and escapes the value itself. */
const DEFAULT_TAGS: HighlightTags = { pre: '<em>', post: '</em>' };

/** The value with its matched part (the start of the value or of a word) wrapped in the tags. */
function highlightPrefix(value: string, wanted: string, tags: HighlightTags): string {
  if (!wanted) return value;
  const { folded, sources } = foldWithSources(value);
  const wordAt = folded.indexOf(` ${wanted}`);
  const at = folded.startsWith(wanted) ? 0 : wordAt < 0 ? -1 : wordAt + 1;
  if (at < 0) return value;
  const start = sources[at]!;
  const endUnit = at + wanted.length;
  const end = endUnit < sources.length ? sources[endUnit]! : value.length;
  return `${value.slice(0, start)}${tags.pre}${value.slice(start, end)}${tags.post}${value.slice(end)}`;
}
