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

/** The six fulfilment flags of a business, with the original's names. */
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

/** The search filter attribute for a fulfilment mode and buyer kind, as the original builds it. */
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
  const [own, other] =
    buyer === 'wholesale'
      ? [
          terms.fulfillment_deliver_wholesale_radius_miles,
          terms.fulfillment_deliver_retail_radius_miles,
        ]
      : [
          terms.fulfillment_deliver_retail_radius_miles,
          terms.fulfillment_deliver_wholesale_radius_miles,
        ];
  const radiusMiles = own ?? other;
  if (!buyerLocation || radiusMiles === null) return null;
  // A producer with no known location cannot be shown to be near.
  if (!terms._geoloc) return { reason: 'out-of-range', distanceMiles: Infinity, radiusMiles };
  const distance = distanceMiles(terms._geoloc, buyerLocation);
  return distance > radiusMiles
    ? { reason: 'out-of-range', distanceMiles: distance, radiusMiles }
    : null;
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
 * The shop's search filter for a fulfilment choice (spec "Fulfillment choice"): the mode's flag for
 * the buyer's kind set to true. Delivery lists every producer that delivers to anyone, so that
 * the ones this buyer cannot get show disabled with their reason; shipping also needs a licence
 * for the buyer's state, once it is known.
 */
export function fulfillmentSearchFilter(
  mode: FulfillmentMode,
  buyer: BuyerKind,
  buyerState: string | null = null,
): string {
  if (mode === 'delivery') {
    return `(${fulfillmentFlagFor('delivery', 'retail')}:true OR ${fulfillmentFlagFor('delivery', 'wholesale')}:true)`;
  }
  const flag = `${fulfillmentFlagFor(mode, buyer)}:true`;
  return mode === 'ship' && buyerState ? `${flag} AND ship_to_states:"${buyerState}"` : flag;
}
