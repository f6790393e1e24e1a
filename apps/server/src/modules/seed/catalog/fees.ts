import { NO_FULFILLMENT_FEES, type FulfillmentFees } from '@bevy/core';

/**
 * Delivery and shipping fees of some demo producers (decision 014), so that the tiles, the cart
 * and checkout show fees right after `npm start`; the others deliver and ship free.
 */
const DEMO_FEES: Readonly<Record<string, Partial<FulfillmentFees>>> = {
  'cascadia-hollow-cellars': {
    delivery_fee_bands: [
      { within_miles: 20, fee_cents: 1_000 },
      { within_miles: 45, fee_cents: 2_000 },
    ],
    shipping_rates: [
      { up_to_bottles: 2, fee_cents: 1_500 },
      { up_to_bottles: 6, fee_cents: 2_000 },
      { up_to_bottles: 12, fee_cents: 2_500 },
    ],
    shipping_extra_per_dozen_cents: 2_000,
    free_shipping_over_cents: 15_000,
  },
  'burnside-gravity-brewing': {
    delivery_fee_bands: [{ within_miles: 8, fee_cents: 500 }],
    delivery_minimum_cents: 2_500,
  },
  'sunwise-kombucha-works': {
    delivery_fee_bands: [
      { within_miles: 15, fee_cents: 0 },
      { within_miles: 35, fee_cents: 1_500 },
    ],
    delivery_minimum_cents: 10_000,
  },
  'orchard-ladder-cider-co': {
    shipping_rates: [
      { up_to_bottles: 3, fee_cents: 1_400 },
      { up_to_bottles: 6, fee_cents: 1_900 },
      { up_to_bottles: 12, fee_cents: 2_400 },
    ],
    shipping_extra_per_dozen_cents: 2_000,
    free_shipping_over_cents: 12_000,
  },
  'foundry-lane-cocktail-co': {
    delivery_fee_bands: [{ within_miles: 10, fee_cents: 600 }],
    delivery_minimum_cents: 4_000,
    shipping_rates: [
      { up_to_bottles: 4, fee_cents: 1_200 },
      { up_to_bottles: 12, fee_cents: 2_200 },
    ],
    shipping_extra_per_dozen_cents: 1_800,
    shipping_surcharge_cents: 800,
    shipping_surcharge_states: ['CA', 'FL', 'NY'],
    free_shipping_over_cents: 20_000,
  },
  'basalt-and-bramble-wine-co': {
    shipping_rates: [
      { up_to_bottles: 6, fee_cents: 2_500 },
      { up_to_bottles: 12, fee_cents: 3_500 },
    ],
    shipping_extra_per_dozen_cents: 3_000,
    shipping_surcharge_cents: 1_500,
    shipping_surcharge_states: ['FL', 'TX'],
    free_shipping_over_cents: 30_000,
  },
};

/** A demo producer's fees: its own, or none. */
export function demoFulfillmentFees(slug: string): FulfillmentFees {
  return { ...NO_FULFILLMENT_FEES, ...DEMO_FEES[slug] };
}
