/** The seven beverage types. "Beer + Cider" is a marketing grouping on the sell page, not a type. */
export const BEVERAGE_TYPES = [
  'Wine',
  'Cider',
  'Beer',
  'Spirit',
  'Cocktail',
  'Hard Kombucha',
  'Hard Seltzer',
] as const;

export type BeverageType = (typeof BEVERAGE_TYPES)[number];

export function isBeverageType(value: unknown): value is BeverageType {
  return typeof value === 'string' && (BEVERAGE_TYPES as readonly string[]).includes(value);
}

export const PRODUCT_STATUSES = ['published', 'draft'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];
