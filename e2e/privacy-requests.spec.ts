import { randomInt } from 'node:crypto';
import type { Browser } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, graphql, test } from './fixtures';
import { keepScreenshotsAtWidths } from './screenshots';

const stamp = () => `${Date.now().toString(36)}${randomInt(1000)}`;

test('a visitor sends a privacy request, and an admin answers it by its due date', async ({
  page,
  loggedInAs,
}, testInfo) => {
  test.slow();
  const name = `Ada Lind ${stamp()}`;
  const email = `ada-${stamp()}@example.com`;

  await page.goto('/privacy');
  await page.getByRole('link', { name: 'privacy request form' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy request' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Nothing chosen: each missing answer is named, and the keyboard goes to the first.
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByText('Enter your name.')).toBeVisible();
  await expect(page.getByText('Choose where you live.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: /Your name/ })).toBeFocused();

  await page.getByRole('textbox', { name: /Your name/ }).fill(name);
  await page.getByRole('textbox', { name: /Your email/ }).fill(email);
  await page.getByRole('radio', { name: /Correct my personal data/ }).check();
  await page.getByRole('radio', { name: /European Union or United Kingdom/ }).check();
  await page.getByRole('textbox', { name: /Details/ }).fill('My surname is spelt Lind.');
  await keepScreenshotsAtWidths(page, testInfo, 'privacy-request-form');
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByRole('heading', { name: 'We received your request' })).toBeVisible();
  await expect(page.getByText(/We will answer by .+ at the latest/)).toBeVisible();
  await keepScreenshotsAtWidths(page, testInfo, 'privacy-request-sent');

  const admin = await loggedInAs('admin');
  await admin.goto('/admin/privacy');
  await expect(admin.getByRole('heading', { level: 2, name: 'Privacy requests' })).toBeVisible({
    timeout: 15_000,
  });
  const card = admin.getByRole('listitem').filter({ hasText: name });
  // GDPR: one calendar month from today, 28 to 31 days.
  await expect(card.getByText(/^Due in (2[89]|3[01]) days$/)).toBeVisible();
  await expect(card).toContainText('GDPR');
  await expect(card).toContainText(email);
  await expect(card).toContainText('My surname is spelt Lind.');
  for (const width of [375, 768, 1280]) {
    await admin.setViewportSize({ width, height: 900 });
    const pageWidth = await admin.evaluate(() => document.documentElement.scrollWidth);
    expect(pageWidth).toBeLessThanOrEqual(width);
  }
  await expectNoSeriousA11yViolations(admin);
  await keepScreenshotsAtWidths(admin, testInfo, 'admin-privacy-queue');

  await card.getByRole('button', { name: 'Mark completed' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Mark this request completed?' });
  await dialog.getByRole('textbox', { name: /Note/ }).fill('Corrected in your account.');
  await expectNoSeriousA11yViolations(admin);
  await dialog.getByRole('button', { name: 'Mark completed' }).click();
  await expect(dialog).toBeHidden();
  await expect(admin.getByRole('status').filter({ hasText: 'marked completed' })).toBeVisible();
  await expect(card).toHaveCount(0);

  await admin.getByText('Completed', { exact: true }).click();
  const answered = admin.getByRole('listitem').filter({ hasText: name });
  await expect(answered).toContainText('Corrected in your account.');
  await expect(answered).not.toContainText(email);
});

/** A browser context whose every request carries Sec-GPC: 1, signed in as a new buyer. */
async function buyerSendingGpc(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { 'Sec-GPC': '1' } });
  await graphql(
    context.request,
    'mutation SignUp($input: SignUpInput!) { signUp(input: $input) { id } }',
    {
      input: {
        name: 'Gil Private',
        email: `gpc-${stamp()}@example.com`,
        password: 'amber-fermenter-7734',
        dateOfBirth: '1985-02-03',
      },
    },
    { 'x-forwarded-for': `198.18.${randomInt(256)}.${randomInt(1, 255)}` },
  );
  return context;
}

const MY_PRIVACY = '{ myPrivacy { gpcOptOutAt gpcSignalNow requests { kind status channel } } }';

test('a buyer whose browser sends Global Privacy Control has the opt-out recorded once', async ({
  browser,
  baseURL,
}) => {
  test.slow();
  const context = await buyerSendingGpc(browser, baseURL);
  try {
    const page = await context.newPage();
    await page.goto('/privacy');
    await expect(page.getByText('We honour the Global Privacy Control signal')).toBeVisible();
    // Every page asks the server who is signed in; then again, as on the next page.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const { myPrivacy } = await graphql<{
      myPrivacy: {
        gpcOptOutAt: string | null;
        gpcSignalNow: boolean;
        requests: { kind: string; status: string; channel: string }[];
      };
    }>(context.request, MY_PRIVACY);
    expect(myPrivacy.gpcOptOutAt).not.toBeNull();
    expect(myPrivacy.gpcSignalNow).toBe(true);
    expect(myPrivacy.requests.filter((request) => request.channel === 'gpc')).toEqual([
      { kind: 'opt_out', status: 'completed', channel: 'gpc' },
    ]);
  } finally {
    await context.close();
  }
});

test('the account privacy page shows a recorded GPC opt-out', async ({
  browser,
  baseURL,
}, testInfo) => {
  test.slow();
  const context = await buyerSendingGpc(browser, baseURL);
  try {
    const page = await context.newPage();
    await page.goto('/account/privacy');
    const panel = page.getByRole('region', { name: 'Privacy choices and requests' });
    await expect(panel).toBeVisible({ timeout: 15_000 });
    await expect(panel).toContainText('Your browser sends Global Privacy Control');
    await expect(panel).toContainText('we recorded your opt-out of the sale and sharing');
    await expect(panel).toContainText('Opt-out of sale and sharing');
    await expect(panel.getByRole('link', { name: 'send us a privacy request' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await keepScreenshotsAtWidths(page, testInfo, 'account-privacy-gpc');
  } finally {
    await context.close();
  }
});
