import type { BuyerKind } from '@bevy/core';
import { gql, useQuery } from 'urql';

/** The signed-in user, as GetMe returns it (null when anonymous). */
export interface Me {
  name: string;
  is_admin: boolean;
  email: string;
  seesWholesalePricing: boolean;
  works_at: { id: number; name: string; slug: string }[];
}

const GET_ME = gql`
  query GetMe {
    me {
      name
      is_admin
      email
      seesWholesalePricing
      works_at {
        id
        name
        slug
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
