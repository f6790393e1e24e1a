import { describe, expect, it } from 'vitest';
import { foldForMatch, tokenize } from './tokenize';

describe('tokenize', () => {
  it('lower-cases and splits on non-letters', () => {
    expect(tokenize('Willamette Valley Pinot Noir')).toEqual([
      'willamette',
      'valley',
      'pinot',
      'noir',
    ]);
  });

  it('strips accents', () => {
    expect(tokenize('Rosé Crémant Côtes-du-Rhône')).toEqual([
      'rose',
      'cremant',
      'cotes',
      'du',
      'rhone',
    ]);
  });

  it('keeps digits and drops punctuation', () => {
    expect(tokenize("Reverend Nat's 2019 (750ml) — 6.9%")).toEqual([
      'reverend',
      'nat',
      's',
      '2019',
      '750ml',
      '6',
      '9',
    ]);
  });

  it('returns no tokens for blank or punctuation-only text', () => {
    expect(tokenize('')).toEqual([]);
    expect(tokenize('  -- !! ')).toEqual([]);
  });
});

describe('foldForMatch', () => {
  it('lower-cases and strips accents but keeps spaces and punctuation', () => {
    expect(foldForMatch('Rosé of Pinot-Noir')).toBe('rose of pinot-noir');
  });
});
