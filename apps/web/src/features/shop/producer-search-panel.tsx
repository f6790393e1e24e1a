import {
  FULFILLMENT_MODE_LABELS,
  FULFILLMENT_MODES,
  fulfillmentFlagFor,
  type BuyerKind,
  type FulfillmentFlags,
} from '@bevy/core';
import { Anchor, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import type { SearchClient } from 'instantsearch.js';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';

/** The business index on our search endpoint (the original's 'Production Business Index'). */
const BUSINESS_INDEX = 'businesses';
const PRODUCERS_SHOWN = 8;
const TYPING_PAUSE_MS = 250;

/** The fields of a business-index hit that this list shows. */
interface ProducerHit extends FulfillmentFlags {
  objectID: string;
  name: string;
  slug: string;
  city: string | null;
  state: string | null;
  types: string[];
  fulfillment_deliver_retail_radius_miles: number | null;
  fulfillment_deliver_wholesale_radius_miles: number | null;
}

type Lookup =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'done'; query: string; hits: ProducerHit[]; nbHits: number }
  | { status: 'failed' };

/** What the producer offers this buyer, e.g. "Pickup, Delivery within 25 mi". */
function describeOffers(hit: ProducerHit, buyer: BuyerKind): string {
  const offers = FULFILLMENT_MODES.filter((mode) => hit[fulfillmentFlagFor(mode, buyer)]).map(
    (mode) => {
      const radius =
        buyer === 'wholesale'
          ? hit.fulfillment_deliver_wholesale_radius_miles
          : hit.fulfillment_deliver_retail_radius_miles;
      return mode === 'delivery' && radius
        ? `Delivery within ${radius} mi`
        : FULFILLMENT_MODE_LABELS[mode];
    },
  );
  return offers.length > 0 ? offers.join(', ') : `No ${buyer} pickup, delivery or shipping`;
}

async function findProducers(searchClient: SearchClient, query: string) {
  const response = await searchClient.search([
    {
      indexName: BUSINESS_INDEX,
      // Producers with nothing in the shop yet are left out.
      params: { query, hitsPerPage: PRODUCERS_SHOWN, numericFilters: ['productCount>0'] },
    },
  ]);
  const [result] = response.results as unknown as { hits: ProducerHit[]; nbHits: number }[];
  return result!;
}

/** "Find a producer": searches the business index and links to each producer's page. */
export function ProducerSearchPanel({
  searchClient,
  buyer,
}: {
  searchClient: SearchClient;
  buyer: BuyerKind;
}) {
  const [text, setText] = useState('');
  const [query] = useDebouncedValue(text.trim(), TYPING_PAUSE_MS);
  const [lookup, setLookup] = useState<Lookup>({ status: 'idle' });
  const headingId = useId();
  const listId = useId();

  useEffect(() => {
    if (!query) {
      setLookup({ status: 'idle' });
      return;
    }
    let current = true;
    setLookup({ status: 'loading' });
    findProducers(searchClient, query).then(
      ({ hits, nbHits }) => {
        if (current) setLookup({ status: 'done', query, hits, nbHits });
      },
      (error: unknown) => {
        console.warn('Producer search failed', error);
        if (current) setLookup({ status: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [query, searchClient]);

  const waiting = lookup.status === 'loading' || (text.trim() !== '' && text.trim() !== query);
  const summary = waiting
    ? 'Searching producers…'
    : lookup.status === 'failed'
      ? 'Producer search is not available right now. Please try again.'
      : lookup.status === 'done' && lookup.nbHits === 0
        ? `No producer matches “${lookup.query}”.`
        : lookup.status === 'done'
          ? `${lookup.nbHits} ${lookup.nbHits === 1 ? 'producer' : 'producers'} found${
              lookup.nbHits > lookup.hits.length ? `; showing ${lookup.hits.length}` : ''
            }.`
          : '';

  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Title order={2} fz="lg" id={headingId}>
        Producers
      </Title>
      <form role="search" onSubmit={(event) => event.preventDefault()}>
        <TextInput
          type="search"
          label="Find a producer"
          description="By name, town or type, e.g. cidery"
          value={text}
          maxLength={100}
          onChange={(event) => setText(event.currentTarget.value)}
          leftSection={<IconSearch size={16} aria-hidden />}
          aria-controls={listId}
          autoComplete="off"
          spellCheck={false}
        />
      </form>
      <Text role="status" fz="sm" c={lookup.status === 'failed' && !waiting ? 'red.8' : 'dark.6'}>
        {summary}
      </Text>
      <Stack
        component="ul"
        id={listId}
        aria-label="Producers found"
        gap="sm"
        m={0}
        p={0}
        style={{ listStyle: 'none' }}
        hidden={lookup.status !== 'done' || lookup.hits.length === 0}
      >
        {lookup.status === 'done'
          ? lookup.hits.map((hit) => (
              <li key={hit.objectID}>
                <Anchor
                  component={Link}
                  to={`/business/${encodeURIComponent(hit.slug)}`}
                  fz="sm"
                  fw={600}
                >
                  {hit.name}
                </Anchor>
                <Text fz="xs" c="dark.6">
                  {[[hit.city, hit.state].filter(Boolean).join(', '), hit.types.join(', ')]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
                <Text fz="xs" c="dark.6">
                  {describeOffers(hit, buyer)}
                </Text>
              </li>
            ))
          : null}
      </Stack>
    </Stack>
  );
}
