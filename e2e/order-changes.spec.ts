import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe';
import {
  BUYER,
  createProduct,
  graphql,
  loggedIn,
  placeOrder,
  type Workplace,
} from './order-fixtures';

/**
 * A producer refunds an order unit by unit until nothing is left: the page stays up, the order
 * ends 'Refunded' with its workflow over, and the buyer is emailed at each refund.
 */

const statusOf = (page: Page) => page.getByRole('status', { name: 'Order status' });

test('refunding every unit ends in a Refunded order, with the buyer emailed each time', async ({
  browser,
}) => {
  test.slow();
  const stamp = Date.now();
  // A producer of its own, so that its 8.875% tax + fees touch no other journey's orders.
  const sellerContext = await browser.newContext();
  await graphql(
    sellerContext.request,
    'mutation ($input: SignUpInput!) { signUp(input: $input) { id } }',
    {
      input: {
        name: 'Rae Refunder',
        email: `refunds-${stamp}@example.com`,
        password: 'amber-fermenter-7734',
        dateOfBirth: '1985-02-03',
      },
    },
  );
  const { upsertWorkplace: business } = await graphql<{ upsertWorkplace: Workplace }>(
    sellerContext.request,
    'mutation ($w: CreateBusinessInput!) { upsertWorkplace(works_at: $w) { id name slug } }',
    { w: { name: `Refund Cellars ${stamp}`, sales_tax_rate: 8.875 } },
  );
  const wine = await createProduct(sellerContext.request, business.slug, 25);
  const buyerContext = await loggedIn(browser, BUYER);
  const placed = await placeOrder(buyerContext.request, business, [wine], { mode: 'pickup' });
  expect(placed.lines[0]!.quantity).toBe(2);
  expect(placed.totalCents).toBe(5444);

  const seller = await sellerContext.newPage();
  const errors: string[] = [];
  seller.on('pageerror', (error) => errors.push(error.message));
  await seller.goto(`/orders/${placed.id}`);
  await expect(statusOf(seller)).toHaveText('Placed');

  for (const [left, refund] of [
    [2, 'Refund to the buyer: $27.22 ($25.00 and its share of tax and fees)'],
    [1, 'Refund to the buyer: $27.22 ($25.00 and its share of tax and fees)'],
  ] as const) {
    await seller.getByRole('button', { name: `Refund ${wine.name}` }).click();
    const dialog = seller.getByRole('dialog', { name: `Refund ${wine.name}` });
    await expect(dialog.getByLabel('Units to refund')).toHaveValue('1');
    await expect(dialog.getByText(`From 1 to ${left}`)).toBeVisible();
    await expect(dialog.getByRole('status')).toHaveText(refund);
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    await expect(dialog).toBeHidden();
  }

  await expect(statusOf(seller)).toHaveText('Refunded');
  await expect(
    seller.getByRole('heading', { level: 1, name: `Order ${placed.number}` }),
  ).toBeVisible();
  await expect(seller.getByRole('button', { name: 'Accept order' })).toHaveCount(0);
  await expect(seller.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  await expect(seller.getByRole('button', { name: /^Refund / })).toHaveCount(0);
  await expect(seller.getByRole('row', { name: /^Refunded/ })).toContainText('$54.44');
  expect(errors).toEqual([]);
  await expectNoSeriousA11yViolations(seller);

  // The buyer sees it too, and was told twice: once for the part, once for the whole.
  const buyer = await buyerContext.newPage();
  await buyer.goto(`/orders/${placed.id}`);
  await expect(statusOf(buyer)).toHaveText('Refunded');
  const admin = await (
    await loggedIn(browser, { email: 'admin@bevy.example', password: 'bevy-admin-demo' })
  ).newPage();
  await admin.goto('/admin/mail');
  await expect(admin.getByText(`A refund on your Bevy order ${placed.number}`)).toBeVisible();
  await expect(admin.getByText(`Your Bevy order ${placed.number} was refunded`)).toBeVisible();
});
