import { isValidElement, type ComponentType, type ReactNode } from 'react';
import { createRoutesFromChildren, matchRoutes } from 'react-router';
import { preloadable, type Preloadable } from '../lib/preloadable';

/**
 * A page loaded on first use, which renders at once once its code is here: a page that suspends
 * shows its fallback, and React then holds the page back for 300 ms more to avoid a flicker,
 * which on a landing page is 300 ms before the page can even ask for its data (issue 20).
 */
export const lazyPage = preloadable;

/**
 * A page that uses GraphQL hooks: its chunk and the GraphQL client load together, and the page
 * gets the client. The shop and the content pages do without, so a visitor's first load of /shop
 * carries no GraphQL client.
 */
export function graphqlPage<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  return lazyPage(async () => {
    const [Page, { GraphqlProvider }] = await Promise.all([load(), import('./graphql-provider')]);
    function PageWithGraphql(props: Props) {
      return (
        <GraphqlProvider>
          <Page {...props} />
        </GraphqlProvider>
      );
    }
    return PageWithGraphql;
  });
}

const isLazyPage = (type: unknown): type is Preloadable<object> =>
  typeof type === 'function' &&
  typeof (type as Partial<Preloadable<object>>).preload === 'function';

/**
 * Fetches the code of every lazy page and layout that `routes` (<Route> elements) show at
 * `pathname`. Settles when all have loaded, or one has failed (the page then shows its error).
 */
export async function preloadRoutes(routes: ReactNode, pathname: string): Promise<void> {
  const matches = matchRoutes(createRoutesFromChildren(routes), pathname) ?? [];
  await Promise.all(
    matches.flatMap(({ route }) => {
      const type: unknown = isValidElement(route.element) ? route.element.type : undefined;
      return isLazyPage(type) ? [type.preload()] : [];
    }),
  );
}
