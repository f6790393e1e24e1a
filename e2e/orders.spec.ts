import { ADULT_SIGNATURE_NOTICE, commissionOf, formatCents, type CartState } from '@bevy/core';
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe';
import { DEMO_ACTORS, expect, graphql, test } from './fixtures';
import { createProduct, placeOrder, productsOf, workplacesOf } from './order-fixtures';
import { keepScreenshot } from './screenshots';

/**
 * Producers' and buyers' orders. The orders are placed through the real placeOrder mutation,
 * as the demo buyer, paid with the offline provider's succeeding test card.
 */

async function choose(page: Page, combobox: string, option: string) {
  await page.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const actions = (page: Page) => page.getByRole('group', { name: 'Order actions' });
const statusOf = (page: Page) => page.getByRole('status', { name: 'Order status' });
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const lineRow = (page: Page, productName: string) =>
  page.getByRole('row', { name: new RegExp(`^${escape(productName)}`) });
const orderRow = (page: Page, number: string) =>
  page.getByRole('row').filter({ has: page.getByRole('link', { name: number, exact: true }) });

test('a seller finds, accepts, readies and completes an order; the buyer follows it', async ({
  loggedInAs,
}, testInfo) => {
  test.setTimeout(150_000);
  const [seller, buyer] = await Promise.all([loggedInAs('seller'), loggedInAs('buyer')]);
  const businesses = await workplacesOf(seller.request);
  expect(businesses.length).toBeGreaterThanOrEqual(2);
  const shop = businesses.find((b) => b.fulfillment_allow_pickup_retail)!;
  const other = businesses.find((b) => b.id !== shop.id)!;
  const products = (await productsOf(seller.request, shop.slug)).slice(0, 2);
  expect(products).toHaveLength(2);
  const order = await placeOrder(buyer.request, shop, products, { mode: 'pickup' });

  // The seller's list: the order is there; status, business and search filters narrow it.
  await seller.goto('/business/orders');
  await expect(seller.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  const row = orderRow(seller, order.number);
  await expect(row).toContainText(shop.name);
  await expect(row).toContainText('Riley Retail');
  await expect(row).toContainText('Pickup');
  await expect(row).toContainText('Placed');
  await expect(row).toContainText(formatCents(order.totalCents));
  await expectNoSeriousA11yViolations(seller);
  await keepScreenshot(seller, testInfo, 'business-orders');

  await choose(seller, 'Status', 'Placed');
  await expect(seller).toHaveURL(/[?&]status=placed/);
  await expect(row).toBeVisible();
  await choose(seller, 'Status', 'Completed');
  await expect(seller).toHaveURL(/[?&]status=completed/);
  await expect(row).toHaveCount(0);
  await choose(seller, 'Status', 'All statuses');
  await expect(row).toBeVisible();
  await choose(seller, 'Business', other.name);
  await expect(row).toHaveCount(0);
  await choose(seller, 'Business', shop.name);
  await expect(row).toBeVisible();

  const search = seller.getByRole('searchbox', { name: 'Search by order number or buyer' });
  await search.fill(order.number.toLowerCase());
  await expect(seller).toHaveURL(new RegExp(`[?&]q=${order.number.toLowerCase()}`));
  const ordersTable = seller.getByRole('table', {
    name: 'Orders placed with your businesses, newest first',
  });
  await expect(ordersTable.getByRole('row')).toHaveCount(2); // the header and the one order
  await expect(row).toBeVisible();
  await expect(seller.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
    'href',
    `/business/orders.csv?businessId=${shop.id}&search=${order.number.toLowerCase()}`,
  );
  // The export is a plain link: the session cookie is all it needs.
  const csv = await seller.request.get(
    `/business/orders.csv?businessId=${shop.id}&search=${order.number.toLowerCase()}`,
  );
  expect(csv.status()).toBe(200);
  expect(csv.headers()['content-type']).toMatch(/^text\/csv/);
  expect(csv.headers()['content-disposition']).toMatch(/^attachment; filename="orders-/);
  const csvLines = (await csv.text()).trim().split(/\r?\n/);
  expect(csvLines).toHaveLength(2);
  expect(csvLines[1]).toContain(order.number);
  // A reload keeps the filters.
  await seller.reload();
  await expect(search).toHaveValue(order.number.toLowerCase());
  await expect(seller.getByRole('combobox', { name: 'Business' })).toHaveValue(shop.name);
  await expect(row).toBeVisible();
  await search.fill('no-such-order-or-buyer');
  await expect(seller.getByText('No orders match these filters.')).toBeVisible();
  await seller.getByRole('button', { name: 'Clear filters' }).click();
  await expect(search).toHaveValue('');
  await expect(row).toBeVisible();
  await expect(seller).toHaveURL(/\/business\/orders$/);

  // The detail: only what the workflow allows is offered.
  await row.getByRole('link', { name: order.number }).click();
  await expect(seller).toHaveURL(new RegExp(`/orders/${order.id}$`));
  await expect(
    seller.getByRole('heading', { level: 1, name: `Order ${order.number}` }),
  ).toBeVisible();
  await expect(actions(seller).getByRole('button')).toHaveText(['Accept order', 'Cancel order']);
  const commission = commissionOf(order.subtotalCents);
  const totals = seller.getByRole('table', { name: `Totals of order ${order.number}` });
  await expect(totals.getByRole('row', { name: /^Commission \(8%\)/ })).toContainText(
    formatCents(commission),
  );
  await expect(totals.getByRole('row', { name: /^Payout to you/ })).toContainText(
    formatCents(order.totalCents - commission),
  );
  await expect(seller.getByRole('region', { name: 'Buyer' })).toContainText(
    DEMO_ACTORS.buyer.email,
  );
  await expect(seller.getByRole('region', { name: 'Fulfillment' })).toContainText(
    `Pickup from ${shop.name}`,
  );
  await expectNoSeriousA11yViolations(seller);

  // A second tab, left behind when the first accepts: its Accept is refused and changes nothing.
  const stale = await seller.context().newPage();
  await stale.goto(`/orders/${order.id}`);
  await expect(actions(stale).getByRole('button', { name: 'Accept order' })).toBeVisible();

  await actions(seller).getByRole('button', { name: 'Accept order' }).click();
  await expect(actions(seller).getByRole('button')).toHaveText([
    'Mark ready for pickup',
    'Cancel order',
  ]);
  await expect(statusOf(seller)).toHaveText('Accepted');

  await actions(stale).getByRole('button', { name: 'Accept order' }).click();
  await expect(
    stale.getByRole('alert').filter({ hasText: 'The order was not changed' }),
  ).toContainText('cannot');
  // It then shows the order as it is now.
  await expect(actions(stale).getByRole('button').first()).toHaveText('Mark ready for pickup');
  await keepScreenshot(stale, testInfo, 'order-refused');
  await stale.close();

  // A partial refund of one line.
  const [line] = order.lines;
  await seller.getByRole('button', { name: `Refund ${line!.productName}` }).click();
  const refundDialog = seller.getByRole('dialog', { name: `Refund ${line!.productName}` });
  await expect(refundDialog.getByRole('status')).toHaveText(
    `Refund to the buyer: ${formatCents(line!.unitPriceCents)}`,
  );
  await refundDialog.getByLabel('Reason (optional)').fill('One bottle arrived broken');
  await keepScreenshot(seller, testInfo, 'order-refund-dialog');
  await refundDialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(refundDialog).toBeHidden();
  await expect(totals.getByRole('row', { name: /^Refunded/ })).toContainText(
    formatCents(line!.unitPriceCents),
  );
  // Unit price, quantity, refunded, line total, and the refund of what is left.
  await expect(lineRow(seller, line!.productName).getByRole('cell')).toHaveText([
    formatCents(line!.unitPriceCents),
    String(line!.quantity),
    '1',
    formatCents(line!.lineTotalCents),
    'Refund',
  ]);

  await actions(seller).getByRole('button', { name: 'Mark ready for pickup' }).click();
  await expect(actions(seller).getByRole('button')).toHaveText(['Mark completed']);
  await actions(seller).getByRole('button', { name: 'Mark completed' }).click();
  await expect(statusOf(seller)).toHaveText('Completed');
  await expect(actions(seller)).toHaveCount(0);
  const history = seller.getByRole('region', { name: 'History' }).getByRole('listitem');
  await expect(history.first()).toContainText('Placed');
  await expect(history.last()).toContainText('Completed');
  await expect(seller.getByRole('region', { name: 'History' })).toContainText(
    'One bottle arrived broken',
  );
  await keepScreenshot(seller, testInfo, 'order-completed-seller');

  // The packing slip opens in a tab of its own, ready to print.
  const [slip] = await Promise.all([
    seller.context().waitForEvent('page'),
    seller.getByRole('link', { name: 'Print packing slip' }).click(),
  ]);
  await expect(slip.getByRole('heading', { level: 1, name: 'Packing slip' })).toBeVisible();
  await expect(slip.getByRole('main')).toContainText(order.number);
  await expect(slip.getByRole('main')).toContainText(shop.name);
  await expect(slip.getByRole('main')).toContainText(ADULT_SIGNATURE_NOTICE);
  for (const placed of order.lines) {
    await expect(slip.getByRole('main')).toContainText(placed.productName);
  }
  await expect
    .poll(() => slip.evaluate(() => (window as unknown as { printed?: boolean }).printed))
    .toBe(true);
  await expectNoSeriousA11yViolations(slip);
  await keepScreenshot(slip, testInfo, 'packing-slip');
  // On paper only the slip itself: no buttons.
  await slip.emulateMedia({ media: 'print' });
  await expect(slip.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(slip.getByRole('link', { name: /^Back to order/ })).toBeHidden();
  await expect(slip.getByRole('heading', { level: 1, name: 'Packing slip' })).toBeVisible();
  await keepScreenshot(slip, testInfo, 'packing-slip-print');
  await slip.close();

  // The buyer sees it among their orders, and its detail without the seller's figures.
  await buyer.goto('/consumer');
  await expect(buyer.getByRole('heading', { level: 1, name: 'Your orders' })).toBeVisible();
  const mine = orderRow(buyer, order.number);
  await expect(mine).toContainText(shop.name);
  await expect(mine).toContainText('Completed');
  await expectNoSeriousA11yViolations(buyer);
  await keepScreenshot(buyer, testInfo, 'consumer');
  await mine.getByRole('link', { name: order.number }).click();
  await expect(
    buyer.getByRole('heading', { level: 1, name: `Order ${order.number}` }),
  ).toBeVisible();
  await expect(buyer.getByRole('region', { name: 'History' })).toContainText('Completed');
  await expect(buyer.getByText(/Commission/)).toHaveCount(0);
  await expect(buyer.getByText(/Payout/)).toHaveCount(0);
  await expect(actions(buyer)).toHaveCount(0);
  await expect(buyer.getByRole('link', { name: 'Print packing slip' })).toHaveCount(0);
  await expect(buyer.getByRole('button', { name: 'Order again' })).toBeVisible();
  await expectNoSeriousA11yViolations(buyer);
  await keepScreenshot(buyer, testInfo, 'order-buyer');

  // Anyone else gets the same "not found" as for an order that does not exist.
  const stranger = await loggedInAs('wholesale');
  await stranger.goto(`/orders/${order.id}`);
  await expect(stranger.getByRole('heading', { level: 1, name: 'Order not found' })).toBeVisible();
  await expect(stranger.getByText(order.number)).toHaveCount(0);
  await stranger.goto('/orders/999999999');
  await expect(stranger.getByRole('heading', { level: 1, name: 'Order not found' })).toBeVisible();
  await keepScreenshot(stranger, testInfo, 'order-not-found');

  // The business's payouts: the 8% commission of this order, and its payout state.
  await seller.goto(`/business/${shop.slug}/payouts`);
  await expect(
    seller.getByRole('heading', { level: 1, name: `Payouts for ${shop.name}` }),
  ).toBeVisible();
  const payoutRow = orderRow(seller, order.number);
  await expect(payoutRow).toContainText(formatCents(order.totalCents));
  await expect(payoutRow).toContainText('Completed');
  await expect(seller.getByRole('region', { name: 'Commission (8%)' })).toBeVisible();
  await expectNoSeriousA11yViolations(seller);
  await keepScreenshot(seller, testInfo, 'payouts');

  // The dashboard: this month's figures per business, with the way to the payouts.
  await seller.goto('/dashboard');
  const month = seller.getByRole('region', { name: /^This month/ });
  await expect(month.getByRole('table', { name: new RegExp(`^${shop.name}, `) })).toContainText(
    'Commission (8%)',
  );
  await expect(month.getByRole('link', { name: `Payouts of ${shop.name}` })).toHaveAttribute(
    'href',
    `/business/${shop.slug}/payouts`,
  );
  await expectNoSeriousA11yViolations(seller);
  await keepScreenshot(seller, testInfo, 'dashboard');
});

test('shipping needs a tracking number; cancelling refunds the buyer; the buyer orders again', async ({
  loggedInAs,
}, testInfo) => {
  test.setTimeout(120_000);
  const [seller, buyer] = await Promise.all([loggedInAs('seller'), loggedInAs('buyer')]);
  const businesses = await workplacesOf(seller.request);
  const shipper = businesses.find(
    (b) => b.fulfillment_ship_retail && b.ship_to_states.includes('OR'),
  )!;
  expect(shipper).toBeDefined();
  const [shipped, cancelled] = (await productsOf(seller.request, shipper.slug)).slice(2, 4);
  // A product of this test's own, withdrawn after the order: "Order again" cannot add it.
  const retired = await createProduct(seller.request, shipper.slug);
  const shipping = await placeOrder(buyer.request, shipper, [shipped!, retired], {
    mode: 'ship',
    state: 'OR',
  });
  await graphql(seller.request, 'mutation ($id: Int!) { deleteProduct(id: $id) }', {
    id: retired.id,
  });
  const cancelling = await placeOrder(buyer.request, shipper, [cancelled!], {
    mode: 'pickup',
  });
  // Exactly what the ledger keeps of a paid order: 8% of its subtotal, rounded half up.
  const commission = commissionOf(shipping.subtotalCents);

  await seller.goto(`/orders/${shipping.id}`);
  await actions(seller).getByRole('button', { name: 'Accept order' }).click();
  await expect(actions(seller).getByRole('button')).toHaveText(['Mark shipped', 'Cancel order']);
  await actions(seller).getByRole('button', { name: 'Mark shipped' }).click();
  const shipDialog = seller.getByRole('dialog', { name: `Mark ${shipping.number} shipped` });
  await shipDialog.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(shipDialog.getByText('Enter the tracking number of the shipment.')).toBeVisible();
  await shipDialog.getByLabel('Tracking number').fill('1Z999AA10123456784');
  await keepScreenshot(seller, testInfo, 'ship-dialog');
  await shipDialog.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(shipDialog).toBeHidden();
  await expect(statusOf(seller)).toHaveText('Shipped');
  await expect(seller.getByRole('region', { name: 'Fulfillment' })).toContainText(
    '1Z999AA10123456784',
  );
  // Shipped is past cancelling.
  await expect(actions(seller).getByRole('button')).toHaveText(['Mark completed']);

  // Cancelling the other order refunds it in full and reverses the payout.
  await seller.goto(`/orders/${cancelling.id}`);
  await actions(seller).getByRole('button', { name: 'Cancel order' }).click();
  const cancelDialog = seller.getByRole('dialog', { name: `Cancel order ${cancelling.number}?` });
  await expect(cancelDialog).toContainText(
    `refunded in full (${formatCents(cancelling.totalCents)})`,
  );
  await expect(cancelDialog).toContainText('commission on the order is reversed');
  await cancelDialog.getByLabel('Reason (optional)').fill('Out of this vintage');
  await cancelDialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(cancelDialog).toBeHidden();
  await expect(statusOf(seller)).toHaveText('Cancelled');
  const totals = seller.getByRole('table', { name: `Totals of order ${cancelling.number}` });
  await expect(totals.getByRole('row', { name: /^Refunded/ })).toContainText(
    formatCents(cancelling.totalCents),
  );
  await expect(totals.getByRole('row', { name: /^Payout status/ })).toContainText('Reversed');
  await expect(actions(seller)).toHaveCount(0);
  await expect(seller.getByRole('button', { name: /^Refund / })).toHaveCount(0);
  await expect(seller.getByRole('region', { name: 'History' })).toContainText(
    'Out of this vintage',
  );
  await expectNoSeriousA11yViolations(seller);
  await keepScreenshot(seller, testInfo, 'order-cancelled');

  // The payouts page: the shipped order's commission is the 8% figure.
  await seller.goto(`/business/${shipper.slug}/payouts`);
  await expect(orderRow(seller, shipping.number)).toContainText(formatCents(commission));
  await expect(orderRow(seller, shipping.number)).toContainText(
    formatCents(shipping.totalCents - commission),
  );
  await expect(orderRow(seller, cancelling.number)).toContainText('Cancelled');

  // The buyer orders the shipped one again: what is still for sale goes back into the cart,
  // and the page says what is not.
  await buyer.goto('/consumer');
  await buyer.getByRole('button', { name: `Order again: ${shipping.number}` }).click();
  const notice = buyer.getByRole('alert').filter({ hasText: 'added to your cart' });
  await expect(notice).toContainText('1 product was added to your cart');
  await expect(notice).toContainText(`No longer available: ${retired.name}.`);
  await expectNoSeriousA11yViolations(buyer);
  await keepScreenshot(buyer, testInfo, 'reorder-notice');
  await notice.getByRole('link', { name: 'Go to your cart' }).click();
  await expect(buyer).toHaveURL(/\/cart$/);
  const cart = (await buyer.evaluate(() =>
    JSON.parse(window.localStorage.getItem('cart') ?? 'null'),
  )) as CartState;
  const [kept] = shipping.lines.filter((line) => line.productId === shipped!.id);
  expect(cart.quantity).toEqual({ [String(shipped!.id)]: kept!.quantity });
  await expect(lineRow(buyer, kept!.productName)).toBeVisible();

  // Ordering the cancelled one again, all of it is for sale: straight to the cart.
  await buyer.goto('/consumer');
  await buyer.getByRole('button', { name: `Order again: ${cancelling.number}` }).click();
  await expect(buyer).toHaveURL(/\/cart$/);
  await expect(lineRow(buyer, cancelled!.name)).toBeVisible();
});
