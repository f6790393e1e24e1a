import { initGraphQLTada } from 'gql.tada';
import type { introspection } from './graphql-env';

/**
 * `graphql()` documents typed from apps/server/schema.graphql (see graphql-env.d.ts, written by
 * `npm run graphql:generate`). Fragments are not masked: they name field sets that several
 * operations share, and their fields read straight from each result.
 */
export const graphql = initGraphQLTada<{ introspection: introspection; disableMasking: true }>();

export type { ResultOf, VariablesOf } from 'gql.tada';
