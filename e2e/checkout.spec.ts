import { formatCents, formatDueDate, invoiceDueOn, isoDate } from '@bevy/core';
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';
import { fillShippingCheckout } from './order-fixtures';
import { keepScreenshot } from './screenshots';

/** Adds the first product on a producer's page to the cart; returns its name. */
async function addFirstProductOf(page: Page, slug: string): Promise<string> {
  await page.goto(`/business/${slug}`);
  const tile = page.getByRole('article').first();
  await tile.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(tile.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);
  return (await tile.getByRole('heading').first().textContent())!.trim();
}

test('a retail buyer pays once for two producers: pickup from one, shipping from the other', async ({
  freshBuyer,
  loggedInAs,
}, testInfo) => {
  test.slow();
  const { page } = await freshBuyer();
  const wine = await addFirstProductOf(page, 'cascadia-hollow-cellars');
  const beer = await addFirstProductOf(page, 'burnside-gravity-brewing');

  await page.goto('/cart');
  const cascadia = page.getByRole('region', { name: /Cascadia Hollow Cellars/ });
  await cascadia.getByRole('radio', { name: /Shipping/ }).check();
  const burnside = page.getByRole('region', { name: /Burnside Gravity Brewing/ });
  await burnside.getByRole('radio', { name: /Pickup/ }).check();
  await page.getByRole('link', { name: 'Continue to checkout' }).click();

  await expect(page).toHaveURL(/\/shipping-and-billing$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Shipping and billing' })).toBeVisible();
  await expect(
    page.getByRole('heading', { name: 'Shipping from Cascadia Hollow Cellars' }),
  ).toBeVisible();
  await expect(
    page.getByRole('heading', { name: 'Pickup from Burnside Gravity Brewing' }),
  ).toBeVisible();
  await expect(page.getByText(/Pick up at 1431 SE Salmon St, Portland, OR 97214/)).toBeVisible();
  await expect(page.getByText(/Pickup hours: Taproom daily 11:30am–10pm/)).toBeVisible();
  await expect(page.getByText(/adult signature \(21\+\) is required/)).toBeVisible();

  // Sent empty, the form says what is missing and keeps the keyboard on the first field.
  await page.getByRole('button', { name: /and place order/ }).click();
  await expect(page.getByLabel(/^Phone/)).toBeFocused();
  await keepScreenshot(page, testInfo, 'checkout-form');
  await expect(
    page.getByText('Confirm that you and anyone receiving the order are 21 or older.'),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // A declined card: the decline is shown, nothing is placed and the cart is kept.
  await fillShippingCheckout(page, '4000 0000 0000 0002');
  await page.getByRole('button', { name: /and place order/ }).click();
  const refusal = page.getByRole('alert').filter({ hasText: 'Your order was not placed' });
  await expect(refusal).toContainText(/declined/i);
  await expect(page).toHaveURL(/\/shipping-and-billing$/);
  await expect(page.getByLabel(/^Card number/)).toHaveValue('4000 0000 0000 0002');
  await expect(page.getByRole('banner').getByRole('link', { name: /^Cart/ })).toHaveAccessibleName(
    /2 items/,
  );

  // 4242… pays: one order per producer.
  await page.getByLabel(/^Card number/).fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: /and place order/ }).click();
  await expect(page).toHaveURL(/\/success\?orders=\d+,\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: /your order is placed/ })).toBeVisible();
  const orders = page.getByRole('region', { name: /^Order BV-\d+ from/ });
  await expect(orders).toHaveCount(2);
  const shipped = orders.filter({ hasText: 'Cascadia Hollow Cellars' });
  await expect(shipped).toContainText(wine);
  await expect(shipped).toContainText(
    'Shipping to Riley Retail, 1220 SE Water Ave, Portland, OR 97214',
  );
  await expect(shipped).toContainText('will email you a tracking number');
  const pickedUp = orders.filter({ hasText: 'Burnside Gravity Brewing' });
  await expect(pickedUp).toContainText(beer);
  await expect(pickedUp).toContainText('ready for pickup');
  await expect(page.getByRole('banner').getByRole('link', { name: /^Cart/ })).toHaveAccessibleName(
    /\b0 items/,
  );
  await expectNoSeriousA11yViolations(page);
  await keepScreenshot(page, testInfo, 'checkout-success');

  const pickupHeading = await pickedUp.getByRole('heading').first().textContent();
  const pickupNumber = /BV-\d+/.exec(pickupHeading!)![0];
  const subtotalText = await pickedUp
    .getByRole('row')
    .nth(1)
    .getByRole('cell')
    .last()
    .textContent();
  const subtotal = Math.round(Number(subtotalText!.replace(/[$,]/g, '')) * 100);

  // Opened afresh (no state from checkout), the page reads the orders back from the server.
  await page.goto(page.url());
  await expect(page.getByRole('region', { name: /^Order BV-\d+ from/ })).toHaveCount(2);

  // The buyer's orders.
  await page.getByRole('link', { name: 'See all your orders' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your orders' })).toBeVisible();
  await expect(page.getByRole('link', { name: pickupNumber, exact: true })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('Cascadia Hollow Cellars');

  // The producer accepts the pickup order, marks it ready, then completed.
  const seller = await loggedInAs('seller');
  await seller.goto('/business/orders');
  await seller
    .getByRole('searchbox', { name: 'Search by order number or buyer' })
    .fill(pickupNumber);
  await seller.getByRole('link', { name: pickupNumber, exact: true }).click();
  await expect(
    seller.getByRole('heading', { level: 1, name: `Order ${pickupNumber}` }),
  ).toBeVisible();
  const actions = seller.getByRole('group', { name: 'Order actions' });
  await actions.getByRole('button', { name: 'Accept order' }).click();
  await actions.getByRole('button', { name: 'Mark ready for pickup' }).click();
  await actions.getByRole('button', { name: 'Mark completed' }).click();
  await expect(seller.getByRole('status', { name: 'Order status' })).toHaveText('Completed');
  // 8% of the subtotal, rounded half up to the cent (decision 009).
  const commission = formatCents(Math.floor((subtotal * 8 + 50) / 100));
  await expect(
    seller
      .getByRole('table', { name: `Totals of order ${pickupNumber}` })
      .getByRole('row', { name: /^Commission \(8%\)/ }),
  ).toContainText(commission);

  // The producer's ledger shows the order with its 8% commission.
  await seller.goto('/business/burnside-gravity-brewing/payouts');
  const ledgerRow = seller
    .getByRole('row')
    .filter({ has: seller.getByRole('link', { name: pickupNumber, exact: true }) });
  await expect(ledgerRow).toContainText('Completed');
  await expect(ledgerRow).toContainText(commission);
  await keepScreenshot(seller, testInfo, 'checkout-payouts');
});

/**
 * Adds the first product not yet in the cart on a producer's page: 'Add to Cart' adds its price
 * list's lowest minimum (wholesale tiers start at 6 bottles or more), so the line is priced at
 * once; returns its name.
 */
async function addAtMinimumFrom(page: Page, slug: string): Promise<string> {
  await page.goto(`/business/${slug}`);
  const firstWithButton = page
    .getByRole('article')
    .filter({ has: page.getByRole('button', { name: 'Add to Cart' }) })
    .first();
  const name = (await firstWithButton.getByRole('heading').first().textContent())!.trim();
  // That tile, by its name: "the first with a button" may be another tile by the time of the click.
  const tile = page.getByRole('article').filter({ hasText: name }).first();
  await tile.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(tile.getByText(/per unit$/)).toBeVisible();
  return name;
}

/** The wholesale buyer's details for pickup orders, with the licensed business they buy for. */
async function fillPickupCheckout(page: Page) {
  await page.getByLabel(/^Phone/).fill('(503) 555-0177');
  await page.getByRole('textbox', { name: 'Buying business' }).fill('Alder Street Bottle Shop LLC');
  const billing = page.getByRole('group', { name: /billing address$/ });
  await billing.getByLabel(/^Street address/).fill('800 NW 6th Ave');
  await billing.getByLabel(/^City/).fill('Portland');
  await billing.getByRole('combobox', { name: 'State' }).fill('Oreg');
  await page.getByRole('option', { name: 'Oregon (OR)' }).click();
  await billing.getByLabel(/^ZIP code/).fill('97209');
  await page.getByLabel(/21 or older/).check();
}

test('an approved wholesale buyer pays a producer by invoice on the terms it offers', async ({
  loggedInAs,
}, testInfo) => {
  test.slow();
  const dueOn = formatDueDate(invoiceDueOn(isoDate(new Date()), 30));

  // The producer offers Net 30 to approved wholesale buyers, on its profile page.
  const seller = await loggedInAs('seller');
  await seller.goto('/business/burnside-gravity-brewing/edit');
  const terms = seller.getByRole('combobox', {
    name: 'Invoice terms for approved wholesale buyers',
  });
  await expect(terms).toHaveValue('No invoices (card only)');
  await terms.click();
  await seller.getByRole('option', { name: 'Net 30' }).click();
  await expect(terms).toHaveValue('Net 30');
  await expect(seller.getByRole('status').getByText('Saved')).toBeVisible();
  await terms.scrollIntoViewIfNeeded();
  await keepScreenshot(seller, testInfo, 'invoice-terms-profile');

  // The wholesale buyer's cart: Burnside (which offers terms) and Cascadia (which does not).
  const page = await loggedInAs('wholesale');
  await addAtMinimumFrom(page, 'burnside-gravity-brewing');
  await addAtMinimumFrom(page, 'cascadia-hollow-cellars');
  await page.goto('/cart');
  await page.getByRole('link', { name: 'Continue to checkout' }).click();
  await expect(page).toHaveURL(/\/shipping-and-billing$/);

  const howToPay = page.getByRole('radiogroup', {
    name: 'How will you pay Burnside Gravity Brewing?',
  });
  await expect(howToPay.getByRole('radio', { name: 'Card, now' })).toBeChecked();
  await expect(
    page.getByRole('radiogroup', { name: 'How will you pay Cascadia Hollow Cellars?' }),
  ).toHaveCount(0);
  await howToPay.getByRole('radio', { name: `Invoice, Net 30 (due ${dueOn})` }).check();

  // The card pays for Cascadia only; the summary says what is on invoice.
  const summary = page.getByRole('region', { name: 'Order summary' });
  const amountOf = async (row: string) =>
    (await summary
      .getByRole('row', { name: new RegExp(`^${row}`) })
      .getByRole('cell')
      .last()
      .textContent())!;
  const cascadiaTotal = await amountOf('Cascadia Hollow Cellars');
  const burnsideTotal = await amountOf('Burnside Gravity Brewing');
  expect(await amountOf('Paid by card now')).toBe(cascadiaTotal);
  expect(await amountOf('On invoice')).toBe(burnsideTotal);
  const pay = page.getByRole('button', { name: `Pay ${cascadiaTotal} and place order` });
  await expect(pay).toBeVisible();
  await fillPickupCheckout(page);
  await page.getByLabel(/^Card number/).fill('4242 4242 4242 4242');
  await page.getByLabel(/^Expiry/).fill('12/34');
  await page.getByLabel(/^Security code/).fill('123');
  await expectNoSeriousA11yViolations(page);
  await keepScreenshot(page, testInfo, 'invoice-checkout-mixed');
  await pay.click();

  await expect(page).toHaveURL(/\/success\?orders=\d+,\d+$/);
  await expect(page.getByRole('main')).toContainText(
    `${cascadiaTotal} charged to your card, ${burnsideTotal} to pay by invoice`,
  );
  const onInvoice = page
    .getByRole('region', { name: /^Order BV-\d+ from/ })
    .filter({ hasText: 'Burnside Gravity Brewing' });
  await expect(onInvoice).toContainText(
    `Pay by invoice, due ${dueOn} (Net 30): pay ${burnsideTotal} to Burnside Gravity Brewing directly.`,
  );
  await keepScreenshot(page, testInfo, 'invoice-success-mixed');

  // Everything on invoice: no card is asked for, and none is charged.
  await addAtMinimumFrom(page, 'burnside-gravity-brewing');
  await page.goto('/cart');
  await page.getByRole('link', { name: 'Continue to checkout' }).click();
  await page
    .getByRole('radiogroup', { name: 'How will you pay Burnside Gravity Brewing?' })
    .getByRole('radio', { name: /^Invoice, Net 30/ })
    .check();
  await expect(
    page.getByText('Every order is paid by invoice, so no card is needed'),
  ).toBeVisible();
  await expect(page.getByLabel(/^Card number/)).toHaveCount(0);
  await fillPickupCheckout(page);
  await expectNoSeriousA11yViolations(page);
  await keepScreenshot(page, testInfo, 'invoice-checkout-all');
  await page.getByRole('button', { name: 'Place order', exact: true }).click();
  await expect(page).toHaveURL(/\/success\?orders=\d+$/);
  await expect(page.getByRole('main')).toContainText(
    'all to pay by invoice, nothing charged to your card',
  );
  const orderId = /orders=(\d+)/.exec(page.url())![1];

  // The producer sees when it is due and the commission it owes; nothing is paid out.
  await seller.goto(`/orders/${orderId}`);
  const totals = seller.getByRole('table', { name: /^Totals of order/ });
  await expect(totals.getByRole('row', { name: /^Payment/ })).toContainText(
    `Pay by invoice, due ${dueOn} (Net 30)`,
  );
  await expect(totals.getByRole('row', { name: /^Commission owed by you \(8%\)/ })).toBeVisible();
  await expect(totals.getByRole('row', { name: /^Payout to you/ })).toHaveCount(0);
  await keepScreenshot(seller, testInfo, 'invoice-order-seller');
  await seller.goto('/business/burnside-gravity-brewing/payouts');
  await expect(
    seller.getByRole('region', { name: 'Commission owed on invoice orders' }),
  ).toBeVisible();
  await expect(
    seller
      .getByRole('row')
      .filter({ hasText: `Invoice, due ${dueOn}` })
      .first(),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(seller);
  await keepScreenshot(seller, testInfo, 'invoice-payouts');
});
