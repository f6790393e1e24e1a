import { NativeSelect } from '@mantine/core';
import { useEffect } from 'react';
import { useInstantSearch, useSortBy } from 'react-instantsearch';

/**
 * The shop's sort control. Each sort is one of the product index's replicas, as in Algolia
 * (products_price_asc, ...); the server decides which prices a price sort reads for the caller.
 */
export function SortSelect({
  productIndex,
  distanceKnown,
  distancePossible,
}: {
  productIndex: string;
  /** Pickup or delivery with a located ZIP code: Distance is offered. */
  distanceKnown: boolean;
  /** Distance could still apply (a ZIP code is being looked up), so a chosen one is kept. */
  distancePossible: boolean;
}) {
  const distanceIndex = `${productIndex}_distance`;
  const chosen = useInstantSearch().indexUiState.sortBy;
  const { currentRefinement, options, refine } = useSortBy({
    items: [
      { label: 'Relevance', value: productIndex },
      { label: 'Price: low to high', value: `${productIndex}_price_asc` },
      { label: 'Price: high to low', value: `${productIndex}_price_desc` },
      ...(distanceKnown || (distancePossible && chosen === distanceIndex)
        ? [{ label: 'Distance', value: distanceIndex }]
        : []),
      { label: 'Newest', value: `${productIndex}_newest` },
    ],
  });
  useEffect(() => {
    if (!distancePossible && currentRefinement === distanceIndex) refine(productIndex);
  }, [distancePossible, currentRefinement, distanceIndex, productIndex, refine]);

  return (
    <NativeSelect
      label="Sort by"
      size="sm"
      data={options}
      value={currentRefinement}
      onChange={(event) => refine(event.currentTarget.value)}
      w="100%"
    />
  );
}
