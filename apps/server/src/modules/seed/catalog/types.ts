import type { BeverageType, PriceTier } from '@bevy/core';

/** Business Type tags (tag category 'Business Type'). */
export const BUSINESS_TYPES = [
  'Winery',
  'Brewery',
  'Cidery',
  'Distillery',
  'Meadery',
  'Cocktail Maker',
  'Kombucha Brewery',
  'Seltzer Maker',
] as const;
export type BusinessType = (typeof BUSINESS_TYPES)[number];

export interface DemoFulfillment {
  pickupRetail: boolean;
  pickupWholesale: boolean;
  deliverRetail: boolean;
  deliverWholesale: boolean;
  shipRetail: boolean;
  shipWholesale: boolean;
  /** 1..100, set when deliverRetail */
  deliverRetailRadiusMiles?: number;
  /** 1..100, set when deliverWholesale */
  deliverWholesaleRadiusMiles?: number;
}

export interface DemoProduct {
  /** Unique within the producer, kebab-case. */
  handle: string;
  name: string;
  beverageType: BeverageType;
  short_description: string;
  varietal: string | null;
  vintage: number | null;
  /** e.g. 13.5 */
  abv: number;
  volume_ml: number;
  closure_style: string;
  format: string;
  /** Path under the web app's public folder, e.g. '/art/bottles/wine-red.svg'; null for no image. */
  bottleImageUrl: string | null;
  retail: PriceTier[];
  wholesale: PriceTier[];
  status: 'published' | 'draft';
}

export interface DemoProducer {
  slug: string;
  name: string;
  businessTypes: BusinessType[];
  description: string;
  street_number: string;
  route: string;
  locality: string;
  /** Two-letter state code, e.g. 'OR'. */
  state: string;
  county: string | null;
  postal_code: string;
  /** E.164, e.g. '+15035550123' (use 555-01xx numbers). */
  international_phone_number: string;
  website: string | null;
  instagram: string | null;
  twitter: string | null;
  facebook: string | null;
  linkedin: string | null;
  /** Exact decimal percent as a string, e.g. '8.25'. */
  sales_tax_rate: string;
  license_info: string;
  heroImgUrl: string | null;
  logoImgUrl: string | null;
  fulfillment: DemoFulfillment;
  /** When buyers can pick up orders, over lines; null when the producer has not said. */
  pickup_hours: string | null;
  /** Names of feature tags (tag category 'Feature'), e.g. 'Family Owned', 'Organic'. */
  featureTags: string[];
  products: DemoProduct[];
}
