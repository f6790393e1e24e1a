import { expect, test, type Page } from '@playwright/test';
import { milesToMeters } from '@bevy/core';
import { expectNoSeriousA11yViolations } from './axe';

/** Waits for the results' "N products" line, and returns a reader of N. */
async function resultCount(page: Page): Promise<() => Promise<number>> {
  const count = page.getByText(/^[\d,]+ products?$/);
  await expect(count).toBeVisible();
  return async () => Number((await count.textContent())!.replace(/\D/g, ''));
}

/** The number of hits the server answers to the shop's pickup search at `miles` of radius. */
async function answerForRadius(page: Page, miles: number): Promise<number> {
  const radius = Math.round(milesToMeters(miles));
  const response = await page.waitForResponse((candidate) => {
    if (!candidate.url().endsWith('/search') || candidate.request().method() !== 'POST') {
      return false;
    }
    const body = candidate.request().postDataJSON() as {
      requests: { params: { aroundRadius?: number; hitsPerPage?: number } }[];
    };
    return body.requests[0]?.params.aroundRadius === radius;
  });
  const { results } = (await response.json()) as { results: { nbHits: number }[] };
  return results[0]!.nbHits;
}

test('opening / lands on the shop, which pages through product tiles', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/shop$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  const tiles = page.getByRole('article');
  await expect(tiles.first()).toBeVisible();
  await expect(tiles).toHaveCount(20);
  const firstOnPage1 = await tiles.first().getByRole('heading').textContent();

  await page.getByRole('button', { name: 'Page 2', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Page 2', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(tiles.first().getByRole('heading')).not.toHaveText(firstOnPage1 ?? '');
  await expect(tiles).toHaveCount(20);
});

test('the shop shows the fulfillment column from the spec', async ({ page }) => {
  await page.goto('/shop');
  await expect(page.getByRole('radio', { name: 'Pickup at business' })).toBeChecked();
  await expect(page.getByText('Pickup distance from zip code: 50 miles')).toBeVisible();
  await expect(page.getByText('You are currently shopping for retail prices.')).toBeVisible();
  const slider = page.getByRole('slider', { name: 'Pickup distance from zip code: 50 miles' });
  await expect(slider).toHaveAttribute('aria-valuenow', '50');
  await expect(slider).toHaveAttribute('aria-valuetext', '50 miles');
  await slider.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByText('Pickup distance from zip code: 51 miles')).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Search products' })).toHaveAttribute(
    'maxlength',
    '512',
  );
  await expect(page.getByRole('article').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('a search narrows the tiles, and a zip code limits them to nearby producers', async ({
  page,
}) => {
  await page.goto('/shop');
  const countNow = await resultCount(page);
  const all = await countNow();

  await page.getByRole('searchbox', { name: 'Search products' }).fill('cider');
  await expect(async () => {
    const narrowed = await countNow();
    expect(narrowed).toBeGreaterThan(0);
    expect(narrowed).toBeLessThan(all);
  }).toPass();
  await page.getByRole('button', { name: 'Clear search' }).click();

  await page.getByRole('textbox', { name: 'Zip code' }).fill('97214');
  await expect(page.getByText('Near Portland, OR')).toBeVisible();
  await expect(async () => {
    const near = await countNow();
    expect(near).toBeGreaterThan(0);
    expect(near).toBeLessThan(all);
  }).toPass();

  await page.getByRole('textbox', { name: 'Zip code' }).fill('00000');
  await expect(page.getByText('We could not find the ZIP code 00000.')).toBeVisible();
  await expect(page.getByText('Still showing results near Portland, OR')).toBeVisible();
});

test('a product tile links to its producer page, which opens in a new tab', async ({
  page,
  context,
}) => {
  await page.goto('/shop');
  const producerLink = page.getByRole('article').first().getByRole('link').first();
  await expect(producerLink).toHaveAttribute('target', '_blank');
  const [businessPage] = await Promise.all([context.waitForEvent('page'), producerLink.click()]);
  await expect(businessPage).toHaveURL(/\/business\/[a-z0-9-]+$/);
  await expect(businessPage.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(businessPage.getByRole('article').first()).toBeVisible();
  await expect(businessPage.getByRole('article')).toHaveCount(4);
  await expectNoSeriousA11yViolations(businessPage);
});

test('delivery lists what can reach the buyer, the others on request with their reason; shipping goes by state', async ({
  page,
}) => {
  await page.goto('/shop');
  const countNow = await resultCount(page);

  await page.getByRole('radio', { name: 'Delivery' }).check();
  const zip = page.getByRole('textbox', { name: 'Zip code' });
  await expect(zip).toHaveAttribute('placeholder', 'Your delivery zip code');
  // Far from most producers, so most of them cannot deliver here (other journeys add producers
  // near Portland, so a Portland ZIP could fill the first page with deliverable ones).
  await zip.fill('59101');
  await expect(page.getByText('Near Billings, MT')).toBeVisible();
  const disabled = page.locator('article[aria-disabled="true"]');
  // Only what can be delivered is listed; the others come on request.
  await expect(page.getByText(/^[\d,]+ products? can be delivered to 59101$/)).toBeVisible();
  await expect(disabled).toHaveCount(0);
  await page
    .getByRole('button', { name: /^Show producers that cannot deliver here \(\d+\)$/ })
    .click();
  await expect(disabled.first()).toBeVisible();
  await expect(disabled.first()).toContainText(
    /Out of delivery range: \d+ miles away, delivers within \d+ miles|Does not deliver to retail buyers/,
  );
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('radio', { name: 'Shipping' }).check();
  await expect(disabled).toHaveCount(0);
  await zip.fill('97214');
  await expect(page.getByText('Near Portland, OR')).toBeVisible();
  await expect.poll(countNow).toBeGreaterThan(0);
  const toOregon = await countNow();
  await zip.fill('84101');
  await expect(page.getByText('Near Salt Lake City, UT')).toBeVisible();
  // No demo producer is licensed to ship to Utah.
  await expect(
    page.getByText('No producer licensed to ship to your state matches your search.'),
  ).toBeVisible();
  await zip.fill('97214');
  await expect.poll(countNow).toBe(toOregon);

  await page.getByRole('radio', { name: 'Pickup at business' }).check();
  await expect(page.getByText('Pickup distance from zip code: 50 miles')).toBeVisible();
});

test('refiners narrow the shop: a beverage type, a varietal found by its search, then a word', async ({
  page,
}) => {
  await page.goto('/shop');
  const countNow = await resultCount(page);
  const all = await countNow();

  await page.getByRole('checkbox', { name: /^Wine \(\d+\)$/ }).check();
  await expect.poll(countNow).toBeLessThan(all);
  const wines = await countNow();
  const wineCount = page.getByRole('checkbox', { name: /^Wine \(\d+\)$/ });
  // The refined facet keeps the count it would have unrefined, and it matches the results.
  await expect(wineCount).toHaveAccessibleName(`Wine (${wines})`);

  await page.getByRole('searchbox', { name: 'Search Varietal' }).fill('pinot');
  const pinotNoir = page.getByRole('checkbox', { name: /^Pinot Noir \(\d+\)$/ });
  await pinotNoir.check();
  await expect.poll(countNow).toBeLessThan(wines);
  for (const tile of await page.getByRole('article').all()) {
    await expect(tile).toContainText('Varietal:Pinot Noir');
  }

  await page.getByRole('searchbox', { name: 'Search products' }).fill('cherry');
  // Exact matches come first (words one typo away, like "sherry", may follow them).
  await expect(async () => {
    expect(await countNow()).toBeGreaterThan(0);
    await expect(page.getByRole('article').first()).toContainText(/cherry/i);
  }).toPass();

  await page.getByRole('button', { name: 'Clear refinements' }).click();
  await expect(page.getByRole('checkbox', { name: /^Wine \(\d+\)$/ })).not.toBeChecked();
});

test('a producer’s page refines its own products by ABV', async ({ page }) => {
  await page.goto('/business/cascadia-hollow-cellars');
  const countNow = await resultCount(page);
  const all = await countNow();
  const abv = page.getByRole('group', { name: 'ABV' }).getByRole('checkbox').first();
  // The checkbox is named like "13.5% (2)": refining by it keeps only products of that ABV.
  const label = await abv.evaluate((box: HTMLInputElement) => box.labels?.[0]?.textContent ?? '');
  const percent = /^(\d+(?:\.\d+)?)%/.exec(label)?.[1];
  expect(percent).toBeDefined();
  await abv.check();
  await expect.poll(countNow).toBeLessThan(all);
  for (const tile of await page.getByRole('article').all()) {
    await expect(tile).toContainText(`ABV:${percent}%`);
  }
  await expectNoSeriousA11yViolations(page);
});

test('the search issue’s journey: refine, search, deliver with reasons, pick up nearby, page on; a producer’s page by ABV', async ({
  page,
}) => {
  test.slow();
  await page.goto('/shop');
  const countNow = await resultCount(page);
  const all = await countNow();

  await page.getByRole('checkbox', { name: /^Wine \(\d+\)$/ }).check();
  await page.getByRole('searchbox', { name: 'Search Varietal' }).fill('pinot');
  await page.getByRole('checkbox', { name: /^Pinot Noir \(\d+\)$/ }).check();
  await expect.poll(countNow).toBeLessThan(all);
  await page.getByRole('searchbox', { name: 'Search products' }).fill('cherry');
  await expect(page.getByRole('article').first()).toContainText(/cherry/i);
  await page.getByRole('button', { name: 'Clear search' }).click();
  await page.getByRole('button', { name: 'Clear refinements' }).click();
  await expect.poll(countNow).toBe(all);

  await page.getByRole('radio', { name: 'Delivery' }).check();
  await page.getByRole('textbox', { name: 'Zip code' }).fill('59101');
  await page
    .getByRole('button', { name: /^Show producers that cannot deliver here \(\d+\)$/ })
    .click();
  const disabled = page.locator('article[aria-disabled="true"]');
  await expect(disabled.first()).toContainText(/Out of delivery range|Does not deliver to/);

  await page.getByRole('radio', { name: 'Pickup at business' }).check();
  await page.getByRole('textbox', { name: 'Zip code' }).fill('97214');
  await expect(page.getByText('Near Portland, OR')).toBeVisible();
  const slider = page.getByRole('slider', { name: /Pickup distance from zip code/ });
  await slider.focus();
  // The count at 100 miles is the one the server gives for that radius, once it is on screen.
  const wideAnswer = answerForRadius(page, 100);
  await page.keyboard.press('End');
  await expect(page.getByText('Pickup distance from zip code: 100 miles')).toBeVisible();
  const wide = await wideAnswer;
  await expect.poll(countNow).toBe(wide);
  await page.keyboard.press('Home');
  await expect(page.getByText('Pickup distance from zip code: 1 miles')).toBeVisible();
  await expect.poll(countNow).toBeLessThan(wide);

  await page.keyboard.press('End');
  await expect.poll(countNow).toBe(wide);
  const firstName = await page.getByRole('article').first().getByRole('heading').textContent();
  await page.getByRole('button', { name: 'Page 2', exact: true }).click();
  await expect(page.getByRole('article').first().getByRole('heading')).not.toHaveText(
    firstName ?? '',
  );

  await page.goto('/business/cascadia-hollow-cellars');
  const onPage = await resultCount(page);
  const products = await onPage();
  await page.getByRole('group', { name: 'ABV' }).getByRole('checkbox').first().check();
  await expect.poll(onPage).toBeLessThan(products);
});

test('producers are found by name, despite a typo, in the producer search and in the Produced By refiner', async ({
  page,
}) => {
  await page.goto('/shop');
  const countNow = await resultCount(page);
  const all = await countNow();

  // The refiner's search box finds the producer in the business index, typo and all.
  await page.getByRole('searchbox', { name: 'Search Produced By' }).fill('cascdia');
  const cascadia = page.getByRole('checkbox', { name: /^Cascadia Hollow Cellars \(\d+\)$/ });
  await cascadia.check();
  await expect.poll(countNow).toBeLessThan(all);
  const label = await cascadia.evaluate((box: HTMLInputElement) => box.labels?.[0]?.textContent);
  expect(await countNow()).toBe(Number(/\((\d+)\)/.exec(label ?? '')?.[1]));
  for (const tile of await page.getByRole('article').all()) {
    await expect(tile).toContainText('Cascadia Hollow Cellars');
  }

  const producers = page.getByRole('region', { name: 'Producers' });
  await producers.getByRole('searchbox', { name: 'Find a producer' }).fill('gravenstein');
  await expect(producers.getByRole('status')).toHaveText('1 producer found.');
  const link = producers.getByRole('link', { name: 'Gravenstein Row Cider' });
  await expect(producers.getByRole('listitem')).toContainText(/Cidery/);
  await expectNoSeriousA11yViolations(page);

  await producers.getByRole('searchbox', { name: 'Find a producer' }).fill('zzzzqx');
  await expect(producers.getByRole('status')).toHaveText('No producer matches “zzzzqx”.');
  // A failing business search says so, and leaves the product search alone.
  await page.route('**/search', (route) =>
    route.request().postData()?.includes('"businesses"')
      ? route.fulfill({ status: 503, json: { error: { message: 'unavailable' } } })
      : route.fallback(),
  );
  await producers.getByRole('searchbox', { name: 'Find a producer' }).fill('orchard');
  await expect(producers.getByRole('status')).toHaveText(
    'Producer search is not available right now. Please try again.',
  );
  await page.unroute('**/search');
  await producers.getByRole('searchbox', { name: 'Find a producer' }).fill('gravenstein');
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/business\/gravenstein-row-cider$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Gravenstein Row Cider' }),
  ).toBeVisible();
});
