import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe';

async function signUp(page: Page, name: string, email: string) {
  await page.goto('/signup');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill('amber-fermenter-7734');
  await page.getByLabel('Date of birth').fill('1988-04-12');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

async function choose(page: Page, combobox: string, option: string) {
  await page.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Waits until the profile page has saved everything typed so far. */
async function expectSaved(page: Page) {
  await expect(page.getByRole('status').getByText('Saved', { exact: true })).toBeVisible();
}

interface NewProduct {
  name: string;
  type: string;
  description: string;
  retail: [number, string][];
  wholesale: [number, string][];
}

async function addProduct(page: Page, slug: string, product: NewProduct, checkA11y = false) {
  await page.goto(`/business/${slug}/products/new`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByLabel('Product name').fill(product.name);
  await choose(page, 'Beverage type', product.type);
  await page.getByLabel('Short description').fill(product.description);
  await page.locator('input[type="file"]').setInputFiles('e2e/fixtures/bottle.png');
  await expect(page.getByRole('img', { name: 'Bottle image: current image' })).toBeVisible();
  for (const [list, tiers] of [
    ['Retail', product.retail],
    ['Wholesale', product.wholesale],
  ] as const) {
    for (const [index, [minimum, price]] of tiers.entries()) {
      const row = `${list} tier ${index + 1}`;
      // A new product starts with one retail tier from 1 unit.
      if (!(list === 'Retail' && index === 0)) {
        await page.getByRole('button', { name: `Add ${list.toLowerCase()} tier` }).click();
      }
      await page.getByLabel(`${row} minimum units`).fill(String(minimum));
      await page.getByLabel(`${row} price per unit in dollars`).fill(price);
    }
  }
  if (checkA11y) await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Add product' }).click();
  await expect(page).toHaveURL(new RegExp(`/business/${slug}/products$`));
  await expect(page.getByText(`${product.name} was added.`)).toBeVisible();
}

test('a new producer creates a business, fills its profile, connects payments and lists products', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const businessName = `Lantern Hill Cellars ${stamp}`;
  await signUp(page, 'Robin Lantern', `producer-${stamp}@example.com`);

  // Create the business.
  await page.getByRole('link', { name: 'Create your business' }).click();
  await expect(page).toHaveURL(/\/business\/new$/);
  await page.getByLabel('Business name').fill(businessName);
  await page.getByLabel('Street number').fill('1220');
  await page.getByLabel('Street', { exact: true }).fill('SE Water Ave');
  await page.getByLabel('City').fill('Portland');
  await choose(page, 'State', 'Oregon (OR)');
  await page.getByLabel('ZIP code').fill('97214');
  await page.getByRole('checkbox', { name: 'Winery' }).check();
  await page.getByRole('button', { name: 'Add business' }).click();
  await expect(page).toHaveURL(/\/business\/[a-z0-9-]+\/edit$/);
  const slug = new URL(page.url()).pathname.split('/')[2]!;
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Public Profile' })).toBeVisible();
  // The creator works there from now on: the business is in their sidebar.
  await expect(
    page.getByRole('navigation', { name: 'Seller' }).getByRole('link', { name: businessName }),
  ).toBeVisible();
  const businessNav = page.getByRole('navigation', { name: 'Business' });
  for (const link of ['Manage Products', 'Add Product', 'Edit Public Profile']) {
    await expect(businessNav.getByRole('link', { name: link })).toBeVisible();
  }
  await expectNoSeriousA11yViolations(page);

  // Banner, contact details, tax rate and fulfillment save by themselves.
  await expect(page.getByText('Drag or upload a banner image (.jpg, .png, .gif)')).toBeVisible();
  await page
    .getByRole('group', { name: 'Banner image' })
    .locator('input[type="file"]')
    .setInputFiles('e2e/fixtures/banner.png');
  await expect(page.getByRole('img', { name: 'Banner image: current image' })).toBeVisible();
  await page.getByLabel('Phone number').fill('(503) 555-0142');
  await page.getByLabel('Tax + Fees Percent Rate').fill('8.875');
  await page.getByLabel('Short description').fill('Cool-climate Pinot from the east side.');
  await page.getByRole('switch', { name: 'Retail delivery' }).check();
  await page.getByRole('switch', { name: 'Retail shipping' }).check();
  await page.getByRole('combobox', { name: 'States you are licensed to ship to' }).fill('Wash');
  await page.getByRole('option', { name: 'Washington (WA)' }).click();
  await page.keyboard.press('Escape');
  await page.getByLabel('Street number').fill('1222');
  await expect(page.getByRole('checkbox', { name: 'Winery' })).toBeChecked();
  await page.getByRole('checkbox', { name: 'Cidery' }).check();
  await expect(page.getByText('Business types saved')).toBeVisible();
  await expectSaved(page);

  // Quick typing is batched: one UpdateBusiness for the whole word, with its last value.
  const updates: string[] = [];
  page.on('request', (request) => {
    const body = request.postData() ?? '';
    if (request.url().endsWith('/graphql') && body.includes('mutation UpdateBusiness')) {
      updates.push(body);
    }
  });
  // Five edits in one go (as fast typing would make them, but without a loaded machine's delays).
  await page.getByLabel('Website address').evaluate((input: HTMLInputElement) => {
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    for (const value of ['l', 'lan', 'lantern', 'lantern.ex', 'lantern.example']) {
      setValue.call(input, value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }
  });
  await expect.poll(() => updates.length).toBe(1);
  await expectSaved(page);
  expect(updates).toHaveLength(1);
  expect(JSON.parse(updates[0]!).variables.update).toEqual({
    website: { set: 'lantern.example' },
  });

  await page.reload();
  await expect(page.getByLabel('Tax + Fees Percent Rate')).toHaveValue('8.875%');
  await expect(page.getByRole('switch', { name: 'Retail delivery' })).toBeChecked();
  await expect(page.getByRole('slider', { name: 'Retail delivery radius' })).toHaveAttribute(
    'aria-valuenow',
    '25',
  );
  const saved = await page.request.post('/graphql', {
    data: {
      query: `query($slug: String!) { business(slug: $slug) {
        heroImgUrl international_phone_number website sales_tax_rate ship_to_states
        fulfillment_deliver_retail fulfillment_ship_retail addresses { formatted_address }
        businessTypes { name }
      } }`,
      variables: { slug },
    },
  });
  const business = (await saved.json()).data.business;
  expect(business).toMatchObject({
    international_phone_number: '+15035550142',
    sales_tax_rate: 8.875,
    ship_to_states: ['WA'],
    fulfillment_deliver_retail: true,
    fulfillment_ship_retail: true,
    website: 'https://lantern.example',
    addresses: [{ formatted_address: '1222 SE Water Ave, Portland, OR 97214' }],
  });
  expect(business.businessTypes.map((type: { name: string }) => type.name).sort()).toEqual([
    'Cidery',
    'Winery',
  ]);
  expect(business.heroImgUrl).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);

  // Payments, through the offline provider that stands in for Stripe's test mode.
  await page.goto(`/business/${slug}/edit#payment`);
  await page.getByRole('link', { name: 'Connect payments' }).click();
  await expect(page).toHaveURL(/\/offline-payments\/onboarding\?/);
  await page.getByLabel('Legal name').fill('Robin Lantern');
  await page.getByLabel('Date of birth').fill('1988-04-12');
  await page.getByLabel('Last 4 digits of Social Security number').fill('0000');
  await page.getByRole('button', { name: 'Submit details' }).click();
  await expect(page).toHaveURL(new RegExp(`/business/${slug}/stripe-connect-status$`));
  await expect(page.getByText('Stripe is connected and ready. Charges are enabled.')).toBeVisible();

  // Three products with tiers and bottle images.
  const products: NewProduct[] = [
    {
      name: `Water Avenue Pinot Noir ${stamp}`,
      type: 'Wine',
      // Shown as text, never run.
      description: '<img src=x onerror="window.__xss=1">Cherry & <b>forest floor</b>',
      retail: [
        [1, '32'],
        [6, '29.50'],
      ],
      wholesale: [[12, '18.25']],
    },
    {
      name: `Eastside Rosé ${stamp}`,
      type: 'Wine',
      description: 'Dry, strawberry and rhubarb.',
      retail: [
        [1, '24'],
        [12, '21'],
      ],
      wholesale: [[24, '13.75']],
    },
    {
      name: `Lantern Hill Cider ${stamp}`,
      type: 'Cider',
      description: 'Wild-fermented heirloom apples.',
      retail: [[1, '16']],
      wholesale: [
        [12, '9.50'],
        [48, '8.75'],
      ],
    },
  ];
  for (const [index, product] of products.entries()) {
    await addProduct(page, slug, product, index === 0);
  }
  const managed = page.getByRole('article');
  await expect(managed).toHaveCount(3);
  for (const product of products) {
    await expect(page.getByRole('link', { name: `Edit ${product.name}` })).toHaveAttribute(
      'href',
      new RegExp(`^/business/${slug}/products/edit/\\d+$`),
    );
  }

  // The public page: the banner, the details, and the three products, as everyone sees them.
  await page.goto(`/business/${slug}`);
  await expect(page.getByRole('heading', { level: 1, name: businessName })).toBeVisible();
  await expect(page.getByRole('link', { name: '+1 503 555 0142' })).toHaveAttribute(
    'href',
    'tel:+15035550142',
  );
  await expect(
    page.getByRole('main').getByText('1222 SE Water Ave, Portland, OR 97214'),
  ).toBeVisible();
  const tiles = page.getByRole('article');
  await expect(tiles).toHaveCount(3);
  await expect(
    page.getByText('<img src=x onerror="window.__xss=1">Cherry & <b>forest floor</b>'),
  ).toBeVisible();
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  await expect(
    tiles
      .filter({ hasText: products[0]!.name })
      .getByRole('list', { name: 'Price tiers' })
      .getByRole('listitem'),
  ).toHaveText(['6 @ $29.50', '1 @ $32.00']);
  await expectNoSeriousA11yViolations(page);

  // Someone else can neither open the edit page nor change the business through the API.
  const other = await (await browser.newContext()).newPage();
  await signUp(other, 'Sam Other', `other-${stamp}@example.com`);
  await other.goto(`/business/${slug}/edit`);
  await expect(other.getByText('You cannot manage this business')).toBeVisible();
  await expect(other.getByLabel('Business name')).toHaveCount(0);
  const refused = await other.request.post('/graphql', {
    data: {
      query: `mutation UpdateBusiness($slug: String!, $update: BusinessUpdateInput!) {
        updateBusiness(slug: $slug, update: $update) { name }
      }`,
      variables: { slug, update: { name: { set: 'Taken over' } } },
    },
  });
  expect((await refused.json()).errors[0].extensions.code).toBe('FORBIDDEN');
  await other.goto(`/business/${slug}`);
  await expect(other.getByRole('heading', { level: 1, name: businessName })).toBeVisible();
});
