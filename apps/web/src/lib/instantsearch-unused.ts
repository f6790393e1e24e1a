/**
 * Stands in, in our build, for instantsearch.js modules that its InstantSearch class imports
 * whether or not the features they serve are on (see vite.config.ts). None of them is on in any
 * of our pages, and together they were some 20 KB gzipped of /shop's first download.
 */

function unused(feature: string): never {
  throw new Error(`InstantSearch's ${feature} is not part of this build; see vite.config.ts.`);
}

/**
 * URL routing (`routing`), with the qs package. The shop keeps its search in the address with
 * React Router instead: see features/shop/shop-url-sync.tsx.
 */
export function createRouterMiddleware(): never {
  return unused('URL routing');
}

/**
 * Algolia Insights events (`insights`), which we never turn on. InstantSearch adds them by itself
 * only when an answer carries Algolia's `_automaticInsights`, which our search never sends.
 */
export function createInsightsMiddleware(): never {
  return unused('Insights middleware');
}

/** Metadata for Algolia's crawler, added only when the visitor is that crawler. */
export function isMetadataEnabled(): boolean {
  return false;
}

export function createMetadataMiddleware(): never {
  return unused('crawler metadata');
}

/** Hydration of answers rendered on a server (`_initialResults`): our pages render in the browser. */
export function hydrateSearchClient(): never {
  return unused('server-side hydration');
}

export function hydrateRecommendCache(): never {
  return unused('server-side hydration');
}

/** The Hogan template helpers of InstantSearch.js's own DOM widgets; React widgets never use them. */
export default function createHelpers(): Record<string, never> {
  return {};
}
