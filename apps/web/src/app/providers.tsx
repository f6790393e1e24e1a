import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { Provider as GraphqlProvider } from 'urql';
import { graphqlClient } from '../lib/graphql-client';
import { cssVariablesResolver, theme } from './theme';

export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <GraphqlProvider value={graphqlClient}>{children}</GraphqlProvider>
    </MantineProvider>
  );
}
