import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, graphql, test } from './fixtures';
import { createProduct, placeOrder } from './order-fixtures';

/**
 * Changes to an order after it was placed, each by the person allowed to make it: a producer
 * refunds unit by unit until nothing is left, a buyer cancels before the producer accepts, and a
 * producer marks an invoice paid.
 */

const statusOf = (page: Page) => page.getByRole('status', { name: 'Order status' });

// Each test has a producer of its own, so that its settings touch no other journey's orders.

test('refunding every unit ends in a Refunded order, with the buyer emailed each time', async ({
  freshSeller,
  freshBuyer,
  loggedInAs,
}) => {
  test.slow();
  // 8.875% tax + fees, as in the sequence that once blanked the page.
  const { page: seller, business } = await freshSeller({ sales_tax_rate: 8.875 });
  const wine = await createProduct(seller.request, business.slug, 25);
  const { page: buyer, account } = await freshBuyer();
  const placed = await placeOrder(buyer.request, business, [wine], { mode: 'pickup' }, account);
  expect(placed.lines[0]!.quantity).toBe(2);
  expect(placed.totalCents).toBe(5444);

  // On a phone, where the lines are a list: quantity, total and Refund all in view.
  await seller.setViewportSize({ width: 375, height: 812 });
  const errors: string[] = [];
  seller.on('pageerror', (error) => errors.push(error.message));
  await seller.goto(`/orders/${placed.id}`);
  await expect(statusOf(seller)).toHaveText('Placed');
  const items = seller.getByRole('list', { name: `Items of order ${placed.number}` });
  await expect(items.getByRole('listitem')).toHaveCount(1);
  await expect(items).toContainText('2 × $25.00 = $50.00');
  await expect(items.getByRole('button', { name: `Refund ${wine.name}` })).toBeInViewport();
  expect(await seller.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    375,
  );

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
  await buyer.goto(`/orders/${placed.id}`);
  await expect(statusOf(buyer)).toHaveText('Refunded');
  const admin = await loggedInAs('admin');
  await admin.goto('/admin/mail');
  await expect(admin.getByText(`A refund on your Bevy order ${placed.number}`)).toBeVisible();
  await expect(admin.getByText(`Your Bevy order ${placed.number} was refunded`)).toBeVisible();
});

test('a buyer cancels their order before the producer accepts it, and not after', async ({
  freshSeller,
  freshBuyer,
}) => {
  const { page: seller, business } = await freshSeller();
  const wine = await createProduct(seller.request, business.slug, 18);
  const { page: buyer, account } = await freshBuyer();
  const first = await placeOrder(buyer.request, business, [wine], { mode: 'pickup' }, account);
  const second = await placeOrder(buyer.request, business, [wine], { mode: 'pickup' }, account);

  await buyer.goto(`/orders/${first.id}`);
  await buyer.getByRole('button', { name: 'Cancel my order' }).click();
  const dialog = buyer.getByRole('dialog', { name: `Cancel order ${first.number}?` });
  await expect(dialog).toContainText('You are refunded in full ($36.00)');
  await dialog.getByLabel('Reason (optional)').fill('Ordered twice');
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(dialog).toBeHidden();
  await expect(statusOf(buyer)).toHaveText('Cancelled');
  await expect(buyer.getByRole('button', { name: 'Cancel my order' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(buyer);

  // Once the producer accepts, only they can cancel.
  await graphql(
    seller.request,
    'mutation ($id: Int!) { advanceOrder(id: $id, to: "accepted") { id } }',
    {
      id: second.id,
    },
  );
  await buyer.goto(`/orders/${second.id}`);
  await expect(statusOf(buyer)).toHaveText('Accepted');
  await expect(buyer.getByRole('button', { name: 'Cancel my order' })).toHaveCount(0);

  await seller.goto(`/orders/${first.id}`);
  await expect(statusOf(seller)).toHaveText('Cancelled');
  await expect(seller.getByText('Cancelled by the buyer')).toBeVisible();
});

test('a producer marks an invoice paid, and the buyer sees it paid', async ({
  freshSeller,
  loggedInAs,
}) => {
  const { page: seller, business } = await freshSeller();
  await graphql(
    seller.request,
    'mutation ($slug: String!, $u: BusinessUpdateInput!) { updateBusiness(slug: $slug, update: $u) { id } }',
    {
      slug: business.slug,
      u: {
        wholesale_invoice_terms_days: { set: 30 },
        fulfillment_allow_pickup_wholesale: { set: true },
      },
    },
  );
  const keg = await createProduct(seller.request, business.slug, 30, 21);
  // Invoices are for approved wholesale buyers: the demo one.
  const buyer = await loggedInAs('wholesale');
  const placed = await placeOrder(buyer.request, business, [keg], {
    mode: 'pickup',
    payByInvoice: true,
  });

  await seller.goto(`/orders/${placed.id}`);
  const totals = seller.getByRole('table', { name: `Totals of order ${placed.number}` });
  await expect(totals).toContainText('Net 30');
  await seller.getByRole('button', { name: 'Mark invoice paid' }).click();
  const dialog = seller.getByRole('dialog', {
    name: `Mark the invoice of order ${placed.number} paid?`,
  });
  await expect(dialog).toContainText('Confirm that you received $42.00');
  await dialog.getByRole('button', { name: 'Mark paid' }).click();
  await expect(dialog).toBeHidden();
  await expect(totals).toContainText('Invoice paid on');
  await expect(seller.getByRole('button', { name: 'Mark invoice paid' })).toHaveCount(0);
  await expect(seller.getByText('Invoice marked paid')).toBeVisible();
  await expectNoSeriousA11yViolations(seller);

  await buyer.goto(`/orders/${placed.id}`);
  await expect(
    buyer.getByRole('table', { name: `Totals of order ${placed.number}` }),
  ).toContainText('Invoice paid on');
});
