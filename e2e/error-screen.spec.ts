import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe';

/**
 * Makes the business page's GraphQL answer malformed: the business's name becomes an object, which
 * React refuses to render, so the page throws while rendering. Returns a way to stop.
 */
async function corruptBusinessAnswers(page: Page): Promise<() => Promise<void>> {
  const pattern = '**/graphql';
  await page.route(pattern, async (route) => {
    const body = route.request().postDataJSON() as { query?: string } | null;
    if (!body?.query?.includes('query BusinessBySlug')) return route.fallback();
    const response = await route.fetch();
    const answer = (await response.json()) as { data: { businesses: { name: unknown }[] } };
    for (const business of answer.data.businesses) business.name = { malformed: true };
    return route.fulfill({ response, json: answer });
  });
  return () => page.unroute(pattern);
}

async function aBusinessPath(page: Page): Promise<string> {
  await page.goto('/shop');
  const producerLink = page.getByRole('article').first().getByRole('link').first();
  return new URL((await producerLink.getAttribute('href'))!, page.url()).pathname;
}

test('a page that fails while rendering shows an error screen with ways back', async ({ page }) => {
  const businessPath = await aBusinessPath(page);
  const stopCorrupting = await corruptBusinessAnswers(page);
  const failures: string[] = [];
  page.on('pageerror', (error) => failures.push(error.message));

  await page.goto(businessPath);
  const heading = page.getByRole('heading', { level: 1, name: 'Something went wrong' });
  await expect(heading).toBeVisible();
  await expect(page.getByText('This page could not be shown.')).toBeVisible();
  // The site's header is still there and works.
  await expect(
    page.getByRole('banner').getByRole('navigation', { name: 'Main' }).getByRole('link', {
      name: 'Shop',
    }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reload the page' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('link', { name: 'Go to the shop' }).click();
  await expect(page).toHaveURL(/\/shop$/);
  await expect(page.getByRole('article').first()).toBeVisible();

  // Back to the broken page; once the server's answers are sound again, reloading mends it.
  await page.goBack();
  await expect(heading).toBeVisible();
  await stopCorrupting();
  await page.getByRole('button', { name: 'Reload the page' }).click();
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Something went wrong');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(failures).toEqual([]);
});
