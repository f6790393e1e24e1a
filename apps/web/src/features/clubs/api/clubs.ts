import { graphql } from '../../../lib/graphql';

/** What the clubs page shows of a club. */
export const CLUB_FIELDS = graphql(`
  fragment ClubFields on Club {
    id
    slug
    name
    description
    cadence
    firstReleaseOn
    memberDiscountBasisPoints
    noticeDays
    cutoffDays
    skipsPerYear
    minimumReleases
    offersPickup
    offersDelivery
    offersShipping
    status
    upcomingChargeDates
    isSubscription
    subscriptionCadences
    product {
      id
      name
    }
    tiers {
      id
      name
      bottles
      priceBasis
      fixedPriceCents
    }
  }
`);

export const CLUBS_TO_MANAGE = graphql(
  `
    query ClubsToManage($businessSlug: String!) {
      clubsToManage(businessSlug: $businessSlug) {
        ...ClubFields
      }
    }
  `,
  [CLUB_FIELDS],
);

export const CREATE_CLUB = graphql(
  `
    mutation CreateClub($businessSlug: String!, $input: ClubInput!) {
      createClub(businessSlug: $businessSlug, input: $input) {
        ...ClubFields
      }
    }
  `,
  [CLUB_FIELDS],
);

export const CREATE_SUBSCRIPTION = graphql(
  `
    mutation CreateSubscription($businessSlug: String!, $input: SubscriptionInput!) {
      createSubscription(businessSlug: $businessSlug, input: $input) {
        ...ClubFields
      }
    }
  `,
  [CLUB_FIELDS],
);
