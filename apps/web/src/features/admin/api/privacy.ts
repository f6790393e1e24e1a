import { graphql } from '../../../lib/graphql';

export const PRIVACY_REQUEST_FIELDS = graphql(`
  fragment PrivacyRequestFields on PrivacyRequest {
    id
    kind
    law
    channel
    status
    requesterName
    requesterEmail
    details
    receivedAt
    dueAt
    resolvedAt
    resolutionNote
    account {
      id
      name
      email
    }
  }
`);

export const PRIVACY_REQUESTS = graphql(
  `
    query PrivacyRequests($status: PrivacyRequestStatus) {
      privacyRequests(status: $status) {
        ...PrivacyRequestFields
      }
    }
  `,
  [PRIVACY_REQUEST_FIELDS],
);

export const RESOLVE_PRIVACY_REQUEST = graphql(
  `
    mutation ResolvePrivacyRequest($id: Int!, $outcome: PrivacyRequestOutcome!, $note: String) {
      resolvePrivacyRequest(id: $id, outcome: $outcome, note: $note) {
        ...PrivacyRequestFields
      }
    }
  `,
  [PRIVACY_REQUEST_FIELDS],
);
