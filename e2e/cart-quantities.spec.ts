import { formatCents, type CartState } from '@bevy/core';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, graphql, test } from './fixtures';
import { keepScreenshotsAtWidths } from './screenshots';

/**
 * Issue 13: tier minimums and typed quantities, the keyboard's place after cart actions, product
 * thumbnails from the cart to the order, the state from the ZIP code, and the buying business of
 * a wholesale checkout.
 */

const IMAGE = '/art/bottles/beer-bottle-amber.svg';
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface Shop {
  id: number;
  name: string;
  slug: string;
  fulfillment_allow_pickup_retail: boolean;
  fulfillment_allow_pickup_wholesale: boolean;
}

/** A producer the demo seller works at that lets retail and wholesale buyers pick up. */
async function pickupShop(seller: APIRequestContext): Promise<Shop> {
  const data = await graphql<{ me: { works_at: Shop[] } }>(
    seller,
    `
      {
        me {
          works_at {
            id
            name
            slug
            fulfillment_allow_pickup_retail
            fulfillment_allow_pickup_wholesale
          }
        }
      }
    `,
  );
  const shop = data.me.works_at.find(
    (s) => s.fulfillment_allow_pickup_retail && s.fulfillment_allow_pickup_wholesale,
  );
  expect(shop, 'a demo producer with pickup for everyone').toBeDefined();
  return shop!;
}

/** A product sold from 6 units ($21.00, $19.50 from 12; wholesale $12.00, $11.00 from 24). */
async function sixPack(seller: APIRequestContext, shop: Shop, label: string): Promise<string> {
  // Unique within a run, retries included, and short enough to read like a product's name.
  const name = `Six Pack ${label} ${Date.now().toString(36).slice(-4)}`;
  await graphql(
    seller,
    `
      mutation ($slug: String!, $input: ProductInput!) {
        createProduct(slug: $slug, input: $input) {
          id
        }
      }
    `,
    {
      slug: shop.slug,
      input: {
        name,
        beverageType: 'Beer',
        shortDescription: 'Sold by the six, for the quantities journey.',
        bottleImageUrl: IMAGE,
        status: 'published',
        retailTiers: [
          { minimum_unit_count_for_price: 6, price: 21 },
          { minimum_unit_count_for_price: 12, price: 19.5 },
        ],
        wholesaleTiers: [
          { minimum_unit_count_for_price: 6, price: 12 },
          { minimum_unit_count_for_price: 24, price: 11 },
        ],
      },
    },
  );
  return name;
}

async function storedCart(page: Page): Promise<CartState> {
  return page.evaluate(() => JSON.parse(window.localStorage.getItem('cart') ?? 'null'));
}

/** The product's tile, found through the shop's search. */
async function tileOf(page: Page, shopPath: string, name: string): Promise<Locator> {
  await page.goto(shopPath);
  await page.getByRole('searchbox', { name: 'Search products' }).fill(name);
  const tile = page.getByRole('article').filter({ hasText: name });
  await expect(tile).toBeVisible();
  return tile;
}

const thumbnailIn = (scope: Locator) => scope.locator(`img[src="${IMAGE}"]`).first();

test('a product sold from 6: the minimum is added, 24 can be typed, the keyboard keeps its place, thumbnails to the order', async ({
  loggedInAs,
  freshBuyer,
}, testInfo) => {
  test.setTimeout(120_000);
  const seller = await loggedInAs('seller');
  const shop = await pickupShop(seller.request);
  const name = await sixPack(seller.request, shop, 'Retail');
  const { page } = await freshBuyer();

  // 'Add to Cart' adds the lowest tier's minimum, and the keyboard moves to the quantity.
  const tile = await tileOf(page, '/shop', name);
  await tile.getByRole('button', { name: 'Add to Cart' }).focus();
  await page.keyboard.press('Enter');
  const quantity = tile.getByRole('textbox', { name: `Quantity of ${name}` });
  await expect(quantity).toHaveValue('6');
  await expect(quantity).toBeFocused();
  await expect(tile).toContainText('$21.00 per unit');

  // A typed quantity counts once it is committed.
  await quantity.fill('24');
  await page.keyboard.press('Enter');
  await expect(quantity).toHaveValue('24');
  await expect(tile).toContainText('$19.50 per unit');
  expect(Object.values((await storedCart(page)).quantity)).toEqual([24]);
  await tile.scrollIntoViewIfNeeded();
  await keepScreenshotsAtWidths(page, testInfo, 'cart-quantities-tile');

  // Minus keeps the keyboard; at the minimum it removes, and 'Add to Cart' takes the keyboard.
  const decrease = tile.getByRole('button', { name: `Decrease quantity of ${name}` });
  await decrease.focus();
  await page.keyboard.press('Enter');
  await expect(quantity).toHaveValue('23');
  await expect(decrease).toBeFocused();
  await quantity.fill('2');
  await page.keyboard.press('Enter');
  await expect(quantity).toHaveValue('6');
  await expect(decrease).toHaveAccessibleName(
    `Decrease quantity of ${name}: removes it from your cart`,
  );
  await decrease.focus();
  await page.keyboard.press('Enter');
  const add = tile.getByRole('button', { name: 'Add to Cart' });
  await expect(add).toBeFocused();
  expect((await storedCart(page)).addedIds).toEqual([]);

  // Removing with the trash icon gives the keyboard back to 'Add to Cart' too.
  await page.keyboard.press('Enter');
  await expect(quantity).toBeFocused();
  await tile.getByRole('button', { name: `Remove ${name} from cart` }).focus();
  await page.keyboard.press('Enter');
  await expect(add).toBeFocused();
  await page.keyboard.press('Enter');
  await quantity.fill('24');
  await page.keyboard.press('Tab');
  await expect(quantity).toHaveValue('24');

  // A cart from before, below the minimum, says what the minimum is and raises the line to it.
  await page.evaluate(() => {
    const cart = JSON.parse(window.localStorage.getItem('cart')!);
    cart.quantity[cart.addedIds[0]] = 2;
    window.localStorage.setItem('cart', JSON.stringify(cart));
  });
  await page.goto('/cart');
  const line = page.getByRole('row', { name: new RegExp(`^${escape(name)}`) });
  await expect(line).toContainText('Below the minimum: order at least 6 units.');
  await expect(line).toContainText('priced from 6 units');
  await line.getByRole('button', { name: `Raise to 6 units of ${name}` }).click();
  const lineQuantity = line.getByRole('textbox', { name: `Quantity of ${name}` });
  await expect(lineQuantity).toHaveValue('6');
  await lineQuantity.fill('24');
  await page.keyboard.press('Enter');
  await expect(lineQuantity).toHaveValue('24');
  await expect(line).toContainText(formatCents(1950));
  await expect(line).toContainText(formatCents(1950 * 24));
  await expect(thumbnailIn(line)).toHaveAttribute('alt', '');
  await expect(thumbnailIn(line)).toHaveAttribute('loading', 'lazy');

  await page.getByLabel('Your ZIP code').fill('97214');
  const group = page.getByRole('region', { name: shop.name, exact: true });
  await group.getByRole('radio', { name: /Pickup/ }).check();
  await expectNoSeriousA11yViolations(page);
  await keepScreenshotsAtWidths(page, testInfo, 'cart-quantities-cart');
  await page.getByRole('link', { name: 'Continue to checkout' }).click();

  // Checkout: the thumbnail by the line, and the billing state filled in from the ZIP code.
  await expect(page.getByRole('heading', { level: 1, name: 'Shipping and billing' })).toBeVisible();
  await expect(
    thumbnailIn(page.getByRole('region', { name: `Pickup from ${shop.name}` })),
  ).toBeVisible();
  const billing = page.getByRole('group', { name: /billing address/ });
  const state = billing.getByRole('combobox', { name: 'State' });
  await expect(billing.getByLabel(/^ZIP code/)).toHaveValue('97214');
  await expect(state).toHaveValue('Oregon (OR)');

  // Another state is called out on the ZIP code at once, before 'Pay'.
  await state.fill('Washing');
  await page.getByRole('option', { name: 'Washington (WA)' }).click();
  const mismatch = 'The ZIP code 97214 is in Oregon, not Washington.';
  await expect(billing.getByText(mismatch)).toBeVisible();
  await expect(billing.getByLabel(/^ZIP code/)).toHaveAttribute('aria-invalid', 'true');
  await keepScreenshotsAtWidths(page, testInfo, 'cart-quantities-checkout');
  await state.fill('Oreg');
  await page.getByRole('option', { name: 'Oregon (OR)' }).click();
  await expect(billing.getByText(mismatch)).toHaveCount(0);

  await page.getByLabel(/^Phone/).fill('(503) 555-0199');
  await billing.getByLabel(/^Street address/).fill('1220 SE Water Ave');
  await billing.getByLabel(/^City/).fill('Portland');
  await page.getByLabel(/^Card number/).fill('4242 4242 4242 4242');
  await page.getByLabel(/^Expiry/).fill('12/34');
  await page.getByLabel(/^Security code/).fill('123');
  await page.getByLabel(/21 or older/).check();
  await page.getByRole('button', { name: /and place order/ }).click();

  // The success page and the order page show the thumbnail too.
  await expect(page.getByRole('heading', { level: 1, name: /your order is placed/ })).toBeVisible();
  const placed = page.getByRole('region', { name: /^Order BV-\d+ from/ });
  await expect(placed).toContainText(name);
  await expect(thumbnailIn(placed)).toBeVisible();
  await keepScreenshotsAtWidths(page, testInfo, 'cart-quantities-success');
  await page.reload();
  await expect(thumbnailIn(page.getByRole('region', { name: /^Order BV-\d+ from/ }))).toBeVisible();
  await placed.getByRole('link', { name: /^View order/ }).click();
  await expect(
    thumbnailIn(page.getByRole('row', { name: new RegExp(escape(name)) })),
  ).toBeVisible();
});

test('removing a line in the cart keeps the keyboard in the cart', async ({ page }) => {
  await page.goto('/shop');
  const tiles = page.getByRole('article');
  // The first search can be slow on a busy machine.
  await expect(tiles.first()).toBeVisible({ timeout: 15_000 });
  const names: string[] = [];
  for (const tile of (await tiles.all()).slice(0, 2)) {
    names.push((await tile.getByRole('heading').textContent())!.trim());
    await tile.getByRole('button', { name: 'Add to Cart' }).click();
  }
  await page.goto('/cart');
  const [first, second] = names as [string, string];
  await page.getByRole('button', { name: `Remove ${first} from cart` }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('textbox', { name: `Quantity of ${second}` })).toBeFocused();
  await page.getByRole('button', { name: `Remove ${second} from cart` }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeFocused();
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
});

test('a wholesale checkout names the buying business, and the producer sees it', async ({
  loggedInAs,
}, testInfo) => {
  test.setTimeout(120_000);
  const seller = await loggedInAs('seller');
  const shop = await pickupShop(seller.request);
  const name = await sixPack(seller.request, shop, 'Trade');
  const page = await loggedInAs('wholesale');

  // The wholesale price list starts at 6 too.
  const tile = await tileOf(page, '/business/research-and-shop', name);
  await tile.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(tile.getByRole('textbox', { name: `Quantity of ${name}` })).toHaveValue('6');
  await expect(tile).toContainText('$12.00 per unit');

  await page.goto('/cart');
  await page.getByLabel('Your ZIP code').fill('97214');
  const group = page.getByRole('region', { name: shop.name, exact: true });
  await group.getByRole('radio', { name: /Pickup/ }).check();
  await page.getByRole('link', { name: 'Continue to checkout' }).click();

  const billing = page.getByRole('group', { name: /billing address/ });
  await expect(billing.getByRole('combobox', { name: 'State' })).toHaveValue('Oregon (OR)');
  await page.getByLabel(/^Phone/).fill('(503) 555-0199');
  await billing.getByLabel(/^Street address/).fill('1220 SE Water Ave');
  await billing.getByLabel(/^City/).fill('Portland');
  await page.getByLabel(/^Card number/).fill('4242 4242 4242 4242');
  await page.getByLabel(/^Expiry/).fill('12/34');
  await page.getByLabel(/^Security code/).fill('123');
  await page.getByLabel(/21 or older/).check();

  // Without the buying business the order is not sent, and the keyboard goes to the field.
  const buyingBusiness = page.getByRole('textbox', { name: 'Buying business' });
  await buyingBusiness.fill('  ');
  await page.getByRole('button', { name: /and place order/ }).click();
  await expect(page.getByText('Enter the licensed business you are buying for.')).toBeVisible();
  await expect(buyingBusiness).toBeFocused();
  await expect(page).toHaveURL(/\/shipping-and-billing$/);
  await expectNoSeriousA11yViolations(page);

  await buyingBusiness.fill('Alder Street Bottle Shop LLC');
  await page.getByRole('button', { name: /and place order/ }).click();
  await expect(page).toHaveURL(/\/success\?orders=\d+$/);
  const orderId = /orders=(\d+)/.exec(page.url())![1];

  // The producer sees who bought, on the order and on the packing slip.
  await seller.goto(`/orders/${orderId}`);
  await expect(seller.getByText('Buying for Alder Street Bottle Shop LLC')).toBeVisible();
  await keepScreenshotsAtWidths(seller, testInfo, 'cart-quantities-producer-order');
  await seller.goto(`/orders/${orderId}/packing-slip`);
  await expect(seller.getByText('Alder Street Bottle Shop LLC')).toBeVisible();
});
