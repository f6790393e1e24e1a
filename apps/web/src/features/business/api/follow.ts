import { graphql } from '../../../lib/graphql';

const FOLLOW_STATE_FIELDS = graphql(`
  fragment FollowStateFields on FollowState {
    businessId
    following
    consent
  }
`);

export const FOLLOW_STATE = graphql(
  `
    query FollowState($businessSlug: String!) {
      followState(businessSlug: $businessSlug) {
        ...FollowStateFields
      }
    }
  `,
  [FOLLOW_STATE_FIELDS],
);

export const FOLLOW_BUSINESS = graphql(
  `
    mutation FollowBusiness($businessSlug: String!, $marketing: Boolean!) {
      followBusiness(businessSlug: $businessSlug, marketing: $marketing) {
        ...FollowStateFields
      }
    }
  `,
  [FOLLOW_STATE_FIELDS],
);

export const UNFOLLOW_BUSINESS = graphql(
  `
    mutation UnfollowBusiness($businessSlug: String!) {
      unfollowBusiness(businessSlug: $businessSlug) {
        ...FollowStateFields
      }
    }
  `,
  [FOLLOW_STATE_FIELDS],
);
