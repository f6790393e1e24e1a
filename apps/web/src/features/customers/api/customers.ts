import { graphql, type ResultOf, type VariablesOf } from '../../../lib/graphql';

/** One page of the business's customers, biggest spenders first. */
export const CUSTOMERS = graphql(`
  query Customers($businessSlug: String!, $filter: SegmentFilterInput, $offset: Int, $limit: Int) {
    customers(businessSlug: $businessSlug, filter: $filter, offset: $offset, limit: $limit) {
      total
      customers {
        userId
        name
        email
        lifetimeValueCents
        orderCount
        lastOrderAt
        state
        clubStatus
        tickets
        followedAt
        consent {
          status
          source
          requestedAt
          confirmedAt
          withdrawnAt
          withdrawnVia
        }
      }
    }
  }
`);

export type CustomerRow = ResultOf<typeof CUSTOMERS>['customers']['customers'][number];
export type ConsentEvidence = NonNullable<CustomerRow['consent']>;
/** The filter as the API takes it. */
export type SegmentFilterInput = NonNullable<VariablesOf<typeof CUSTOMERS>['filter']>;

/** What the segments panel shows of a saved segment. */
export const SEGMENT_FIELDS = graphql(`
  fragment SegmentFields on Segment {
    id
    name
    filter {
      relationship
      boughtWithinDays
      beverageType
      minSpentCents
      states
      subscribedOnly
    }
    count
    subscribedCount
    updatedAt
  }
`);

export type SavedSegment = ResultOf<typeof SEGMENT_FIELDS>;
export type SavedSegmentFilter = SavedSegment['filter'];

export const SEGMENTS = graphql(
  `
    query Segments($businessSlug: String!) {
      segments(businessSlug: $businessSlug) {
        ...SegmentFields
      }
    }
  `,
  [SEGMENT_FIELDS],
);

export const SAVE_SEGMENT = graphql(
  `
    mutation SaveSegment(
      $businessSlug: String!
      $id: Int
      $name: String!
      $filter: SegmentFilterInput!
    ) {
      saveSegment(businessSlug: $businessSlug, id: $id, name: $name, filter: $filter) {
        ...SegmentFields
      }
    }
  `,
  [SEGMENT_FIELDS],
);

export const DELETE_SEGMENT = graphql(`
  mutation DeleteSegment($businessSlug: String!, $id: Int!) {
    deleteSegment(businessSlug: $businessSlug, id: $id)
  }
`);
