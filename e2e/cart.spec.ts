import {
  formatCents,
  orderTotals,
  percentToMillionths,
  tierForQuantity,
  type CartState,
  type PriceTier,
} from '@bevy/core';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe';

interface CatalogProduct {
  id: string;
  name: string;
  pricing: PriceTier[];
  business: { id: number; name: string; sales_tax_rate: number };
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The cart as the page stored it in local storage. */
async function storedCart(page: Page): Promise<CartState> {
  return page.evaluate(() => JSON.parse(window.localStorage.getItem('cart') ?? 'null'));
}

/** The catalog's current products for these ids, priced for an anonymous (retail) buyer. */
async function catalog(page: Page, productIds: string[]): Promise<CatalogProduct[]> {
  const response = await page.request.post('/graphql', {
    data: {
      query: `query($productIds: [ID!]!) { cartCatalog(productIds: $productIds) {
        products { id name pricing { price_per_unit minimum_unit_count_for_price }
          business { id name sales_tax_rate } } } }`,
      variables: { productIds },
    },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()).data.cartCatalog.products;
}

/** The header's cart link, whose name says how many units the cart holds. */
const cartLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Cart/ });

/** Two tiles of the first results page whose products come from different producers. */
async function tilesOfTwoProducers(page: Page): Promise<[Locator, Locator]> {
  const tiles = page.getByRole('article');
  await expect(tiles.first()).toBeVisible();
  const producerOf = async (tile: Locator) => tile.getByRole('link').first().textContent();
  const first = tiles.first();
  const firstProducer = await producerOf(first);
  for (const tile of await tiles.all()) {
    if ((await producerOf(tile)) !== firstProducer) return [first, tile];
  }
  throw new Error('The first results page shows a single producer');
}

test('a cart across two producers: add, count, price, keep, remove, empty', async ({ page }) => {
  // Two full axe passes (the shop with its refiners, then the cart) take about 20 s on their own,
  // past 30 s beside another journey on a 2-core machine.
  test.slow();
  await page.goto('/shop');
  const [tileA, tileB] = await tilesOfTwoProducers(page);
  const nameA = (await tileA.getByRole('heading').textContent())!;
  const nameB = (await tileB.getByRole('heading').textContent())!;

  await tileA.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(tileA.getByRole('button', { name: `Increase quantity of ${nameA}` })).toBeVisible();
  await expect(tileA.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);
  await expect(cartLink(page)).toHaveAccessibleName(/^Cart\s*,\s*1 item$/);

  await tileB.getByRole('button', { name: 'Add to Cart' }).click();
  await tileA.getByRole('button', { name: `Increase quantity of ${nameA}` }).click();
  await expect(tileA).toContainText(`2 of ${nameA} in your cart`);
  await expect(cartLink(page)).toHaveAccessibleName(/^Cart\s*,\s*3 items$/);
  await expect(tileA.getByRole('button', { name: `Decrease quantity of ${nameA}` })).toBeVisible();
  await expect(tileA.getByRole('button', { name: `Remove ${nameA} from cart` })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // What the page must show, computed by the same arithmetic from the server's current prices.
  const cart = await storedCart(page);
  expect(cart.quantity).toEqual({ [cart.addedIds[0]!]: 2, [cart.addedIds[1]!]: 1 });
  const products = await catalog(page, cart.addedIds);
  expect(new Set(products.map((p) => p.business.id)).size).toBe(2);

  await cartLink(page).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible();

  const checkGroups = async () => {
    let grandTotal = 0;
    for (const product of products) {
      const quantity = cart.quantity[product.id]!;
      const unitPrice = tierForQuantity(product.pricing, quantity)!.price_per_unit;
      const totals = orderTotals(
        [{ unitPrice, quantity }],
        percentToMillionths(product.business.sales_tax_rate),
      );
      grandTotal += totals.total;
      const group = page.getByRole('region', { name: product.business.name, exact: true });
      await expect(group.getByRole('link', { name: product.business.name })).toHaveAttribute(
        'href',
        /^\/business\//,
      );
      const line = group.getByRole('row', { name: new RegExp(`^${escape(product.name)}`) });
      await expect(line).toContainText(formatCents(unitPrice));
      await expect(line).toContainText(formatCents(unitPrice * quantity));
      await expect(group.getByRole('row', { name: /^Subtotal/ })).toContainText(
        formatCents(totals.subtotal),
      );
      await expect(group.getByRole('row', { name: /^Tax \+ fees/ })).toContainText(
        formatCents(totals.taxAndFees),
      );
      await expect(group.getByRole('row', { name: /^Total from/ })).toContainText(
        formatCents(totals.total),
      );
      await expect(group.getByRole('radio').first()).toBeChecked();
    }
    await expect(page.getByRole('row', { name: /^Grand total/ })).toContainText(
      formatCents(grandTotal),
    );
  };
  await checkGroups();
  await expect(page.getByRole('link', { name: 'Continue to checkout' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.reload();
  await expect(cartLink(page)).toHaveAccessibleName(/^Cart\s*,\s*3 items$/);
  await checkGroups();

  await page.getByRole('button', { name: `Remove ${nameB} from cart` }).click();
  const [productA, productB] = cart.addedIds.map((id) => products.find((p) => p.id === id)!);
  await expect(
    page.getByRole('region', { name: productB!.business.name, exact: true }),
  ).toHaveCount(0);
  await expect(
    page.getByRole('region', { name: productA!.business.name, exact: true }),
  ).toBeVisible();
  await expect(cartLink(page)).toHaveAccessibleName(/^Cart\s*,\s*2 items$/);

  // Decreasing at 1 removes the item: two decreases empty the cart.
  await page.getByRole('button', { name: `Decrease quantity of ${nameA}` }).click();
  await expect(cartLink(page)).toHaveAccessibleName(/^Cart\s*,\s*1 item$/);
  await page.getByRole('button', { name: `Decrease quantity of ${nameA}` }).click();
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to the shop' })).toHaveAttribute('href', '/shop');
  await expect(cartLink(page)).toHaveAccessibleName(/^Cart\s*,\s*0 items$/);
  expect(await storedCart(page)).toEqual({ addedIds: [], products: [], quantity: {} });
  await expectNoSeriousA11yViolations(page);
});

test('a stored cart that no longer matches the catalog says what changed', async ({ page }) => {
  await page.goto('/shop');
  const [tile] = await tilesOfTwoProducers(page);
  await tile.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(cartLink(page)).toHaveAccessibleName(/^Cart\s*,\s*1 item$/);

  // Someone edits the stored cart: a price of one cent, and a product that does not exist.
  await page.evaluate(() => {
    const cart = JSON.parse(window.localStorage.getItem('cart')!);
    const [product] = cart.products;
    product.retailPricing = [{ price_per_unit: 1, minimum_unit_count_for_price: 1 }];
    const gone = { ...product, objectID: '999999', name: 'Vanished Vermouth' };
    cart.addedIds.push('999999');
    cart.products.push(gone);
    cart.quantity['999999'] = 1;
    window.localStorage.setItem('cart', JSON.stringify(cart));
  });
  const [product] = await catalog(page, (await storedCart(page)).addedIds.slice(0, 1));
  await page.goto('/cart');

  const line = page.getByRole('row', { name: new RegExp(`^${escape(product!.name)}`) });
  const price = formatCents(tierForQuantity(product!.pricing, 1)!.price_per_unit);
  await expect(line).toContainText(
    `Price changed since you added it: was $0.01, now ${price} per unit.`,
  );
  await expect(page.getByRole('row', { name: /^Vanished Vermouth/ })).toContainText(
    'No longer available. Remove it to continue.',
  );
  await expect(page.getByRole('button', { name: 'Continue to checkout' })).toBeDisabled();
  await expect(page.getByText('Resolve the notes marked in your cart to continue.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('without local storage the cart says so, and the shop still works', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', {
      get() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
  });
  await page.goto('/shop');
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(cartLink(page)).toHaveAccessibleName(/localStorage is not available/);
  await expect(
    page.getByRole('article').first().getByRole('button', { name: 'Add to Cart' }),
  ).toBeDisabled();
  await cartLink(page).click();
  await expect(page.getByRole('alert')).toContainText('localStorage is not available');
});
