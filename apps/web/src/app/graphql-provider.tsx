import type { ReactNode } from 'react';
import { Provider } from 'urql';
import { graphqlClient } from '../lib/graphql-client';

/** Gives the pages that use GraphQL hooks the one shared client (and so one shared cache). */
export function GraphqlProvider({ children }: { children: ReactNode }) {
  return <Provider value={graphqlClient}>{children}</Provider>;
}
