import { graphql } from '../../../lib/graphql';

export const SUBMIT_PRIVACY_REQUEST = graphql(`
  mutation SubmitPrivacyRequest(
    $name: String!
    $email: String!
    $kind: String!
    $region: String!
    $details: String
  ) {
    submitPrivacyRequest(
      name: $name
      email: $email
      kind: $kind
      region: $region
      details: $details
    ) {
      id
      law
      dueAt
    }
  }
`);

export const MY_PRIVACY = graphql(`
  query MyPrivacy {
    myPrivacy {
      gpcOptOutAt
      gpcSignalNow
      requests {
        id
        kind
        status
        channel
        receivedAt
        dueAt
        resolvedAt
      }
    }
  }
`);
