import { distanceMeters, type LatLng } from '@bevy/core';
import { SearchInputError, type FacetFilters, type NumericFilters } from './types';

export type NumericOperator = '<' | '<=' | '=' | '!=' | '>=' | '>';

export type Predicate =
  | { kind: 'and'; items: Predicate[] }
  | { kind: 'or'; items: Predicate[] }
  | { kind: 'not'; item: Predicate }
  | { kind: 'facet'; attribute: string; value: string }
  | { kind: 'numeric'; attribute: string; operator: NumericOperator; value: number }
  | { kind: 'range'; attribute: string; low: number; high: number }
  /**
   * Our extension, `attribute >= _geoDistance`: the document is no farther from the query's
   * aroundLatLng than its own `attribute` (meters), e.g. a producer's delivery radius. Documents
   * without a location or without a number there do not match.
   */
  | { kind: 'geoReach'; attribute: string };

/** The pseudo-attribute a `geoReach` filter compares with: the distance from aroundLatLng. */
export const GEO_DISTANCE = '_geoDistance';

export const MATCH_ALL: Predicate = { kind: 'and', items: [] };

/** Deeper nesting than any real filter needs; it bounds the parser's recursion. */
export const MAX_FILTER_DEPTH = 32;

type Token =
  | { type: 'paren'; value: '(' | ')' }
  | { type: 'colon' }
  | { type: 'operator'; value: NumericOperator }
  | { type: 'word'; value: string; quoted: boolean };

function lex(input: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < input.length) {
    const char = input[i]!;
    if (/\s/.test(char)) {
      i++;
    } else if (char === '(' || char === ')') {
      tokens.push({ type: 'paren', value: char });
      i++;
    } else if (char === ':') {
      tokens.push({ type: 'colon' });
      i++;
    } else if ('<>=!'.includes(char)) {
      const two = input.slice(i, i + 2);
      if (two === '<=' || two === '>=' || two === '!=') {
        tokens.push({ type: 'operator', value: two });
        i += 2;
      } else if (char === '!') {
        throw new SearchInputError(`Unexpected "!" at position ${i} in filters`);
      } else {
        tokens.push({ type: 'operator', value: char as NumericOperator });
        i++;
      }
    } else if (char === '"' || char === "'") {
      let j = i + 1;
      let value = '';
      while (j < input.length && input[j] !== char) {
        if (input[j] === '\\' && j + 1 < input.length) j++;
        value += input[j];
        j++;
      }
      if (j >= input.length) throw new SearchInputError('Unterminated quoted string in filters');
      tokens.push({ type: 'word', value, quoted: true });
      i = j + 1;
    } else {
      let j = i;
      while (j < input.length && !/[\s():<>=!"']/.test(input[j]!)) j++;
      tokens.push({ type: 'word', value: input.slice(i, j), quoted: false });
      i = j;
    }
  }
  return tokens;
}

function toNumber(raw: string, attribute: string): number {
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(value)) {
    throw new SearchInputError(`"${raw}" is not a number (filter on ${attribute})`);
  }
  return value;
}

/** Parses Algolia's `filters` syntax: AND, OR, NOT, parentheses, facets, numbers and ranges. */
export function parseFilters(input: string): Predicate {
  const tokens = lex(input);
  let position = 0;
  let depth = 0;
  const peek = () => tokens[position];
  const isKeyword = (token: Token | undefined, keyword: string) =>
    token?.type === 'word' && !token.quoted && token.value.toUpperCase() === keyword;

  const parseOr = (): Predicate => {
    const items = [parseAnd()];
    while (isKeyword(peek(), 'OR')) {
      position++;
      items.push(parseAnd());
    }
    return items.length === 1 ? items[0]! : { kind: 'or', items };
  };
  const parseAnd = (): Predicate => {
    const items = [parseNot()];
    while (isKeyword(peek(), 'AND')) {
      position++;
      items.push(parseNot());
    }
    return items.length === 1 ? items[0]! : { kind: 'and', items };
  };
  const parseNot = (): Predicate => {
    if (isKeyword(peek(), 'NOT')) {
      position++;
      if (++depth > MAX_FILTER_DEPTH) {
        throw new SearchInputError(`Filters may nest at most ${MAX_FILTER_DEPTH} levels deep`);
      }
      const item = parseNot();
      depth--;
      return { kind: 'not', item };
    }
    return parsePrimary();
  };
  const expectWord = (what: string): string => {
    const token = tokens[position++];
    if (token?.type !== 'word') throw new SearchInputError(`Expected ${what} in filters`);
    return token.value;
  };
  const parsePrimary = (): Predicate => {
    const token = peek();
    if (token?.type === 'paren' && token.value === '(') {
      position++;
      if (++depth > MAX_FILTER_DEPTH) {
        throw new SearchInputError(`Filters may nest at most ${MAX_FILTER_DEPTH} levels deep`);
      }
      const inner = parseOr();
      depth--;
      const close = tokens[position++];
      if (close?.type !== 'paren' || close.value !== ')') {
        throw new SearchInputError('Missing ")" in filters');
      }
      return inner;
    }
    const attribute = expectWord('an attribute name');
    const next = tokens[position++];
    if (next?.type === 'colon') {
      const value = expectWord(`a value for ${attribute}`);
      if (isKeyword(peek(), 'TO')) {
        position++;
        const high = expectWord(`the end of the range for ${attribute}`);
        return {
          kind: 'range',
          attribute,
          low: toNumber(value, attribute),
          high: toNumber(high, attribute),
        };
      }
      return { kind: 'facet', attribute, value };
    }
    const compared = peek();
    if (next?.type === 'operator' && compared?.type === 'word' && compared.value === GEO_DISTANCE) {
      position++;
      if (next.value !== '>=') {
        throw new SearchInputError(`Only "${attribute} >= ${GEO_DISTANCE}" is supported`);
      }
      return { kind: 'geoReach', attribute };
    }
    if (next?.type === 'operator') {
      const value = toNumber(expectWord(`a number for ${attribute}`), attribute);
      return { kind: 'numeric', attribute, operator: next.value, value };
    }
    throw new SearchInputError(`Expected ":" or a comparison after ${attribute} in filters`);
  };

  if (tokens.length === 0) return MATCH_ALL;
  const predicate = parseOr();
  if (position < tokens.length) throw new SearchInputError('Unexpected text at the end of filters');
  return predicate;
}

function parseFacetFilter(raw: string): Predicate {
  const negated = raw.startsWith('-');
  const body = negated ? raw.slice(1) : raw.startsWith('\\-') ? raw.slice(1) : raw;
  const separator = body.indexOf(':');
  if (separator <= 0) throw new SearchInputError(`Facet filter "${raw}" must be "attribute:value"`);
  const predicate: Predicate = {
    kind: 'facet',
    attribute: body.slice(0, separator),
    value: body.slice(separator + 1),
  };
  return negated ? { kind: 'not', item: predicate } : predicate;
}

function parseNumericFilter(raw: string): Predicate {
  const predicate = parseFilters(raw);
  if (predicate.kind !== 'numeric' && predicate.kind !== 'range') {
    throw new SearchInputError(`Numeric filter "${raw}" must compare an attribute with a number`);
  }
  return predicate;
}

/** Outer list is AND, inner lists are OR, as in Algolia's facetFilters and numericFilters. */
function parseNested(
  filters: FacetFilters | NumericFilters | undefined,
  parseOne: (raw: string) => Predicate,
): Predicate {
  if (filters === undefined) return MATCH_ALL;
  const list = typeof filters === 'string' ? parseJsonList(filters) : filters;
  return {
    kind: 'and',
    items: list.map((entry) =>
      Array.isArray(entry)
        ? { kind: 'or', items: entry.map((inner) => parseOne(String(inner))) }
        : parseOne(String(entry)),
    ),
  };
}

function parseJsonList(raw: string): (string | string[])[] {
  const trimmed = raw.trim();
  if (!trimmed.startsWith('[')) return [trimmed];
  try {
    const parsed: unknown = JSON.parse(trimmed);
    if (Array.isArray(parsed)) return parsed as (string | string[])[];
  } catch {
    // fall through to the error below
  }
  throw new SearchInputError('Filters must be a string or a list of strings');
}

export function parseFacetFilters(filters: FacetFilters | undefined): Predicate {
  return parseNested(filters, parseFacetFilter);
}

export function parseNumericFilters(filters: NumericFilters | undefined): Predicate {
  return parseNested(filters, parseNumericFilter);
}

function valuesOf(document: Record<string, unknown>, attribute: string): unknown[] {
  const value = document[attribute];
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

function compare(left: number, operator: NumericOperator, right: number): boolean {
  switch (operator) {
    case '<':
      return left < right;
    case '<=':
      return left <= right;
    case '=':
      return left === right;
    case '!=':
      return left !== right;
    case '>=':
      return left >= right;
    case '>':
      return left > right;
  }
}

/** Whether a document satisfies a predicate; `origin` is the query's aroundLatLng. */
export function matches(
  document: Record<string, unknown>,
  predicate: Predicate,
  origin?: LatLng,
): boolean {
  switch (predicate.kind) {
    case 'and':
      return predicate.items.every((item) => matches(document, item, origin));
    case 'or':
      return predicate.items.some((item) => matches(document, item, origin));
    case 'not':
      return !matches(document, predicate.item, origin);
    case 'geoReach': {
      const reach = document[predicate.attribute];
      const geoloc = document['_geoloc'] as LatLng | null | undefined;
      return (
        origin !== undefined &&
        typeof reach === 'number' &&
        geoloc !== undefined &&
        geoloc !== null &&
        distanceMeters(origin, geoloc) <= reach
      );
    }
    case 'facet':
      return valuesOf(document, predicate.attribute).some(
        (value) => String(value) === predicate.value,
      );
    case 'numeric':
      return valuesOf(document, predicate.attribute).some(
        (value) => typeof value === 'number' && compare(value, predicate.operator, predicate.value),
      );
    case 'range':
      return valuesOf(document, predicate.attribute).some(
        (value) => typeof value === 'number' && value >= predicate.low && value <= predicate.high,
      );
  }
}

/** Every attribute a predicate reads. */
export function attributesOf(predicate: Predicate): string[] {
  switch (predicate.kind) {
    case 'and':
    case 'or':
      return predicate.items.flatMap(attributesOf);
    case 'not':
      return attributesOf(predicate.item);
    default:
      return [predicate.attribute];
  }
}
