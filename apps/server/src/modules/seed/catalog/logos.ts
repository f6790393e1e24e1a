/**
 * Demo producers that show a logo: a monogram badge under apps/web/public/art/logos named by
 * the slug. The others have none, as a new seller has none until they upload one.
 */
export const PRODUCERS_WITH_LOGOS: ReadonlySet<string> = new Set([
  'cascadia-hollow-cellars',
  'burnside-gravity-brewing',
  'sunwise-kombucha-works',
  'orchard-ladder-cider-co',
  'salish-tide-distilling',
  'quimper-honey-meadworks',
  'chalk-knoll-cellars',
  'kelp-line-brewing',
  'gowanus-lantern-brewing',
  'claverack-stillhouse',
  'pedernales-ledge-winery',
  'casco-fog-brewing',
]);

/** The site path of a demo producer's logo, or null when it has none. */
export const demoLogoPath = (slug: string): string | null =>
  PRODUCERS_WITH_LOGOS.has(slug) ? `/art/logos/${slug}.svg` : null;
