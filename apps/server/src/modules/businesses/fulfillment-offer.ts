import type { FulfillmentFees, FulfillmentOffer } from '@bevy/core';
import type { businesses } from '../../db/tables';

type BusinessRow = typeof businesses.$inferSelect;

/** A business row's fulfillment offer, as search documents and checkout carry it. */
export function fulfillmentOfferOf(business: BusinessRow): FulfillmentOffer {
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

/** A business row's delivery and shipping fees and minimums (decision 014). */
export function fulfillmentFeesOf(business: BusinessRow): FulfillmentFees {
  return {
    delivery_fee_bands: business.delivery_fee_bands,
    delivery_minimum_cents: business.delivery_minimum_cents,
    shipping_rates: business.shipping_rates,
    shipping_extra_per_dozen_cents: business.shipping_extra_per_dozen_cents,
    shipping_surcharge_cents: business.shipping_surcharge_cents,
    shipping_surcharge_states: business.shipping_surcharge_states,
    free_shipping_over_cents: business.free_shipping_over_cents,
  };
}
