import { describe, expect, it } from 'vitest';
import { safeLinkTarget } from './safe-url';

describe('safeLinkTarget', () => {
  it('keeps http and https links', () => {
    expect(safeLinkTarget('https://winery.example/visit')).toBe('https://winery.example/visit');
    expect(safeLinkTarget(' http://brewery.example ')).toBe('http://brewery.example/');
  });

  it('refuses links that could run script or are not links', () => {
    for (const url of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,x',
      'vbscript:x',
    ]) {
      expect(safeLinkTarget(url), url).toBeNull();
    }
    expect(safeLinkTarget('winery.example')).toBeNull();
    expect(safeLinkTarget('')).toBeNull();
    expect(safeLinkTarget(null)).toBeNull();
  });

  it('allows paths on this site only when asked, never protocol-relative ones', () => {
    expect(safeLinkTarget('/sell')).toBeNull();
    expect(safeLinkTarget('/sell', { allowPath: true })).toBe('/sell');
    expect(safeLinkTarget('//evil.example/x', { allowPath: true })).toBeNull();
    expect(safeLinkTarget('/\\evil.example', { allowPath: true })).toBeNull();
    expect(safeLinkTarget('/a\\b', { allowPath: true })).toBeNull();
  });
});
