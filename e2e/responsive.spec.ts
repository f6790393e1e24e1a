import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';

/** Phones (320, 375), the seller sidebar's breakpoint exactly (768), a tablet and a laptop. */
const WIDTHS = [320, 375, 768, 1024, 1280];
/**
 * Widths with an axe pass of every page: a phone, the sidebar's breakpoint and a laptop, one per
 * layout. The others (320, 1024) share those layouts, so they check fit and reach only.
 */
const AXE_WIDTHS = new Set([375, 768, 1280]);
/** Below this width the site's links are in the header's drawer and the seller's in a toggle. */
const SIDEBAR_BREAKPOINT = 768;

async function openPage(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
}

async function expectNoHorizontalScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${page.url()} is wider than the window`).toBeLessThanOrEqual(innerWidth);
}

/** The page's heading starts and ends inside the window (not pushed off by a sidebar). */
async function expectHeadingOnScreen(page: Page) {
  const box = (await page.getByRole('heading', { level: 1 }).first().boundingBox())!;
  const innerWidth = await page.evaluate(() => window.innerWidth);
  expect(box.x, `${page.url()}: heading starts off screen`).toBeGreaterThanOrEqual(0);
  expect(box.x + Math.min(box.width, 120), `${page.url()}: heading off screen`).toBeLessThanOrEqual(
    innerWidth,
  );
}

/** The site's links, the cart and the visitor's "Sign up" or the account menu, all reachable. */
async function expectHeaderUsable(page: Page, width: number, signedIn: boolean) {
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: /^Cart, \d+ items?$/ })).toBeInViewport({
    ratio: 1,
  });
  const account = signedIn
    ? header.getByRole('button', { name: /^Account menu/ })
    : header.getByRole('link', { name: 'Sign up' });
  await expect(account).toBeInViewport({ ratio: 1 });

  if (width < SIDEBAR_BREAKPOINT) {
    await header.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    for (const name of ['Shop', 'Sell', 'About']) {
      await expect(menu.getByRole('link', { name, exact: true })).toBeInViewport({ ratio: 1 });
    }
    await menu.getByRole('button', { name: 'Close menu' }).click();
    await expect(menu).toBeHidden();
  } else {
    const nav = header.getByRole('navigation', { name: 'Main' });
    for (const name of ['Shop', 'Sell', 'About']) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeInViewport({ ratio: 1 });
    }
  }
}

/** The seller sidebar's links can be clicked, and the page beside it is on screen. */
async function expectSellerSidebarUsable(page: Page, width: number) {
  const sidebar = page.getByRole('navigation', { name: 'Seller' });
  if (width < SIDEBAR_BREAKPOINT) {
    await expect(sidebar).toBeHidden();
    await page.getByRole('button', { name: 'Open navigation' }).click();
  }
  await expect(sidebar.getByRole('link', { name: 'Orders' })).toBeInViewport();
  if (width >= SIDEBAR_BREAKPOINT) {
    const sidebarBox = (await sidebar.boundingBox())!;
    expect(sidebarBox.width).toBeLessThanOrEqual(251);
    const heading = (await page.getByRole('heading', { level: 1 }).first().boundingBox())!;
    expect(heading.x).toBeGreaterThanOrEqual(sidebarBox.x + sidebarBox.width);
  } else {
    await page.getByRole('button', { name: 'Close navigation' }).click();
    await expect(sidebar).toBeHidden();
  }
}

async function checkPage(page: Page, path: string, width: number, signedIn: boolean) {
  await openPage(page, path);
  await expectNoHorizontalScroll(page);
  await expectHeadingOnScreen(page);
  await expectHeaderUsable(page, width, signedIn);
  if (AXE_WIDTHS.has(width)) await expectNoSeriousA11yViolations(page);
}

for (const width of WIDTHS) {
  test(`at ${width} px every page fits, and its header and seller sidebar work`, async ({
    page,
    loggedInAs,
  }) => {
    // Eight pages, five for a visitor and three for the seller, each with an axe pass.
    test.setTimeout(150_000);
    await page.setViewportSize({ width, height: 800 });

    await openPage(page, '/shop');
    const producerLink = page.getByRole('article').first().getByRole('link').first();
    const businessPath = new URL((await producerLink.getAttribute('href'))!, page.url()).pathname;
    expect(businessPath).toMatch(/^\/business\/[\w-]+$/);
    // The shop with a refinement and a sort in force, so that its chips are checked too.
    for (const path of [
      '/shop?type=Wine&sort=price_asc',
      businessPath,
      '/cart',
      '/login',
      '/signup',
    ]) {
      await checkPage(page, path, width, false);
    }

    const seller = await loggedInAs('seller');
    await seller.setViewportSize({ width, height: 800 });
    await seller.goto('/dashboard');
    // Below 768 px the sidebar is folded away, so its links are looked up hidden too.
    const firstBusiness = seller
      .getByRole('navigation', { name: 'Seller', includeHidden: true })
      .getByRole('listitem', { includeHidden: true })
      .first()
      .getByRole('link', { includeHidden: true })
      .first();
    const sellerBusiness = (await firstBusiness.getAttribute('href'))!;
    expect(sellerBusiness).toMatch(/^\/business\/[\w-]+$/);
    for (const path of [
      `${sellerBusiness}/edit`,
      `${sellerBusiness}/products`,
      '/business/orders',
    ]) {
      await checkPage(seller, path, width, true);
      await expectSellerSidebarUsable(seller, width);
    }

    // The sidebar's links work at this width: the last page was Orders; go to the dashboard.
    if (width < SIDEBAR_BREAKPOINT) {
      await seller.getByRole('button', { name: 'Open navigation' }).click();
    }
    await seller
      .getByRole('navigation', { name: 'Seller' })
      .getByRole('link', { name: 'Dashboard' })
      .click();
    await expect(seller).toHaveURL(/\/dashboard$/);
    await expect(seller.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInViewport();
  });
}
