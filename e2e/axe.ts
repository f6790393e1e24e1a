import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Fails on serious or critical accessibility violations of the current page. */
export async function expectNoSeriousA11yViolations(
  page: Page,
  options: {
    /**
     * Parts of the page axe leaves out: a frame whose scripts are off (an email's preview) would
     * otherwise hold axe up for good, since axe runs inside each frame.
     */
    exclude?: string[];
  } = {},
) {
  let builder = new AxeBuilder({ page });
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  // Only violations are read: axe then keeps one example of each pass, not every node it checked,
  // which spares the page most of its work on a long page.
  const results = await builder.options({ resultTypes: ['violations'] }).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      help: violation.help,
      targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
    }));
  expect(serious).toEqual([]);
}
