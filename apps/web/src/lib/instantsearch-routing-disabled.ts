/**
 * Stands in for instantsearch.js's router middleware in our build (see vite.config.ts).
 * InstantSearch imports its URL router, and with it the qs package, even when the `routing`
 * option is off, as it is on every search page here; this stub keeps that code out of /shop.
 * The shop keeps its search in the address without it: see features/shop/shop-url-sync.tsx.
 */
export function createRouterMiddleware(): never {
  throw new Error('InstantSearch URL routing is disabled in this build; see vite.config.ts.');
}
