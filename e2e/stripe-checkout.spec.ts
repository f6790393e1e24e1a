import { readFileSync } from 'node:fs';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';

/** The app configured for Stripe (playwright.config.ts starts it beside the offline one). */
const stripeSite = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4310) + 1}`;

// Stripe.js cannot be fetched here: a stand-in with the calls the Payment Element makes.
const fakeStripe = readFileSync(new URL('./fixtures/fake-stripe.js', import.meta.url), 'utf8');

test.use({ baseURL: stripeSite });

test('with Stripe, the card is entered in Stripe’s Payment Element and the order pays with its PaymentMethod, once', async ({
  freshBuyer,
}) => {
  const { page } = await freshBuyer();
  await page.route('https://js.stripe.com/**', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: fakeStripe }),
  );
  // What the browser asks the server to do; answered here, as Stripe's API is out of reach.
  const placed: { payment: unknown; idempotencyKey: string }[] = [];
  await page.route('**/graphql', async (route) => {
    const body = route.request().postData() ?? '';
    if (!body.includes('PlaceOrder')) return route.continue();
    placed.push(JSON.parse(body).variables.input);
    return route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({
        data: null,
        errors: [
          {
            message: 'Your card was declined.',
            extensions: { code: 'PAYMENT_DECLINED', field: 'payment.paymentMethodId' },
          },
        ],
      }),
    });
  });

  await page.goto('/business/burnside-gravity-brewing');
  const tile = page.getByRole('article').first();
  await tile.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(tile.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);

  await page.goto('/shipping-and-billing');
  // Stripe's element is drawn (the page's Content-Security-Policy lets Stripe.js load) and
  // our own card form is not: card numbers never reach our server.
  await expect(page.getByLabel('Fake Stripe card')).toBeVisible();
  await expect(page.getByLabel(/^Card number/)).toHaveCount(0);
  await page.getByLabel(/^Phone/).fill('(503) 555-0199');
  await page.getByRole('combobox', { name: 'State' }).fill('Oreg');
  await page.getByRole('option', { name: 'Oregon (OR)' }).click();
  await page.getByLabel(/^Street address/).fill('1220 SE Water Ave');
  await page.getByLabel(/^City/).fill('Portland');
  await page.getByLabel(/^ZIP code/).fill('97214');
  await page.getByLabel(/21 or older/).check();

  // Two quick clicks make one PaymentMethod and one request.
  const pay = page.getByRole('button', { name: /and place order/ });
  await pay.click();
  await pay.click({ force: true });
  await expect(
    page.getByRole('alert').filter({ hasText: 'Your order was not placed' }),
  ).toContainText('Your card was declined.');
  const stripe = await page.evaluate(() => {
    const w = window as unknown as Record<string, unknown>;
    return { key: w.__stripeKey, paymentMethods: w.__pmCalls, options: w.__elementsOptions };
  });
  expect(stripe).toMatchObject({
    key: 'pk_test_e2eNotARealKey',
    paymentMethods: 1,
    options: { mode: 'payment', currency: 'usd', paymentMethodCreation: 'manual' },
  });
  expect(placed).toHaveLength(1);
  expect(placed[0]!.payment).toEqual({ paymentMethodId: 'pm_fake1' });
  await expectNoSeriousA11yViolations(page);
});
