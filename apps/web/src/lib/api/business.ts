import { graphql } from '../graphql';

/** What every seller page of a business knows about it. */
export const FRAMED_BUSINESS = graphql(`
  query FramedBusiness($slug: String!) {
    business(slug: $slug) {
      id
      name
      slug
    }
  }
`);

export const MY_STRIPE_INFO = graphql(`
  query GetMyStripeInfo($slug: String!) {
    myStripeInfo(slug: $slug)
  }
`);
