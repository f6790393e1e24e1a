import { BUSINESS_PAGE_HITS_PER_PAGE, SEARCH_STALLED_DELAY_MS } from '@bevy/core';
import { Grid, Group, Stack, Text } from '@mantine/core';
import { Configure, InstantSearch } from 'react-instantsearch';
import { ClearRefinements } from '../../components/clear-refinements';
import { RefinementFacet } from '../../components/refinement-facet';
import { SearchPagination } from '../../components/search-pagination';
import { SearchResults } from '../../components/search-results';
import { PRODUCT_INDEX, useSearchClient } from '../../lib/search-client';
import { useBuyerKind } from '../../lib/use-me';

/** A search of one producer's products, with the business page's refiners beside the results. */
export function BusinessCatalogue({ slug, name }: { slug: string; name: string }) {
  const searchClient = useSearchClient();
  const buyer = useBuyerKind();
  if (!searchClient) return <Text role="status">Loading...</Text>;
  return (
    <InstantSearch
      searchClient={searchClient}
      indexName={PRODUCT_INDEX}
      stalledSearchDelay={SEARCH_STALLED_DELAY_MS}
    >
      <Configure
        hitsPerPage={BUSINESS_PAGE_HITS_PER_PAGE}
        filters={`slug:"${slug.replace(/"/g, '')}"`}
        distinct
        analytics={false}
      />
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 3 }}>
          {/* Spec "Public business page": clear-refinements, then its four refiners. */}
          <Stack gap="md" component="section" aria-label="Refine products">
            <Group>
              <ClearRefinements />
            </Group>
            <RefinementFacet attribute="Beverage Type" title="Beverage Type" />
            <RefinementFacet attribute="ABV" title="ABV" formatValue={(abv) => `${abv}%`} />
            <RefinementFacet attribute="Varietal" title="Varietal" />
            <RefinementFacet attribute="Closure Style" title="Closure Style" />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          <SearchResults
            buyer={buyer}
            cols={{ base: 1, sm: 2, lg: 4 }}
            emptyMessage={`${name} has no products listed yet.`}
          />
          <SearchPagination />
        </Grid.Col>
      </Grid>
    </InstantSearch>
  );
}
