/**
 * GetMe's text, which me-store sends with a plain POST: this module imports nothing, so the
 * GraphQL client and parser stay out of what every page loads. Its typed document is in me.ts.
 */
// __typename as urql would add it: a mutation returning one of these types refetches GetMe.
export const GET_ME_SOURCE = `query GetMe {
  me {
    __typename
    id
    name
    is_admin
    email
    seesWholesalePricing
    wholesaleAccessExpiresOn
    works_at {
      __typename
      id
      name
      slug
    }
  }
}`;
