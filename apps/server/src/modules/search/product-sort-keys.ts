import {
  DELIVERS_ANYWHERE_METERS,
  deliveryRadiusMilesFor,
  deliveryReachAttribute,
  milesToMeters,
  type BuyerKind,
  type FulfillmentOffer,
  type PriceTier,
} from '@bevy/core';

/** The lowest unit price each kind of buyer sees: the sort key of the price replicas. */
const LOWEST_PRICE = {
  retail: 'lowest_price_retail',
  wholesale: 'lowest_price_wholesale',
} as const satisfies Record<BuyerKind, string>;
/** When the product was created, in milliseconds since 1970: the sort key of 'Newest'. */
const CREATED_AT = 'created_at_ms';

/**
 * Numeric facets for the delivery filter (`delivery_reach_meters_<kind> >= _geoDistance`). Not
 * private: they follow from the delivery radii every hit already carries.
 */
export const DELIVERY_REACH_FACETS = [
  deliveryReachAttribute('retail'),
  deliveryReachAttribute('wholesale'),
];

/** Attributes the engine can sort by but nobody can filter on or count (see sortableAttributes). */
export const PRODUCT_SORTABLE_ATTRIBUTES = [
  LOWEST_PRICE.retail,
  LOWEST_PRICE.wholesale,
  CREATED_AT,
];

/** Document attributes only an approved wholesale buyer may see. */
export const WHOLESALE_ONLY_ATTRIBUTES = ['wholesalePricing', LOWEST_PRICE.wholesale] as const;

function lowestPrice(tiers: readonly PriceTier[]): number | null {
  return tiers.length === 0 ? null : Math.min(...tiers.map((tier) => tier.price_per_unit));
}

function deliveryReachMeters(offer: FulfillmentOffer, buyer: BuyerKind): number | null {
  const delivers =
    buyer === 'wholesale' ? offer.fulfillment_deliver_wholesale : offer.fulfillment_deliver_retail;
  if (!delivers) return null;
  const radiusMiles = deliveryRadiusMilesFor(offer, buyer);
  return radiusMiles === null ? DELIVERS_ANYWHERE_METERS : milesToMeters(radiusMiles);
}

/** The sort keys and delivery reaches of one product's search document. */
export function sortAndReachFieldsOf(
  createdAt: Date,
  offer: FulfillmentOffer,
  tiers: { retail: readonly PriceTier[]; wholesale: readonly PriceTier[] },
): Record<string, number | null> {
  return {
    [LOWEST_PRICE.retail]: lowestPrice(tiers.retail),
    [LOWEST_PRICE.wholesale]: lowestPrice(tiers.wholesale),
    [CREATED_AT]: createdAt.getTime(),
    [deliveryReachAttribute('retail')]: deliveryReachMeters(offer, 'retail'),
    [deliveryReachAttribute('wholesale')]: deliveryReachMeters(offer, 'wholesale'),
  };
}

/** The sorts the shop offers, as Algolia replica names: `products_<sort>`. */
export const PRODUCT_SORTS = ['price_asc', 'price_desc', 'newest', 'distance'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/**
 * The engine's `sortBy` for a replica, the caller's kind and whether the query has a point, decided here and never taken from
 * the request: prices sort by what this caller sees, so the wholesale order (which would tell
 * the wholesale prices apart) is only used for a wholesale key.
 */
export function engineSortFor(
  sort: ProductSort,
  buyer: BuyerKind,
  located: boolean,
): string | undefined {
  switch (sort) {
    case 'price_asc':
      return `asc(${LOWEST_PRICE[buyer]})`;
    case 'price_desc':
      return `desc(${LOWEST_PRICE[buyer]})`;
    case 'newest':
      return `desc(${CREATED_AT})`;
    case 'distance':
      // Until the buyer's location is known (a ZIP code being looked up) relevance orders.
      return located ? 'asc(_geoDistance)' : undefined;
  }
}
