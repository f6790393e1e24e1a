import { describe, expect, it } from 'vitest';
import type { SearchIndex } from './search-index';
import { answerOf, indexOf as indexOfWith } from './test-index';
import type { IndexSettings, SearchDocument, SearchParams } from './types';
import { fillDense, NO_CODE, WordCache } from './word-cache';

const SETTINGS: IndexSettings = {
  searchableAttributes: ['name', 'description'],
  attributesForFaceting: ['kind', 'ABV'],
  customRanking: ['asc(name)'],
};

const WORDS = ['red', 'rose', 'rich', 'ripe', 'rye', 'stout', 'sour', 'smoky', 'sweet', 'dry'];

function documents(count: number, salt: number): SearchDocument[] {
  return Array.from({ length: count }, (_, i) => ({
    objectID: String(i),
    name: `${WORDS[(i * 7 + salt) % WORDS.length]} ${WORDS[(i * 3 + salt) % WORDS.length]} ${i}`,
    description: WORDS[(i + salt) % WORDS.length]!,
    kind: ['ale', 'wine', 'cider'][i % 3]!,
    ABV: 4 + (i % 9),
  }));
}

const indexOf = (docs: readonly SearchDocument[]): SearchIndex => indexOfWith(SETTINGS, docs);

// Short prefixes match many documents, whose results are kept between queries (WordCache).
const QUERIES: SearchParams[] = [
  { query: 'r', facets: ['*'] },
  { query: 'r s', facets: ['*'], page: 1 },
  { query: 's r', hitsPerPage: 50 },
  { query: 'ri', filters: 'kind:wine' },
  { query: 'red r', facets: ['kind'] },
];

describe('kept results of words that match many documents', () => {
  it('answers as a fresh index does, before and after writes', () => {
    const index = indexOf(documents(600, 0));
    for (const params of QUERIES)
      expect(answerOf(index, params)).toEqual(answerOf(indexOf(documents(600, 0)), params));
    // Replace half the documents with other words, and remove some: kept results are stale.
    const changed = documents(600, 3).slice(0, 300);
    for (const document of changed) index.upsert(document);
    for (let i = 550; i < 600; i++) index.remove(String(i));
    const expected = indexOf([...changed, ...documents(600, 0).slice(300, 550)]);
    for (const params of QUERIES)
      expect(answerOf(index, params)).toEqual(answerOf(expected, params));
  });

  it('does not reuse the arrays of a result the running query still reads', () => {
    // A budget of a few entries: the sixth word of one query evicts an entry, never its own.
    const cache = new WordCache(1000);
    const slotCount = 100;
    cache.release();
    const entries = Array.from({ length: 6 }, (_, word) => {
      const entry = cache.take(slotCount);
      const slots = Int32Array.from([word, word + 10]);
      fillDense(
        entry,
        [{ slots, ranks: new Uint8Array([word, 1]), length: 2, live: 2, stale: 0 }],
        [0],
        slotCount,
      );
      cache.keep(`word-${word}`, entry);
      return entry;
    });
    expect(new Set(entries).size).toBe(6);
    entries.forEach((entry, word) => {
      expect(entry.count).toBe(2);
      expect(entry.codes[word]).toBe(word);
      expect(entry.codes[word + 10]).toBe(1);
      expect(entry.codes[99]).toBe(NO_CODE);
    });
    // The next query may evict them: the oldest goes first and its arrays are reused.
    cache.release();
    const reused = cache.take(slotCount);
    expect(entries).toContain(reused);
    expect(cache.get('word-0')).toBeUndefined();
  });
});
