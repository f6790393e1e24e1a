import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';

/** The demo seller's second business (demo-accounts.ts: the seller works at the first two). */
const SLUG = 'burnside-gravity-brewing';
const BUSINESS = 'Burnside Gravity Brewing';
const SCREENSHOTS = process.env.SCREENSHOT_DIR;

/** Waits until the profile page has saved everything typed so far. */
async function expectSaved(page: Page) {
  await expect(page.getByRole('status').getByText('Saved', { exact: true })).toBeVisible();
}

/** Axe at a phone's and a desktop's width (and screenshots at three widths when asked for). */
async function checkWidths(page: Page, name: string) {
  for (const width of [375, 768, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    if (width !== 768) await expectNoSeriousA11yViolations(page);
    if (SCREENSHOTS) {
      await page.screenshot({ path: `${SCREENSHOTS}/${name}-${width}.png`, fullPage: true });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** A square PNG logo, made here so that nothing comes from the network. */
const logoPng = () =>
  sharp(
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200">' +
        '<circle cx="100" cy="100" r="96" fill="#1f4e79"/>' +
        '<rect x="60" y="60" width="80" height="80" fill="#f2c14e"/></svg>',
    ),
  )
    .png()
    .toBuffer();

test('a seller picks closure and format from the lists, and shows a logo and license information', async ({
  loggedInAs,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const productName = `Tidewater Pilsner ${stamp}`;
  const page = await loggedInAs('seller');

  // Closure style and format are chosen from the admin's tags, not typed.
  await page.goto(`/business/${SLUG}/products/new`);
  await page.getByLabel('Product name').fill(productName);
  await page.getByRole('combobox', { name: 'Beverage type' }).click();
  await page.getByRole('option', { name: 'Beer', exact: true }).click();
  const closure = page.getByRole('combobox', { name: 'Closure style' });
  await closure.fill('crown cork thing');
  await expect(page.getByText('No closure style matches')).toBeVisible();
  await closure.fill('crown');
  await page.getByRole('option', { name: 'Crown Cap', exact: true }).click();
  await expect(closure).toHaveValue('Crown Cap');
  await page.getByRole('combobox', { name: 'Format' }).click();
  await expect(page.getByRole('option', { name: 'Half Bottle', exact: true })).toBeVisible();
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/product-form-format.png` });
  await page.getByRole('option', { name: 'Can', exact: true }).click();
  await page.getByLabel('Retail tier 1 price per unit in dollars').fill('4.50');
  await page.getByRole('button', { name: 'Add product' }).click();
  await expect(page).toHaveURL(new RegExp(`/business/${SLUG}/products$`));
  await expect(page.getByText(`${productName} was added.`)).toBeVisible();
  await page.getByRole('link', { name: `Edit ${productName}` }).click();
  await expect(page.getByRole('combobox', { name: 'Closure style' })).toHaveValue('Crown Cap');
  await expect(page.getByRole('combobox', { name: 'Format' })).toHaveValue('Can');

  // The profile: a logo uploaded like the banner, and license information, saved as typed.
  await page.goto(`/business/${SLUG}/edit`);
  const logo = page.getByRole('group', { name: 'Logo image' });
  await expect(page.getByText('Drag or upload a logo image (.jpg, .png, .gif)')).toBeVisible();
  await logo.locator('input[type="file"]').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: await logoPng(),
  });
  await expect(page.getByRole('img', { name: 'Logo image: current image' })).toHaveAttribute(
    'src',
    /^\/uploads\/[a-f0-9]{32}\.png$/,
  );
  const license = `TTB BR-OR-${stamp % 100000}; OLCC Brewery-Public House License 2291`;
  await page.getByLabel('License information').fill(license);
  await expectSaved(page);
  await checkWidths(page, 'profile-edit');

  // Everyone sees both on the public page.
  await page.goto(`/business/${SLUG}`);
  await expect(page.getByRole('heading', { level: 1, name: BUSINESS })).toBeVisible();
  await expect(page.getByRole('img', { name: `${BUSINESS} logo` })).toHaveAttribute(
    'src',
    /^\/uploads\/[a-f0-9]{32}\.png$/,
  );
  const licenseSection = page.getByRole('region', { name: 'License information' });
  await expect(licenseSection.getByText(license)).toBeVisible();
  await checkWidths(page, 'business-page');
});

test('the profile editor shows whole: a part that answers late does not move the fields', async ({
  loggedInAs,
}) => {
  const page = await loggedInAs('seller');
  // The fees form used to load on its own and push everything below it down, so that a click on
  // the invoice terms could open a list that hid at once, its field scrolled away.
  await page.route('**/graphql', async (route) => {
    if (route.request().postData()?.includes('query BusinessFees')) {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
    }
    await route.fallback();
  });
  await page.goto(`/business/${SLUG}/edit`);
  const terms = page.getByRole('combobox', { name: 'Invoice terms for approved wholesale buyers' });
  await expect(terms).toBeVisible();
  const shownAt = (await terms.boundingBox())!.y;
  await expect(page.getByRole('button', { name: 'Save fees and minimums' })).toBeVisible();
  expect((await terms.boundingBox())!.y).toBe(shownAt);
});
