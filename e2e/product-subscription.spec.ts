import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';
import { createProduct } from './order-fixtures';
import { keepScreenshotsAtWidths } from './screenshots';

const today = new Date().toISOString().slice(0, 10);

test('a producer offers a product subscription; a buyer subscribes monthly, is charged today, then skips and cancels', async ({
  freshSeller,
  freshBuyer,
}, testInfo) => {
  test.slow();
  const { page: seller, business } = await freshSeller();
  const lager = await createProduct(seller.context().request, business.slug, 4);

  // The producer offers the lager by 6 or 12, monthly or every 2 months, 10% off.
  await seller.goto(`/business/${business.slug}/clubs`);
  await seller.getByRole('button', { name: 'Offer a product subscription' }).click();
  const form = seller.getByRole('region', { name: 'New product subscription' });
  // Refused in the browser, with the reason by the field, before anything is sent.
  await form.getByRole('button', { name: 'Create subscription' }).click();
  await expect(form.getByText('Choose a product.')).toBeVisible();
  await form.getByRole('combobox', { name: 'Product' }).click();
  await seller.getByRole('option', { name: lager.name }).click();
  await form.getByLabel('Every 2 months').check();
  await expectNoSeriousA11yViolations(seller);
  await keepScreenshotsAtWidths(seller, testInfo, 'subscription-form');
  await form.getByRole('button', { name: 'Create subscription' }).click();
  const offer = seller.getByRole('article', { name: `${lager.name} subscription` });
  await expect(offer).toContainText('monthly or every 2 months');
  await offer.getByRole('button', { name: 'Open to members' }).click();
  await expect(offer.getByRole('button', { name: 'Close to new members' })).toBeVisible();
  await keepScreenshotsAtWidths(seller, testInfo, 'subscription-offered');

  // A buyer finds it on the producer's page and subscribes: 6 a month, with 4242.
  const { page: buyer } = await freshBuyer();
  await buyer.goto(`/business/${business.slug}`);
  await buyer.getByRole('link', { name: `${lager.name} subscription` }).click();
  await expect(
    buyer.getByRole('heading', { level: 1, name: `${lager.name} subscription` }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(buyer);
  const join = buyer.getByRole('region', { name: 'Subscribe' });
  await join.getByRole('radio', { name: '6 per order' }).check();
  await join.getByRole('radio', { name: 'Monthly' }).check();
  await expect(join.getByText(/today and then every month until I cancel/)).toBeVisible();
  await keepScreenshotsAtWidths(buyer, testInfo, 'subscription-page');
  await join.getByLabel('Phone').fill('(503) 555-0142');
  await join.getByLabel('Card number').fill('4242 4242 4242 4242');
  await join.getByLabel('Expiry (MM/YY)').fill('12/34');
  await join.getByLabel('Security code').fill('123');
  await join.getByLabel('I agree to the automatic renewal described above.').check();
  await join.getByRole('button', { name: 'Subscribe' }).click();
  await expect(buyer.getByText(`Welcome to ${lager.name} subscription.`)).toBeVisible();

  // The calendar's next turn places today's order and charges the card.
  const ran = await buyer.context().request.post('/__e2e/time-travel', { data: { date: today } });
  expect(ran.ok()).toBe(true);
  await buyer.reload();
  const past = buyer.getByRole('table', { name: 'Your past releases, newest first' });
  await expect(past.getByRole('row', { name: new RegExp(lager.name) })).toContainText('Charged');
  const next = buyer.getByRole('region', { name: 'Next order' });
  await expect(next).toContainText('Charged on');
  await expectNoSeriousA11yViolations(buyer);
  await keepScreenshotsAtWidths(buyer, testInfo, 'subscriber-page');

  // The next order can be skipped; then the subscription is cancelled in two clicks.
  await next.getByRole('button', { name: 'Skip this release' }).click();
  await expect(next).toContainText('Skipped: nothing is charged');
  await buyer.goto('/consumer');
  const mine = buyer.getByRole('article', { name: `${lager.name} subscription` });
  await expect(mine).toContainText('Subscription: 6 per order, monthly');
  await keepScreenshotsAtWidths(buyer, testInfo, 'consumer-subscriptions');
  await mine
    .getByRole('button', { name: `Cancel membership of ${lager.name} subscription` })
    .click();
  await buyer.getByRole('dialog').getByRole('button', { name: 'Cancel membership' }).click();
  await expect(mine).toContainText('Cancelled');
});
