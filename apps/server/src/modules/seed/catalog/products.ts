import type { PriceTier } from '@bevy/core';
import { BEER_GENERATORS } from './beer';
import { CIDER_GENERATORS } from './cider';
import type { DraftContext, PackKind, ProductDraft } from './draft';
import { hashString, mulberry32, pick, weighted, type Rng } from './random';
import { READY_TO_DRINK_GENERATORS } from './ready-to-drink';
import { SPIRIT_GENERATORS } from './spirits';
import { BUSINESS_TYPES, type BusinessType, type DemoProducer, type DemoProduct } from './types';
import { WINE_GENERATORS } from './wine';

const GENERATORS = {
  ...WINE_GENERATORS,
  ...BEER_GENERATORS,
  ...CIDER_GENERATORS,
  ...SPIRIT_GENERATORS,
  ...READY_TO_DRINK_GENERATORS,
};
export type ProductFamily = keyof typeof GENERATORS;

/** What each kind of business makes, with relative weights. */
const FAMILIES_BY_BUSINESS: Record<BusinessType, readonly (readonly [ProductFamily, number])[]> = {
  Winery: [
    ['red', 45],
    ['white', 30],
    ['rose', 12],
    ['sparkling', 13],
  ],
  Brewery: [
    ['beer', 94],
    ['seltzer', 6],
  ],
  Cidery: [['cider', 1]],
  Distillery: [
    ['spirit', 92],
    ['cocktail', 8],
  ],
  Meadery: [['mead', 1]],
  'Cocktail Maker': [['cocktail', 1]],
  'Kombucha Brewery': [['kombucha', 1]],
  'Seltzer Maker': [['seltzer', 1]],
};

export const DRAFT_SHARE = 0.1;
export const IMAGE_SHARE = 0.9;
/** Fresh draws tried before a colliding name gets a lot number. */
const MAX_REDRAWS = 3;
/** Once this share of products needed lot numbers the name space is spent; stop redrawing. */
const SATURATED_LOT_SHARE = 0.2;

/** Kebab-case ASCII handle from a product name ('Rosé Cider' -> 'rose-cider'). */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

const RETAIL_MINIMUMS: Record<PackKind, readonly (readonly number[])[]> = {
  bottle: [[1], [1, 6], [1, 6, 12], [1, 12]],
  can: [[1], [1, 12], [1, 12, 24], [1, 6, 24]],
  keg: [[1], [1, 2]],
  box: [[1], [1, 3]],
};

const WHOLESALE_MINIMUMS: Record<PackKind, readonly (readonly number[])[]> = {
  bottle: [[6], [12], [6, 24], [12, 36]],
  can: [[24], [48], [24, 96]],
  keg: [[1], [1, 4]],
  box: [[5], [10, 40]],
};

function roundPrice(cents: number): number {
  const step = cents >= 1000 ? 25 : 5;
  return Math.max(step, Math.round(cents / step) * step);
}

/** Each further tier is a few percent cheaper than the one before, never equal. */
function tiers(rng: Rng, firstPrice: number, minimums: readonly number[]): PriceTier[] {
  const result: PriceTier[] = [];
  let price = firstPrice;
  for (const minimum of minimums) {
    if (result.length > 0) {
      const next = roundPrice(price * (0.92 + rng() * 0.05));
      price = next < price ? next : Math.max(1, price - (price >= 1000 ? 25 : 5));
    }
    result.push({ price_per_unit: price, minimum_unit_count_for_price: minimum });
  }
  return result;
}

export function priceTiers(
  rng: Rng,
  retailPrice: number,
  pack: PackKind,
): { retail: PriceTier[]; wholesale: PriceTier[] } {
  const retail = tiers(rng, retailPrice, pick(rng, RETAIL_MINIMUMS[pack]));
  // Wholesale runs 30-45% below the single-unit retail price.
  const wholesaleStart = Math.min(roundPrice(retailPrice * (0.55 + rng() * 0.15)), retailPrice - 1);
  const wholesale = tiers(rng, wholesaleStart, pick(rng, WHOLESALE_MINIMUMS[pack]));
  return { retail, wholesale };
}

function draftFor(rng: Rng, businessType: BusinessType, context: DraftContext): ProductDraft {
  const family = weighted(rng, FAMILIES_BY_BUSINESS[businessType]);
  return GENERATORS[family](rng, context);
}

export type ProductSource = Pick<DemoProducer, 'slug' | 'name' | 'businessTypes'> &
  Partial<Pick<DemoProducer, 'state' | 'locality'>>;

/**
 * `count` products for a producer, deterministic for a given slug and seed. Handles are
 * unique within the result; state and locality, when given, pick believable wine regions.
 */
export function generateProducts(
  producer: ProductSource,
  count: number,
  seed: number,
): DemoProduct[] {
  if (!Number.isSafeInteger(count) || count < 0) {
    throw new RangeError(`Product count must be a non-negative integer, got ${count}`);
  }
  const rng = mulberry32(hashString(producer.slug) ^ Math.imul(seed | 0, 0x9e3779b1));
  const businessTypes: readonly BusinessType[] =
    producer.businessTypes.length > 0 ? producer.businessTypes : BUSINESS_TYPES;
  const context: DraftContext = { state: producer.state, locality: producer.locality };
  const handles = new Set<string>();
  const lastLot = new Map<string, number>();
  // Names repeat a lot in large catalogs, and slugify is the hot path.
  const slugs = new Map<string, string>();
  const handleFor = (name: string): string => {
    let slug = slugs.get(name);
    if (slug === undefined) {
      slug = slugify(name);
      slugs.set(name, slug);
    }
    return slug;
  };
  const products: DemoProduct[] = [];
  let lotted = 0;

  for (let i = 0; i < count; i++) {
    // Round-robin so every business type of a multi-type producer gets products.
    const businessType = businessTypes[i % businessTypes.length] ?? 'Winery';
    let draft = draftFor(rng, businessType, context);
    let handle = handleFor(draft.name);
    const redraws = lotted > i * SATURATED_LOT_SHARE ? 0 : MAX_REDRAWS;
    for (let redraw = 0; handles.has(handle) && redraw < redraws; redraw++) {
      draft = draftFor(rng, businessType, context);
      handle = handleFor(draft.name);
    }
    if (handles.has(handle)) {
      lotted++;
      const base = handle;
      let lot = lastLot.get(base) ?? 1;
      do {
        lot++;
        handle = `${base}-lot-${lot}`;
      } while (handles.has(handle));
      lastLot.set(base, lot);
      draft = { ...draft, name: `${draft.name} (Lot ${lot})` };
    }
    handles.add(handle);

    const { retail, wholesale } = priceTiers(rng, draft.priceCents, draft.pack);
    const status = rng() < DRAFT_SHARE ? 'draft' : 'published';
    const bottleImageUrl = rng() < IMAGE_SHARE ? `/art/bottles/${draft.art}.svg` : null;
    products.push({
      handle,
      name: draft.name,
      beverageType: draft.beverageType,
      short_description: draft.description,
      varietal: draft.varietal,
      vintage: draft.vintage,
      abv: draft.abv,
      volume_ml: draft.volume_ml,
      closure_style: draft.closure_style,
      format: draft.format,
      bottleImageUrl,
      retail,
      wholesale,
      status,
    });
  }
  return products;
}
