import type { BuyerKind, ProductHit } from '@bevy/core';
import { Alert, Center, Loader, SimpleGrid, Text } from '@mantine/core';
import { memo } from 'react';
import { useHits, useInstantSearch } from 'react-instantsearch';
import { ProductTile, sameTileProduct } from './product-tile';

// Every keystroke re-renders the results (when its search starts and when the answer comes),
// and the answer often holds products already on screen: only tiles that change render again.
const ResultTile = memo(
  ProductTile,
  (before, after) =>
    before.buyer === after.buyer &&
    before.unavailable === after.unavailable &&
    before.edit === after.edit &&
    sameTileProduct(before.hit, after.hit),
);

interface SearchResultsProps {
  buyer: BuyerKind;
  cols?: { base: number; sm?: number; lg?: number };
  emptyMessage: string;
  /** Why a hit cannot reach this buyer, if it cannot: it is still listed, but disabled. */
  unavailableReason?: (hit: ProductHit) => string | null;
}

/** Product tiles for the current results, with loading, error and empty states. */
export function SearchResults({
  buyer,
  cols,
  emptyMessage,
  unavailableReason,
}: SearchResultsProps) {
  const { items, results } = useHits<ProductHit & Record<string, unknown>>();
  const { status, error } = useInstantSearch();

  if (status === 'error') {
    return (
      <Alert color="red" title="Search is not available right now" role="alert">
        {error?.message ?? 'Please try again in a moment.'}
      </Alert>
    );
  }
  const searching = status === 'loading' || status === 'stalled';
  if (!results || (results.__isArtificial && searching)) {
    return (
      <Center py="xl" role="status">
        <Loader size="sm" aria-hidden />
        <Text ml="sm">Loading...</Text>
      </Center>
    );
  }
  return (
    <>
      <Text fz="sm" c="dark.6" role="status" aria-live="polite">
        {status === 'stalled'
          ? 'Loading...'
          : `${results.nbHits.toLocaleString('en-US')} ${results.nbHits === 1 ? 'product' : 'products'}`}
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
            />
          ))}
        </SimpleGrid>
      )}
    </>
  );
}
