import { graphql } from '../graphql';

/** A business's delivery and shipping fees and minimums (decision 014), as the cart and the fees form read them. */
export const FULFILLMENT_FEES_FIELDS = graphql(`
  fragment FulfillmentFeesFields on FulfillmentFees {
    delivery_fee_bands {
      within_miles
      fee_cents
    }
    delivery_minimum_cents
    shipping_rates {
      up_to_bottles
      fee_cents
    }
    shipping_extra_per_dozen_cents
    shipping_surcharge_cents
    shipping_surcharge_states
    free_shipping_over_cents
  }
`);
