import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Locator } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test as base } from './fixtures';
import { keepScreenshot, keepScreenshotsAtWidths } from './screenshots';

const PRODUCER = 'cascadia-hollow-cellars';
const PRODUCER_NAME = 'Cascadia Hollow Cellars';

/** A page whose CSS would wreck anything it reached, with the snippet in it. */
function producerPage(marketplace: string): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Our wines</title>
    <style>
      * { color: rgb(255, 0, 0) !important; font-size: 40px !important; font-family: serif !important; }
      button, img, h3 { display: none !important; }
      a { background: rgb(255, 255, 0) !important; }
      bevy-shop { display: none !important; border: 10px solid lime !important; }
    </style>
  </head>
  <body>
    <main>
      <h1>Our wines</h1>
      <p id="host-text">Visit our tasting room.</p>
      <a id="host-link" class="button" href="#visit">Plan a visit</a>
      <section class="card shop" id="host-card"><p>Our own card</p></section>
      <script src="${marketplace}/embed.js" async></script>
      <bevy-shop business="${PRODUCER}" mode="products" accent="#7a1f3d"></bevy-shop>
    </main>
  </body>
</html>`;
}

/** A few computed style properties of an element (one inside the widget's shadow root too). */
const stylesOf = (locator: Locator, properties: string[]) =>
  locator.evaluate(
    (element, names) =>
      Object.fromEntries(
        names.map((name) => [name, getComputedStyle(element).getPropertyValue(name)]),
      ),
    properties,
  );

/**
 * The producer's own website: a server of its own, so another origin than the marketplace's (on
 * the loopback too, as Chromium lets only a page on a private address load from one).
 */
const test = base.extend<{ producerSite: string }>({
  producerSite: async ({ baseURL }, use) => {
    const server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(producerPage(baseURL!));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await use(`http://127.0.0.1:${port}/`);
    await new Promise((resolve) => server.close(resolve));
  },
});

test("a producer's own site shows its shop, unharmed by the site's CSS and harming none of it; Add to cart fills the marketplace cart", async ({
  page,
  baseURL,
  producerSite,
}, testInfo) => {
  await page.goto(producerSite);
  const widget = page.locator('bevy-shop');
  await expect(widget.getByRole('heading', { name: `Shop ${PRODUCER_NAME}` })).toBeVisible();
  const cards = widget
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3 }) });
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeGreaterThan(1);
  const card = cards.first();
  await expect(card.getByText(/^\$\d+\.\d\d/)).toBeVisible();
  await expect(card.getByRole('img')).toBeVisible();
  await keepScreenshotsAtWidths(page, testInfo, 'embed-producer-site');

  // The site's CSS does not reach the widget: its own colour, size, font and layout hold.
  expect(await stylesOf(widget, ['display', 'color', 'font-size', 'border-top-width'])).toEqual({
    display: 'block',
    color: 'rgb(34, 34, 34)',
    'font-size': '16px',
    'border-top-width': '0px',
  });
  const heading = card.getByRole('heading', { level: 3 });
  const headingStyles = await stylesOf(heading, ['display', 'color', 'font-size', 'font-family']);
  expect(headingStyles).toMatchObject({ display: 'block', color: 'rgb(34, 34, 34)' });
  expect(headingStyles['font-size']).not.toBe('40px');
  expect(headingStyles['font-family']).toContain('system-ui');
  const productName = (await heading.textContent())!.trim();
  const add = card.getByRole('link', { name: `Add ${productName} to cart` });
  expect(await stylesOf(add, ['display', 'background-color', 'color'])).toEqual({
    display: 'flex',
    'background-color': 'rgb(122, 31, 61)',
    color: 'rgb(255, 255, 255)',
  });

  // Nor do the widget's styles reach the site: its own elements look as its CSS says.
  expect(
    await stylesOf(page.locator('#host-link'), ['display', 'background-color', 'color']),
  ).toEqual({
    display: 'inline',
    'background-color': 'rgb(255, 255, 0)',
    color: 'rgb(255, 0, 0)',
  });
  expect(
    await stylesOf(page.locator('#host-card'), ['display', 'padding-top', 'border-top-width']),
  ).toEqual({
    display: 'block',
    'padding-top': '0px',
    'border-top-width': '0px',
  });
  expect(await stylesOf(page.locator('#host-text'), ['font-size'])).toEqual({
    'font-size': '40px',
  });

  // 'Add to cart' opens the marketplace in a new tab with the product in the buyer's one cart.
  expect(await add.getAttribute('target')).toBe('_blank');
  const href = new URL((await add.getAttribute('href'))!);
  expect(href.origin).toBe(new URL(baseURL!).origin);
  expect(Object.fromEntries(href.searchParams)).toMatchObject({
    qty: '1',
    utm_source: '127.0.0.1',
    utm_medium: 'embed',
    utm_campaign: 'shop',
  });
  const [tab] = await Promise.all([page.context().waitForEvent('page'), add.click()]);
  await expect(tab.getByRole('heading', { name: 'Your cart', exact: true })).toBeVisible();
  await expect(tab.getByRole('status').filter({ hasText: 'Added to your cart' })).toContainText(
    productName,
  );
  await expect(tab.getByRole('rowheader', { name: productName })).toBeVisible();
  // The link's add and qty are spent: reloading adds nothing.
  const landed = new URL(tab.url());
  expect(landed.origin).toBe(new URL(baseURL!).origin);
  expect(landed.searchParams.has('add')).toBe(false);
  const quantities = () =>
    tab.evaluate(
      () => (JSON.parse(localStorage.getItem('cart')!) as { quantity: object }).quantity,
    );
  const once = await quantities();
  expect(Object.values(once)).toEqual([1]);
  await tab.reload();
  await expect(tab.getByRole('rowheader', { name: productName })).toBeVisible();
  expect(await quantities()).toEqual(once);
  await keepScreenshot(tab, testInfo, 'embed-cart-landing');

  // A link to a product that does not exist says so, and adds nothing.
  await tab.goto('/cart?add=999999999&qty=1');
  await expect(tab.getByRole('alert').filter({ hasText: 'Nothing was added' })).toBeVisible();
  expect(await quantities()).toEqual(once);
});

test('a seller builds the snippet for one product and sees it in the live preview', async ({
  loggedInAs,
}, testInfo) => {
  const seller = await loggedInAs('seller');
  await seller.goto(`/business/${PRODUCER}`);
  await seller.getByRole('link', { name: 'Embed Shop' }).click();
  await expect(seller.getByRole('heading', { name: 'Embed your shop', level: 1 })).toBeVisible();
  const preview = seller.getByTestId('embed-preview');
  await expect(preview.getByRole('heading', { name: `Shop ${PRODUCER_NAME}` })).toBeVisible();
  const snippet = seller.getByLabel('Embed snippet');
  await expect(snippet).toContainText(`business="${PRODUCER}" mode="products"`);
  await expect(snippet).toContainText('/embed.js');
  await expectNoSeriousA11yViolations(seller);
  await keepScreenshotsAtWidths(seller, testInfo, 'embed-builder');

  await seller.getByRole('radio', { name: 'One product' }).check();
  const product = seller.getByRole('combobox', { name: 'Product' });
  const productName = await product.inputValue();
  await expect(snippet).toContainText('mode="product" product="');
  await expect(preview.getByRole('link', { name: /^Add .+ to cart$/ })).toHaveCount(1);
  await expect(preview.getByRole('heading', { name: productName })).toBeVisible();

  await seller.getByRole('radio', { name: 'Upcoming events' }).check();
  await expect(
    preview.getByRole('heading', { name: `Upcoming events at ${PRODUCER_NAME}` }),
  ).toBeVisible();
  await seller.getByRole('textbox', { name: 'Accent colour' }).fill('#1f4d7a');
  await expect(snippet).toContainText('accent="#1f4d7a"');
  await expectNoSeriousA11yViolations(seller);
});
