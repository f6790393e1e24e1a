// The search issue's typo rule, written again here rather than imported, so the benchmark's
// brute-force check does not share code with the engine it checks: a word of five letters or
// more also matches a term one typo away (a letter changed, added or removed, or two neighbors
// swapped), and the word being typed matches terms whose start is one typo away.
import { tokenize } from '@bevy/search';
import type { ProductDocument } from '../modules/search/index';
import { searchText } from './text';

export const MIN_TYPO_LENGTH = 5;

/** Optimal string alignment distance of `a` and `b` is at most 1. */
export function oneTypoApart(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  const rows = a.length + 1;
  const columns = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) =>
    Array.from({ length: columns }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < columns; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, d[i - 2]![j - 2]! + 1);
      }
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]! <= 1;
}

/** Whether a document term matches a query word under the rule. */
export function termMatches(term: string, word: string, prefix: boolean): boolean {
  if (prefix ? term.startsWith(word) : term === word) return true;
  if (word.length < MIN_TYPO_LENGTH) return false;
  if (!prefix) return oneTypoApart(term, word);
  return [word.length - 1, word.length, word.length + 1].some(
    (length) => length > 0 && length <= term.length && oneTypoApart(term.slice(0, length), word),
  );
}

/** Every distinct token of the catalog's searchable text: the terms an index holds. */
export function vocabulary(documents: readonly ProductDocument[]): string[] {
  const terms = new Set<string>();
  for (const document of documents)
    for (const token of tokenize(searchText(document))) terms.add(token);
  return [...terms].sort();
}

/**
 * What a query word stands for, for engines without this typo rule: the exact terms a whole word
 * may be, or the prefixes a word being typed may start (none covered by a shorter one).
 */
export function alternatives(word: string, prefix: boolean, terms: readonly string[]): string[] {
  if (word.length < MIN_TYPO_LENGTH) return [word];
  if (!prefix) {
    const found = new Set([word]);
    for (const term of terms) if (oneTypoApart(term, word)) found.add(term);
    return [...found].sort();
  }
  const starts = new Set([word]);
  for (const term of terms) {
    for (const length of [word.length - 1, word.length, word.length + 1]) {
      if (length <= 0 || length > term.length) continue;
      const start = term.slice(0, length);
      if (oneTypoApart(start, word)) starts.add(start);
    }
  }
  const sorted = [...starts].sort();
  return sorted.filter(
    (start) => !sorted.some((other) => other !== start && start.startsWith(other)),
  );
}
