import { describe, expect, it } from 'vitest';
import { googlePrice, smallestRetailPurchase } from './merchant-feed';
import { escapeXml } from './xml';

describe('escapeXml', () => {
  it('escapes markup and drops what XML 1.0 cannot hold, keeping all other text', () => {
    expect(escapeXml(`Rosé & <b>"Brut"</b> it's`)).toBe(
      'Rosé &amp; &lt;b&gt;&quot;Brut&quot;&lt;/b&gt; it&apos;s',
    );
    expect(escapeXml('a\u0000b\u0007c\u001Fd\uFFFEe\uD800f')).toBe('abcdef');
    expect(escapeXml('tab\tline\nreturn\r🍷')).toBe('tab\tline\nreturn\r🍷');
  });
});

describe('the feed price', () => {
  it('writes whole cents exactly', () => {
    expect(googlePrice(1234)).toBe('12.34 USD');
    expect(googlePrice(5)).toBe('0.05 USD');
    expect(googlePrice(100_000_07)).toBe('100000.07 USD');
  });

  it('is the fewest units a shopper can buy, a multipack when that is more than one', () => {
    const tier = (price_per_unit: number, minimum_unit_count_for_price: number) => ({
      price_per_unit,
      minimum_unit_count_for_price,
    });
    expect(smallestRetailPurchase([tier(2950, 6), tier(3200, 1)])).toEqual({
      units: 1,
      cents: 3200,
    });
    expect(smallestRetailPurchase([tier(1000, 12), tier(1100, 6)])).toEqual({
      units: 6,
      cents: 6600,
    });
    expect(smallestRetailPurchase([])).toBeNull();
  });
});
