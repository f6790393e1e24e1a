import type { FulfillmentOffer } from '@bevy/core';
import type { businesses } from '../../db/schema';

/** A business row's fulfilment offer, as search documents and checkout carry it. */
export function fulfillmentOfferOf(business: typeof businesses.$inferSelect): FulfillmentOffer {
  return {
    fulfillment_allow_pickup_retail: business.fulfillment_allow_pickup_retail,
    fulfillment_allow_pickup_wholesale: business.fulfillment_allow_pickup_wholesale,
    fulfillment_deliver_retail: business.fulfillment_deliver_retail,
    fulfillment_deliver_wholesale: business.fulfillment_deliver_wholesale,
    fulfillment_ship_retail: business.fulfillment_ship_retail,
    fulfillment_ship_wholesale: business.fulfillment_ship_wholesale,
    fulfillment_deliver_retail_radius_miles: business.fulfillment_deliver_retail_radius_miles,
    fulfillment_deliver_wholesale_radius_miles: business.fulfillment_deliver_wholesale_radius_miles,
    ship_to_states: business.ship_to_states,
  };
}
