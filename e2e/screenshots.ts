import type { Page, TestInfo } from '@playwright/test';

/**
 * Screenshots for a person to look at while reviewing a change, in the test's output folder:
 * `E2E_SCREENSHOTS=1 npx playwright test`. Off otherwise: nothing checks them, and the full-page
 * captures cost the suite about half a minute.
 */
const WANTED = Boolean(process.env.E2E_SCREENSHOTS);

/** The widths a person checks a page at: a phone, a tablet and a laptop. */
const REVIEW_WIDTHS = [375, 768, 1280];

/** A full-page screenshot of what the page shows now, when screenshots are wanted. */
export async function keepScreenshot(page: Page, testInfo: TestInfo, name: string) {
  if (!WANTED) return;
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
}

/** Full-page screenshots at a phone's, a tablet's and a laptop's width, when wanted. */
export async function keepScreenshotsAtWidths(page: Page, testInfo: TestInfo, name: string) {
  if (!WANTED) return;
  const before = page.viewportSize();
  for (const width of REVIEW_WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await keepScreenshot(page, testInfo, `${name}-${width}`);
  }
  if (before) await page.setViewportSize(before);
}
