import { describe, expect, it } from 'vitest';
import {
  MATCH_ALL,
  matches,
  parseFacetFilters,
  parseFilters,
  parseNumericFilters,
  type Predicate,
} from './filters';
import { SearchInputError } from './types';

const facet = (attribute: string, value: string): Predicate => ({
  kind: 'facet',
  attribute,
  value,
});

describe('parseFilters', () => {
  it('returns MATCH_ALL for an empty or blank string', () => {
    expect(parseFilters('')).toBe(MATCH_ALL);
    expect(parseFilters('   ')).toBe(MATCH_ALL);
  });

  it('parses a facet comparison', () => {
    expect(parseFilters('Varietal:Syrah')).toEqual(facet('Varietal', 'Syrah'));
  });

  it('parses quoted attribute names and values', () => {
    expect(parseFilters('"Beverage Type":Wine')).toEqual(facet('Beverage Type', 'Wine'));
    expect(parseFilters(`Varietal:'Pinot Noir'`)).toEqual(facet('Varietal', 'Pinot Noir'));
  });

  it('unescapes backslashes inside quotes', () => {
    expect(parseFilters('"Produced By":"Reverend Nat\\"s"')).toEqual(
      facet('Produced By', 'Reverend Nat"s'),
    );
  });

  it('parses booleans as facet values', () => {
    expect(parseFilters('fulfillment_allow_pickup_retail:true')).toEqual(
      facet('fulfillment_allow_pickup_retail', 'true'),
    );
  });

  it.each([
    ['ABV>=10', '>=', 10],
    ['ABV > 10', '>', 10],
    ['ABV<12.5', '<', 12.5],
    ['ABV <= 0', '<=', 0],
    ['ABV=13.5', '=', 13.5],
    ['ABV != -1', '!=', -1],
  ] as const)('parses the numeric comparison %s', (input, operator, value) => {
    expect(parseFilters(input)).toEqual({ kind: 'numeric', attribute: 'ABV', operator, value });
  });

  it('parses a range', () => {
    expect(parseFilters('Vintage:2015 TO 2018')).toEqual({
      kind: 'range',
      attribute: 'Vintage',
      low: 2015,
      high: 2018,
    });
  });

  it('gives AND precedence over OR', () => {
    expect(parseFilters('a:1 OR b:2 AND c:3')).toEqual({
      kind: 'or',
      items: [facet('a', '1'), { kind: 'and', items: [facet('b', '2'), facet('c', '3')] }],
    });
  });

  it('groups with parentheses', () => {
    expect(parseFilters('(a:1 OR b:2) AND c:3')).toEqual({
      kind: 'and',
      items: [{ kind: 'or', items: [facet('a', '1'), facet('b', '2')] }, facet('c', '3')],
    });
  });

  it('parses NOT, binding tighter than AND', () => {
    expect(parseFilters('NOT a:1 AND b:2')).toEqual({
      kind: 'and',
      items: [{ kind: 'not', item: facet('a', '1') }, facet('b', '2')],
    });
    expect(parseFilters('NOT (a:1 OR b:2)')).toEqual({
      kind: 'not',
      item: { kind: 'or', items: [facet('a', '1'), facet('b', '2')] },
    });
  });

  it('treats a quoted keyword as a value, not an operator', () => {
    expect(parseFilters('name:"AND"')).toEqual(facet('name', 'AND'));
  });

  it.each([
    ['(Varietal:Syrah', 'missing ")"'],
    ['Varietal:Syrah)', 'unexpected ")"'],
    ['Varietal:Syrah Vintage:2015', 'missing operator between terms'],
    ['Varietal', 'no ":" or comparison'],
    ['Varietal:', 'no value'],
    ['Varietal:Syrah AND', 'dangling AND'],
    ['OR Varietal:Syrah', 'leading OR'],
    ['()', 'empty parentheses'],
    ['ABV>=', 'no number'],
    ['ABV>=strong', 'non-numeric comparison'],
    ['ABV>>3', 'doubled operator'],
    ['Vintage:2015 TO', 'open range'],
    ['Vintage:2015 TO later', 'non-numeric range end'],
    ['Vintage:old TO 2018', 'non-numeric range start'],
    ['Varietal:"Pinot Noir', 'unterminated quote'],
    ['ABV ! 3', 'lone "!"'],
  ])('throws SearchInputError for %j (%s)', (input) => {
    expect(() => parseFilters(input)).toThrow(SearchInputError);
  });
});

describe('parseFacetFilters', () => {
  it('returns MATCH_ALL for undefined', () => {
    expect(parseFacetFilters(undefined)).toBe(MATCH_ALL);
  });

  it('ANDs the outer list and ORs inner lists', () => {
    expect(
      parseFacetFilters([['Varietal:Syrah', 'Varietal:Merlot'], 'Beverage Type:Wine']),
    ).toEqual({
      kind: 'and',
      items: [
        { kind: 'or', items: [facet('Varietal', 'Syrah'), facet('Varietal', 'Merlot')] },
        facet('Beverage Type', 'Wine'),
      ],
    });
  });

  it('splits on the first colon only', () => {
    expect(parseFacetFilters(['name:Ratio 2:1'])).toEqual({
      kind: 'and',
      items: [facet('name', 'Ratio 2:1')],
    });
  });

  it('negates "-attribute:value" and keeps an escaped "\\-" literal', () => {
    expect(parseFacetFilters(['-Varietal:Syrah', '\\-weird:x'])).toEqual({
      kind: 'and',
      items: [{ kind: 'not', item: facet('Varietal', 'Syrah') }, facet('-weird', 'x')],
    });
  });

  it('accepts a single filter as a string', () => {
    expect(parseFacetFilters('Varietal:Syrah')).toEqual({
      kind: 'and',
      items: [facet('Varietal', 'Syrah')],
    });
  });

  it('accepts a JSON-encoded list', () => {
    expect(parseFacetFilters('[["Varietal:Syrah","Varietal:Merlot"],"ABV:14"]')).toEqual({
      kind: 'and',
      items: [
        { kind: 'or', items: [facet('Varietal', 'Syrah'), facet('Varietal', 'Merlot')] },
        facet('ABV', '14'),
      ],
    });
  });

  it.each([[['Varietal']], [[':Syrah']], [['-:x']], ['[not json'], ['["Varietal:Syrah"']])(
    'throws SearchInputError for %j',
    (filters) => {
      expect(() => parseFacetFilters(filters)).toThrow(SearchInputError);
    },
  );
});

describe('parseNumericFilters', () => {
  it('returns MATCH_ALL for undefined', () => {
    expect(parseNumericFilters(undefined)).toBe(MATCH_ALL);
  });

  it('parses comparisons and ranges with AND/OR nesting', () => {
    expect(parseNumericFilters(['ABV>=10', ['Vintage<2000', 'Vintage:2015 TO 2018']])).toEqual({
      kind: 'and',
      items: [
        { kind: 'numeric', attribute: 'ABV', operator: '>=', value: 10 },
        {
          kind: 'or',
          items: [
            { kind: 'numeric', attribute: 'Vintage', operator: '<', value: 2000 },
            { kind: 'range', attribute: 'Vintage', low: 2015, high: 2018 },
          ],
        },
      ],
    });
  });

  it.each([[['Varietal:Syrah']], [['ABV>=10 AND Vintage>2000']], [['NOT ABV>10']], [['ABV>=ten']]])(
    'throws SearchInputError for %j, which is not one numeric comparison',
    (filters) => {
      expect(() => parseNumericFilters(filters)).toThrow(SearchInputError);
    },
  );
});

describe('matches', () => {
  const wine = {
    objectID: '1',
    Varietal: 'Pinot Noir',
    'Beverage Type': ['Wine', 'Cider'],
    Vintage: 2015,
    ABV: 13.5,
    fulfillment_allow_pickup_retail: true,
    fulfillment_ship_retail: false,
    closure: null,
  };
  const test = (filters: string) => matches(wine, parseFilters(filters));

  it('matches everything with MATCH_ALL', () => {
    expect(matches(wine, MATCH_ALL)).toBe(true);
    expect(matches({}, MATCH_ALL)).toBe(true);
  });

  it('compares facet values exactly', () => {
    expect(test('Varietal:"Pinot Noir"')).toBe(true);
    expect(test('Varietal:Pinot')).toBe(false);
  });

  it('matches any element of an array attribute', () => {
    expect(test('"Beverage Type":Cider')).toBe(true);
    expect(test('"Beverage Type":Wine')).toBe(true);
    expect(test('"Beverage Type":Beer')).toBe(false);
  });

  it('matches booleans and numbers by their string form', () => {
    expect(test('fulfillment_allow_pickup_retail:true')).toBe(true);
    expect(test('fulfillment_allow_pickup_retail:false')).toBe(false);
    expect(test('fulfillment_ship_retail:false')).toBe(true);
    expect(test('Vintage:2015')).toBe(true);
  });

  it('never matches a missing or null attribute', () => {
    expect(test('Producer:Anyone')).toBe(false);
    expect(test('closure:null')).toBe(false);
    expect(test('Missing>0')).toBe(false);
    expect(test('NOT Producer:Anyone')).toBe(true);
  });

  it.each([
    ['ABV>=13.5', true],
    ['ABV>13.5', false],
    ['ABV<=13.5', true],
    ['ABV<13.5', false],
    ['ABV=13.5', true],
    ['ABV!=13.5', false],
    ['ABV!=12', true],
    ['Vintage:2015 TO 2018', true],
    ['Vintage:2010 TO 2015', true],
    ['Vintage:2016 TO 2018', false],
  ])('evaluates %s as %s', (filters, expected) => {
    expect(test(filters)).toBe(expected);
  });

  it('only compares numbers numerically', () => {
    expect(matches({ objectID: 'x', ABV: '13.5' }, parseFilters('ABV>=10'))).toBe(false);
  });

  it('combines AND, OR, NOT and parentheses', () => {
    expect(test('Varietal:Syrah OR ABV>13')).toBe(true);
    expect(test('Varietal:Syrah AND ABV>13')).toBe(false);
    expect(test('NOT Varietal:Syrah AND ABV>13')).toBe(true);
    expect(test('NOT (Varietal:Syrah OR ABV>13)')).toBe(false);
    expect(test('("Beverage Type":Beer OR "Beverage Type":Cider) AND Vintage:2015 TO 2015')).toBe(
      true,
    );
  });

  it('evaluates facetFilters: outer AND, inner OR, "-" negates', () => {
    const run = (filters: (string | string[])[]) => matches(wine, parseFacetFilters(filters));
    expect(run([['Varietal:Syrah', 'Varietal:Pinot Noir']])).toBe(true);
    expect(run([['Varietal:Syrah', 'Varietal:Merlot']])).toBe(false);
    expect(run(['Varietal:Pinot Noir', 'Beverage Type:Beer'])).toBe(false);
    expect(run(['-Varietal:Syrah'])).toBe(true);
    expect(run(['-Beverage Type:Cider'])).toBe(false);
    expect(run(['fulfillment_allow_pickup_retail:true'])).toBe(true);
  });

  it('evaluates numericFilters', () => {
    const run = (filters: (string | string[])[]) => matches(wine, parseNumericFilters(filters));
    expect(run(['ABV>=10', 'Vintage:2015 TO 2018'])).toBe(true);
    expect(run(['ABV>=14'])).toBe(false);
    expect(run([['ABV>=14', 'Vintage<2016']])).toBe(true);
  });
});

describe('filter nesting', () => {
  it('refuses absurdly deep nesting with a SearchInputError, not a stack overflow', () => {
    expect(() => parseFilters(`${'('.repeat(5000)}slug:x${')'.repeat(5000)}`)).toThrow(
      SearchInputError,
    );
    expect(() => parseFilters(`${'NOT '.repeat(5000)}slug:x`)).toThrow(/nest at most 32/);
  });

  it('accepts reasonable nesting', () => {
    expect(parseFilters(`${'('.repeat(10)}slug:x${')'.repeat(10)}`)).toEqual({
      kind: 'facet',
      attribute: 'slug',
      value: 'x',
    });
  });
});
