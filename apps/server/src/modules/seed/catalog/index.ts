import { PRODUCERS } from './producers';
import { generateProducts } from './products';
import { hashString } from './random';
import type { DemoProducer } from './types';

export { FEATURE_TAGS, HERO_IMAGES, PRODUCERS } from './producers';
export type { FeatureTag, HeroImage } from './producers';
export { generateProducts, slugify } from './products';
export type { ProductFamily, ProductSource } from './products';
export { BOTTLE_ART, CLOSURE_STYLES, PRODUCT_FORMATS } from './draft';
export * from './types';

/** Seed passed to generateProducts for the demo catalog. */
export const DEMO_CATALOG_SEED = 1;

/** 9 to 14 products per producer, fixed by the slug. */
export function demoProductCount(slug: string): number {
  return 9 + (hashString(slug) % 6);
}

/** The demo producers with their generated products; the same on every call. */
export function buildDemoCatalog(): DemoProducer[] {
  return PRODUCERS.map((producer) => ({
    ...structuredClone(producer),
    products: generateProducts(producer, demoProductCount(producer.slug), DEMO_CATALOG_SEED),
  }));
}
