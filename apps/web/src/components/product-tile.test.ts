import { MantineProvider } from '@mantine/core';
import { createElement, type ComponentProps } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ProductTile, sameTileProduct, type TileProduct } from './product-tile';

const hit: TileProduct = {
  objectID: '7',
  name: 'Harvest Cider',
  short_description: 'Crisp and dry.',
  bottleImageUrl: null,
  producedBy: 'Orchard Folk',
  slug: 'orchard-folk',
  'Beverage Type': ['Cider'],
  Varietal: null,
  Vintage: null,
  ABV: 6.5,
  Volume: 500,
  Format: null,
  'Closure Style': null,
  retailPricing: [
    { minimum_unit_count_for_price: 1, price_per_unit: 900 },
    { minimum_unit_count_for_price: 12, price_per_unit: 750 },
    { minimum_unit_count_for_price: 6, price_per_unit: 800 },
  ],
  wholesalePricing: [{ minimum_unit_count_for_price: 24, price_per_unit: 500 }],
};

/** The tile's HTML, rendered as the browser would get it (no cart, no search). */
function render(props: ComponentProps<typeof ProductTile>): string {
  return renderToStaticMarkup(
    createElement(
      MantineProvider,
      null,
      createElement(MemoryRouter, null, createElement(ProductTile, props)),
    ),
  );
}

/** The visible text of the list labelled `label`, one entry per item. */
function listItems(html: string, label: string): string[] {
  const list = html.match(new RegExp(`<ul[^>]*aria-label="${label}"[^>]*>(.*?)</ul>`))?.[1];
  if (!list) return [];
  return [...list.matchAll(/<li[^>]*>(.*?)<\/li>/g)].map((item) =>
    item[1]!.replace(/<[^>]+>/g, '').replace(/<!-- -->/g, ''),
  );
}

describe('ProductTile', () => {
  it('lists the buyer’s tiers as "N @ $x.xx", cheapest first, with both ranges', () => {
    const html = render({ hit, buyer: 'retail' });
    expect(listItems(html, 'Price tiers')).toEqual(['12 @ $7.50', '6 @ $8.00', '1 @ $9.00']);
    expect(html).toContain('$7.50 – $9.00 per unit · minimum 1 unit, better prices from 12 units');
    expect(render({ hit, buyer: 'wholesale' })).toContain('24 @ $5.00');
  });

  it('links the producer, or else the product name, to the business page in a new tab', () => {
    const html = render({ hit, buyer: 'retail' });
    expect(html).toMatch(/<a[^>]*href="\/business\/orchard-folk"[^>]*target="_blank"/);
    expect(html).toContain('Orchard Folk');
    const unnamed = render({ hit: { ...hit, producedBy: '' }, buyer: 'retail' });
    expect(unnamed).toMatch(/target="_blank"[^>]*>Harvest Cider/);
  });

  it('shows HTML in a description as text, never as markup', () => {
    const html = render({
      hit: { ...hit, short_description: '<img src=x onerror="alert(1)"><b>bold</b>' },
      buyer: 'retail',
    });
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<b>bold</b>');
    expect(html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&lt;b&gt;bold&lt;/b&gt;');
  });

  it('loads the bottle image lazily over the neutral placeholder, hidden until it has loaded', () => {
    const html = render({
      hit: { ...hit, bottleImageUrl: '/uploads/0123456789abcdef0123456789abcdef.png' },
      buyer: 'retail',
    });
    expect(html).toMatch(/<img[^>]*alt="Harvest Cider bottle"[^>]*loading="lazy"/);
    expect(html).toMatch(/<img[^>]*opacity:0;transition:opacity 0.3s/);
    expect(html).toMatch(/background:#eee/);
  });

  it('shows both price lists, the draft mark, the stock and an Edit link in edit mode', () => {
    const html = render({
      hit,
      edit: { editPath: '/business/orchard-folk/products/edit/7', draft: true, stockCount: 30 },
    });
    expect(listItems(html, 'Retail price tiers')).toEqual(['12 @ $7.50', '6 @ $8.00', '1 @ $9.00']);
    expect(listItems(html, 'Wholesale price tiers')).toEqual(['24 @ $5.00']);
    expect(html).toContain('>Draft<');
    expect(html).toContain('30 in stock');
    expect(html).toMatch(/<a[^>]*href="\/business\/orchard-folk\/products\/edit\/7"/);
    expect(html).not.toContain('aria-label="Price tiers"');
  });

  it('marks nothing for a published product without stock count', () => {
    const html = render({
      hit,
      edit: { editPath: '/x/edit/7', draft: false, stockCount: null },
    });
    expect(html).not.toContain('>Draft<');
    expect(html).not.toContain('in stock');
  });

  it('logs an unreadable beverage type and renders nothing', () => {
    // Expected once: the test setup fails a test on any other console.error.
    const logged = vi.spyOn(console, 'error').mockImplementationOnce(() => undefined);
    const html = render({ hit: { ...hit, 'Beverage Type': ['Mead'] }, buyer: 'retail' });
    expect(html).not.toContain('<article');
    expect(logged).toHaveBeenCalledWith('Product 7 has an unreadable beverage type', 'Mead');
  });
});

describe('sameTileProduct', () => {
  // A search answer brings the same product back as a new object: its tile may stay as it is.
  const again = (changes: Partial<TileProduct> = {}): TileProduct => ({
    ...structuredClone(hit),
    ...changes,
  });

  it('is true for the same product in a new answer', () => {
    expect(sameTileProduct(hit, again())).toBe(true);
  });

  it('is false as soon as anything the tile shows differs', () => {
    expect(sameTileProduct(hit, again({ name: 'Harvest Cider Reserve' }))).toBe(false);
    expect(sameTileProduct(hit, again({ ABV: 7 }))).toBe(false);
    expect(sameTileProduct(hit, again({ bottleImageUrl: '/uploads/bottle.png' }))).toBe(false);
    const cheaper = again();
    cheaper.retailPricing[0]!.price_per_unit = 850;
    expect(sameTileProduct(hit, cheaper)).toBe(false);
    expect(sameTileProduct(hit, again({ wholesalePricing: [] }))).toBe(false);
  });
});
