import type { APIRequestContext } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, graphql, test } from './fixtures';
import { createProduct } from './order-fixtures';
import { keepScreenshotsAtWidths } from './screenshots';

/**
 * Fees the seller sets (decision 014): Burnside Gravity Brewing (Portland, seeded) delivers
 * within 8 miles for $5, with a $25 minimum. The seller's journey changes the fees of a
 * business of its own, set up the same way, so the buyer's journey can pay Burnside's meanwhile.
 */

const PRODUCER = 'Burnside Gravity Brewing';

/** Burnside's delivery terms, for a business of the seller's own. */
async function deliverLikeBurnside(seller: APIRequestContext, slug: string) {
  await graphql(
    seller,
    `
      mutation ($slug: String!, $update: BusinessUpdateInput!, $fees: FulfillmentFeesInput!) {
        updateBusiness(slug: $slug, update: $update) {
          id
        }
        updateFulfillmentFees(slug: $slug, fees: $fees) {
          id
        }
      }
    `,
    {
      slug,
      update: {
        fulfillment_deliver_retail: { set: true },
        fulfillment_deliver_retail_radius_miles: { set: 8 },
      },
      fees: {
        delivery_fee_bands: [{ within_miles: 8, fee_cents: 500 }],
        delivery_minimum_cents: 2_500,
        free_shipping_over_cents: null,
        shipping_extra_per_dozen_cents: 0,
        shipping_rates: [],
        shipping_surcharge_cents: 0,
        shipping_surcharge_states: [],
      },
    },
  );
  await createProduct(seller, slug);
}

test('a buyer sees a delivery fee on the tile, in the cart and at checkout, pays it and finds it on the order', async ({
  freshBuyer,
}, testInfo) => {
  test.slow();
  const { page } = await freshBuyer();

  // The tile's fulfillment line states the producer's terms.
  await page.goto('/business/burnside-gravity-brewing');
  const tile = page.getByRole('article').first();
  await expect(tile).toContainText('Delivery $5 within 8 mi · $25 minimum');
  const product = (await tile.getByRole('heading').first().textContent())!.trim();
  await tile.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(tile.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);

  // In the cart: one unit is under the delivery minimum, which stops checkout and says why.
  await page.goto('/cart');
  await page.getByLabel('Your ZIP code').fill('97214');
  const group = page.getByRole('region', { name: new RegExp(PRODUCER) });
  await group.getByRole('radio', { name: 'Delivery' }).check();
  await expect(group).toContainText(
    new RegExp(
      `Delivery from ${PRODUCER} needs at least \\$25\\.00 of products; add \\$\\d+\\.\\d\\d more\\.`,
    ),
  );
  await expect(page.getByRole('button', { name: 'Continue to checkout' })).toBeDisabled();

  // Enough of it: the fee is a line of the producer's totals and in the total.
  await group.getByRole('textbox', { name: `Quantity of ${product}` }).fill('6');
  await group.getByRole('textbox', { name: `Quantity of ${product}` }).press('Enter');
  await expect(group).not.toContainText('needs at least');
  const totals = group.getByRole('table', { name: `Totals from ${PRODUCER}` });
  const feeRow = totals.getByRole('row', { name: /^Delivery fee/ });
  await expect(feeRow).toContainText('$5.00');
  await expectNoSeriousA11yViolations(page);
  await keepScreenshotsAtWidths(page, testInfo, 'fees-cart');

  // At checkout, with the address the fee is priced at.
  await page.getByRole('link', { name: 'Continue to checkout' }).click();
  await expect(page).toHaveURL(/\/shipping-and-billing$/);
  await page.getByLabel(/^Phone/).fill('(503) 555-0199');
  const deliverTo = page.getByRole('group', { name: 'Deliver to' });
  await deliverTo.getByLabel(/^Recipient’s name/).fill('Riley Retail');
  await deliverTo.getByLabel(/^Street address/).fill('1220 SE Water Ave');
  await deliverTo.getByLabel(/^City/).fill('Portland');
  const state = deliverTo.getByRole('combobox', { name: 'State' });
  if ((await state.inputValue()) === '') {
    await state.fill('Oreg');
    await page.getByRole('option', { name: 'Oregon (OR)' }).click();
  }
  await deliverTo.getByLabel(/^ZIP code/).fill('97214');
  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(summary).toContainText('+ delivery fee $5.00');
  await page.getByLabel(/^Card number/).fill('4242 4242 4242 4242');
  await page.getByLabel(/^Expiry/).fill('12/34');
  await page.getByLabel(/^Security code/).fill('123');
  await page.getByLabel(/21 or older/).check();
  await expectNoSeriousA11yViolations(page);
  await keepScreenshotsAtWidths(page, testInfo, 'fees-checkout');
  await page.getByRole('button', { name: /and place order/ }).click();

  // The success page and the order page show the fee paid.
  await expect(page).toHaveURL(/\/success\?orders=\d+$/);
  const order = page.getByRole('region', { name: /^Order BV-\d+ from/ });
  await expect(order.getByRole('row', { name: /^Delivery fee/ })).toContainText('$5.00');
  await keepScreenshotsAtWidths(page, testInfo, 'fees-success');
  const orderId = /orders=(\d+)/.exec(page.url())![1];
  await page.goto(`/orders/${orderId}`);
  const orderTotals = page.getByRole('table', { name: /^Totals of order/ });
  await expect(orderTotals.getByRole('row', { name: /^Delivery fee/ })).toContainText('$5.00');
  await expectNoSeriousA11yViolations(page);
  await keepScreenshotsAtWidths(page, testInfo, 'fees-order');
});

test('a seller sets delivery bands, a minimum and shipping rates, with errors on the fields', async ({
  freshSeller,
}, testInfo) => {
  test.slow();
  const { page, business } = await freshSeller();
  await deliverLikeBurnside(page.request, business.slug);
  await page.goto(`/business/${business.slug}/edit`);
  const fees = page.getByRole('form', { name: 'Fees and minimums' });
  await expect(fees.getByLabel('Delivery band 1: fee')).toHaveValue('$5');

  // A second band nearer than the first is refused on its field; what was typed stays.
  await fees.getByRole('button', { name: 'Add a delivery band' }).click();
  await fees.getByLabel('Delivery band 2: within (miles)').fill('4');
  await fees.getByLabel('Delivery band 2: fee').fill('9');
  await fees.getByRole('button', { name: 'Save fees and minimums' }).click();
  await expect(fees.getByText('Each band must reach farther than the one before.')).toBeVisible();
  await expect(fees.getByLabel('Delivery band 2: within (miles)')).toHaveValue('4');

  await fees.getByLabel('Delivery band 2: within (miles)').fill('8');
  await fees.getByLabel('Delivery band 1: within (miles)').fill('3');
  await fees.getByRole('button', { name: 'Add a shipping rate' }).click();
  await fees.getByLabel('Shipping rate 1: up to (bottles)').fill('6');
  await fees.getByLabel('Shipping rate 1: fee').fill('15');
  await fees.getByLabel('Free shipping over').fill('150');
  await fees.getByRole('button', { name: 'Save fees and minimums' }).click();
  await expect(fees.getByRole('status')).toHaveText('Fees and minimums saved.');
  await expectNoSeriousA11yViolations(page);
  await keepScreenshotsAtWidths(page, testInfo, 'fees-seller-form');

  // Saved: read back afresh, and shown to buyers on the tiles.
  await page.reload();
  await expect(fees.getByLabel('Delivery band 2: fee')).toHaveValue('$9');
  await expect(fees.getByLabel('Free shipping over')).toHaveValue('$150');
  await page.goto(`/business/${business.slug}`);
  await expect(page.getByRole('article').first()).toContainText(
    'Delivery from $5 within 3 mi · $25 minimum',
  );
});
