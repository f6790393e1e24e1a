import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';

test('a producer creates a club with tiers, is told what to correct, and finds it listed', async ({
  freshSeller,
}) => {
  const { page, business } = await freshSeller();
  await page.goto(`/business/${business.slug}`);
  await page.getByRole('link', { name: 'Clubs' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: `Clubs of ${business.name}` }),
  ).toBeVisible();
  await expect(page.getByText(`${business.name} runs no clubs yet.`)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Create a club' }).click();
  const form = page.getByRole('region', { name: 'New club' });
  // Sent without a name or a first release: each field says what it needs.
  await form.getByRole('button', { name: 'Create club' }).click();
  await expect(form.getByText('Name the club.')).toBeVisible();
  await expect(form.getByText('Enter the first release date.')).toBeVisible();
  await expect(form.getByLabel('Club name')).toBeFocused();

  await form.getByLabel('Club name').fill('Cellar Club');
  await form.getByLabel('Description').fill('First pick of our small lots, four times a year.');
  await form.getByLabel('First release').fill('2027-03-31');
  await form.getByLabel('Member discount (%)').fill('15');
  await form.getByLabel('Shipping').check();
  await form.getByRole('combobox', { name: 'Tier 2 price', exact: true }).click();
  await page.getByRole('option', { name: 'A fixed price' }).click();
  await form.getByLabel('Tier 2 price per release ($)').fill('168');
  await form.getByRole('button', { name: 'Add a tier' }).click();
  await form.getByRole('button', { name: 'Remove tier 3' }).click();
  await expectNoSeriousA11yViolations(page);
  await form.getByRole('button', { name: 'Create club' }).click();

  await expect(
    page.getByRole('status').getByText('Cellar Club is saved as a draft.'),
  ).toBeVisible();
  const club = page.getByRole('article', { name: 'Cellar Club' });
  await expect(club).toContainText('Draft');
  await expect(club).toContainText('Every 3 months · members save 15% on everything from you');
  await expect(club.getByRole('list', { name: 'Tiers of Cellar Club' })).toContainText(
    '6 bottles: 6 bottles, $168.00 a release',
  );
  // Counted from March 31st: the last day of June, then September 30th.
  await expect(club).toContainText(/Next releases: .*June 30, 2027, September 30, 2027/);

  await expectNoSeriousA11yViolations(page);

  // Kept on the server: a reload lists it again.
  await page.reload();
  await expect(page.getByRole('article', { name: 'Cellar Club' })).toBeVisible();
});

test('only the people who run a business see its clubs', async ({ freshSeller, freshBuyer }) => {
  const { business } = await freshSeller();
  const { page } = await freshBuyer();
  await page.goto(`/business/${business.slug}/clubs`);
  await expect(page.getByText('You cannot manage this business')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create a club' })).toHaveCount(0);
});
