import { graphql } from '../../../lib/graphql';
import { FULFILLMENT_FEES_FIELDS } from '../../../lib/api/fulfillment-fees';

export const BUSINESS_FEES = graphql(
  `
    query BusinessFees($slug: String!) {
      business(slug: $slug) {
        id
        fulfillmentFees {
          ...FulfillmentFeesFields
        }
      }
    }
  `,
  [FULFILLMENT_FEES_FIELDS],
);

export const UPDATE_FEES = graphql(
  `
    mutation UpdateFulfillmentFees($slug: String!, $fees: FulfillmentFeesInput!) {
      updateFulfillmentFees(slug: $slug, fees: $fees) {
        id
        fulfillmentFees {
          ...FulfillmentFeesFields
        }
      }
    }
  `,
  [FULFILLMENT_FEES_FIELDS],
);
