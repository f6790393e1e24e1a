import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe';

test('the footer links to the about page, and every page has the footer', async ({ page }) => {
  await page.goto('/shop');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
  await expect(footer.getByRole('link', { name: /\d{3}/ })).toHaveAttribute('href', /^tel:/);
  await expect(footer).toContainText(String(new Date().getFullYear()));
  await footer.getByRole('link', { name: 'About' }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Our founders' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3 })).toHaveCount(3);
});

for (const { path, heading } of [
  { path: '/about', heading: /About/ },
  { path: '/tos', heading: 'Terms of Service' },
  { path: '/privacy', heading: 'Privacy Policy' },
  { path: '/sell', heading: /Sell/ },
]) {
  test(`${path} has real content, landmarks and no serious accessibility problems`, async ({
    page,
  }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole('main')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
}

test('the sell page leads to selling', async ({ page }) => {
  await page.goto('/sell');
  await expect(page.getByRole('link', { name: "I'm ready to sell my products" })).toHaveAttribute(
    'href',
    '/business/new',
  );
});

test('the terms and privacy pages cover what the spec lists', async ({ page }) => {
  await page.goto('/tos');
  for (const topic of [
    /Cookies/,
    /License/,
    /comments/i,
    /Hyperlinking/,
    /iFrames/,
    /liability/i,
    /Disclaimer/,
    /Governing law/,
  ]) {
    await expect(page.getByRole('heading', { name: topic }).first()).toBeVisible();
  }
  await expect(page.getByText(/local storage/).first()).toBeVisible();
  await page.goto('/privacy');
  for (const topic of [
    /Consent/,
    /collect/,
    /Log files/,
    /Cookies/,
    /Advertising partners/,
    /Third-party/,
    /CCPA/,
    /GDPR/,
    /Children/,
  ]) {
    await expect(page.getByRole('heading', { name: topic }).first()).toBeVisible();
  }
  await expect(page.getByText(/one month/).first()).toBeVisible();
  await expect(page.getByText(/under (the age of )?13/).first()).toBeVisible();
});

test('the banner strip shows the first banner, and its X dismisses it', async ({ page }) => {
  await page.goto('/about');
  const banner = page.getByRole('complementary', { name: 'Announcement' });
  await expect(banner).toHaveCount(1);
  const firstText = await banner.textContent();
  await banner.getByRole('button', { name: 'Dismiss announcement' }).click();
  await expect(banner).not.toHaveText(firstText ?? '');
});

test('an unknown path shows a helpful not-found page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(
    page.getByRole('heading', { level: 1, name: "We couldn't find that page" }),
  ).toBeVisible();
  await expect(page.getByText('/no/such/page')).toBeVisible();
  await page.getByRole('link', { name: 'Go to the shop' }).click();
  await expect(page).toHaveURL(/\/shop$/);
  await page.goto('/no/such/page');
  await expectNoSeriousA11yViolations(page);
});

test('an unknown business shows that there is no business here', async ({ page }) => {
  await page.goto('/business/no-such-producer');
  await expect(page.getByRole('heading', { level: 1, name: 'no business here' })).toBeVisible();
});

test('keyboard users can skip to the page, and navigation moves focus to it', async ({ page }) => {
  await page.goto('/about');
  // A person presses Tab once they see the page; before it renders there is nothing to reach.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  await expect(page.getByRole('main')).toBeFocused();
});
