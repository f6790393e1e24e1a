import { graphql } from '../../../lib/graphql';

/** The payment account's id: an offline (test-mode) stand-in's tells the seller no money moves. */
export const PAYMENT_ACCOUNT = graphql(`
  query PaymentAccountOfBusiness($slug: String!) {
    business(slug: $slug) {
      id
      stripe_account_id
    }
  }
`);
