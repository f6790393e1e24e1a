import { isBeverageType, type PriceTier, type ProductStatus } from '@bevy/core';
import { randomId } from '@mantine/hooks';
import type { TileProduct } from '../../components/product-tile';
import type { ManagedProduct } from './api/products';

/** What a Mantine NumberInput holds: a number, or text while empty or half typed. */
export type NumberField = number | string;

/** One editable price tier; `key` keeps React rows apart while rows come and go. */
export interface TierRow {
  key: string;
  minimum_unit_count_for_price: NumberField;
  /** Dollars, as the seller types them. */
  price: NumberField;
}

/** The product form's values; field names follow `ProductInput` so error paths match. */
export interface ProductFormValues {
  name: string;
  beverageType: string | null;
  shortDescription: string;
  bottleImageUrl: string | null;
  /** Empty means the business's name. */
  producedBy: string;
  abv: NumberField;
  varietal: string;
  closureStyle: string;
  format: string;
  vintage: NumberField;
  nonVintage: boolean;
  volumeMl: NumberField;
  retailTiers: TierRow[];
  wholesaleTiers: TierRow[];
  status: ProductStatus;
  stockCount: NumberField;
  membersOnly: boolean;
}

/** GraphQL `ProductInput`, before the shared schema checks it (prices in dollars). */
export type ProductInputVariables = {
  name: string;
  beverageType: string | null;
  shortDescription: string;
  bottleImageUrl: string | null;
  producedBy: string | null;
  abv: number | null;
  varietal: string | null;
  closureStyle: string | null;
  format: string | null;
  vintage: number | null;
  volumeMl: number | null;
  retailTiers: { minimum_unit_count_for_price: number | null; price: number | null }[];
  wholesaleTiers: { minimum_unit_count_for_price: number | null; price: number | null }[];
  status: ProductStatus;
  stockCount: number | null;
  membersOnly: boolean;
};

export const TIER_LISTS = ['retailTiers', 'wholesaleTiers'] as const;
export type TierListName = (typeof TIER_LISTS)[number];

/** A seller's product as a tile shows it, linking to the business at `businessSlug`. */
export function toTileProduct(product: ManagedProduct, businessSlug: string): TileProduct {
  const tiers = (list: PriceTier[]) =>
    list.map(({ minimum_unit_count_for_price, price_per_unit }) => ({
      minimum_unit_count_for_price,
      price_per_unit,
    }));
  return {
    objectID: String(product.id),
    name: product.name,
    short_description: product.short_description,
    bottleImageUrl: product.bottleImageUrl,
    producedBy: product.producedBy,
    slug: businessSlug,
    'Beverage Type': [product.productType],
    Varietal: product.varietal,
    Vintage: product.vintage,
    ABV: product.abv,
    Volume: product.volumeMl,
    Format: product.format,
    'Closure Style': product.closureStyle,
    retailPricing: tiers(product.retailPricing),
    wholesalePricing: tiers(product.wholesalePricing),
  };
}

/**
 * The options of a tag-backed field (closure style, format): the category's tags by name, and
 * first a stored value that is none of them (typed before the field became a list), marked, so
 * the seller sees what is saved and can choose again.
 */
export function tagOptions(
  tagNames: readonly string[],
  current: string,
): (string | { value: string; label: string })[] {
  const names = [...tagNames].sort((a, b) => a.localeCompare(b));
  if (current === '' || names.includes(current)) return names;
  return [{ value: current, label: `${current} (not in the list)` }, ...names];
}

/** Spec: tiles in edit mode link to `{current path}/edit/{productId}`. */
export function editPathFor(currentPath: string, productId: number): string {
  return `${currentPath.replace(/\/+$/, '')}/edit/${productId}`;
}

/** Integer cents as the dollars a seller types, with both decimals (1999 -> "19.99", 900 -> "9.00"). */
export function centsToDollars(cents: number): string {
  return (cents / 100).toFixed(2);
}

export function newTierRow(minimumCount: NumberField = ''): TierRow {
  return { key: randomId(), minimum_unit_count_for_price: minimumCount, price: '' };
}

/** A new product starts as a published product with one retail tier from 1 unit. */
export function emptyProductValues(): ProductFormValues {
  return {
    name: '',
    beverageType: null,
    shortDescription: '',
    bottleImageUrl: null,
    producedBy: '',
    abv: '',
    varietal: '',
    closureStyle: '',
    format: '',
    vintage: '',
    nonVintage: false,
    volumeMl: '',
    retailTiers: [newTierRow(1)],
    wholesaleTiers: [],
    status: 'published',
    stockCount: '',
    membersOnly: false,
  };
}

/** A stored product in the form; a producer equal to the business's name shows as the default. */
export function productToFormValues(
  product: ManagedProduct,
  businessName: string,
): ProductFormValues {
  const rows = (tiers: PriceTier[]) =>
    [...tiers]
      .sort((a, b) => a.minimum_unit_count_for_price - b.minimum_unit_count_for_price)
      .map((tier) => ({
        key: randomId(),
        minimum_unit_count_for_price: tier.minimum_unit_count_for_price,
        price: centsToDollars(tier.price_per_unit),
      }));
  return {
    name: product.name,
    beverageType: isBeverageType(product.productType) ? product.productType : null,
    shortDescription: product.short_description,
    bottleImageUrl: product.bottleImageUrl,
    producedBy: product.producedBy === businessName ? '' : product.producedBy,
    abv: product.abv ?? '',
    varietal: product.varietal ?? '',
    closureStyle: product.closureStyle ?? '',
    format: product.format ?? '',
    vintage: product.vintage ?? '',
    nonVintage: product.vintage === null,
    volumeMl: product.volumeMl ?? '',
    retailTiers: rows(product.retailPricing),
    wholesaleTiers: rows(product.wholesalePricing),
    status: product.status === 'draft' ? 'draft' : 'published',
    stockCount: product.stockCount ?? '',
    membersOnly: product.membersOnly,
  };
}

/** An empty number field is null; text that is not a number stays NaN for the schema to refuse. */
export function numberOrNull(value: NumberField): number | null {
  if (typeof value === 'number') return value;
  const text = value.trim();
  return text === '' ? null : Number(text);
}

const textOrNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** The form's values as GraphQL `ProductInput` (and as the shared schema reads them). */
export function formValuesToInput(values: ProductFormValues): ProductInputVariables {
  const tiers = (rows: TierRow[]) =>
    rows.map((row) => ({
      minimum_unit_count_for_price: numberOrNull(row.minimum_unit_count_for_price),
      price: numberOrNull(row.price),
    }));
  return {
    name: values.name,
    beverageType: values.beverageType,
    shortDescription: values.shortDescription,
    bottleImageUrl: values.bottleImageUrl,
    producedBy: textOrNull(values.producedBy),
    abv: numberOrNull(values.abv),
    varietal: textOrNull(values.varietal),
    closureStyle: textOrNull(values.closureStyle),
    format: textOrNull(values.format),
    vintage: values.nonVintage ? null : numberOrNull(values.vintage),
    volumeMl: numberOrNull(values.volumeMl),
    retailTiers: tiers(values.retailTiers),
    wholesaleTiers: tiers(values.wholesaleTiers),
    status: values.status,
    stockCount: numberOrNull(values.stockCount),
    membersOnly: values.membersOnly,
  };
}
