import { Stack } from '@mantine/core';
import type { ComponentProps } from 'react';
import { FulfillmentPanel } from './fulfillment-panel';
import { ProducerSearch } from './producer-search';
import { ShopRefiners } from './shop-refiners';

type ShopFiltersProps = ComponentProps<typeof FulfillmentPanel> & {
  /** The producer search's client, once there is one. */
  searchClient: ComponentProps<typeof ProducerSearch>['searchClient'] | null;
};

/**
 * The shop's filters: the fulfillment choice, the refiners and the producer search. Their own
 * chunk (shop-page.tsx loads it), as a phone's first paint shows none of them: they sit in the
 * drawer behind the Filters button.
 */
export function ShopFilters({ searchClient, ...fulfillment }: ShopFiltersProps) {
  return (
    <Stack gap="xl">
      <FulfillmentPanel {...fulfillment} />
      <ShopRefiners />
      {searchClient ? (
        <ProducerSearch searchClient={searchClient} buyer={fulfillment.buyer} />
      ) : null}
    </Stack>
  );
}
