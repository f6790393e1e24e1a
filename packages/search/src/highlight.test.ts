import { describe, expect, it } from 'vitest';
import { highlightAttribute, highlightPrefix, highlightText } from './highlight';
import { SearchIndex } from './search-index';

const TAGS = { pre: '<em>', post: '</em>' };
const query = (text: string) => ({
  words: text.toLowerCase().split(/\s+/).filter(Boolean),
  lastIsPrefix: !/\s$/.test(text),
});

describe('highlightText', () => {
  it('tags whole words, and only the typed part of the last word', () => {
    expect(highlightText('Willamette Pinot Noir', query('pinot no'), TAGS)).toEqual({
      value: 'Willamette <em>Pinot</em> <em>No</em>ir',
      matchLevel: 'full',
      matchedWords: ['pinot', 'no'],
      fullyHighlighted: false,
    });
  });

  it('says partial when only some words match, none when no word does', () => {
    expect(highlightText('Dry Cider', query('dry pear '), TAGS)).toMatchObject({
      value: '<em>Dry</em> Cider',
      matchLevel: 'partial',
      matchedWords: ['dry'],
    });
    expect(highlightText('Dry Cider', query('stout'), TAGS)).toEqual({
      value: 'Dry Cider',
      matchLevel: 'none',
      matchedWords: [],
    });
  });

  it('tags a word matched with one typo, as the search found it', () => {
    expect(highlightText('Reserve Chardonnay', query('chardonay '), TAGS).value).toBe(
      'Reserve <em>Chardonnay</em>',
    );
  });

  it('keeps accents and case of the original text', () => {
    expect(highlightText('Rosé of Pinot', query('rose'), TAGS).value).toBe(
      '<em>Rosé</em> of Pinot',
    );
  });

  it('does not prefix-match words before the last', () => {
    expect(highlightText('Pinot Noir', query('pin noir'), TAGS).matchedWords).toEqual(['noir']);
  });

  it('says fullyHighlighted when every word of the value is tagged', () => {
    expect(highlightText('Pinot Noir', query('pinot noir '), TAGS).fullyHighlighted).toBe(true);
  });

  it('uses the tags it is given, and leaves markup in the text for the client to escape', () => {
    const tags = { pre: '__ais-highlight__', post: '__/ais-highlight__' };
    expect(highlightText('<b>Bold</b> Ale', query('ale'), tags).value).toBe(
      '<b>Bold</b> __ais-highlight__Ale__/ais-highlight__',
    );
  });
});

describe('highlightAttribute', () => {
  it('highlights lists item by item and numbers as text, and skips missing values', () => {
    expect(highlightAttribute(['Wine', 'Cider'], query('cid'), TAGS)).toEqual([
      { value: 'Wine', matchLevel: 'none', matchedWords: [] },
      {
        value: '<em>Cid</em>er',
        matchLevel: 'full',
        matchedWords: ['cid'],
        fullyHighlighted: false,
      },
    ]);
    expect(highlightAttribute(2015, query('2015'), TAGS)).toMatchObject({ value: '<em>2015</em>' });
    expect(highlightAttribute(null, query('x'), TAGS)).toBeUndefined();
  });
});

describe('highlightPrefix', () => {
  it('tags the start of the value or of a word', () => {
    expect(highlightPrefix('Pinot Noir', 'no', TAGS)).toBe('Pinot <em>No</em>ir');
    expect(highlightPrefix('Pinot Noir', '', TAGS)).toBe('Pinot Noir');
  });
});

describe('SearchIndex highlighting', () => {
  const index = new SearchIndex({
    searchableAttributes: ['name', 'Varietal'],
    attributesForFaceting: [],
    customRanking: [],
  });
  index.upsert({ objectID: '1', name: 'Willamette Pinot Noir', Varietal: 'Pinot Noir', price: 30 });

  it('adds _highlightResult for the searchable attributes asked for, only', () => {
    const [hit] = index.search({
      query: 'pinot',
      attributesToHighlight: ['name', 'price'],
      highlightPreTag: '[',
      highlightPostTag: ']',
    }).hits;
    expect(hit!['_highlightResult']).toEqual({
      name: {
        value: 'Willamette [Pinot] Noir',
        matchLevel: 'full',
        matchedWords: ['pinot'],
        fullyHighlighted: false,
      },
    });
    expect(hit!['price']).toBe(30);
  });

  it('highlights every searchable attribute for "*", and none unless asked', () => {
    const [all] = index.search({ query: 'noir', attributesToHighlight: ['*'] }).hits;
    expect(Object.keys(all!['_highlightResult'] as object)).toEqual(['name', 'Varietal']);
    const [plain] = index.search({ query: 'noir' }).hits;
    expect(plain).not.toHaveProperty('_highlightResult');
  });
});
