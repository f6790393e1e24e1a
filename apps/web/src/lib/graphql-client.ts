import { Client, cacheExchange, fetchExchange, mapExchange } from '@urql/core';
import { mutationTouchesMe, reloadMe } from './me-store';

/** GraphQL over POST to /graphql with cookies, as the original's client sends it. */
export const graphqlClient = new Client({
  url: '/graphql',
  exchanges: [
    // GetMe is fetched outside urql (see me-store); refetch it when a mutation's answer touches
    // its types, as urql's cache does for the queries it holds.
    mapExchange({
      onResult(result) {
        const { kind, context } = result.operation;
        if (kind === 'mutation' && mutationTouchesMe(result.data, context.additionalTypenames)) {
          void reloadMe();
        }
      },
    }),
    cacheExchange,
    fetchExchange,
  ],
  preferGetMethod: false,
  fetchOptions: { credentials: 'include' },
});
