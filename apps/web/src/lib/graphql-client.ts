import { Client, cacheExchange, fetchExchange } from '@urql/core';

/** GraphQL over POST to /graphql with cookies, as the original's client sends it. */
export const graphqlClient = new Client({
  url: '/graphql',
  exchanges: [cacheExchange, fetchExchange],
  preferGetMethod: false,
  fetchOptions: { credentials: 'include' },
});
