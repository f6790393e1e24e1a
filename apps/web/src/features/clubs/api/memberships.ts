import { graphql } from '../../../lib/graphql';

/** A club's public page: the club, its tiers with their renewal terms, and the viewer's membership. */
export const CLUB_PAGE = graphql(`
  query ClubPage($businessSlug: String!, $clubSlug: String!) {
    club(businessSlug: $businessSlug, clubSlug: $clubSlug) {
      businessName
      businessSlug
      shipsToStates
      viewerMembershipId
      club {
        id
        slug
        name
        description
        imageUrl
        cadence
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
          bottleImageUrl
        }
        tiers {
          id
          name
          bottles
          priceBasis
          fixedPriceCents
          renewalTerms
          renewalTermsByCadence {
            cadence
            text
          }
        }
      }
    }
  }
`);

/** What a member sees of a membership. */
export const MEMBERSHIP_FIELDS = graphql(`
  fragment MembershipFields on Membership {
    id
    status
    pausedUntil
    joinedOn
    clubName
    clubSlug
    isSubscription
    cadence
    nextChargeOn
    businessName
    businessSlug
    skipsPerYear
    skipsUsed
    offersPickup
    offersDelivery
    offersShipping
    fulfillmentMode
    address {
      name
      line1
      line2
      city
      state
      zip
    }
    card {
      brand
      last4
      expMonth
      expYear
    }
    renewalTerms
    tier {
      id
      name
      bottles
      priceBasis
    }
    tiers {
      id
      name
      bottles
      priceBasis
      fixedPriceCents
      renewalTerms
      renewalTermsByCadence {
        cadence
        text
      }
    }
    nextRelease {
      id
      title
      chargeOn
      customizeThrough
      canChange
      skipped
      customized
      subtotalCents
      totalCents
      unavailable
      lines {
        productId
        name
        quantity
        unitPriceCents
      }
    }
    history {
      releaseTitle
      chargeOn
      outcome
      orderId
      orderNumber
      amountCents
      problems
      declineMessage
      nextTryOn
    }
  }
`);

export const MY_MEMBERSHIPS = graphql(
  `
    query MyMemberships {
      myMemberships {
        ...MembershipFields
      }
    }
  `,
  [MEMBERSHIP_FIELDS],
);

export const MEMBERSHIP = graphql(
  `
    query Membership($id: Int!) {
      membership(id: $id) {
        ...MembershipFields
        swapChoices {
          productId
          name
          memberPriceCents
        }
      }
    }
  `,
  [MEMBERSHIP_FIELDS],
);

export const JOIN_CLUB = graphql(
  `
    mutation JoinClub($businessSlug: String!, $clubSlug: String!, $input: JoinClubInput!) {
      joinClub(businessSlug: $businessSlug, clubSlug: $clubSlug, input: $input) {
        ...MembershipFields
      }
    }
  `,
  [MEMBERSHIP_FIELDS],
);

export const SKIP_RELEASE = graphql(
  `
    mutation SkipClubRelease($membershipId: Int!, $releaseId: Int!, $skip: Boolean!) {
      skipClubRelease(membershipId: $membershipId, releaseId: $releaseId, skip: $skip) {
        ...MembershipFields
      }
    }
  `,
  [MEMBERSHIP_FIELDS],
);

export const CHANGE_RELEASE_LINES = graphql(
  `
    mutation ChangeClubReleaseLines(
      $membershipId: Int!
      $releaseId: Int!
      $lines: [ClubReleaseLineInput!]!
    ) {
      changeClubReleaseLines(membershipId: $membershipId, releaseId: $releaseId, lines: $lines) {
        ...MembershipFields
      }
    }
  `,
  [MEMBERSHIP_FIELDS],
);

export const PAUSE_MEMBERSHIP = graphql(
  `
    mutation PauseMembership($membershipId: Int!, $until: String) {
      pauseMembership(membershipId: $membershipId, until: $until) {
        ...MembershipFields
      }
    }
  `,
  [MEMBERSHIP_FIELDS],
);

export const CANCEL_MEMBERSHIP = graphql(
  `
    mutation CancelMembership($membershipId: Int!, $reason: String) {
      cancelMembership(membershipId: $membershipId, reason: $reason) {
        ...MembershipFields
      }
    }
  `,
  [MEMBERSHIP_FIELDS],
);

export const CHANGE_TIER = graphql(
  `
    mutation ChangeMembershipTier($membershipId: Int!, $tierId: Int!) {
      changeMembershipTier(membershipId: $membershipId, tierId: $tierId) {
        ...MembershipFields
      }
    }
  `,
  [MEMBERSHIP_FIELDS],
);

export const CHANGE_DELIVERY = graphql(
  `
    mutation ChangeMembershipDelivery(
      $membershipId: Int!
      $mode: String!
      $address: OrderAddressInput
    ) {
      changeMembershipDelivery(membershipId: $membershipId, mode: $mode, address: $address) {
        ...MembershipFields
      }
    }
  `,
  [MEMBERSHIP_FIELDS],
);

export const UPDATE_CARD = graphql(
  `
    mutation UpdateMembershipCard(
      $membershipId: Int!
      $idempotencyKey: String!
      $payment: PaymentInput!
    ) {
      updateMembershipCard(
        membershipId: $membershipId
        idempotencyKey: $idempotencyKey
        payment: $payment
      ) {
        ...MembershipFields
      }
    }
  `,
  [MEMBERSHIP_FIELDS],
);
