import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from './scripts/chromium.mjs';

const port = Number(process.env.E2E_PORT ?? 4310);
/** The app with Stripe configured (e2e/stripe-checkout.spec.ts). */
const stripePort = port + 1;

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? 'list' : [['list']],
  // A first render of the shop takes about 3 s on a quiet 2-core machine and an axe pass of it 10 s
  // beside another journey's browser and server; tighter limits fail journeys for load, not bugs.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'on-first-retry',
    // Debian's Chromium; Playwright never downloads a browser here.
    launchOptions: CHROMIUM_LAUNCH_OPTIONS,
  },
  webServer: [
    {
      command: 'node scripts/e2e-server.mjs',
      url: `http://127.0.0.1:${port}/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      env: { E2E_PORT: String(port) },
    },
    // The same app configured for Stripe (fake keys: the journey stands in for Stripe.js and
    // never lets a request reach Stripe), for the checkout's Payment Element.
    {
      command: 'node scripts/e2e-server.mjs',
      url: `http://127.0.0.1:${stripePort}/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      env: {
        E2E_PORT: String(stripePort),
        STRIPE_SECRET_KEY: 'sk_test_e2eNotARealKey',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_e2eNotARealKey',
      },
    },
  ],
});
