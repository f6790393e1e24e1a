import { graphql, type ResultOf } from '../../../lib/graphql';

/** What the club management page knows of the club it manages. */
export const MANAGED_CLUB = graphql(`
  query ManagedClub($businessSlug: String!, $clubSlug: String!) {
    club(businessSlug: $businessSlug, clubSlug: $clubSlug) {
      club {
        id
        slug
        name
        status
        noticeDays
        cutoffDays
        isSubscription
        tiers {
          id
          name
          bottles
        }
      }
    }
  }
`);

export type ManagedClub = NonNullable<ResultOf<typeof MANAGED_CLUB>['club']>['club'];

export const SET_CLUB_STATUS = graphql(`
  mutation SetClubStatus($businessSlug: String!, $clubSlug: String!, $open: Boolean!) {
    setClubStatus(businessSlug: $businessSlug, clubSlug: $clubSlug, open: $open) {
      id
      status
    }
  }
`);

/** A release as its producer manages it, with its run's report. */
export const CLUB_RELEASE_FIELDS = graphql(`
  fragment ClubReleaseFields on ClubRelease {
    id
    title
    chargeOn
    status
    noticeSent
    items {
      tierId
      productId
      productName
      quantity
    }
    report {
      pending
      charged
      retrying
      declined
      skipped
      held
      chargedCents
    }
  }
`);

export type ClubReleaseView = ResultOf<typeof CLUB_RELEASE_FIELDS>;

export const CLUB_RELEASES = graphql(
  `
    query ClubReleases($businessSlug: String!, $clubSlug: String!) {
      clubReleases(businessSlug: $businessSlug, clubSlug: $clubSlug) {
        ...ClubReleaseFields
      }
    }
  `,
  [CLUB_RELEASE_FIELDS],
);

export const CLUB_RELEASE_SHIPMENTS = graphql(`
  query ClubReleaseShipments($businessSlug: String!, $clubSlug: String!, $releaseId: Int!) {
    clubReleaseShipments(businessSlug: $businessSlug, clubSlug: $clubSlug, releaseId: $releaseId) {
      id
      memberName
      memberEmail
      outcome
      problems
      declineMessage
      tries
      nextTryOn
      amountCents
      orderId
      orderNumber
    }
  }
`);

export type ClubShipmentView = ResultOf<
  typeof CLUB_RELEASE_SHIPMENTS
>['clubReleaseShipments'][number];

/** The business's products, for composing a release (only published ones may go in one). */
export const RELEASE_PRODUCTS = graphql(`
  query ReleaseProducts($slug: String!) {
    businessProducts(slug: $slug) {
      id
      name
      status
      retailPricing {
        price_per_unit
        minimum_unit_count_for_price
      }
    }
  }
`);

export type ReleaseProduct = ResultOf<typeof RELEASE_PRODUCTS>['businessProducts'][number];

export const CREATE_CLUB_RELEASE = graphql(
  `
    mutation CreateClubRelease(
      $businessSlug: String!
      $clubSlug: String!
      $title: String!
      $chargeOn: String!
      $items: [ClubReleaseItemInput!]!
    ) {
      createClubRelease(
        businessSlug: $businessSlug
        clubSlug: $clubSlug
        title: $title
        chargeOn: $chargeOn
        items: $items
      ) {
        ...ClubReleaseFields
      }
    }
  `,
  [CLUB_RELEASE_FIELDS],
);

export const RETRY_FAILED_CLUB_SHIPMENTS = graphql(
  `
    mutation RetryFailedClubShipments(
      $businessSlug: String!
      $clubSlug: String!
      $releaseId: Int!
    ) {
      retryFailedClubShipments(
        businessSlug: $businessSlug
        clubSlug: $clubSlug
        releaseId: $releaseId
      ) {
        ...ClubReleaseFields
      }
    }
  `,
  [CLUB_RELEASE_FIELDS],
);

export const CLUB_MEMBERS = graphql(`
  query ClubMembers(
    $businessSlug: String!
    $clubSlug: String!
    $search: String
    $status: ClubMemberStatus
  ) {
    clubMembers(
      businessSlug: $businessSlug
      clubSlug: $clubSlug
      search: $search
      status: $status
    ) {
      membershipId
      name
      email
      tierName
      status
      joinedOn
      pausedUntil
      statusReason
      fulfillmentMode
      shipToState
    }
  }
`);

export type ClubMemberView = ResultOf<typeof CLUB_MEMBERS>['clubMembers'][number];
export type ClubMemberStatus = ClubMemberView['status'];

export const CLUB_FIGURES = graphql(`
  query ClubFigures($businessSlug: String!, $clubSlug: String!) {
    clubFigures(businessSlug: $businessSlug, clubSlug: $clubSlug) {
      activeMembers
      joinedThisMonth
      cancelledThisMonth
      involuntaryChurnThisMonth
      recoveredThisMonth
      nextReleaseOn
      nextReleaseExpectedCents
    }
  }
`);

export type ClubFiguresView = ResultOf<typeof CLUB_FIGURES>['clubFigures'];

export const CHANGE_CLUB_MEMBER = graphql(`
  mutation ChangeClubMember(
    $businessSlug: String!
    $clubSlug: String!
    $membershipId: Int!
    $action: String!
    $reason: String!
    $until: String
  ) {
    changeClubMember(
      businessSlug: $businessSlug
      clubSlug: $clubSlug
      membershipId: $membershipId
      action: $action
      reason: $reason
      until: $until
    )
  }
`);
