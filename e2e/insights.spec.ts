import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';
import { fillShippingCheckout } from './order-fixtures';
import { keepScreenshotsAtWidths } from './screenshots';

/**
 * Insights: a producer watches their figures while a buyer orders, and an admin sees the
 * marketplace's. The producer's page asks again every 5 s while visible, so the new order shows
 * without a reload.
 */

const INSIGHTS = '/business/cascadia-hollow-cellars/insights';

/** A headline figure's number, e.g. the orders count, read from its description list entry. */
async function headline(page: Page, label: string): Promise<number> {
  const figure = page
    .getByRole('region', { name: /figures$/ })
    .locator('dt', { hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');
  const text = (await figure.textContent()) ?? '';
  const number = /^\$?([\d,]+(\.\d+)?)/.exec(text.trim());
  if (!number) throw new Error(`No figure for ${label}: "${text}"`);
  return Number(number[1]!.replaceAll(',', ''));
}

const dayFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

/** "Nov 21" for the UTC day `offset` days from today, as the API labels a day. */
const dayLabel = (offset: number) => dayFormat.format(new Date(Date.now() + offset * 86_400_000));

async function chooseRange(page: Page, range: string) {
  await page.getByRole('combobox', { name: 'Date range' }).click();
  await page.getByRole('option', { name: range, exact: true }).click();
}

test('a producer’s insights follow a new order live; an admin sees the marketplace', async ({
  loggedInAs,
  freshBuyer,
}, testInfo) => {
  test.setTimeout(180_000);
  const seller = await loggedInAs('seller');
  await seller.goto(INSIGHTS);
  await expect(seller.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();
  await expect(seller.getByRole('region', { name: 'Headline figures' })).toBeVisible();
  await expect(seller.getByText(/^Updated \d\d:\d\d:\d\d/)).toBeVisible();
  const monthOrders = await headline(seller, 'Orders');

  // A shorter range: in the URL, asked for by week or day, and never more orders than 30 days.
  await chooseRange(seller, 'Last 7 days');
  await expect(seller).toHaveURL(/[?&]range=7d\b/);
  // The chart's name says which days it draws: once it starts six days ago, the new range's
  // figures are the ones shown (the demo data has sales today, so the chart is there).
  const sales = seller.getByRole('region', { name: 'Sales over time' });
  await expect(
    sales.getByRole('img', { name: new RegExp(`^Sales over time: .* from ${dayLabel(-6)} to `) }),
  ).toBeVisible();
  const weekOrders = await headline(seller, 'Orders');
  expect(weekOrders).toBeLessThanOrEqual(monthOrders);
  // The table behind the chart: a row a day under the header.
  await sales.getByText('Table', { exact: true }).click();
  await expect(sales.getByRole('row')).toHaveCount(8);
  await sales.getByText('Chart', { exact: true }).click();
  await expectNoSeriousA11yViolations(seller);
  await keepScreenshotsAtWidths(seller, testInfo, 'insights-producer');

  // Someone buys a Cascadia Hollow product and checks out, in a browser of their own.
  const { page: buyer } = await freshBuyer();
  await buyer.goto('/shop');
  await buyer.getByRole('searchbox', { name: 'Search products' }).fill('Cascadia Hollow');
  const tile = buyer
    .getByRole('article')
    .filter({ has: buyer.getByRole('link', { name: /Cascadia Hollow Cellars/ }) })
    .first();
  const name = (await tile.getByRole('heading').first().textContent())!.trim();
  await tile.getByRole('heading').getByRole('link', { name }).click();
  await expect(buyer.getByRole('heading', { level: 1, name })).toBeVisible();
  await buyer.getByRole('button', { name: 'Add to Cart' }).first().click();
  await buyer.goto('/cart');
  const group = buyer.getByRole('region', { name: /Cascadia Hollow Cellars/ });
  await group.getByRole('radio', { name: /Shipping/ }).check();
  await buyer.getByRole('link', { name: 'Continue to checkout' }).click();
  await fillShippingCheckout(buyer, '4242 4242 4242 4242');
  await buyer.getByRole('button', { name: /and place order/ }).click();
  await expect(buyer).toHaveURL(/\/success\?orders=\d+$/);

  // The producer's page, not reloaded, counts it within a few refreshes.
  await expect
    .poll(() => headline(seller, 'Orders'), { timeout: 15_000, intervals: [1_000] })
    .toBe(weekOrders + 1);

  // The admin's view of the whole marketplace.
  const admin = await loggedInAs('admin');
  await admin.goto('/admin/insights');
  await expect(admin.getByRole('heading', { level: 2, name: 'Insights' })).toBeVisible();
  await expect(admin.getByRole('region', { name: 'Marketplace figures' })).toBeVisible();
  expect(await headline(admin, 'Orders')).toBeGreaterThan(0);
  await expect(admin.getByRole('region', { name: 'Sales by beverage type' })).toBeVisible();
  await chooseRange(admin, 'Last 12 months');
  await expect(admin).toHaveURL(/\/admin\/insights\?range=12m$/);
  await expect(admin.getByRole('radio', { name: 'Month' })).toBeChecked();
  await expectNoSeriousA11yViolations(admin);
  await keepScreenshotsAtWidths(admin, testInfo, 'insights-admin');
});
