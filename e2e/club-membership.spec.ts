import { formatCents } from '@bevy/core';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';
import { createProduct } from './order-fixtures';

/** A charge date the club may still announce in time: its notice goes out a week ahead. */
const chargeOn = new Date(Date.now() + 9 * 86_400_000).toISOString().slice(0, 10);

test('a buyer joins a producer’s club, swaps a bottle, is charged at the run and cancels in two clicks', async ({
  freshSeller,
  freshBuyer,
}) => {
  test.slow();
  const { page: seller, business } = await freshSeller();
  const api = seller.context().request;
  const pinot = await createProduct(api, business.slug, 30);
  // Named by the time: a moment apart, so the two names differ.
  await new Promise((resolve) => setTimeout(resolve, 5));
  const rose = await createProduct(api, business.slug, 20);

  // The producer creates a club with two tiers, and opens it.
  await seller.goto(`/business/${business.slug}/clubs`);
  await seller.getByRole('button', { name: 'Create a club' }).click();
  const form = seller.getByRole('region', { name: 'New club' });
  await form.getByLabel('Club name').fill('Journey Club');
  await form.getByLabel('Description').fill('Three bottles of what we make, when it is ready.');
  await form.getByLabel('First release').fill(chargeOn);
  await form.getByLabel('Member discount (%)').fill('10');
  await form.getByRole('button', { name: 'Create club' }).click();
  const card = seller.getByRole('article', { name: 'Journey Club' });
  await card.getByRole('button', { name: 'Open to members' }).click();
  await expect(card.getByRole('button', { name: 'Close to new members' })).toBeVisible();

  // And composes its first release: for each tier, its bottles of the two wines.
  await card.getByRole('link', { name: 'Manage releases and members' }).click();
  await seller.getByRole('button', { name: 'New release' }).click();
  const release = seller.getByRole('region', { name: 'New release' });
  await release.getByLabel('Title').fill('First release');
  await release.getByLabel('Charge date').fill(chargeOn);
  for (const [tier, bottles] of [
    ['3 bottles', 3],
    ['6 bottles', 6],
  ] as const) {
    const group = release.getByRole('group', { name: tier });
    await group.getByRole('combobox', { name: 'Product 1' }).click();
    await seller.getByRole('option', { name: new RegExp(`^${pinot.name}`) }).click();
    await group.getByLabel('Bottles of product 1').fill(String(bottles - 1));
    await group.getByRole('button', { name: 'Add a product' }).click();
    await group.getByRole('combobox', { name: 'Product 2' }).click();
    await seller.getByRole('option', { name: new RegExp(`^${rose.name}`) }).click();
    await expect(group.getByText(`${bottles} of ${bottles} bottles`)).toBeVisible();
  }
  await expectNoSeriousA11yViolations(seller);
  await release.getByRole('button', { name: 'Schedule release' }).click();
  await expect(seller.getByText(/First release is scheduled/)).toBeVisible();

  // A buyer finds the club, reads its terms and joins with 4242, consenting apart.
  const { page: buyer } = await freshBuyer();
  await buyer.goto(`/business/${business.slug}/clubs/journey-club`);
  await expect(buyer.getByRole('heading', { level: 1, name: 'Journey Club' })).toBeVisible();
  await expectNoSeriousA11yViolations(buyer);
  const join = buyer.getByRole('region', { name: 'Join Journey Club' });
  await join.getByRole('radio', { name: '3 bottles' }).check();
  await expect(
    join.getByText(/I agree that Journey Club \(3 bottles\) charges my saved card/),
  ).toBeVisible();
  await join.getByLabel('Phone').fill('(503) 555-0142');
  await join.getByLabel('Card number').fill('4242 4242 4242 4242');
  await join.getByLabel('Expiry (MM/YY)').fill('12/34');
  await join.getByLabel('Security code').fill('123');
  // Without the consent, nothing is saved and the box says why.
  await join.getByRole('button', { name: 'Join Journey Club' }).click();
  await expect(
    join.getByText('Agree to the automatic renewal to join.', { exact: false }),
  ).toBeVisible();
  await join.getByLabel('I agree to the automatic renewal described above.').check();
  await join.getByRole('button', { name: 'Join Journey Club' }).click();
  await expect(buyer.getByText('Welcome to Journey Club.')).toBeVisible();
  await expect(buyer.getByRole('heading', { level: 1, name: 'Journey Club' })).toBeVisible();
  await expectNoSeriousA11yViolations(buyer);

  // Until the cut-off the member swaps: one pinot for a second rosé.
  const next = buyer.getByRole('region', { name: 'Next release' });
  await next.getByRole('button', { name: 'Swap or add bottles' }).click();
  await next.getByRole('textbox', { name: pinot.name, exact: true }).fill('1');
  await next.getByRole('textbox', { name: rose.name, exact: true }).fill('2');
  await next.getByRole('button', { name: 'Save bottles' }).click();
  const bottles = next.getByRole('table', { name: 'The bottles of your next release' });
  await expect(bottles.getByRole('row', { name: new RegExp(rose.name) })).toContainText(
    `2${formatCents(1_800)}`,
  );

  // The charge date comes: the run charges the saved card and places the order.
  const ran = await buyer
    .context()
    .request.post('/__e2e/time-travel', { data: { date: chargeOn } });
  expect(ran.ok()).toBe(true);
  await buyer.reload();
  const past = buyer.getByRole('table', { name: 'Your past releases, newest first' });
  await expect(past.getByRole('row', { name: /First release/ })).toContainText('Charged');
  const orderLink = past.getByRole('link', { name: /^BV-/ });
  const number = await orderLink.textContent();

  // The member finds the order and the membership at /consumer, then cancels in two clicks.
  await buyer.goto('/consumer');
  await expect(buyer.getByRole('link', { name: number! })).toBeVisible();
  const membership = buyer.getByRole('article', { name: 'Journey Club' });
  await expectNoSeriousA11yViolations(buyer);
  await membership.getByRole('button', { name: 'Cancel membership of Journey Club' }).click();
  await buyer.getByRole('dialog').getByRole('button', { name: 'Cancel membership' }).click();
  await expect(membership).toContainText('Cancelled');
});
