import type { WholesaleApplicationView } from '@bevy/core';
import { gql, useQuery } from 'urql';
import { graphqlClient } from './graphql-client';

/** The user's most recent wholesale application, as far as the applicant needs to see it. */
export type MyWholesaleApplication = Omit<
  WholesaleApplicationView,
  'documentType' | 'documentUrl' | 'applicant'
>;

// Kept out of GetMe: only the dashboard and the application page need it, and GetMe runs on
// every page.
const MY_WHOLESALE_APPLICATION = gql`
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
`;

export function useMyWholesaleApplication(): {
  application: MyWholesaleApplication | null;
  fetching: boolean;
  error: string | null;
} {
  const [result] = useQuery<{
    me: { id: number; wholesaleApplication: MyWholesaleApplication | null } | null;
  }>({ query: MY_WHOLESALE_APPLICATION });
  return {
    application: result.data?.me?.wholesaleApplication ?? null,
    fetching: result.fetching,
    error: result.error ? (result.error.graphQLErrors[0]?.message ?? result.error.message) : null,
  };
}

/** Fetches the application afresh; every mounted useMyWholesaleApplication() sees the answer. */
export async function refetchMyWholesaleApplication(): Promise<void> {
  await graphqlClient
    .query(MY_WHOLESALE_APPLICATION, {}, { requestPolicy: 'network-only' })
    .toPromise();
}
