import { graphql } from '../../../lib/graphql';
import { FULFILLMENT_FEES_FIELDS } from '../../../lib/api/fulfillment-fees';

/** A producer as the cart needs it: its fulfillment, fees, tax and place. */
export const CART_BUSINESS_FIELDS = graphql(
  `
    fragment CartBusinessFields on Business {
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
  `,
  [FULFILLMENT_FEES_FIELDS],
);

/** The cart's products and tickets as the catalog has them now, priced for the buyer who asks. */
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
            ...CartBusinessFields
          }
        }
      }
    }
  `,
  [CART_BUSINESS_FIELDS],
);

/** The cart's event tickets as they are sold now, priced for the buyer who asks. */
export const CART_TICKETS = graphql(
  `
    query CartTickets($ticketTypeIds: [Int!]!, $eventUrlKeys: [String!]) {
      cartTickets(ticketTypeIds: $ticketTypeIds, eventUrlKeys: $eventUrlKeys) {
        ticketType {
          id
          name
          viewerPriceCents
          seatsLeft
          perOrderLimit
          unavailableReason
        }
        event {
          id
          title
          when
          urlKey
          business {
            ...CartBusinessFields
          }
        }
      }
    }
  `,
  [CART_BUSINESS_FIELDS],
);
