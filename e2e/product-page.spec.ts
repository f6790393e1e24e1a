import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';
import { fillShippingCheckout } from './order-fixtures';
import { keepScreenshotsAtWidths } from './screenshots';

test('a shared product link sells, and the producer sees where the order came from', async ({
  page,
  freshBuyer,
  loggedInAs,
}, testInfo) => {
  test.slow();
  // From the shop to a product's own page, through its tile's title.
  await page.goto('/shop');
  await page.getByRole('searchbox', { name: 'Search products' }).fill('Cascadia Hollow');
  const tile = page
    .getByRole('article')
    .filter({ has: page.getByRole('link', { name: /Cascadia Hollow Cellars/ }) })
    .first();
  const name = (await tile.getByRole('heading').first().textContent())!.trim();
  await tile.getByRole('heading').getByRole('link', { name }).click();
  await expect(page).toHaveURL(/\/business\/cascadia-hollow-cellars\/item\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'How to get it' })).toBeVisible();
  await expect(
    page.getByRole('heading', { name: /^More from Cascadia Hollow Cellars/ }),
  ).toBeVisible();

  // How it can be had near a ZIP code: the producer is in Oregon and does not ship to Arizona.
  await page.getByRole('textbox', { name: 'Your ZIP code' }).fill('85001');
  await expect(page.getByText('Does not ship to AZ')).toBeVisible();
  await page.getByRole('textbox', { name: 'Your ZIP code' }).fill('97214');
  await expect(page.getByText(/Pick up at the producer, \d+ mi away/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await keepScreenshotsAtWidths(page, testInfo, 'product-page');

  // Share: where the device has no share sheet, the menu copies a tagged link.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: `Share ${name} by Cascadia Hollow Cellars` }).click();
  await page.getByRole('menuitem', { name: 'Copy link' }).click();
  await expect(page.getByText('Link copied')).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(new URL(link).pathname).toBe(new URL(page.url()).pathname);
  expect(new URL(link).searchParams.get('utm_source')).toBe('link');

  // Someone else opens the link, adds the product and checks out.
  const { page: buyer } = await freshBuyer();
  await buyer.goto(link);
  await expect(buyer.getByRole('heading', { level: 1, name })).toBeVisible();
  await buyer.getByRole('button', { name: 'Add to Cart' }).first().click();
  await buyer.goto('/cart');
  const group = buyer.getByRole('region', { name: /Cascadia Hollow Cellars/ });
  await group.getByRole('radio', { name: /Shipping/ }).check();
  await buyer.getByRole('link', { name: 'Continue to checkout' }).click();
  await fillShippingCheckout(buyer, '4242 4242 4242 4242');
  await buyer.getByRole('button', { name: /and place order/ }).click();
  await expect(buyer).toHaveURL(/\/success\?orders=\d+$/);
  const placed = buyer.getByRole('region', { name: /^Order BV-\d+ from/ });
  const number = /BV-\d+/.exec((await placed.getByRole('heading').first().textContent())!)![0];

  // The producer sees the order's source.
  const seller = await loggedInAs('seller');
  await seller.goto('/business/orders');
  await seller.getByRole('searchbox', { name: 'Search by order number or buyer' }).fill(number);
  await seller.getByRole('link', { name: number, exact: true }).click();
  await expect(seller.getByText(/^Source: link/)).toBeVisible();
});
