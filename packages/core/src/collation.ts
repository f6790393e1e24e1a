/**
 * How labels are put in order, e.g. facet values: numbers by value ("355" before "1000"), case
 * and accents ignored ("apple" beside "Apple"), as people read a list. The search engine and the
 * web app's refiners share it, so the values a refiner shows are the first ones the engine sends.
 */
export const naturalCollator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** `naturalCollator.compare`, ties broken by plain code-point order so the order is total. */
export function compareLabels(a: string, b: string): number {
  return naturalCollator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}
