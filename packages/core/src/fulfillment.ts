export const FULFILLMENT_MODES = ['pickup', 'delivery', 'ship'] as const;
export type FulfillmentMode = (typeof FULFILLMENT_MODES)[number];

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

const FLAG_PREFIX: Record<FulfillmentMode, string> = {
  pickup: 'fulfillment_allow_pickup_',
  delivery: 'fulfillment_deliver_',
  ship: 'fulfillment_ship_',
};

/** The search filter attribute for a fulfilment mode and buyer kind, as the original builds it. */
export function fulfillmentFlagFor(mode: FulfillmentMode, buyer: BuyerKind): FulfillmentFlag {
  return `${FLAG_PREFIX[mode]}${buyer}` as FulfillmentFlag;
}
