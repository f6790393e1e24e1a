import {
  fulfillmentSearchFilter,
  milesToMeters,
  SEARCH_STALLED_DELAY_MS,
  SHOP_HITS_PER_PAGE,
  type FulfillmentMode,
} from '@bevy/core';
import { Box, Container, Grid, Group, Stack, Title } from '@mantine/core';
import { useDocumentTitle, useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense, useCallback, useRef, useState, type ReactNode } from 'react';
import { Configure, InstantSearch } from 'react-instantsearch';
import { Navigate, useLocation } from 'react-router';
import { PageLoading } from '../../components/page-loading';
import { SearchBox } from '../../components/search-box';
import { SearchPagination } from '../../components/search-pagination';
import { SearchResults } from '../../components/search-results';
import { PRODUCT_INDEX, useSearchClient } from '../../lib/search-client';
import { siteConfig } from '../../lib/site-config';
import { useBuyerKind, useMe } from '../../lib/use-me';
import { useZipLocation } from '../../lib/use-zip-location';
import { CurrentRefinementChips } from './current-refinement-chips';
import { FiltersDrawer } from './filters-drawer';
import { SHOP_REFINEMENT_LABELS, VirtualShopRefiners } from './shop-refiner-list';
import type { ShopFilters as ShopFiltersComponent } from './shop-filters';
import { parseShopRoute, routeToIndexUiState, type FulfillmentChoice } from './shop-url-state';
import { ShopUrlSync } from './shop-url-sync';
import { SortSelect } from './sort-select';

/** Mantine's "md" breakpoint: below it the filters move into a drawer. */
const WIDE_SCREEN = '(min-width: 62em)';

let shopFilters: Promise<{ ShopFilters: typeof ShopFiltersComponent }> | undefined;
/** The filters' chunk, fetched once. */
const loadShopFilters = () => (shopFilters ??= import('./shop-filters'));
// A phone's first paint shows no filters (they are in the drawer), so they are not in the page's
// first download; they load when the drawer is first opened. A wide screen shows them at once, so
// it fetches them right away, alongside the results.
if (typeof window !== 'undefined' && window.matchMedia?.(WIDE_SCREEN).matches) {
  void loadShopFilters();
}
const ShopFilters = lazy(() => loadShopFilters().then((m) => ({ default: m.ShopFilters })));

// Only delivery needs it, and only below the results.
const UndeliverableProducts = lazy(() =>
  import('./undeliverable-products').then((m) => ({ default: m.UndeliverableProducts })),
);

interface ShopPageProps {
  /**
   * On /shop, wholesale buyers are sent to their dashboard (spec "Shop page"); the same page
   * under /business/research-and-shop keeps them, as it is where they shop.
   */
  redirectWholesaleBuyers?: boolean;
}

/** What an empty result says, by fulfillment choice and whether a ZIP code is known. */
const EMPTY_MESSAGE: Record<FulfillmentMode, (located: boolean) => string> = {
  pickup: (located) =>
    located
      ? 'No products match here. Try a larger pickup distance or a different search.'
      : 'No products match your search. Try different words.',
  delivery: (located) =>
    located
      ? 'No producer that delivers to you matches your search. Try different words.'
      : 'No producer that delivers matches your search. Try different words.',
  ship: (located) =>
    located
      ? 'No producer licensed to ship to your state matches your search.'
      : 'No products match your search. Try different words.',
};

const RESULTS_ID = 'shop-results';

/** "Skip to results": focuses the results' count line, right before the first product. */
function SkipToResults() {
  return (
    <a
      href={`#${RESULTS_ID}`}
      className="skip-link"
      onClick={(event) => {
        const target = document.getElementById(RESULTS_ID);
        if (!target) return;
        // Focus moves without a "#..." in the address, which holds the search.
        event.preventDefault();
        target.focus();
        target.scrollIntoView({ block: 'start' });
      }}
    >
      Skip to results
    </a>
  );
}

export function ShopPage({ redirectWholesaleBuyers = false }: ShopPageProps) {
  useDocumentTitle(`Shop · ${siteConfig.siteName}`);
  const searchClient = useSearchClient();
  const { me } = useMe();
  const buyer = useBuyerKind();
  const { search } = useLocation();
  // The address holds the search (see shop-url-state.ts); it is read once, then kept in step.
  const [initialRoute] = useState(() => parseShopRoute(search));
  const [initialUiState] = useState(() => ({
    [PRODUCT_INDEX]: routeToIndexUiState(initialRoute, PRODUCT_INDEX),
  }));
  const [mode, setMode] = useState<FulfillmentMode>(initialRoute.mode);
  const [zip, setZip] = useState(initialRoute.zip);
  const [radiusMiles, setRadiusMiles] = useState<number>(initialRoute.radiusMiles);
  const restoreFulfillment = useCallback((choice: FulfillmentChoice) => {
    setMode(choice.mode);
    setZip(choice.zip);
    setRadiusMiles(choice.radiusMiles);
  }, []);
  const { location, error: zipError } = useZipLocation(zip);
  const wide = useMediaQuery(WIDE_SCREEN, true, { getInitialValueInEffect: false });
  const resultsTop = useRef<HTMLHeadingElement>(null);

  if (redirectWholesaleBuyers && me?.seesWholesalePricing) {
    return <Navigate to="/dashboard" replace />;
  }
  const located = location !== null && mode !== 'ship';

  const filters = (
    <Suspense fallback={null}>
      <ShopFilters
        buyer={buyer}
        mode={mode}
        onModeChange={setMode}
        zip={zip}
        onZipChange={setZip}
        zipError={zipError}
        location={location}
        radiusMiles={radiusMiles}
        onRadiusChange={setRadiusMiles}
        searchClient={searchClient}
      />
    </Suspense>
  );

  let content: ReactNode;
  if (!searchClient) {
    content = <PageLoading />;
  } else {
    content = (
      <InstantSearch
        searchClient={searchClient}
        indexName={PRODUCT_INDEX}
        initialUiState={initialUiState}
        future={{ preserveSharedStateOnUnmount: true }}
        stalledSearchDelay={SEARCH_STALLED_DELAY_MS}
      >
        <ShopUrlSync
          productIndex={PRODUCT_INDEX}
          fulfillment={{ mode, zip, radiusMiles }}
          onRestoreFulfillment={restoreFulfillment}
        />
        <Configure
          hitsPerPage={SHOP_HITS_PER_PAGE}
          // Refiners list their first values by label (spec), so the engine picks those.
          sortFacetValuesBy="alpha"
          filters={fulfillmentSearchFilter(mode, buyer, location?.state ?? null, located)}
          {...(located
            ? {
                aroundLatLng: `${location.lat},${location.lng}`,
                // Pickup keeps producers within the distance; delivery keeps those whose own
                // delivery radius reaches the buyer (the filter above), nearest first.
                aroundRadius:
                  mode === 'pickup' ? Math.round(milesToMeters(radiusMiles)) : ('all' as const),
              }
            : {})}
        />
        {/* Refinements from the address apply from the first search, before the refiners
            themselves have loaded (wide screens) or been opened (phones, in the drawer). */}
        <VirtualShopRefiners />
        <Grid gap="xl">
          {wide ? <Grid.Col span={{ base: 12, md: 3 }}>{filters}</Grid.Col> : null}
          <Grid.Col span={{ base: 12, md: 9 }}>
            <Stack gap="sm" component="section" aria-labelledby="results-heading">
              <Title
                order={2}
                fz="lg"
                id="results-heading"
                ref={resultsTop}
                // On phones the search box says it all, and the first products move up.
                className={wide ? undefined : 'visually-hidden-below-sm'}
              >
                Products
              </Title>
              <SearchBox
                label="Search products"
                placeholder="Search by name, producer, varietal…"
              />
              <Group gap="sm" align="flex-end" justify="space-between" wrap="nowrap">
                {wide ? null : <FiltersDrawer onPress={loadShopFilters}>{filters}</FiltersDrawer>}
                <Box style={{ flex: '1 1 auto' }} maw={240}>
                  <SortSelect
                    productIndex={PRODUCT_INDEX}
                    distanceKnown={located}
                    distancePossible={mode !== 'ship' && zip.trim() !== ''}
                  />
                </Box>
              </Group>
              <CurrentRefinementChips labels={SHOP_REFINEMENT_LABELS} />
              <SearchResults
                id={RESULTS_ID}
                buyer={buyer}
                emptyMessage={EMPTY_MESSAGE[mode](location !== null)}
                origin={located ? location : null}
                describeCount={
                  mode === 'delivery'
                    ? (count) =>
                        `${count.toLocaleString('en-US')} ${count === 1 ? 'product' : 'products'} can be delivered${location ? ` to ${location.zip}` : ''}`
                    : undefined
                }
              />
              <SearchPagination
                onPageChange={() => resultsTop.current?.scrollIntoView({ block: 'start' })}
              />
              {mode === 'delivery' ? (
                <Suspense fallback={null}>
                  <UndeliverableProducts
                    productIndex={PRODUCT_INDEX}
                    buyer={buyer}
                    location={location}
                  />
                </Suspense>
              ) : null}
            </Stack>
          </Grid.Col>
        </Grid>
      </InstantSearch>
    );
  }

  return (
    <Container size="xl" py={{ base: 'sm', sm: 'lg' }}>
      <SkipToResults />
      <Title order={1} mb="md" fz={{ base: 24, sm: 34 }}>
        Shop wine, beer, cider, spirits and more
      </Title>
      {content}
    </Container>
  );
}
