import type { BuyerKind, WholesaleApplicationView } from '@bevy/core';
import { useCallback } from 'react';
import { gql, useClient, useQuery } from 'urql';

/** The signed-in user, as GetMe returns it (null when anonymous). */
export interface Me {
  id: number;
  name: string;
  is_admin: boolean;
  email: string;
  seesWholesalePricing: boolean;
  /** Last day of approved wholesale access (YYYY-MM-DD), or null. */
  wholesaleAccessExpiresOn: string | null;
  works_at: { id: number; name: string; slug: string }[];
}

const GET_ME = gql`
  query GetMe {
    me {
      id
      name
      is_admin
      email
      seesWholesalePricing
      wholesaleAccessExpiresOn
      works_at {
        id
        name
        slug
      }
    }
  }
`;

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

export function useMe(): { me: Me | null; fetching: boolean } {
  const [result] = useQuery<{ me: Me | null }>({ query: GET_ME });
  return { me: result.data?.me ?? null, fetching: result.fetching };
}

/** Which prices the signed-in user shops with; the server decides the same from its database. */
export function useBuyerKind(): BuyerKind {
  const { me } = useMe();
  return me?.seesWholesalePricing ? 'wholesale' : 'retail';
}

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

/**
 * Fetches the user afresh after the session changes (sign-up, log-in) or their wholesale state
 * does. urql shares results by query, so every mounted useMe() sees the new answer; the promise
 * settles once it has arrived, so callers can navigate afterwards without showing stale data.
 */
export function useRefreshMe(): () => Promise<void> {
  const client = useClient();
  return useCallback(async () => {
    await Promise.all([
      client.query(GET_ME, {}, { requestPolicy: 'network-only' }).toPromise(),
      client.query(MY_WHOLESALE_APPLICATION, {}, { requestPolicy: 'network-only' }).toPromise(),
    ]);
  }, [client]);
}

/** The user's most recent wholesale application, as far as the applicant needs to see it. */
export type MyWholesaleApplication = Omit<
  WholesaleApplicationView,
  'documentType' | 'documentUrl' | 'applicant'
>;
