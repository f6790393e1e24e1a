import { useQuery } from 'urql';
import { MY_WHOLESALE_APPLICATION } from './api/wholesale-application';
import { graphqlClient } from './graphql-client';
import type { ResultOf } from './graphql';

/** The user's most recent wholesale application, as far as the applicant needs to see it. */
export type MyWholesaleApplication = NonNullable<
  NonNullable<ResultOf<typeof MY_WHOLESALE_APPLICATION>['me']>['wholesaleApplication']
>;

export function useMyWholesaleApplication(): {
  application: MyWholesaleApplication | null;
  fetching: boolean;
  error: string | null;
} {
  const [result] = useQuery({ query: MY_WHOLESALE_APPLICATION });
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
