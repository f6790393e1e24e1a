import type { Middleware, UiState } from 'instantsearch.js';
import { useEffect, useRef } from 'react';
import { useInstantSearch } from 'react-instantsearch';
import { useLocation, useNavigate } from 'react-router';
import {
  formatShopRoute,
  indexUiStateToRoute,
  isTypingChange,
  parseShopRoute,
  routeToIndexUiState,
  sameFulfillmentInAddress,
  type FulfillmentChoice,
} from './shop-url-state';

/**
 * Keeps the shop's address in step with its search (query, refiners, page, sort) and the
 * fulfillment choice, through React Router so Back and Forward restore them. InstantSearch's own
 * `routing` is not used: its router brings the qs package into the shop's first download (see
 * lib/instantsearch-unused.ts), and it knows nothing of the fulfillment choice.
 */
export function ShopUrlSync({
  productIndex,
  fulfillment,
  onRestoreFulfillment,
}: {
  productIndex: string;
  fulfillment: FulfillmentChoice;
  /** Back or Forward reached an address with another fulfillment choice. */
  onRestoreFulfillment: (fulfillment: FulfillmentChoice) => void;
}) {
  const { addMiddlewares, setIndexUiState, indexUiState } = useInstantSearch();
  const location = useLocation();
  const navigate = useNavigate();
  const latest = useRef({ fulfillment, navigate, indexUiState, onRestoreFulfillment });
  useEffect(() => {
    latest.current = { fulfillment, navigate, indexUiState, onRestoreFulfillment };
  });
  /** The query string this page wrote last: any other one came from Back, Forward or a link. */
  const written = useRef(location.search);
  /** The shop's own path: once the window shows another page, the shop is on its way out. */
  const shopPath = useRef(location.pathname);
  const onShop = () => window.location.pathname === shopPath.current;

  const write = useRef((state: UiState[string] | undefined) => {
    const { fulfillment: choice, navigate: go } = latest.current;
    const search = formatShopRoute(indexUiStateToRoute(state, choice, productIndex));
    const current = window.location.search;
    if (!onShop() || search === current || (search === '' && current === '?')) return;
    written.current = search;
    void go(
      { search, hash: window.location.hash },
      // Only the query changes: the reader stays where they are (lib/scroll-restoration.ts).
      { replace: isTypingChange(current, search) },
    );
  });

  useEffect(() => {
    const middleware: Middleware = () => ({
      $$type: 'bevy.shop-url',
      onStateChange: ({ uiState }) => write.current(uiState[productIndex]),
      subscribe: () => {},
      unsubscribe: () => {},
    });
    return addMiddlewares(middleware);
  }, [addMiddlewares, productIndex]);

  // A new fulfillment choice goes into the address too, unless it came from the address (the
  // first render, or Back and Forward restoring it).
  const { mode, zip, radiusMiles } = fulfillment;
  useEffect(() => {
    const inAddress = parseShopRoute(window.location.search);
    if (sameFulfillmentInAddress({ mode, zip, radiusMiles }, inAddress)) return;
    write.current(latest.current.indexUiState);
  }, [mode, zip, radiusMiles]);

  // Back, Forward (or a link to the shop) changed the address: show what it says. The address is
  // read from the window, not the router: the router shows a new address in a transition, which a
  // busy page can put off until Back has taken the address back, and then it reports no change.
  const restoreFromAddress = useRef(() => {
    const search = window.location.search;
    if (!onShop() || search === written.current) return;
    written.current = search;
    const route = parseShopRoute(search);
    const restored = { mode: route.mode, zip: route.zip, radiusMiles: route.radiusMiles };
    // Set before the search state, whose change writes the address from it.
    latest.current.fulfillment = restored;
    latest.current.onRestoreFulfillment(restored);
    setIndexUiState((previous) => ({
      ...routeToIndexUiState(route, productIndex),
      ...(previous.configure ? { configure: previous.configure } : {}),
    }));
  });
  useEffect(() => {
    const restore = () => restoreFromAddress.current();
    window.addEventListener('popstate', restore);
    return () => window.removeEventListener('popstate', restore);
  }, []);
  useEffect(() => restoreFromAddress.current(), [location.search]);

  return null;
}
