import { MantineProvider } from '@mantine/core';
import { createElement, type ComponentProps } from 'react';
import { prerender } from 'react-dom/static';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProductHit } from '@bevy/core';
import { demoProduct, MemoryStorage } from '../lib/cart-test-data';
import { dispatchCartAction } from '../lib/use-cart';
import { ProductTile, sameTileProduct, type TileProduct } from './product-tile';

const hit: ProductHit = demoProduct('7', { name: 'Harvest Cider' });

// The tiles' cart lives in this page's local storage.
const storage = new MemoryStorage();
vi.stubGlobal('window', { localStorage: storage, addEventListener: () => undefined });

/** Puts `quantity` units of the product in the cart (or takes it out, for 0). */
function setQuantity(product: ProductHit, quantity: number) {
  dispatchCartAction({ type: 'remove', id: product.objectID, product, isUnique: false });
  for (let i = 0; i < quantity; i++) {
    dispatchCartAction({ type: 'add', id: product.objectID, product, isUnique: false });
  }
}

/** The tile's HTML once everything it loads (its cart controls) has loaded (no search). */
async function render(props: ComponentProps<typeof ProductTile>): Promise<string> {
  const { prelude } = await prerender(
    createElement(
      MantineProvider,
      null,
      createElement(MemoryRouter, null, createElement(ProductTile, props)),
    ),
  );
  // Without the markers React puts between adjacent text, as renderToStaticMarkup would.
  return (await new Response(prelude).text()).replaceAll('<!-- -->', '');
}

/** The visible text of the list labeled `label`, one entry per item. */
function listItems(html: string, label: string): string[] {
  const list = html.match(new RegExp(`<ul[^>]*aria-label="${label}"[^>]*>(.*?)</ul>`))?.[1];
  if (!list) return [];
  return [...list.matchAll(/<li[^>]*>(.*?)<\/li>/g)].map((item) =>
    item[1]!.replace(/<[^>]+>/g, '').replace(/<!-- -->/g, ''),
  );
}

describe('ProductTile', () => {
  it('lists the buyer’s tiers as "N @ $x.xx", cheapest first, with both ranges', async () => {
    const html = await render({ hit, buyer: 'retail' });
    expect(listItems(html, 'Price tiers')).toEqual(['12 @ $7.50', '6 @ $8.00', '1 @ $9.00']);
    expect(html).toContain('$7.50 – $9.00 per unit · minimum 1 unit, better prices from 12 units');
    expect(await render({ hit, buyer: 'wholesale' })).toContain('24 @ $5.00');
  });

  it('links the producer, or else the product name, to the business page in a new tab', async () => {
    const html = await render({ hit, buyer: 'retail' });
    expect(html).toMatch(/<a[^>]*href="\/business\/orchard-folk"[^>]*target="_blank"/);
    expect(html).toContain('Orchard Folk');
    const unnamed = await render({ hit: { ...hit, producedBy: '' }, buyer: 'retail' });
    expect(unnamed).toMatch(/target="_blank"[^>]*>Harvest Cider/);
  });

  it('shows HTML in a description as text, never as markup', async () => {
    const html = await render({
      hit: { ...hit, short_description: '<img src=x onerror="alert(1)"><b>bold</b>' },
      buyer: 'retail',
    });
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<b>bold</b>');
    expect(html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&lt;b&gt;bold&lt;/b&gt;');
  });

  it('loads the bottle image lazily over the neutral placeholder, hidden until it has loaded', async () => {
    const html = await render({
      hit: { ...hit, bottleImageUrl: '/uploads/0123456789abcdef0123456789abcdef.png' },
      buyer: 'retail',
    });
    expect(html).toMatch(/<img[^>]*alt="Harvest Cider bottle"[^>]*loading="lazy"/);
    expect(html).toMatch(/<img[^>]*opacity:0;transition:opacity 0.3s/);
    expect(html).toMatch(/background:#eee/);
  });

  it('shows both price lists, the draft mark, the stock and an Edit link in edit mode', async () => {
    const html = await render({
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

  it('marks nothing for a published product without stock count', async () => {
    const html = await render({
      hit,
      edit: { editPath: '/x/edit/7', draft: false, stockCount: null },
    });
    expect(html).not.toContain('>Draft<');
    expect(html).not.toContain('in stock');
  });

  it('logs an unreadable beverage type and renders nothing', async () => {
    // Expected once: the test setup fails a test on any other console.error.
    const logged = vi.spyOn(console, 'error').mockImplementationOnce(() => undefined);
    const html = await render({ hit: { ...hit, 'Beverage Type': ['Mead'] }, buyer: 'retail' });
    expect(html).not.toContain('<article');
    expect(logged).toHaveBeenCalledWith('Product 7 has an unreadable beverage type', 'Mead');
  });
});

/** Accessible names of the tile's buttons (visible text plus visually hidden text). */
function buttonNames(html: string): string[] {
  return [...html.matchAll(/<button([^>]*)>(.*?)<\/button>/g)].map(
    ([, attributes, content]) =>
      /aria-label="([^"]*)"/.exec(attributes!)?.[1] ??
      content!.replace(/<[^>]+>/g, '').replace(/<!-- -->/g, ''),
  );
}

describe('ProductTile cart controls', () => {
  afterEach(() => setQuantity(hit, 0));

  it('offers Add to Cart while the product is not in the cart', async () => {
    const html = await render({ hit, buyer: 'retail' });
    expect(buttonNames(html)).toEqual(['Add to Cart Harvest Cider']);
  });

  it('once in the cart, shows the quantity with minus, plus and remove, each labeled', async () => {
    setQuantity(hit, 2);
    const html = await render({ hit, buyer: 'retail' });
    expect(buttonNames(html)).toEqual([
      'Decrease quantity of Harvest Cider',
      'Increase quantity of Harvest Cider',
      'Remove Harvest Cider from cart',
    ]);
    expect(html).toMatch(/<input[^>]*aria-label="Quantity of Harvest Cider"[^>]*value="2"/);
    expect(html).toContain('aria-live="polite">2 of Harvest Cider in your cart<');
  });

  it('at the lowest tier’s minimum, says that minus removes the product', async () => {
    setQuantity(hit, 1);
    expect(buttonNames(await render({ hit, buyer: 'retail' }))).toContain(
      'Decrease quantity of Harvest Cider: removes it from your cart',
    );
  });

  it.each([
    [1, '$9.00'],
    [5, '$9.00'],
    [6, '$8.00'],
    [11, '$8.00'],
    [12, '$7.50'],
    [40, '$7.50'],
  ])(
    'at quantity %i shows the unit price of the highest tier reached, %s',
    async (quantity, price) => {
      setQuantity(hit, quantity);
      expect(await render({ hit, buyer: 'retail' })).toContain(`${price} per unit`);
    },
  );

  it('prices a wholesale buyer from the wholesale tiers, saying when the minimum is not reached', async () => {
    setQuantity(hit, 1);
    const html = await render({ hit, buyer: 'wholesale' });
    expect(html).toContain('Order at least 24 units');
    expect(html).not.toContain('$9.00 per unit');
    setQuantity(hit, 24);
    expect(await render({ hit, buyer: 'wholesale' })).toContain('$5.00 per unit');
  });

  it('has no cart controls without price tiers', async () => {
    const html = await render({ hit: { ...hit, wholesalePricing: [] }, buyer: 'wholesale' });
    expect(html).toContain('No wholesale price yet');
    expect(buttonNames(html)).toEqual([]);
  });

  it('cannot be added when it cannot reach the buyer, but stays removable once in the cart', async () => {
    const unavailable = 'Out of delivery range: 62 miles away, delivers within 25 miles';
    expect(buttonNames(await render({ hit, buyer: 'retail', unavailable }))).toEqual([]);
    setQuantity(hit, 1);
    expect(buttonNames(await render({ hit, buyer: 'retail', unavailable }))).toContain(
      'Remove Harvest Cider from cart',
    );
  });

  it('keeps the Edit button instead in edit mode', async () => {
    setQuantity(hit, 1);
    const html = await render({
      hit,
      edit: { editPath: '/x/edit/7', draft: false, stockCount: null },
    });
    expect(html).not.toContain('Add to Cart');
    expect(html).not.toContain('from cart');
    expect(html).toMatch(/<a[^>]*href="\/x\/edit\/7"[^>]*>.*Edit/);
  });
});

describe('sameTileProduct', () => {
  // A search answer brings the same product back as a new object: its tile may stay as it is.
  const tileHit: TileProduct = hit;
  const again = (changes: Partial<TileProduct> = {}): TileProduct => ({
    ...structuredClone(tileHit),
    ...changes,
  });

  it('is true for the same product in a new answer', () => {
    expect(sameTileProduct(tileHit, again())).toBe(true);
  });

  it('is false as soon as anything the tile shows differs', () => {
    expect(sameTileProduct(tileHit, again({ name: 'Harvest Cider Reserve' }))).toBe(false);
    expect(sameTileProduct(tileHit, again({ ABV: 7 }))).toBe(false);
    expect(sameTileProduct(tileHit, again({ bottleImageUrl: '/uploads/bottle.png' }))).toBe(false);
    const cheaper = again();
    cheaper.retailPricing[0]!.price_per_unit = 850;
    expect(sameTileProduct(tileHit, cheaper)).toBe(false);
    expect(sameTileProduct(tileHit, again({ wholesalePricing: [] }))).toBe(false);
  });
});
