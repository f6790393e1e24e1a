import { graphql, type ResultOf } from '../../../lib/graphql';

/** What a campaign did, as the list and the report show it. */
export const CAMPAIGN_REPORT_FIELDS = graphql(`
  fragment CampaignReportFields on CampaignReport {
    recipients
    waiting
    sent
    refused
    skipped
    unsubscribed
    complaints
    clicks
    clickers
    orders
    revenueCents
  }
`);

export type CampaignReport = ResultOf<typeof CAMPAIGN_REPORT_FIELDS>;

/** A campaign as the list shows it: no body and no rendered email, which cost to fetch. */
export const CAMPAIGN_SUMMARY_FIELDS = graphql(
  `
    fragment CampaignSummaryFields on Campaign {
      id
      subject
      audience
      status
      scheduledAt
      startedAt
      finishedAt
      updatedAt
      report {
        ...CampaignReportFields
      }
    }
  `,
  [CAMPAIGN_REPORT_FIELDS],
);

export type CampaignSummary = ResultOf<typeof CAMPAIGN_SUMMARY_FIELDS>;

/** A campaign as its own page shows it: its body to edit, and the email to preview. */
export const CAMPAIGN_FIELDS = graphql(
  `
    fragment CampaignFields on Campaign {
      ...CampaignSummaryFields
      preview
      segmentId
      segmentName
      previewHtml
      blocks {
        kind
        html
        productId
        clubId
        eventId
      }
    }
  `,
  [CAMPAIGN_SUMMARY_FIELDS],
);

export type CampaignView = ResultOf<typeof CAMPAIGN_FIELDS>;
export type CampaignStatus = CampaignView['status'];

export const CAMPAIGNS = graphql(
  `
    query Campaigns($businessSlug: String!) {
      campaigns(businessSlug: $businessSlug) {
        ...CampaignSummaryFields
      }
    }
  `,
  [CAMPAIGN_SUMMARY_FIELDS],
);

export const CAMPAIGN = graphql(
  `
    query Campaign($businessSlug: String!, $id: Int!) {
      campaign(businessSlug: $businessSlug, id: $id) {
        ...CampaignFields
      }
    }
  `,
  [CAMPAIGN_FIELDS],
);

/** Whom a campaign can go to: everyone who agreed to email (counted here), or a segment. */
export const CAMPAIGN_AUDIENCES = graphql(`
  query CampaignAudiences($businessSlug: String!) {
    segments(businessSlug: $businessSlug) {
      id
      name
      count
      subscribedCount
    }
    subscribed: customers(businessSlug: $businessSlug, filter: { subscribedOnly: true }, limit: 1) {
      total
    }
  }
`);

export type CampaignSegment = ResultOf<typeof CAMPAIGN_AUDIENCES>['segments'][number];

/**
 * What catalogue blocks can show: the business's products (retail prices only; drafts are
 * filtered out on the page), its clubs and its events.
 */
export const CAMPAIGN_CATALOGUE = graphql(`
  query CampaignCatalogue($businessSlug: String!) {
    businessProducts(slug: $businessSlug) {
      id
      name
      status
      retailPricing {
        price_per_unit
        minimum_unit_count_for_price
      }
    }
    clubsToManage(businessSlug: $businessSlug) {
      id
      name
      status
      isSubscription
      memberDiscountBasisPoints
      tiers {
        id
        priceBasis
        fixedPriceCents
      }
    }
    eventsToManage(businessSlug: $businessSlug) {
      id
      title
      when
      endsAt
      cancelled
      ticketTypes {
        id
        priceCents
      }
    }
  }
`);

export type CampaignCatalogue = ResultOf<typeof CAMPAIGN_CATALOGUE>;

export const SAVE_CAMPAIGN = graphql(
  `
    mutation SaveCampaign(
      $businessSlug: String!
      $id: Int
      $subject: String!
      $preview: String
      $segmentId: Int
      $blocks: [CampaignBlockInput!]!
    ) {
      saveCampaign(
        businessSlug: $businessSlug
        id: $id
        subject: $subject
        preview: $preview
        segmentId: $segmentId
        blocks: $blocks
      ) {
        ...CampaignFields
      }
    }
  `,
  [CAMPAIGN_FIELDS],
);

export const DELETE_CAMPAIGN = graphql(`
  mutation DeleteCampaign($businessSlug: String!, $id: Int!) {
    deleteCampaign(businessSlug: $businessSlug, id: $id)
  }
`);

export const SEND_TEST_CAMPAIGN = graphql(`
  mutation SendTestCampaign($businessSlug: String!, $id: Int!) {
    sendTestCampaign(businessSlug: $businessSlug, id: $id)
  }
`);

export const SCHEDULE_CAMPAIGN = graphql(
  `
    mutation ScheduleCampaign($businessSlug: String!, $id: Int!, $at: String) {
      scheduleCampaign(businessSlug: $businessSlug, id: $id, at: $at) {
        ...CampaignFields
      }
    }
  `,
  [CAMPAIGN_FIELDS],
);

export const CANCEL_CAMPAIGN = graphql(
  `
    mutation CancelCampaign($businessSlug: String!, $id: Int!) {
      cancelCampaign(businessSlug: $businessSlug, id: $id) {
        ...CampaignFields
      }
    }
  `,
  [CAMPAIGN_FIELDS],
);

/**
 * urql's document cache refetches a query when a mutation answers a type it holds; deleting
 * answers a Boolean, so name the type outright.
 */
export const CAMPAIGN_TYPENAMES = { additionalTypenames: ['Campaign'] };
