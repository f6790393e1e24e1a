import { graphql } from '../graphql';

// Kept out of GetMe: only the dashboard and the application page need it, and GetMe runs on
// every page.
export const MY_WHOLESALE_APPLICATION = graphql(`
  query MyWholesaleApplication {
    me {
      id
      wholesaleApplication {
        id
        businessName
        licenseType
        licenseNumber
        issuingState
        licenseExpiresOn
        documentName
        status
        rejectionReason
        createdAt
        reviewedAt
      }
    }
  }
`);
