import type { Browser, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';

async function logOutFromMenu(page: Page, name: string) {
  await page.getByRole('button', { name }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
}

/** The price tiers shown on the first product tile of the shop. */
async function firstTileTiers(page: Page): Promise<string> {
  const tiers = page.getByRole('article').first().getByRole('list', { name: 'Price tiers' });
  await expect(tiers).toBeVisible();
  return (await tiers.textContent()) ?? '';
}

async function newPage(browser: Browser) {
  const context = await browser.newContext();
  return context.newPage();
}

// The one journey that logs in through the form; the others are given a session (fixtures.ts).
test('a buyer signs up, applies for wholesale, is approved, and then shops wholesale', async ({
  page,
  browser,
  loggedInAs,
}) => {
  test.slow();
  const email = `e2e-${Date.now()}@example.com`;
  const password = 'amber-fermenter-7734';
  const business = `Corner Bottle Shop ${Date.now()}`;

  await page.goto('/signup');
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('Name').fill('Casey Corner');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByLabel('Date of birth').fill('1990-05-05');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await logOutFromMenu(page, 'Casey Corner');

  await page.goto('/login');
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectNoSeriousA11yViolations(page);

  await page.goto('/wholesale/apply');
  await page.getByLabel('Business name').fill(business);
  await page.getByRole('combobox', { name: 'License type' }).click();
  await page.getByRole('option', { name: 'Retailer (off-premises)' }).click();
  await page.getByLabel('License number').fill('OLCC-99-1234');
  await page.getByRole('combobox', { name: 'Issuing state' }).fill('Oreg');
  await page.getByRole('option', { name: 'Oregon' }).click();
  await page.getByLabel('License expiry date').fill('2030-12-31');
  await page.locator('input[type="file"]').setInputFiles('e2e/fixtures/license.pdf');
  await expect(page.getByText('license.pdf')).toBeVisible();
  await page.getByRole('button', { name: 'Send application' }).click();
  await expect(page.getByText(/Application received/)).toBeVisible();

  const anonymous = await newPage(browser);
  await anonymous.goto('/shop');
  const retailTiers = await firstTileTiers(anonymous);

  const admin = await loggedInAs('admin');
  await admin.goto('/admin/wholesale');
  await expect(admin.getByRole('heading', { level: 1, name: 'Administration' })).toBeVisible();
  await admin.getByRole('button', { name: `Approve ${business}` }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
  await expect(admin.getByRole('button', { name: `Approve ${business}` })).toHaveCount(0);
  await expectNoSeriousA11yViolations(admin);

  // The approved buyer is sent from /shop to the dashboard, and shops with wholesale tiers.
  await page.goto('/shop');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(/December 31, 2030/).first()).toBeVisible();
  await page.goto('/business/research-and-shop');
  await expect(page.getByText('You are currently shopping for wholesale prices.')).toBeVisible();
  expect(await firstTileTiers(page)).not.toBe(retailTiers);

  const [session] = (await page.context().cookies()).filter((c) => c.name === 'bevy_session');
  expect(session).toBeDefined();
  await page.goto('/dashboard');
  await logOutFromMenu(page, 'Casey Corner');
  const replay = await page.request.post('/graphql', {
    headers: { 'content-type': 'application/json', cookie: `bevy_session=${session!.value}` },
    data: { query: '{ me { id } }' },
  });
  expect(await replay.json()).toEqual({ data: { me: null } });
});

test('a seller gets the sidebar, can collapse it, and on a phone it becomes a toggle', async ({
  loggedInAs,
}) => {
  const page = await loggedInAs('seller');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/dashboard');
  const sidebar = page.getByRole('navigation', { name: 'Seller' });
  await expect(sidebar).toBeVisible();
  for (const name of ['Dashboard', 'Orders', 'Shop / Research', 'Add new business']) {
    await expect(sidebar.getByRole('link', { name })).toBeVisible();
  }
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);
  expect((await sidebar.boundingBox())!.width).toBeCloseTo(250, -1);

  await page.getByRole('button', { name: 'Collapse sidebar' }).click();
  await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
  await expect.poll(async () => (await sidebar.boundingBox())!.width).toBeLessThan(100);

  await page.setViewportSize({ width: 375, height: 800 });
  await expect(sidebar).toBeHidden();
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await expect(sidebar.getByRole('link', { name: 'Orders' })).toBeVisible();
  await sidebar.getByRole('link', { name: 'Orders' }).click();
  await expect(page).toHaveURL(/\/business\/orders$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
});

test('the admin pages are for admins, and have no serious accessibility problems', async ({
  loggedInAs,
}) => {
  test.slow();
  const buyer = await loggedInAs('buyer');
  await buyer.goto('/admin');
  await expect(buyer.getByText('You need administrator rights to see this page.')).toBeVisible();

  const page = await loggedInAs('admin');
  for (const [path, heading] of [
    ['/admin', 'Users'],
    ['/admin/banners', 'Banners'],
    ['/admin/tags', 'Tags'],
    ['/admin/mail', 'Mail'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  }
});
