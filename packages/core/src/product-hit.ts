import type { FulfillmentFlags } from './fulfillment';
import type { PriceTier } from './pricing';

/**
 * A product as the search endpoint returns it (spec "Product search hit"). Facet attributes keep the
 * original's display names. `wholesalePricing` is empty unless the caller is an approved
 * wholesale buyer.
 */
export interface ProductHit extends FulfillmentFlags {
  objectID: string;
  name: string;
  short_description: string;
  bottleImageUrl: string | null;
  hasImage: boolean;
  productType: string;
  producedBy: string;
  producedByBusinessId: number;
  businessName: string;
  /** The business's slug: the product links to its producer's page. */
  slug: string;
  'Beverage Type': string[];
  'Produced By': string;
  Varietal: string | null;
  Vintage: number | null;
  'Closure Style': string | null;
  Format: string | null;
  /** Volume in ml. */
  Volume: number | null;
  ABV: number | null;
  _geoloc: { lat: number; lng: number } | null;
  fulfillment_deliver_retail_radius_miles: number | null;
  fulfillment_deliver_wholesale_radius_miles: number | null;
  /** Postal codes of the states the producer is licensed to ship to. */
  ship_to_states: string[];
  retailPricing: PriceTier[];
  wholesalePricing: PriceTier[];
}
