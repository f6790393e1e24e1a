import { graphql } from '../../../lib/graphql';

export const MY_FOLLOWS = graphql(`
  query MyFollows {
    myFollows {
      businessId
      slug
      name
      following
      followedAt
      consent
      consentChangedAt
    }
  }
`);

export const SET_MARKETING_CONSENT = graphql(`
  mutation SetMarketingConsent($businessId: Int!, $subscribed: Boolean!) {
    setMarketingConsent(businessId: $businessId, subscribed: $subscribed) {
      businessId
      following
      consent
    }
  }
`);

export const STOP_FOLLOWING = graphql(`
  mutation StopFollowing($businessSlug: String!) {
    unfollowBusiness(businessSlug: $businessSlug) {
      businessId
      following
      consent
    }
  }
`);

export const CONFIRM_CONSENT = graphql(`
  mutation ConfirmMarketingConsent($token: String!) {
    confirmMarketingConsent(token: $token) {
      businessName
      businessSlug
    }
  }
`);
