import type { FulfillmentOffer } from './fulfillment';
import type { FulfillmentFees } from './fulfillment-fees';
import type { PriceTier } from './pricing';

/**
 * A product as the search endpoint returns it (spec "Product search hit"). Facet attributes keep the
 * original's display names. `wholesalePricing` is empty unless the caller is an approved
 * wholesale buyer.
 */
export interface ProductHit extends FulfillmentOffer {
  objectID: string;
  name: string;
  short_description: string;
  bottleImageUrl: string | null;
  hasImage: boolean;
  /** Sold only to members of the producer's clubs: shown to everyone, with a badge. */
  membersOnly?: boolean;
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
  retailPricing: PriceTier[];
  wholesalePricing: PriceTier[];
}

/**
 * A product hit with its producer's delivery and shipping fees, for the tile's fulfillment line
 * (decision 014). The cart keeps hits without them: checkout reads the fees from the database.
 */
export interface ProductHitWithFees extends ProductHit {
  /** Absent only from a search index built before fees. */
  fulfillment_fees?: FulfillmentFees;
}
