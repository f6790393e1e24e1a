import type { BuyerKind } from '@bevy/core';
import type { SearchClient } from 'instantsearch.js';
import { lazy, Suspense } from 'react';

// Not needed for the shop's first paint, so it stays out of the page's first download.
const ProducerSearchPanel = lazy(() =>
  import('./producer-search-panel').then((m) => ({ default: m.ProducerSearchPanel })),
);

/** The shop's "Find a producer" search over the business index. */
export function ProducerSearch(props: { searchClient: SearchClient; buyer: BuyerKind }) {
  return (
    <Suspense fallback={null}>
      <ProducerSearchPanel {...props} />
    </Suspense>
  );
}
