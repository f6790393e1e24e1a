import { graphql } from '../../../lib/graphql';

// /success shows the same fields of the checkout's answer (PlacedOrder) and of an order read back
// (Order); the two types differ, so each document names them, and they share only the address.

const ORDER_ADDRESS_FIELDS = graphql(`
  fragment OrderAddressFields on OrderAddress {
    name
    line1
    line2
    city
    state
    zip
  }
`);

export const PLACE_ORDER = graphql(
  `
    mutation PlaceOrder($input: PlaceOrderInput!) {
      placeOrder(input: $input) {
        id
        amountCents
        orders {
          id
          number
          businessName
          businessSlug
          fulfillmentMode
          fulfillmentAddress {
            ...OrderAddressFields
          }
          subtotalCents
          taxAndFeesCents
          fulfillmentFeeCents
          totalCents
          paymentMethod
          invoiceTermsDays
          invoiceDueOn
          lines {
            productId
            productName
            unitPriceCents
            quantity
            lineTotalCents
          }
          tickets {
            ticketTypeId
            name
            unitPriceCents
            quantity
            lineTotalCents
          }
        }
      }
    }
  `,
  [ORDER_ADDRESS_FIELDS],
);

/** An order just placed, read back by id when /success is reopened; with its lines' images. */
export const PLACED_ORDER = graphql(
  `
    query PlacedOrder($id: Int!) {
      order(id: $id) {
        id
        number
        businessName
        businessSlug
        fulfillmentMode
        fulfillmentAddress {
          ...OrderAddressFields
        }
        subtotalCents
        taxAndFeesCents
        fulfillmentFeeCents
        totalCents
        paymentMethod
        invoiceTermsDays
        invoiceDueOn
        lines {
          productId
          productName
          unitPriceCents
          quantity
          lineTotalCents
          imageUrl
        }
      }
    }
  `,
  [ORDER_ADDRESS_FIELDS],
);
