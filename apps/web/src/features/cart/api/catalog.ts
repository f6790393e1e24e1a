import { graphql } from '../../../lib/graphql';
import { FULFILLMENT_FEES_FIELDS } from '../../../lib/api/fulfillment-fees';

/** The cart's products as the catalog has them now, priced for the buyer who asks. */
export const CART_CATALOG = graphql(
  `
    query CartCatalog($productIds: [ID!]!) {
      cartCatalog(productIds: $productIds) {
        buyerKind
        products {
          id
          name
          stockCount
          membersOnly
          viewerIsMember
          pricing {
            price_per_unit
            minimum_unit_count_for_price
          }
          business {
            id
            name
            slug
            sales_tax_rate
            ship_to_states
            fulfillment_allow_pickup_retail
            fulfillment_allow_pickup_wholesale
            fulfillment_deliver_retail
            fulfillment_deliver_wholesale
            fulfillment_ship_retail
            fulfillment_ship_wholesale
            fulfillment_deliver_retail_radius_miles
            fulfillment_deliver_wholesale_radius_miles
            pickup_hours
            wholesale_invoice_terms_days
            fulfillmentFees {
              ...FulfillmentFeesFields
            }
            addresses {
              street_number
              route
              postal_code
              locality
              administrative_area_level_1
              latitude
              longitude
            }
          }
        }
      }
    }
  `,
  [FULFILLMENT_FEES_FIELDS],
);
