import { graphql } from '../../../lib/graphql';

export const APPLICATION_FIELDS = graphql(`
  fragment ApplicationFields on WholesaleApplication {
    id
    businessName
    licenseType
    licenseNumber
    issuingState
    licenseExpiresOn
    documentName
    documentType
    documentUrl
    status
    rejectionReason
    createdAt
    reviewedAt
    applicant {
      id
      name
      email
    }
    vouchedBy {
      name
      slug
    }
  }
`);

export const WHOLESALE_APPLICATIONS = graphql(
  `
    query WholesaleApplications($status: WholesaleStatus) {
      wholesaleApplications(status: $status) {
        ...ApplicationFields
      }
    }
  `,
  [APPLICATION_FIELDS],
);

export const REVIEW_APPLICATION = graphql(
  `
    mutation ReviewWholesaleApplication($id: Int!, $approve: Boolean!, $reason: String) {
      reviewWholesaleApplication(id: $id, approve: $approve, reason: $reason) {
        ...ApplicationFields
      }
    }
  `,
  [APPLICATION_FIELDS],
);
