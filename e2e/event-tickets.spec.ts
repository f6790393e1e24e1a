import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from '../scripts/chromium.mjs';
import { expectNoSeriousA11yViolations } from './axe';
import { writeQrVideo } from './fixtures/fake-camera';
import { expect, test } from './fixtures';
import { payAtCheckout } from './order-fixtures';
import { keepScreenshotsAtWidths } from './screenshots';

const year = new Date().getFullYear() + 1;
/** "Saturday, December 12, 2027": the event's day, as the venue's calendar names it. */
const day = new Date(Date.UTC(year, 11, 12, 20)).toLocaleDateString('en-US', {
  timeZone: 'America/Los_Angeles',
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
});

test('a producer creates an event; a buyer pays for two tickets and a bottle at once; the door admits them by camera and by code', async ({
  freshSeller,
  freshBuyer,
  baseURL,
}, testInfo) => {
  test.slow();
  const { page: seller, business } = await freshSeller();

  // The producer creates a tasting at 6 pm in Napa.
  await seller.goto(`/business/${business.slug}/events`);
  await seller.getByRole('button', { name: 'New event' }).click();
  const form = seller.getByRole('region', { name: 'New event' });
  await form.getByLabel('Title').fill('Harvest Barrel Tasting');
  await form.getByLabel('At our business address').uncheck();
  await form.getByLabel('Venue name').fill('The barrel room');
  await form.getByLabel(/^Street address/).fill('1 Main St');
  await form.getByLabel(/^City/).fill('Napa');
  await form.getByRole('combobox', { name: 'State' }).fill('Califo');
  await seller.getByRole('option', { name: /California/ }).click();
  await form.getByLabel(/^ZIP code/).fill('94559');
  await form.getByLabel(/^Starts/).fill(`${year}-12-12T18:00`);
  await form.getByLabel(/^Ends/).fill(`${year}-12-12T21:00`);
  await form.getByLabel(/^Total capacity/).fill('40');
  await form.getByLabel(/Ticket type 1: Name/).fill('General admission');
  await form.getByLabel(/Ticket type 1: Price/).fill('45');
  await expectNoSeriousA11yViolations(seller);
  await keepScreenshotsAtWidths(seller, testInfo, 'event-form');
  await form.getByRole('button', { name: 'Create event' }).click();
  const created = seller.getByRole('article', { name: 'Harvest Barrel Tasting' });
  await expect(created).toContainText(`${day}, 6:00 PM – 9:00 PM PT`);
  const eventPath = await created.getByRole('link', { name: /public page/i }).getAttribute('href');
  expect(eventPath).toMatch(/^\/events\/[0-9a-z]+$/);

  // A buyer in New York sees it at the venue's time, and buys two tickets and a bottle.
  const { page: signedIn } = await freshBuyer();
  const browser = signedIn.context().browser()!;
  const newYork = await browser.newContext({
    baseURL,
    timezoneId: 'America/New_York',
    storageState: await signedIn.context().storageState(),
  });
  const buyer = await newYork.newPage();
  await buyer.goto(eventPath!);
  await expect(
    buyer.getByRole('heading', { level: 1, name: 'Harvest Barrel Tasting' }),
  ).toBeVisible();
  await expect(buyer.getByText(`${day}, 6:00 PM – 9:00 PM PT`)).toBeVisible();
  await expect(buyer.getByText('40 left').first()).toBeVisible();
  await expectNoSeriousA11yViolations(buyer);
  await keepScreenshotsAtWidths(buyer, testInfo, 'event-page');
  await buyer.getByLabel('Tickets of General admission').fill('2');
  await buyer.getByRole('button', { name: 'Add to cart' }).click();
  await expect(buyer.getByText('Added 2 tickets to your cart.')).toBeVisible();
  // A bottle from a producer down the road, picked up.
  await buyer.goto('/business/cascadia-hollow-cellars');
  const tile = buyer.getByRole('article').first();
  const wine = (await tile.getByRole('heading').first().textContent())!.trim();
  await tile.getByRole('button', { name: 'Add to Cart' }).click();

  await buyer.goto('/cart');
  const tickets = buyer.getByRole('region', { name: new RegExp(business.name) });
  await expect(tickets).toContainText('Harvest Barrel Tasting: General admission');
  await expect(tickets).toContainText(`${day}, 6:00 PM – 9:00 PM PT`);
  const bottles = buyer.getByRole('region', { name: /Cascadia Hollow Cellars/ });
  await bottles.getByRole('radio', { name: /Pickup/ }).check();
  await expect(bottles).toContainText(wine);
  await keepScreenshotsAtWidths(buyer, testInfo, 'cart-with-tickets');
  await buyer.getByRole('link', { name: 'Continue to checkout' }).click();
  await payAtCheckout(buyer);
  await expect(buyer).toHaveURL(/\/success\?orders=\d+,\d+$/);
  const orders = buyer.getByRole('region', { name: /^Order BV-\d+ from/ });
  await expect(orders.filter({ hasText: business.name })).toContainText(
    'Harvest Barrel Tasting: General admission',
  );
  await expect(orders.filter({ hasText: 'Cascadia Hollow Cellars' })).toContainText(wine);
  await keepScreenshotsAtWidths(buyer, testInfo, 'success-with-tickets');

  // Their tickets, with QR codes.
  await buyer.getByRole('link', { name: 'your tickets' }).first().click();
  await expect(buyer.getByRole('heading', { level: 1, name: 'Your tickets' })).toBeVisible();
  const codes = buyer.getByRole('img', { name: /^QR code of ticket/ });
  await expect(codes).toHaveCount(2);
  await expect(codes.first()).toHaveAttribute('src', /^data:image\/png/);
  const [first, second] = await codes.evaluateAll((images) =>
    images.map((image) => image.getAttribute('data-ticket-code')!),
  );
  await expectNoSeriousA11yViolations(buyer);
  await keepScreenshotsAtWidths(buyer, testInfo, 'my-tickets');

  // At the door, a phone's camera reads the first ticket's QR code.
  const video = path.join(testInfo.outputDir, 'ticket.y4m');
  await writeQrVideo(video, first!);
  const door = await chromium.launch({
    ...CHROMIUM_LAUNCH_OPTIONS,
    args: [
      ...CHROMIUM_LAUNCH_OPTIONS.args,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const staffContext = await door.newContext({
      baseURL,
      permissions: ['camera'],
      storageState: await seller.context().storageState(),
    });
    const staff = await staffContext.newPage();
    const eventId = /\/events\/(\d+)\/check-in/.exec(
      (await created.getByRole('link', { name: /check-in/i }).getAttribute('href'))!,
    )![1];
    await staff.goto(`/business/${business.slug}/events/${eventId}/check-in`);
    await staff.getByRole('button', { name: 'Start camera' }).click();
    const answer = staff.getByRole('status');
    await expect(answer).toContainText('Admitted', { timeout: 20_000 });
    await expect(answer).toContainText('General admission');
    await expect(answer).toContainText('21+: check ID');
    await expect(staff.getByText(/1 checked in/)).toBeVisible();
    await staff.getByRole('button', { name: 'Stop camera' }).click();

    // The second by its typed code; then the same code again.
    await staff.getByLabel('Ticket code').fill(second!);
    await staff.getByRole('button', { name: 'Check in', exact: true }).click();
    await expect(answer).toContainText('Admitted');
    await expect(staff.getByText(/2 checked in/)).toBeVisible();
    await staff.getByLabel('Ticket code').fill(second!);
    await staff.getByRole('button', { name: 'Check in', exact: true }).click();
    await expect(answer).toContainText('Already checked in');
    await expect(staff.getByText(/2 checked in/)).toBeVisible();
    await expectNoSeriousA11yViolations(staff);
    await keepScreenshotsAtWidths(staff, testInfo, 'check-in');
  } finally {
    await door.close();
    await newYork.close();
  }
});
