import { describe, expect, it } from 'vitest';
import { startsWithinOneTypo, withinOneTypo } from './typos';

describe('withinOneTypo', () => {
  it.each([
    ['pinot', 'pinot'],
    ['pinot', 'pinto'], // swapped neighbors
    ['pinot', 'pinoy'], // one letter changed
    ['pinot', 'pinots'], // one letter added
    ['pinot', 'pint'], // one letter removed
    ['riesling', 'reisling'],
  ])('%s ~ %s', (a, b) => {
    expect(withinOneTypo(a, b)).toBe(true);
    expect(withinOneTypo(b, a)).toBe(true);
  });

  it.each([
    ['pinot', 'pinata'],
    ['pinot', 'noir'],
    ['pinot', 'pi'],
    ['riesling', 'reislign'],
    ['abcd', 'badc'],
  ])('%s is two or more typos from %s', (a, b) => {
    expect(withinOneTypo(a, b)).toBe(false);
  });
});

describe('startsWithinOneTypo', () => {
  it('matches a word being typed with one typo in it', () => {
    expect(startsWithinOneTypo('chardonnay', 'chrad')).toBe(true);
    expect(startsWithinOneTypo('chardonnay', 'chardn')).toBe(true);
    expect(startsWithinOneTypo('chardonnay', 'cahrdo')).toBe(true);
    expect(startsWithinOneTypo('chardonnay', 'chxxd')).toBe(false);
  });
});
