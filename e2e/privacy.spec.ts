import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';
import { createProduct, placeOrder } from './order-fixtures';
import { keepScreenshotsAtWidths } from './screenshots';

/**
 * A buyer answers their own privacy rights at once: downloads everything we hold about them,
 * then deletes the account, which cancels and refunds their open order and logs them out.
 */

const LOG_IN =
  'mutation LogIn($email: String!, $password: String!) { logIn(email: $email, password: $password) { id } }';

test('a buyer downloads their data and deletes their account', async ({
  freshSeller,
  freshBuyer,
  browser,
  baseURL,
}, testInfo) => {
  test.slow();
  const { page: seller, business } = await freshSeller();
  const wine = await createProduct(seller.request, business.slug, 25);
  const { page, account } = await freshBuyer();
  const placed = await placeOrder(page.request, business, [wine], { mode: 'pickup' }, account);

  await page.goto('/account/privacy');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Privacy' }),
  ).toHaveAttribute('aria-current', 'page');
  const cancelled = page.getByRole('region', {
    name: 'Orders that will be cancelled and refunded',
  });
  await expect(cancelled).toContainText(placed.number);
  await expectNoSeriousA11yViolations(page);
  await keepScreenshotsAtWidths(page, testInfo, 'account-privacy');

  // The download: a zip whose orders.json holds the order, and whose profile is theirs.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download my data' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^bevy-my-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzipSync(new Uint8Array(await readFile((await download.path())!)));
  expect(Object.keys(files)).toContain('README.txt');
  expect(strFromU8(files['orders.json']!)).toContain(placed.number);
  expect(JSON.parse(strFromU8(files['profile.json']!))).toMatchObject({
    email: account.email.toLowerCase(),
  });

  // Deleting: a wrong password is refused, and what was typed stays.
  await page.getByRole('button', { name: 'Delete my account…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account for good?' });
  await dialog.getByLabel(/Your password/).fill('not-my-password');
  await dialog.getByRole('textbox', { name: /Type your email/ }).fill(account.email);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('That is not your password. Nothing was deleted.')).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: /Type your email/ })).toHaveValue(account.email);
  await expectNoSeriousA11yViolations(page);
  await keepScreenshotsAtWidths(page, testInfo, 'delete-dialog');

  await dialog.getByLabel(/Your password/).fill(account.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/account\/deleted$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Your account is deleted' }),
  ).toBeVisible();
  await expect(
    page.getByText(`Cancelled and refunded to your card: ${placed.number}.`),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await keepScreenshotsAtWidths(page, testInfo, 'account-deleted');

  // Logged out: the account pages ask to log in, and the old credentials no longer work.
  await page.goto('/account/privacy');
  await expect(page).toHaveURL(/\/login/);
  const stranger = await browser.newContext({ baseURL });
  try {
    const answer = await stranger.request.post('/graphql', {
      data: { query: LOG_IN, variables: { email: account.email, password: account.password } },
      headers: { 'content-type': 'application/json' },
    });
    const body = (await answer.json()) as { errors?: unknown[] };
    expect(body.errors?.length).toBeGreaterThan(0);
  } finally {
    await stranger.close();
  }

  // The producer still sees the order, cancelled, from a deleted buyer.
  await seller.goto(`/orders/${placed.id}`);
  await expect(seller.getByRole('status', { name: 'Order status' })).toHaveText('Cancelled');
  await expect(seller.getByText('Deleted buyer').first()).toBeVisible();
});
