import { expectNoSeriousA11yViolations } from './axe';
import { expect, graphql, lastMail, test } from './fixtures';
import { keepScreenshotsAtWidths } from './screenshots';

const LOG_IN =
  'mutation LogIn($email: String!, $password: String!) { logIn(email: $email, password: $password) { id } }';

test('a buyer renames themself, saves an address, changes email by link, and logs out everywhere', async ({
  freshBuyer,
  loggedInAs,
  browser,
  baseURL,
}, testInfo) => {
  test.slow();
  const admin = await loggedInAs('admin');
  const { page, account } = await freshBuyer();

  // The user menu leads to the settings.
  await page.goto('/consumer');
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Account settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Settings' }),
  ).toHaveAttribute('aria-current', 'page');

  // Name.
  const name = page.getByRole('textbox', { name: 'Name' });
  await name.fill('Bea Renamed');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText('Your name is saved.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account menu: Bea Renamed' })).toBeVisible();

  // An address: a bad ZIP is caught, then it is saved as the default.
  await page.getByRole('button', { name: 'Add an address' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add an address' });
  await dialog.getByRole('textbox', { name: /Name of this address/ }).fill('Home');
  await dialog.getByRole('textbox', { name: /Recipient/ }).fill('Bea Renamed');
  await dialog.getByRole('textbox', { name: /Street address/ }).fill('1200 SE Morrison St');
  await dialog.getByRole('textbox', { name: /City/ }).fill('Portland');
  await dialog.getByRole('combobox', { name: 'State' }).fill('Oreg');
  await page.getByRole('option', { name: 'Oregon (OR)' }).click();
  await dialog.getByRole('textbox', { name: /ZIP code/ }).fill('972');
  await dialog.getByRole('button', { name: 'Add address' }).click();
  await expect(dialog.getByText('A ZIP code has five digits, like 97214.')).toBeVisible();
  await dialog.getByRole('textbox', { name: /ZIP code/ }).fill('97214');
  await dialog.getByRole('button', { name: 'Add address' }).click();
  await expect(page.getByText('Home is saved.')).toBeVisible();
  const saved = page.getByRole('listitem').filter({ hasText: '1200 SE Morrison St' });
  await expect(saved).toContainText('Default');

  // Checkout offers the saved address for where an order goes.
  await page.goto('/business/cascadia-hollow-cellars');
  const tile = page.getByRole('article').first();
  await tile.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(tile.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);
  await page.goto('/cart');
  await page
    .getByRole('region', { name: /Cascadia Hollow Cellars/ })
    .getByRole('radio', { name: /Shipping/ })
    .check();
  await page.getByRole('link', { name: 'Continue to checkout' }).click();
  await page.getByRole('combobox', { name: 'Use a saved address' }).click();
  await page.getByRole('option', { name: 'Home: 1200 SE Morrison St, Portland, OR 97214' }).click();
  const shipTo = page.getByRole('group', { name: 'Ship to' });
  await expect(shipTo.getByLabel(/^Street address/)).toHaveValue('1200 SE Morrison St');
  await expect(shipTo.getByLabel(/^Recipient’s name/)).toHaveValue('Bea Renamed');
  await expect(shipTo.getByLabel(/^ZIP code/)).toHaveValue('97214');
  await page.goto('/account');

  // Email: nothing changes until the link mailed to the new address is opened.
  const newEmail = `moved-${Date.now().toString(36)}@example.com`;
  await page.getByRole('textbox', { name: 'New email' }).fill(newEmail);
  await page
    .getByRole('region', { name: 'Email' })
    .getByLabel(/^Current password/)
    .fill(account.password);
  await page.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(page.getByText(`We sent a link to ${newEmail}`)).toBeVisible();
  await page.reload();
  await expect(page.getByText('Waiting for confirmation')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await keepScreenshotsAtWidths(page, testInfo, 'account-settings');

  const mail = await lastMail(admin, newEmail, /^Confirm your new/);
  const link = /https?:\/\/[^/\s]+(\/account\/confirm-email\/[\w-]+)/.exec(mail.text)![1]!;
  await page.goto(link);
  await expect(page.getByText('Your email is changed')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await keepScreenshotsAtWidths(page, testInfo, 'account-confirm-email');
  await page.goto('/account');
  await expect(page.getByText(`Your email is ${newEmail}.`)).toBeVisible();

  // A second browser logs in with the new email and logs out everywhere: the first is out too.
  const other = await browser.newContext({ baseURL });
  try {
    await graphql(other.request, LOG_IN, { email: newEmail, password: account.password });
    const second = await other.newPage();
    await second.goto('/account');
    const sessions = second.getByRole('region', { name: 'Sessions' });
    await expect(sessions.getByRole('listitem')).toHaveCount(2);
    await expect(sessions.getByText('This browser')).toHaveCount(1);
    await sessions.getByRole('button', { name: 'Log out everywhere' }).click();
    const ask = second.getByRole('dialog', { name: 'Log out everywhere?' });
    await ask.getByRole('button', { name: 'Log out everywhere' }).click();
    await expect(second).toHaveURL(/\/login/);
  } finally {
    await other.close();
  }
  await page.goto('/account');
  await expect(page).toHaveURL(/\/login\?next=%2Faccount/);
});
