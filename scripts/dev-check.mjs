// `npm run test:dev`: starts `npm run dev` on free ports with a fresh embedded database and, in
// Chromium through the Vite dev server only, logs in, uploads an image, places an order and logs
// out; then stops everything. Proves that the dev server hands every API route to the server.
// Run with `node --import tsx` (the demo accounts are read from the server's TypeScript).
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from './chromium.mjs';
import { DEMO_ACTORS } from '../apps/server/src/test/demo-actors.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const started = Date.now();
const seconds = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
const step = (message) => process.stdout.write(`[dev-check ${seconds()}] ${message}\n`);

function check(condition, message) {
  if (!condition) throw new Error(message);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitForOk(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/** Stops `npm run dev` and everything it started (its own process group), gently. */
function stopDev(dev) {
  if (dev.exitCode !== null || dev.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      step('npm run dev did not stop within 30 s; sending SIGTERM');
      process.kill(-dev.pid, 'SIGTERM');
    }, 30_000);
    dev.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    process.kill(-dev.pid, 'SIGINT');
  });
}

async function logIn(page, actor) {
  await page.goto('/login');
  await page.getByLabel(/^Email/).fill(actor.email);
  await page.getByLabel(/^Password/).fill(actor.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.waitForURL(/\/dashboard$/);
}

/** The seller uploads a logo to their first business; the image is served back through Vite. */
async function uploadLogo(page) {
  await logIn(page, DEMO_ACTORS.seller);
  const firstBusiness = page
    .getByRole('navigation', { name: 'Seller' })
    .getByRole('listitem')
    .first()
    .getByRole('link')
    .first();
  const businessPath = await firstBusiness.getAttribute('href');
  await page.goto(`${businessPath}/edit`);
  await page
    .getByRole('group', { name: 'Logo image' })
    .locator('input[type="file"]')
    .setInputFiles(path.join(root, 'e2e/fixtures/bottle.png'));
  // Until the upload is done, the current logo is the demo data's.
  const logo = page
    .getByRole('img', { name: 'Logo image: current image' })
    .and(page.locator('[src^="/uploads/"]'));
  await logo.waitFor();
  const src = await logo.getAttribute('src');
  check(/^\/uploads\/[a-f0-9]+\.png$/.test(src ?? ''), `the logo's address is ${src}`);
  const image = await page.request.get(src);
  check(
    image.ok() && image.headers()['content-type'] === 'image/png',
    `GET ${src} answered ${image.status()} ${image.headers()['content-type']}`,
  );
  const csv = await page.request.get('/business/orders.csv');
  check(
    csv.ok() && csv.headers()['content-type']?.startsWith('text/csv'),
    `GET /business/orders.csv answered ${csv.status()} ${csv.headers()['content-type']}`,
  );
  await page
    .getByRole('navigation', { name: 'Seller' })
    .getByRole('button', { name: 'Log out' })
    .click();
  await page.getByRole('link', { name: 'Log in' }).waitFor();
}

/** The buyer orders a product for pickup, pays with the test card, and logs out. */
async function placeOrder(page) {
  await logIn(page, DEMO_ACTORS.buyer);
  await page.goto('/business/burnside-gravity-brewing');
  const tile = page.getByRole('article').first();
  await tile.getByRole('button', { name: 'Add to Cart' }).click();
  await tile.getByRole('button', { name: 'Add to Cart' }).waitFor({ state: 'detached' });
  await page.goto('/cart');
  await page.getByRole('radio', { name: /Pickup/ }).check();
  await page.getByRole('link', { name: 'Continue to checkout' }).click();
  await page.waitForURL(/\/shipping-and-billing$/);
  await page.getByLabel(/^Phone/).fill('(503) 555-0199');
  const billing = page.getByRole('group', { name: /billing address$/i });
  await billing.getByLabel(/^Street address/).fill('1220 SE Water Ave');
  await billing.getByLabel(/^City/).fill('Portland');
  const state = billing.getByRole('combobox', { name: 'State' });
  if ((await state.inputValue()) === '') {
    await state.fill('Oreg');
    await page.getByRole('option', { name: 'Oregon (OR)' }).click();
  }
  await billing.getByLabel(/^ZIP code/).fill('97214');
  await page.getByLabel(/^Card number/).fill('4242 4242 4242 4242');
  await page.getByLabel(/^Expiry/).fill('12/34');
  await page.getByLabel(/^Security code/).fill('123');
  await page.getByLabel(/21 or older/).check();
  await page.getByRole('button', { name: /and place order/ }).click();
  await page.waitForURL(/\/success\?orders=\d+$/);
  await page.getByRole('region', { name: /^Order BV-\d+ from Burnside Gravity Brewing/ }).waitFor();
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Account menu/ })
    .click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.getByRole('link', { name: 'Log in' }).waitFor();
}

const [apiPort, webPort] = [await freePort(), await freePort()];
const dataDir = await mkdtemp(path.join(tmpdir(), 'bevy-dev-check-'));
step(`npm run dev: API on ${apiPort}, Vite on ${webPort}, database in ${dataDir}`);
const dev = spawn('npm', ['run', 'dev', '--silent'], {
  cwd: root,
  // Its own process group, so that stopping it reaches the API server and Vite.
  detached: true,
  stdio: ['ignore', 'pipe', 'pipe'],
  env: {
    ...process.env,
    PORT: String(apiPort),
    WEB_PORT: String(webPort),
    WEB_HOST: '127.0.0.1',
    PGLITE_DATA_DIR: path.join(dataDir, 'pglite'),
    UPLOADS_DIR: path.join(dataDir, 'uploads'),
    LOG_LEVEL: 'warn',
  },
});
const devOutput = [];
for (const stream of [dev.stdout, dev.stderr]) stream.on('data', (chunk) => devOutput.push(chunk));

const site = `http://127.0.0.1:${webPort}`;
let browser;
let failed = false;
try {
  // Through Vite: both servers are up.
  await waitForOk(`${site}/health`, 150_000);
  step('both servers answer');
  browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
  const pageErrors = [];
  const newPage = async () => {
    const page = await (await browser.newContext({ baseURL: site })).newPage();
    page.setDefaultTimeout(30_000);
    page.on('pageerror', (error) => pageErrors.push(error.message));
    return page;
  };
  await uploadLogo(await newPage());
  step('the seller logged in, uploaded a logo (served back as image/png), got the CSV, logged out');
  await placeOrder(await newPage());
  step('the buyer logged in, placed an order, logged out');
  check(pageErrors.length === 0, `errors in the page: ${pageErrors.join('; ')}`);
} catch (error) {
  failed = true;
  process.stderr.write(`${Buffer.concat(devOutput).toString().slice(-6000)}\n`);
  process.stderr.write(`[dev-check ${seconds()}] FAILED: ${error.stack ?? error}\n`);
} finally {
  await browser?.close();
  await stopDev(dev);
  await rm(dataDir, { recursive: true, force: true });
}
step(failed ? 'failed' : 'passed');
process.exit(failed ? 1 : 0);
