import type { PriceTier } from '@bevy/core';

/** A product as the search endpoint returns it. */
export interface ProductHit {
  objectID: string;
  name: string;
  short_description: string;
  bottleImageUrl: string | null;
  productType: string;
  producedBy: string;
  producedByBusinessId: number;
  businessName: string;
  slug: string;
  'Beverage Type': string[];
  Varietal: string | null;
  Vintage: number | null;
  'Closure Style': string | null;
  Format: string | null;
  Volume: number | null;
  ABV: number | null;
  retailPricing: PriceTier[];
  wholesalePricing: PriceTier[];
}
