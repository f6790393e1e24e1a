import { distanceMiles, type LatLng } from './geo';

export const FULFILLMENT_MODES = ['pickup', 'delivery', 'ship'] as const;
export type FulfillmentMode = (typeof FULFILLMENT_MODES)[number];

/** How each way is named to people: "Pickup", "Delivery", "Shipping". */
export const FULFILLMENT_MODE_LABELS: Record<FulfillmentMode, string> = {
  pickup: 'Pickup',
  delivery: 'Delivery',
  ship: 'Shipping',
};

export const BUYER_KINDS = ['retail', 'wholesale'] as const;
export type BuyerKind = (typeof BUYER_KINDS)[number];

/** The six fulfillment flags of a business, with the original's names. */
export interface FulfillmentFlags {
  fulfillment_allow_pickup_retail: boolean;
  fulfillment_allow_pickup_wholesale: boolean;
  fulfillment_deliver_retail: boolean;
  fulfillment_deliver_wholesale: boolean;
  fulfillment_ship_retail: boolean;
  fulfillment_ship_wholesale: boolean;
}

export type FulfillmentFlag = keyof FulfillmentFlags;

/** What a business offers its buyers: the flags, its delivery radii and the states it ships to. */
export interface FulfillmentOffer extends FulfillmentFlags {
  fulfillment_deliver_retail_radius_miles: number | null;
  fulfillment_deliver_wholesale_radius_miles: number | null;
  /** Postal codes of the states the producer is licensed to ship to. */
  ship_to_states: string[];
}

const FLAG_PREFIX: Record<FulfillmentMode, string> = {
  pickup: 'fulfillment_allow_pickup_',
  delivery: 'fulfillment_deliver_',
  ship: 'fulfillment_ship_',
};

/** The search filter attribute for a fulfillment mode and buyer kind, as the original builds it. */
export function fulfillmentFlagFor(mode: FulfillmentMode, buyer: BuyerKind): FulfillmentFlag {
  return `${FLAG_PREFIX[mode]}${buyer}` as FulfillmentFlag;
}

/** What delivery needs to know about a product's producer (fields of the search hit). */
export interface DeliveryTerms extends Pick<
  FulfillmentFlags,
  'fulfillment_deliver_retail' | 'fulfillment_deliver_wholesale'
> {
  fulfillment_deliver_retail_radius_miles: number | null;
  fulfillment_deliver_wholesale_radius_miles: number | null;
  _geoloc: LatLng | null;
}

/** Why a product cannot be delivered to this buyer (spec "Fulfillment choice"). */
export type DeliveryRefusal =
  | { reason: 'no-retail' | 'no-wholesale' }
  | { reason: 'out-of-range'; distanceMiles: number; radiusMiles: number };

/**
 * Whether the producer delivers to this buyer, by the spec's rules: a retail buyer needs retail
 * delivery ('no-retail'), a wholesale buyer wholesale delivery ('no-wholesale'); then the distance
 * from the producer must be within the radius for the buyer's kind, or the other kind's radius
 * when that one is not set ('out-of-range'). Without the buyer's location, or a radius, distance
 * cannot refuse. Null means deliverable.
 */
export function deliveryRefusal(
  terms: DeliveryTerms,
  buyer: BuyerKind,
  buyerLocation: LatLng | null,
): DeliveryRefusal | null {
  const delivers =
    buyer === 'wholesale' ? terms.fulfillment_deliver_wholesale : terms.fulfillment_deliver_retail;
  if (!delivers) return { reason: buyer === 'wholesale' ? 'no-wholesale' : 'no-retail' };
  const radiusMiles = deliveryRadiusMilesFor(terms, buyer);
  if (!buyerLocation || radiusMiles === null) return null;
  // A producer with no known location cannot be shown to be near.
  if (!terms._geoloc) return { reason: 'out-of-range', distanceMiles: Infinity, radiusMiles };
  const distance = distanceMiles(terms._geoloc, buyerLocation);
  return distance > radiusMiles
    ? { reason: 'out-of-range', distanceMiles: distance, radiusMiles }
    : null;
}

/**
 * How far the producer delivers to this kind of buyer: the radius for the buyer's kind, or the
 * other kind's radius when that one is not set; null when neither is (no distance limit).
 */
export function deliveryRadiusMilesFor(
  terms: Pick<
    DeliveryTerms,
    'fulfillment_deliver_retail_radius_miles' | 'fulfillment_deliver_wholesale_radius_miles'
  >,
  buyer: BuyerKind,
): number | null {
  const retail = terms.fulfillment_deliver_retail_radius_miles;
  const wholesale = terms.fulfillment_deliver_wholesale_radius_miles;
  return buyer === 'wholesale' ? (wholesale ?? retail) : (retail ?? wholesale);
}

/** The refusal in words for the buyer, e.g. "Out of delivery range: 62 miles away, delivers within 25 miles". */
export function describeDeliveryRefusal(refusal: DeliveryRefusal): string {
  switch (refusal.reason) {
    case 'no-retail':
      return 'Does not deliver to retail buyers';
    case 'no-wholesale':
      return 'Does not deliver to wholesale buyers';
    case 'out-of-range':
      return Number.isFinite(refusal.distanceMiles)
        ? `Out of delivery range: ${Math.round(refusal.distanceMiles)} miles away, delivers within ${refusal.radiusMiles} miles`
        : `Out of delivery range: delivers within ${refusal.radiusMiles} miles of the producer`;
  }
}

/**
 * The search attribute holding how far, in meters, a product's producer delivers to this kind of
 * buyer (deliveryRadiusMilesFor; DELIVERS_ANYWHERE_METERS without a limit); absent when it does
 * not deliver to them at all. The search engine's `attribute >= _geoDistance` filter compares it
 * with the distance from the buyer, so the search agrees with deliveryRefusal.
 */
export function deliveryReachAttribute(buyer: BuyerKind): string {
  return `delivery_reach_meters_${buyer}`;
}

/** Farther than any two places on Earth are apart: "no distance limit" as a number. */
export const DELIVERS_ANYWHERE_METERS = 40_075_000;

/**
 * The shop's search filter for a fulfillment choice (spec "Fulfillment choice"): the mode's flag for
 * the buyer's kind set to true. Delivery, once the buyer's location is known (`located`: the
 * search sends it as aroundLatLng), keeps only producers whose delivery radius reaches the buyer;
 * shipping also needs a license for the buyer's state, once it is known.
 */
export function fulfillmentSearchFilter(
  mode: FulfillmentMode,
  buyer: BuyerKind,
  buyerState: string | null = null,
  located = false,
): string {
  if (mode === 'delivery' && located) return `${deliveryReachAttribute(buyer)} >= _geoDistance`;
  const flag = `${fulfillmentFlagFor(mode, buyer)}:true`;
  return mode === 'ship' && buyerState ? `${flag} AND ship_to_states:"${buyerState}"` : flag;
}

/**
 * The products the delivery filter leaves out that someone can still get delivered: producers
 * who deliver, but not to this kind of buyer or not this far. The shop lists them on request,
 * each with its deliveryRefusal.
 */
export function undeliverableSearchFilter(buyer: BuyerKind, located: boolean): string {
  const deliversToAnyone = `(${fulfillmentFlagFor('delivery', 'retail')}:true OR ${fulfillmentFlagFor('delivery', 'wholesale')}:true)`;
  return `${deliversToAnyone} AND NOT (${fulfillmentSearchFilter('delivery', buyer, null, located)})`;
}
