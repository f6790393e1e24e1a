import { isValidElement, lazy, useState, type ComponentType, type ReactNode } from 'react';
import { createRoutesFromChildren, matchRoutes } from 'react-router';

/** A component whose code is its own chunk, with a way to fetch that code before it renders. */
export interface LazyPage<Props extends object> {
  (props: Props): ReactNode;
  /** Fetches and runs the page's code; once settled, the page renders without suspending. */
  preload: () => Promise<void>;
}

/**
 * A page loaded on first use, like `React.lazy`, but one whose code is already here renders at
 * once instead of suspending. That matters for the first screen: a page that suspends shows its
 * fallback, and React then holds the page back for 300 ms more to avoid a flicker, which on a
 * landing page is 300 ms before the page can even ask for its data (issue 20).
 */
export function lazyPage<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): LazyPage<Props> {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<ComponentType<Props>> | undefined;
  const fetchCode = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A failed download may be retried by the next render.
        loading = undefined;
        throw error;
      },
    ));
  const Suspending = lazy(() => fetchCode().then((component) => ({ default: component })));
  function Page(props: Props) {
    // Chosen once per mount: switching from the lazy wrapper to the component would remount it.
    const [Shown] = useState<ComponentType<Props>>(() => loaded ?? Suspending);
    return <Shown {...props} />;
  }
  Page.preload = () => fetchCode().then(() => undefined);
  return Page;
}

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

const isLazyPage = (type: unknown): type is LazyPage<object> =>
  typeof type === 'function' && typeof (type as Partial<LazyPage<object>>).preload === 'function';

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
