import { distanceMiles, type BuyerKind, type LatLng, type ProductHit } from '@bevy/core';
import { Alert, Center, Loader, SimpleGrid, Text } from '@mantine/core';
import { memo, useDeferredValue } from 'react';
import { useHits, useInstantSearch } from 'react-instantsearch';
import { ProductTile, sameTileProduct } from './product-tile';

// Every keystroke re-renders the results (when its search starts and when the answer comes),
// and the answer often holds products already on screen: only tiles that change render again.
const ResultTile = memo(
  ProductTile,
  (before, after) =>
    before.buyer === after.buyer &&
    before.unavailable === after.unavailable &&
    before.awayMiles === after.awayMiles &&
    before.edit === after.edit &&
    sameTileProduct(before.hit, after.hit),
);

interface SearchResultsProps {
  buyer: BuyerKind;
  cols?: { base: number; sm?: number; lg?: number };
  emptyMessage: string;
  /** Why a hit cannot reach this buyer, if it cannot: it is still listed, but disabled. */
  unavailableReason?: (hit: ProductHit) => string | null;
  /** The buyer's location: each tile says how far away its producer is. */
  origin?: LatLng | null;
  /** Names the results (e.g. for a skip link to move focus to); the count line carries it. */
  id?: string;
  /** The count line, e.g. "12 products"; by default that. */
  describeCount?: (count: number) => string;
}

const countProducts = (count: number) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? 'product' : 'products'}`;

/** Product tiles for the current results, with loading, error and empty states. */
export function SearchResults({
  buyer,
  cols,
  emptyMessage,
  unavailableReason,
  origin,
  id,
  describeCount = countProducts,
}: SearchResultsProps) {
  const { items, results } = useHits<ProductHit & Record<string, unknown>>();
  const { status, error } = useInstantSearch();
  // The first answer mounts every tile at once, the heaviest render the page does: deferred, React
  // renders it in slices of a few milliseconds, so the phone stays responsive (a tap, a key) while
  // the tiles come (Total Blocking Time, issue 20). Later answers change a few tiles, at once.
  const answered = useDeferredValue(Boolean(results && !results.__isArtificial));

  if (status === 'error') {
    return (
      <Alert color="red" title="Search is not available right now" role="alert">
        {error?.message ?? 'Please try again in a moment.'}
      </Alert>
    );
  }
  // Until the first answer, InstantSearch's results are an empty placeholder, also while it is
  // idle between mounting and sending the search: that is not "no products".
  if (!results || results.__isArtificial || !answered) {
    return (
      // A screen tall, as the tiles will be: what follows is not pushed down when they come.
      <Center py="xl" role="status" mih="100vh" style={{ alignItems: 'flex-start' }}>
        <Loader size="sm" aria-hidden />
        <Text ml="sm">Loading...</Text>
      </Center>
    );
  }
  return (
    <>
      <Text
        fz="sm"
        c="dark.6"
        role="status"
        aria-live="polite"
        id={id}
        tabIndex={id ? -1 : undefined}
      >
        {status === 'stalled' ? 'Loading...' : describeCount(results.nbHits)}
      </Text>
      {items.length === 0 ? (
        <Text py="xl">{emptyMessage}</Text>
      ) : (
        <SimpleGrid cols={cols ?? { base: 1, sm: 2, lg: 3 }} spacing="md" mt="sm">
          {items.map((hit) => (
            <ResultTile
              key={hit.objectID}
              hit={hit}
              buyer={buyer}
              unavailable={unavailableReason?.(hit) ?? null}
              awayMiles={origin && hit._geoloc ? distanceMiles(hit._geoloc, origin) : null}
            />
          ))}
        </SimpleGrid>
      )}
    </>
  );
}
