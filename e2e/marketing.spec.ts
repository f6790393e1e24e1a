import { expectNoSeriousA11yViolations } from './axe';
import { expect, lastMail, test } from './fixtures';
import { payAtCheckout } from './order-fixtures';
import { keepScreenshotsAtWidths } from './screenshots';

const PRODUCER = 'cascadia-hollow-cellars';
const PRODUCER_NAME = 'Cascadia Hollow Cellars';
/** The email's preview: its own document, with scripts off, which axe cannot enter. */
const WITHOUT_PREVIEW = { exclude: ['iframe[title^="Email preview"]'] };

/** The path of the first link in `text` that starts with `prefix` (e.g. "/email/confirm/"). */
function linkPath(text: string, prefix: string): string {
  const match = new RegExp(`https?://[^/\\s]+(${prefix}[\\w/-]+)`).exec(text);
  expect(match, `a link to ${prefix}`).not.toBeNull();
  return match![1]!;
}

test('a buyer follows a producer and confirms by email; a campaign with a product brings a click and an order; a trade buyer accepts an invitation the admin sees', async ({
  freshBuyer,
  loggedInAs,
}, testInfo) => {
  test.slow();
  const admin = await loggedInAs('admin');
  const { page: buyer, account } = await freshBuyer();

  // The buyer follows the producer and agrees to its email.
  await buyer.goto(`/business/${PRODUCER}`);
  // The bottle the campaign will show: the first on the producer's page.
  const productName = (await buyer
    .getByRole('article')
    .first()
    .getByRole('heading')
    .first()
    .textContent())!.trim();
  await buyer.getByRole('button', { name: 'Follow', exact: true }).click();
  const dialog = buyer.getByRole('dialog', { name: `Follow ${PRODUCER_NAME}` });
  await dialog.getByLabel(/Email me news, releases and offers/).check();
  await expectNoSeriousA11yViolations(buyer);
  await dialog.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(buyer.getByText(/Check your email and confirm/)).toBeVisible();
  await expect(buyer.getByRole('button', { name: 'Following', exact: true })).toBeVisible();

  // …and confirms by the emailed link (double opt-in).
  const confirmation = await lastMail(admin, account.email, /^Confirm email from/);
  await buyer.goto(linkPath(confirmation.text, '/email/confirm/'));
  await buyer.getByRole('button', { name: 'Yes, send me their email' }).click();
  await expect(buyer.getByRole('heading', { name: 'You are subscribed' })).toBeVisible();
  await expectNoSeriousA11yViolations(buyer);
  await buyer.goto('/consumer');
  const followed = buyer.getByRole('article', { name: PRODUCER_NAME });
  await expect(followed).toContainText('You get their email since');
  await keepScreenshotsAtWidths(buyer, testInfo, 'consumer-following');

  // The producer sees them among its customers.
  const seller = await loggedInAs('seller');
  await seller.goto(`/business/${PRODUCER}/customers`);
  await expect(seller.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
  await expect(seller.getByText(account.email).first()).toBeVisible();
  await expectNoSeriousA11yViolations(seller);
  await keepScreenshotsAtWidths(seller, testInfo, 'customers');

  // The producer writes a campaign with a product block, sends a test, then sends it.
  await seller.goto(`/business/${PRODUCER}/campaigns`);
  await seller.getByRole('link', { name: 'New campaign' }).first().click();
  await seller.getByLabel(/^Subject/).fill('The winter release is here');
  await seller.getByLabel('Text of block 1').click();
  await seller.keyboard.type('Our winter wines are bottled and ready for your table.');
  await seller.getByRole('button', { name: 'Add product' }).click();
  await seller.getByRole('combobox', { name: /Product of block 2/ }).click();
  await seller
    .getByRole('option', { name: `${productName} · `, exact: false })
    .first()
    .click();
  await seller.getByRole('button', { name: 'Save draft' }).click();
  await expect(seller).toHaveURL(/\/campaigns\/\d+$/);
  await expect(seller.frameLocator('iframe').getByText(productName)).toBeVisible();
  await expectNoSeriousA11yViolations(seller, WITHOUT_PREVIEW);
  await keepScreenshotsAtWidths(seller, testInfo, 'campaign-draft');
  await seller.getByRole('button', { name: 'Send test to me' }).click();
  await expect(seller.getByText('Test sent to seller@bevy.example.')).toBeVisible();
  await lastMail(admin, 'seller@bevy.example', /^\[Test\] The winter release is here$/);
  await seller.getByRole('button', { name: 'Send now' }).click();
  await seller.getByRole('button', { name: 'Send it now' }).click();
  await expect(seller.getByText(/^(Sending|Sent)$/).first()).toBeVisible();

  // The buyer clicks through from the email and buys.
  const campaignMail = await lastMail(admin, account.email, /^The winter release is here$/);
  expect(campaignMail.text).toContain('8120 NE Worden Hill Rd');
  await buyer.goto(linkPath(campaignMail.text, '/email/click/'));
  await expect(buyer).toHaveURL(new RegExp(`/business/${PRODUCER}$`));
  const tile = buyer.getByRole('article').filter({ hasText: productName }).first();
  await tile.getByRole('button', { name: 'Add to Cart' }).click();
  await buyer.goto('/cart');
  await buyer
    .getByRole('radio', { name: /Pickup/ })
    .first()
    .check();
  await buyer.getByRole('link', { name: 'Continue to checkout' }).click();
  await payAtCheckout(buyer);
  await expect(buyer).toHaveURL(/\/success\?orders=\d+$/);

  // The campaign's report shows the click and the order's revenue.
  const figure = (label: string) =>
    seller
      .locator('dt', { hasText: new RegExp(`^${label}$`) })
      .locator('xpath=following-sibling::dd[1]');
  await expect(async () => {
    await seller.reload();
    await expect(figure('Clicks')).toHaveText(/^1(?!\d)/, { timeout: 2_000 });
    await expect(figure('Revenue')).not.toHaveText(/^\$0\.00/, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expectNoSeriousA11yViolations(seller, WITHOUT_PREVIEW);
  await keepScreenshotsAtWidths(seller, testInfo, 'campaign-report');

  // The footer's link unsubscribes at once, with no log-in.
  const stranger = await buyer.context().browser()!.newContext();
  const visitor = await stranger.newPage();
  await visitor.goto(
    new URL(buyer.url()).origin + linkPath(campaignMail.text, '/email/unsubscribe/'),
  );
  await expect(visitor.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
  await expectNoSeriousA11yViolations(visitor);
  await stranger.close();

  // A bar is invited as a trade buyer, accepts, applies; the admin sees who vouched.
  const { page: bar, account: barAccount } = await freshBuyer();
  await seller.goto(`/business/${PRODUCER}/invitations`);
  await seller.getByRole('combobox', { name: 'Invite them to' }).click();
  await seller.getByRole('option', { name: /Trade account/ }).click();
  await seller.getByLabel(/^Email addresses/).fill(barAccount.email);
  await seller.getByLabel(/A note from you/).fill('We would love to pour our wines at your bar.');
  await seller.getByRole('button', { name: 'Send invitations' }).click();
  await expect(seller.getByText('1 invitation sent.')).toBeVisible();
  await expectNoSeriousA11yViolations(seller);
  await keepScreenshotsAtWidths(seller, testInfo, 'invitations');
  const invitation = await lastMail(admin, barAccount.email, /invites you/);
  await bar.goto(linkPath(invitation.text, '/invitations/'));
  await expect(bar.getByRole('heading', { name: `${PRODUCER_NAME} invites you` })).toBeVisible();
  await expectNoSeriousA11yViolations(bar);
  await bar.getByRole('button', { name: 'Accept the invitation' }).click();
  await expect(bar).toHaveURL(/\/wholesale\/apply$/);
  await expect(bar.getByText(`Invited by ${PRODUCER_NAME}`)).toBeVisible();
  await bar.getByLabel('Business name').fill('Alder Street Bar');
  await bar.getByRole('combobox', { name: 'License type' }).click();
  await bar.getByRole('option', { name: 'Retailer (off-premises)' }).click();
  await bar.getByLabel('License number').fill('OLCC-77-4321');
  await bar.getByRole('combobox', { name: 'Issuing state' }).fill('Oreg');
  await bar.getByRole('option', { name: 'Oregon' }).click();
  await bar.getByLabel('License expiry date').fill('2030-12-31');
  await bar.locator('input[type="file"]').setInputFiles('e2e/fixtures/license.pdf');
  await bar.getByRole('button', { name: 'Send application' }).click();
  await expect(bar.getByText(/Application received/)).toBeVisible();

  await admin.goto('/admin/wholesale');
  const application = admin.getByRole('article', { name: 'Alder Street Bar' }).first();
  await expect(application).toContainText(`Vouched for by${PRODUCER_NAME}`);
  await expectNoSeriousA11yViolations(admin);
});
