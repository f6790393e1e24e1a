import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';

test('an admin sees the background jobs with their last and next runs, at every width', async ({
  loggedInAs,
}) => {
  test.slow();
  const page = await loggedInAs('admin');
  await page.goto('/admin/jobs');
  // The first page of a server that has just started (and is running its first jobs) may be slow.
  await expect(page.getByRole('heading', { level: 2, name: 'Background jobs' })).toBeVisible({
    timeout: 15_000,
  });

  // The checkout sweep runs every minute, the first time as the server starts.
  const sweep = page.getByRole('row', { name: /checkout\.sweep-abandoned/ });
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(sweep.getByText('Completed')).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  const [schedule, lastRun, nextRun] = [0, 1, 2].map((column) =>
    sweep.getByRole('cell').nth(column),
  );
  await expect(schedule!).toContainText('Every minute');
  await expect(lastRun!.locator('time')).toBeVisible();
  await expect(nextRun!.locator('time')).toBeVisible();

  for (const name of [
    'payouts.release-held',
    'wholesale.send-expiry-reminders',
    'accounts.prune-expired',
  ]) {
    await expect(
      page.getByRole('row', { name: new RegExp(name.replace('.', '\\.')) }),
    ).toBeVisible();
  }
  // Without SMTP the mail relay has nothing to do: it is listed, and off.
  await expect(
    page.getByRole('row', { name: /mail\.relay-queued/ }).getByText('Not scheduled'),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Recent failures' })).toBeVisible();

  for (const width of [375, 768, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await expect(page.getByRole('heading', { level: 2, name: 'Background jobs' })).toBeVisible();
    // The table scrolls within its frame; the page itself never scrolls sideways.
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(pageWidth).toBeLessThanOrEqual(width);
    await expectNoSeriousA11yViolations(page);
  }
});
