import { expect, type Page } from '@playwright/test';

/**
 * Logs in through the log-in form, as a person would, and waits to be taken on: to `landsOn`
 * when the journey checks where logging in leads.
 */
export async function logIn(
  page: Page,
  email: string,
  password: string,
  landsOn?: RegExp,
): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
  if (landsOn) await expect(page).toHaveURL(landsOn);
}
