import {
  deliveryRefusal,
  describeDeliveryRefusal,
  fulfillmentSearchFilter,
  milesToMeters,
  PICKUP_RADIUS_MILES,
  SEARCH_STALLED_DELAY_MS,
  SHOP_HITS_PER_PAGE,
  type FulfillmentMode,
  type ProductHit,
} from '@bevy/core';
import { Box, Center, Container, Grid, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useRef, useState } from 'react';
import { Configure, InstantSearch } from 'react-instantsearch';
import { Navigate } from 'react-router';
import { ClearRefinements } from '../../components/clear-refinements';
import { RefinementFacet } from '../../components/refinement-facet';
import { SearchBox } from '../../components/search-box';
import { SearchPagination } from '../../components/search-pagination';
import { SearchResults } from '../../components/search-results';
import { PRODUCT_INDEX, useSearchClient } from '../../lib/search-client';
import { siteConfig } from '../../lib/site-config';
import { useBuyerKind, useMe } from '../../lib/use-me';
import { useZipLocation } from '../../lib/use-zip-location';
import { FulfillmentPanel } from './fulfillment-panel';
import { ProducerSearch } from './producer-search';

interface ShopPageProps {
  /**
   * On /shop, wholesale buyers are sent to their dashboard (spec "Shop page"); the same page
   * under /business/research-and-shop keeps them, as it is where they shop.
   */
  redirectWholesaleBuyers?: boolean;
}

/** Spec "Shop page": the refiners, in its order. */
function ShopRefiners() {
  return (
    <Stack gap="md" component="section" aria-labelledby="refine-heading">
      <Group justify="space-between" align="center">
        <Title order={2} fz="lg" id="refine-heading">
          Refine
        </Title>
        <ClearRefinements />
      </Group>
      <RefinementFacet attribute="Beverage Type" title="Beverage Type" />
      <RefinementFacet attribute="Closure Style" title="Closure Style" />
      <RefinementFacet attribute="Format" title="Format" />
      <RefinementFacet attribute="Produced By" title="Produced By" searchable />
      <RefinementFacet attribute="Varietal" title="Varietal" searchable />
      <RefinementFacet attribute="Vintage" title="Vintage" searchable />
      <RefinementFacet attribute="Volume" title="Volume (in ml)" formatValue={(ml) => `${ml} ml`} />
    </Stack>
  );
}

/** What an empty result says, by fulfilment choice and whether a ZIP code is known. */
const EMPTY_MESSAGE: Record<FulfillmentMode, (located: boolean) => string> = {
  pickup: (located) =>
    located
      ? 'No products match here. Try a larger pickup distance or a different search.'
      : 'No products match your search. Try different words.',
  delivery: () => 'No producer that delivers matches your search. Try different words.',
  ship: (located) =>
    located
      ? 'No producer licensed to ship to your state matches your search.'
      : 'No products match your search. Try different words.',
};

export function ShopPage({ redirectWholesaleBuyers = false }: ShopPageProps) {
  useDocumentTitle(`Shop · ${siteConfig.siteName}`);
  const searchClient = useSearchClient();
  const { me } = useMe();
  const buyer = useBuyerKind();
  const [mode, setMode] = useState<FulfillmentMode>('pickup');
  const [zip, setZip] = useState('');
  const [radiusMiles, setRadiusMiles] = useState<number>(PICKUP_RADIUS_MILES.default);
  const { location, error: zipError } = useZipLocation(zip);
  const resultsTop = useRef<HTMLHeadingElement>(null);

  if (redirectWholesaleBuyers && me?.seesWholesalePricing) {
    return <Navigate to="/dashboard" replace />;
  }

  return (
    <Container size="xl" py="lg">
      <Title order={1} mb="md">
        Shop wine, beer, cider, spirits and more
      </Title>
      {searchClient ? (
        <InstantSearch
          searchClient={searchClient}
          indexName={PRODUCT_INDEX}
          future={{ preserveSharedStateOnUnmount: true }}
          stalledSearchDelay={SEARCH_STALLED_DELAY_MS}
        >
          <Configure
            hitsPerPage={SHOP_HITS_PER_PAGE}
            filters={fulfillmentSearchFilter(mode, buyer, location?.state ?? null)}
            {...(location && mode !== 'ship'
              ? {
                  aroundLatLng: `${location.lat},${location.lng}`,
                  // Pickup keeps producers within the distance; delivery lists everyone who
                  // delivers, nearest first, and disables those out of range.
                  aroundRadius:
                    mode === 'pickup' ? Math.round(milesToMeters(radiusMiles)) : ('all' as const),
                }
              : {})}
          />
          <Grid gap="xl">
            <Grid.Col span={{ base: 12, md: 3 }}>
              <Stack gap="xl">
                <FulfillmentPanel
                  buyer={buyer}
                  mode={mode}
                  onModeChange={setMode}
                  zip={zip}
                  onZipChange={setZip}
                  zipError={zipError}
                  location={location}
                  radiusMiles={radiusMiles}
                  onRadiusChange={setRadiusMiles}
                />
                <ShopRefiners />
                <ProducerSearch searchClient={searchClient} buyer={buyer} />
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 9 }}>
              <Stack gap="sm" component="section" aria-labelledby="results-heading">
                <Title order={2} fz="lg" id="results-heading" ref={resultsTop}>
                  Products
                </Title>
                <SearchBox
                  label="Search products"
                  placeholder="Search by name, producer, varietal…"
                />
                <SearchResults
                  buyer={buyer}
                  emptyMessage={EMPTY_MESSAGE[mode](location !== null)}
                  unavailableReason={
                    mode === 'delivery'
                      ? (hit: ProductHit) => {
                          const refusal = deliveryRefusal(hit, buyer, location);
                          return refusal ? describeDeliveryRefusal(refusal) : null;
                        }
                      : undefined
                  }
                />
                <SearchPagination
                  onPageChange={() => resultsTop.current?.scrollIntoView({ block: 'start' })}
                />
              </Stack>
            </Grid.Col>
          </Grid>
        </InstantSearch>
      ) : (
        <Center py="xl" role="status">
          <Loader size="sm" aria-hidden />
          <Box ml="sm">
            <Text>Loading...</Text>
          </Box>
        </Center>
      )}
    </Container>
  );
}
