import { expect, test } from './fixtures';

const LEGAL_AGE = /21 or older/;

test('the 21+ notice shows first, and dismissed banners stay dismissed', async ({ page }) => {
  await page.goto('/about');
  const strip = page.getByRole('complementary', { name: 'Announcements' });
  const banners = strip.getByRole('note');
  await expect(banners).toHaveCount(2);
  await expect(banners.first()).toContainText(LEGAL_AGE);
  // The notice cannot be dismissed; the banner after it can.
  await expect(banners.first().getByRole('button', { name: 'Dismiss announcement' })).toHaveCount(
    0,
  );
  const welcome = (await banners.nth(1).textContent())!;
  await banners.nth(1).getByRole('button', { name: 'Dismiss announcement' }).click();
  await expect(banners).toHaveCount(2);
  await expect(banners.nth(1)).not.toHaveText(welcome);
  const next = (await banners.nth(1).textContent())!;

  // Remembered across a reload: the dismissed banner stays away, the notice stays first.
  await page.reload();
  await expect(banners.first()).toContainText(LEGAL_AGE);
  await expect(banners.nth(1)).toHaveText(next);
  await banners.nth(1).getByRole('button', { name: 'Dismiss announcement' }).click();
  await expect(banners).toHaveCount(1);
  await page.reload();
  await expect(banners.first()).toContainText(LEGAL_AGE);
  await expect(banners).toHaveCount(1);
});

test('the header cart badge counts units, not lines', async ({ page }) => {
  await page.goto('/shop');
  const tile = page.getByRole('article').first();
  await tile.getByRole('button', { name: /^Add to Cart/ }).click();
  const quantity = tile.getByRole('textbox').or(tile.getByRole('spinbutton')).first();
  const increase = tile.getByRole('button', { name: /^Increase quantity/ });
  for (let clicks = 0; clicks < 12 && (await quantity.inputValue()) !== '12'; clicks += 1) {
    const before = await quantity.inputValue();
    await increase.click();
    await expect(quantity).not.toHaveValue(before);
  }
  await expect(quantity).toHaveValue('12');
  const cartLink = page.getByRole('banner').getByRole('link', { name: /^Cart/ });
  await expect(cartLink).toHaveAccessibleName('Cart, 12 items');
  await expect(cartLink).toContainText('12');
});

test('a new account is welcomed; a returning one is welcomed back', async ({
  page,
  loggedInAs,
}) => {
  const email = `new-${Date.now()}@example.com`;
  await page.goto('/signup');
  await page.getByLabel('Name').fill('Nova Newcomer');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill('amber-fermenter-7734');
  await page.getByLabel('Date of birth').fill('1988-04-12');
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Welcome, Nova Newcomer.')).toBeVisible();

  const returning = await loggedInAs('buyer');
  await returning.goto('/dashboard');
  await expect(returning.getByText('Welcome back, Riley Retail.')).toBeVisible();
});

test('a buyer without a business is sent from business orders to their own', async ({
  freshBuyer,
}) => {
  const { page } = await freshBuyer();
  await page.goto('/business/orders');
  await expect(page.getByText(/Orders for businesses are for sellers/)).toBeVisible();
  await expect(page.getByText('Export CSV')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Create your business' })).toHaveAttribute(
    'href',
    '/business/new',
  );
  await page.getByRole('link', { name: 'Your orders', exact: true }).click();
  await expect(page).toHaveURL(/\/consumer$/);
});

test('seller pages open at the top, and Back returns to where the seller was', async ({
  loggedInAs,
}) => {
  const page = await loggedInAs('seller');
  await page.setViewportSize({ width: 1280, height: 600 });
  await page.goto('/dashboard');
  const sidebar = page.getByRole('navigation', { name: 'Seller' });
  const firstBusiness = sidebar.getByRole('listitem').first().getByRole('link').first();
  const businessPath = (await firstBusiness.getAttribute('href'))!;
  await page.goto(`${businessPath}/edit`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => window.scrollTo(0, 900));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(800);

  await sidebar
    .getByRole('button', { name: /^More for / })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'Manage products' }).click();
  await expect(page).toHaveURL(new RegExp(`${businessPath}/products$`));
  await expect(page.getByRole('heading', { level: 1, name: /^Manage Products/ })).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`${businessPath}/edit$`));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(800);

  // A reload comes back to the same place too.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(800);
});
