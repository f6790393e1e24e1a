import { foldWithSources, tokenize } from './tokenize';
import { MIN_WORD_LENGTH_FOR_TYPO, startsWithinOneTypo, withinOneTypo } from './typos';
import type { SearchDocument, SearchParams } from './types';

export interface HighlightTags {
  pre: string;
  post: string;
}

/** Algolia's default highlight tags; instantsearch sends its own and escapes the value itself. */
export const DEFAULT_TAGS: HighlightTags = { pre: '<em>', post: '</em>' };

/** Algolia's highlight of one string: the value with matches tagged, and how well it matched. */
export interface HighlightResult {
  value: string;
  matchLevel: 'none' | 'partial' | 'full';
  matchedWords: string[];
  fullyHighlighted?: boolean;
}

export type HighlightedAttribute = HighlightResult | HighlightResult[];

/** The query as highlighting needs it: its words, and whether the last one is still being typed. */
export interface HighlightQuery {
  words: string[];
  lastIsPrefix: boolean;
}

const WORD = /[\p{L}\p{N}]+/gu;
/** Tokens are letters and digits; these ones fold by lower-casing alone. */
const ASCII = /^[a-zA-Z0-9]*$/;

/**
 * How much of `token` (folded) query word `word` highlights: the whole token for a word or a
 * typo of it, the typed part for a prefix, nothing (0) when it does not match.
 */
function matchedLength(token: string, word: string, prefix: boolean): number {
  if (token === word) return token.length;
  if (prefix && token.startsWith(word)) return word.length;
  if (word.length >= MIN_WORD_LENGTH_FOR_TYPO && token.length >= word.length - 1) {
    if (withinOneTypo(token, word)) return token.length;
    if (prefix && startsWithinOneTypo(token, word)) return Math.min(token.length, word.length);
  }
  return 0;
}

/** One string value with the words of the query that match it wrapped in the tags. */
export function highlightText(
  text: string,
  query: HighlightQuery,
  tags: HighlightTags,
): HighlightResult {
  // Nothing to find (browsing without words): the text as it is.
  if (query.words.length === 0) return { value: text, matchLevel: 'none', matchedWords: [] };
  const matched = new Set<string>();
  let value = '';
  let copied = 0;
  let highlightedUnits = 0;
  let wordUnits = 0;
  const lastWord = query.words.length - 1;
  for (const found of text.matchAll(WORD)) {
    const start = found.index;
    const token = found[0];
    wordUnits += token.length;
    // Most text is ASCII, where folding is lower-casing and keeps every position.
    const ascii = ASCII.test(token);
    const folded = ascii ? token.toLowerCase() : foldWithSources(token).folded;
    let longest = 0;
    for (let index = 0; index < query.words.length; index++) {
      const word = query.words[index]!;
      const length = matchedLength(folded, word, query.lastIsPrefix && index === lastWord);
      if (length === 0) continue;
      matched.add(word);
      longest = Math.max(longest, length);
    }
    if (longest === 0) continue;
    // Map the end of the folded match back to the original text (folding can change lengths).
    const sources = ascii ? undefined : foldWithSources(token).sources;
    const offset = !sources ? longest : longest < sources.length ? sources[longest]! : token.length;
    const end = start + offset;
    value += `${text.slice(copied, start)}${tags.pre}${text.slice(start, end)}${tags.post}`;
    copied = end;
    highlightedUnits += end - start;
  }
  value += text.slice(copied);
  const matchedWords = query.words.filter((word) => matched.has(word));
  const matchLevel =
    matchedWords.length === 0
      ? 'none'
      : matchedWords.length === query.words.length
        ? 'full'
        : 'partial';
  return {
    value,
    matchLevel,
    matchedWords,
    ...(matchLevel === 'none' ? {} : { fullyHighlighted: highlightedUnits === wordUnits }),
  };
}

/** A document attribute's highlight: strings and numbers are highlighted, lists item by item. */
export function highlightAttribute(
  raw: unknown,
  query: HighlightQuery,
  tags: HighlightTags,
): HighlightedAttribute | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (Array.isArray(raw)) {
    return raw
      .filter((item) => item !== undefined && item !== null)
      .map((item) => highlightText(String(item), query, tags));
  }
  if (typeof raw === 'object') return undefined;
  return highlightText(String(raw), query, tags);
}

/** The value with its matched part (the start of the value or of a word) wrapped in the tags. */
export function highlightPrefix(value: string, wanted: string, tags: HighlightTags): string {
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

/** One hit's `_highlightResult`: its highlighted attributes by name. */
export type HitHighlighter = (hit: SearchDocument) => Record<string, HighlightedAttribute>;

/**
 * What highlights a hit for the attributes asked for, or undefined when none is asked (Algolia
 * then sends no `_highlightResult`). Only searchable attributes can be highlighted: the query
 * never matched anything else.
 */
export function hitHighlighter(
  query: string,
  params: SearchParams,
  searchable: readonly string[],
): HitHighlighter | undefined {
  const asked = params.attributesToHighlight ?? [];
  const attributes = asked.includes('*')
    ? searchable
    : searchable.filter((attribute) => asked.includes(attribute));
  if (attributes.length === 0) return undefined;
  const highlightQuery = { words: tokenize(query), lastIsPrefix: !/\s$/.test(query) };
  const tags = {
    pre: params.highlightPreTag ?? DEFAULT_TAGS.pre,
    post: params.highlightPostTag ?? DEFAULT_TAGS.post,
  };
  return (hit) => {
    const highlighted: Record<string, HighlightedAttribute> = {};
    for (const attribute of attributes) {
      const result = highlightAttribute(hit[attribute], highlightQuery, tags);
      if (result) highlighted[attribute] = result;
    }
    return highlighted;
  };
}

/** Adds Algolia's `_highlightResult` to the hits for the attributes asked for. */
export function highlightHits(
  hits: SearchDocument[],
  query: string,
  params: SearchParams,
  searchable: readonly string[],
): SearchDocument[] {
  const highlight = hitHighlighter(query, params, searchable);
  if (!highlight) return hits;
  return hits.map((hit) => ({ ...hit, _highlightResult: highlight(hit) }));
}
