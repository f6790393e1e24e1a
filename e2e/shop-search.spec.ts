import { expect, test, type Page } from '@playwright/test';
import { compareLabels, deliveryRefusal, type LatLng, type ProductHit } from '@bevy/core';
import { expectNoSeriousA11yViolations } from './axe';
import { keepScreenshot } from './screenshots';

/** Waits for the results' count line ("N products", or in delivery "N products can be ..."). */
function countLine(page: Page) {
  return page.locator('#shop-results');
}

async function shownCount(page: Page): Promise<number> {
  const text = (await countLine(page).textContent()) ?? '';
  return Number(/^([\d,]+) products?/.exec(text)?.[1]?.replace(/,/g, '') ?? NaN);
}

/** The lowest price in each of the first `count` tiles, in cents. */
async function lowestPrices(page: Page, count: number): Promise<number[]> {
  const tiles = page.getByRole('article');
  const prices: number[] = [];
  for (let i = 0; i < count; i++) {
    const text = await tiles.nth(i).getByRole('list', { name: 'Price tiers' }).innerText();
    const amounts = [...text.matchAll(/\$([\d,]+\.\d\d)/g)].map((match) =>
      Math.round(Number(match[1]!.replace(/,/g, '')) * 100),
    );
    prices.push(Math.min(...amounts));
  }
  return prices;
}

/** The labels of a refiner's values, in the order shown, e.g. "750 ml". */
async function facetLabels(page: Page, group: string): Promise<string[]> {
  const boxes = page.getByRole('group', { name: group }).getByRole('checkbox');
  // The refiners fill in after the first results: wait for them, not only for the tiles.
  await expect(boxes.first()).toBeVisible();
  const names = await boxes.evaluateAll((inputs) =>
    inputs.map((input) => (input as HTMLInputElement).labels?.[0]?.textContent ?? ''),
  );
  return names.map((name) => name.replace(/\s*\([\d,]+\)$/, '').trim());
}

async function searchApi(page: Page, params: Record<string, unknown>) {
  const response = await page.request.post('/search', {
    data: { requests: [{ indexName: 'products', params }] },
  });
  expect(response.ok()).toBe(true);
  const { results } = (await response.json()) as {
    results: {
      hits: ProductHit[];
      nbHits: number;
      facets: Record<string, Record<string, number>>;
    }[];
  };
  return results[0]!;
}

test('refiners list values by label, numbers by value; a value picked through search stays', async ({
  page,
}) => {
  await page.goto('/shop');
  await expect(page.getByRole('article').first()).toBeVisible();
  const volumes = await facetLabels(page, 'Volume (in ml)');
  expect(volumes.length).toBeGreaterThan(3);
  const milliliters = volumes.map((label) => Number(label.replace(' ml', '')));
  expect(milliliters).toEqual([...milliliters].sort((a, b) => a - b));
  // The first ten of all values by label, not the ten most frequent re-sorted.
  const { facets } = await searchApi(page, {
    hitsPerPage: 0,
    facets: ['Produced By', 'Varietal'],
    maxValuesPerFacet: 1000,
  });
  const producers = Object.keys(facets['Produced By']!).sort(compareLabels);
  expect(await facetLabels(page, 'Produced By')).toEqual(producers.slice(0, 10));

  // A varietal well down the alphabet, found through the refiner's search box.
  const varietals = Object.keys(facets['Varietal']!).sort(compareLabels);
  const late = varietals[varietals.length - 1]!;
  expect(varietals.indexOf(late)).toBeGreaterThanOrEqual(10);
  await page.getByRole('searchbox', { name: 'Search Varietal' }).fill(late.split(' ')[0]!);
  const picked = page
    .getByRole('group', { name: 'Varietal' })
    .getByRole('checkbox', { name: new RegExp(`^${late} \\(\\d+\\)$`) });
  await picked.check();
  await expect(page.getByRole('searchbox', { name: 'Search Varietal' })).toHaveValue('');
  await expect(picked).toBeVisible();
  await expect(picked).toBeChecked();
});

test('chips show the refinements in force and remove them', async ({ page }) => {
  await page.goto('/shop');
  await expect(countLine(page)).toHaveText(/^[\d,]+ products$/);
  const all = await shownCount(page);
  await page.getByRole('checkbox', { name: /^Wine \(\d+\)$/ }).check();
  await page.getByRole('checkbox', { name: /^750 ml \(\d+\)$/ }).check();
  const wineChip = page.getByRole('button', { name: 'Remove Beverage Type: Wine' });
  await expect(wineChip).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove Volume (in ml): 750 ml' })).toBeVisible();
  await expect.poll(() => shownCount(page)).toBeLessThan(all);
  await wineChip.click();
  await expect(wineChip).toHaveCount(0);
  await expect(page.getByRole('checkbox', { name: /^Wine \(\d+\)$/ })).not.toBeChecked();
  await page.getByRole('button', { name: 'Remove Volume (in ml): 750 ml' }).click();
  await expect.poll(() => shownCount(page)).toBe(all);
  await expect(page.getByRole('list', { name: 'Active refinements' })).toHaveCount(0);
});

test('delivery counts and lists what can reach the buyer; the others only on request, with reasons', async ({
  page,
}) => {
  test.slow();
  await page.goto('/shop');
  await page.getByRole('radio', { name: 'Delivery' }).check();
  await page.getByRole('textbox', { name: 'Zip code' }).fill('97214');
  await expect(page.getByText('Near Portland, OR')).toBeVisible();
  await expect(countLine(page)).toHaveText(/can be delivered to 97214$/);

  // What deliveryRefusal (the checkout's rule) says of every located product of a producer who
  // delivers, against what the page shows. A search around a point leaves out products without a
  // location (a new producer's, before its address), as Algolia does. Other journeys add
  // producers meanwhile, so the page is read again until it and the index agree on one moment.
  const zip = (await (await page.request.get('/geo/zip/97214')).json()) as LatLng;
  let others = 0;
  await expect(async () => {
    const delivering = await searchApi(page, {
      hitsPerPage: 1000,
      filters: 'fulfillment_deliver_retail:true OR fulfillment_deliver_wholesale:true',
    });
    const located = delivering.hits.filter((hit) => hit._geoloc);
    const deliverable = located.filter((hit) => deliveryRefusal(hit, 'retail', zip) === null);
    others = located.length - deliverable.length;
    expect(deliverable.length).toBeGreaterThan(0);
    expect(others).toBeGreaterThan(0);
    await page.reload();
    await expect.poll(() => shownCount(page)).toBe(deliverable.length);
    await expect(
      page.getByRole('button', { name: `Show producers that cannot deliver here (${others})` }),
    ).toBeVisible();
  }).toPass({ timeout: 60_000 });
  await expect(page.locator('article[aria-disabled="true"]')).toHaveCount(0);
  await expect(page.getByRole('article').first()).toContainText(/\d+ mi away/);

  const toggle = page.getByRole('button', {
    name: `Show producers that cannot deliver here (${others})`,
  });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  const disabled = page.locator('article[aria-disabled="true"]');
  await expect(disabled.first()).toBeVisible();
  await expect(disabled.first()).toContainText(
    /Out of delivery range: \d+ miles away, delivers within \d+ miles|Does not deliver to retail buyers/,
  );
  await expect(
    disabled.first().getByRole('button', { name: 'Add to Cart', disabled: false }),
  ).toHaveCount(0);
  await expect(
    page.getByRole('button', { name: `Hide producers that cannot deliver here (${others})` }),
  ).toHaveAttribute('aria-expanded', 'true');
  await expectNoSeriousA11yViolations(page);
});

test('sorts: price both ways, distance with a ZIP code, newest', async ({ page }) => {
  await page.goto('/shop');
  await expect(page.getByRole('article').first()).toBeVisible();
  const sort = page.getByRole('combobox', { name: 'Sort by' });
  await expect(sort.getByRole('option', { name: 'Distance' })).toHaveCount(0);

  await sort.selectOption({ label: 'Price: low to high' });
  await expect(page).toHaveURL(/sort=price_asc/);
  await expect(async () => {
    const prices = await lowestPrices(page, 8);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  }).toPass();
  const cheapest = (await lowestPrices(page, 1))[0]!;

  await sort.selectOption({ label: 'Price: high to low' });
  await expect(page).toHaveURL(/sort=price_desc/);
  await expect(async () => {
    const prices = await lowestPrices(page, 8);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    expect(prices[0]).toBeGreaterThan(cheapest);
  }).toPass();

  const newest = page.waitForResponse(
    (response) =>
      response.url().endsWith('/search') &&
      (response.request().postData() ?? '').includes('"products_newest"'),
  );
  await sort.selectOption({ label: 'Newest' });
  const { results } = (await (await newest).json()) as {
    results: { hits: { name: string; created_at_ms: number }[] }[];
  };
  const created = results[0]!.hits.map((hit) => hit.created_at_ms);
  expect(created).toEqual([...created].sort((a, b) => b - a));
  await expect(page.getByRole('article').first().getByRole('heading')).toHaveText(
    results[0]!.hits[0]!.name,
  );

  await page.getByRole('textbox', { name: 'Zip code' }).fill('97214');
  await expect(page.getByText('Near Portland, OR')).toBeVisible();
  await sort.selectOption({ label: 'Distance' });
  await expect(page).toHaveURL(/sort=distance/);
  await expect(async () => {
    const away = await page
      .getByRole('article')
      .getByText(/^(Under 1|[\d,]+) mi away$/)
      .allTextContents();
    const miles = away.map((text) =>
      text.startsWith('Under') ? 0 : Number(text.replace(/\D/g, '')),
    );
    expect(miles.length).toBeGreaterThan(5);
    expect(miles).toEqual([...miles].sort((a, b) => a - b));
  }).toPass();
});

test('the address holds the search: Back, Forward and reload restore it', async ({ page }) => {
  test.slow();
  await page.goto('/shop');
  const firstTile = page.getByRole('article').first().getByRole('heading');
  await expect(firstTile).toBeVisible();
  const firstOnPage1 = await firstTile.textContent();
  await page.getByRole('button', { name: 'Page 2', exact: true }).click();
  await expect(page).toHaveURL(/\/shop\?page=2$/);
  await expect(firstTile).not.toHaveText(firstOnPage1!);
  await page.goBack();
  await expect(page).toHaveURL(/\/shop$/);
  await expect(firstTile).toHaveText(firstOnPage1!);
  await expect(page.getByRole('button', { name: 'Page 1', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await page.goForward();
  await expect(page).toHaveURL(/\/shop\?page=2$/);
  await expect(firstTile).not.toHaveText(firstOnPage1!);

  // Typing replaces the entry, so Back steps over the words, not one keystroke at a time.
  await page.goto('/shop');
  await page.getByRole('checkbox', { name: /^Wine \(\d+\)$/ }).check();
  await expect(page).toHaveURL(/\/shop\?type=Wine$/);
  await page.getByRole('searchbox', { name: 'Search products' }).pressSequentially('wine');
  await expect(page).toHaveURL(/\/shop\?q=wine&type=Wine$/);
  await page.getByRole('button', { name: 'Page 2', exact: true }).click();
  await expect(page).toHaveURL(/\/shop\?q=wine&type=Wine&page=2$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/shop\?q=wine&type=Wine$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/shop\?type=Wine$/);
  await expect(page.getByRole('searchbox', { name: 'Search products' })).toHaveValue('');
  await expect(page.getByRole('checkbox', { name: /^Wine \(\d+\)$/ })).toBeChecked();
  await page.goBack();
  await expect(page).toHaveURL(/\/shop$/);
  await expect(page.getByRole('checkbox', { name: /^Wine \(\d+\)$/ })).not.toBeChecked();

  // A shared address opens on the same search, and a reload keeps it.
  await page.goto('/shop?q=wine&type=Wine&page=2&sort=price_asc&mode=delivery&zip=97214');
  for (let load = 0; load < 2; load++) {
    await expect(page.getByRole('searchbox', { name: 'Search products' })).toHaveValue('wine');
    await expect(page.getByRole('checkbox', { name: /^Wine \(\d+\)$/ })).toBeChecked();
    await expect(page.getByRole('radio', { name: 'Delivery' })).toBeChecked();
    await expect(page.getByRole('textbox', { name: 'Zip code' })).toHaveValue('97214');
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('products_price_asc');
    await page.reload();
  }
  await page.goto('/shop?q=wine&type=Wine&page=2');
  for (let load = 0; load < 2; load++) {
    await expect(page.getByRole('button', { name: 'Page 2', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByRole('searchbox', { name: 'Search products' })).toHaveValue('wine');
    await page.reload();
  }
  await expect(page).toHaveURL(/\/shop\?q=wine&type=Wine&page=2$/);
});

for (const width of [320, 375]) {
  test(`at ${width}×812 the first product is on the first screen; filters open in a drawer by keyboard`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width, height: 812 });
    await page.goto('/shop');
    const first = page.getByRole('article').first();
    await expect(first).toBeVisible();
    const box = (await first.boundingBox())!;
    expect(box.y).toBeLessThan(812 - 100);
    await expect(page.getByRole('radio', { name: 'Delivery' })).toBeHidden();

    const filters = page.getByRole('button', { name: /^Filters/ });
    await filters.focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    await expect(drawer).toBeVisible();
    await drawer.getByRole('checkbox', { name: /^Wine \(\d+\)$/ }).check();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(filters).toBeFocused();
    await expect(filters).toHaveAccessibleName('Filters, 1 active');
    await expect(page.getByRole('button', { name: 'Remove Beverage Type: Wine' })).toBeVisible();
    await keepScreenshot(page, testInfo, `shop-${width}`);
  });
}

test('the keyboard reaches the first Add to Cart within 10 tabs; the ZIP field shows its focus', async ({
  page,
}) => {
  await page.goto('/shop');
  await expect(page.getByRole('article').first()).toBeVisible();
  const firstAdd = page.getByRole('article').first().getByRole('button', { name: 'Add to Cart' });
  let tabs = 0;
  while (tabs < 10) {
    await page.keyboard.press('Tab');
    tabs++;
    if (await firstAdd.evaluate((button) => button === document.activeElement)) break;
    const focused = await page.evaluate(() => document.activeElement?.textContent?.trim());
    // The layout's skip link, then the shop's.
    if (focused === 'Skip to main content' || focused === 'Skip to results') {
      await page.keyboard.press('Enter');
    }
  }
  await expect(firstAdd).toBeFocused();
  expect(tabs).toBeLessThanOrEqual(10);

  const zip = page.getByRole('textbox', { name: 'Zip code' });
  await zip.focus();
  const outline = await zip.evaluate((input) => {
    const style = getComputedStyle(input);
    return { width: parseFloat(style.outlineWidth), style: style.outlineStyle };
  });
  expect(outline.style).toBe('solid');
  expect(outline.width).toBeGreaterThanOrEqual(2);
});
