import {
  deliveryRefusal,
  describeDeliveryRefusal,
  SHOP_HITS_PER_PAGE,
  undeliverableSearchFilter,
  type BuyerKind,
  type ProductHit,
} from '@bevy/core';
import { Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useId } from 'react';
import { Configure, Index, useInfiniteHits } from 'react-instantsearch';
import { ProductTile } from '../../components/product-tile';
import type { ZipLocation } from '../../lib/use-zip-location';

interface UndeliverableProps {
  productIndex: string;
  buyer: BuyerKind;
  location: ZipLocation | null;
}

/** The products listed on request: each tile disabled, saying why it cannot come here. */
function UndeliverableList({
  buyer,
  location,
  listId,
}: Omit<UndeliverableProps, 'productIndex'> & {
  listId: string;
}) {
  const { items, isLastPage, showMore } = useInfiniteHits<ProductHit & Record<string, unknown>>();
  return (
    <Stack gap="sm" id={listId}>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {items.map((hit) => {
          const refusal = deliveryRefusal(hit, buyer, location);
          return (
            <ProductTile
              key={hit.objectID}
              hit={hit}
              buyer={buyer}
              unavailable={refusal ? describeDeliveryRefusal(refusal) : null}
            />
          );
        })}
      </SimpleGrid>
      {isLastPage ? null : (
        <Group>
          <Button variant="default" onClick={showMore}>
            Show more producers that cannot deliver here
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function UndeliverableToggle({
  open,
  onToggle,
  listId,
}: {
  open: boolean;
  onToggle: () => void;
  listId: string;
}) {
  const { results } = useInfiniteHits();
  const count = results?.nbHits ?? 0;
  if (count === 0) return null;
  return (
    <Group>
      <Button variant="subtle" onClick={onToggle} aria-expanded={open} aria-controls={listId}>
        {open
          ? `Hide producers that cannot deliver here (${count.toLocaleString('en-US')})`
          : `Show producers that cannot deliver here (${count.toLocaleString('en-US')})`}
      </Button>
    </Group>
  );
}

/**
 * Delivery lists and counts only what can reach the buyer; the products of producers who deliver,
 * but not to this buyer (out of range, or only to the other kind of buyer), are counted here and
 * shown on request. A second index of the same products, with the search's words and refiners.
 */
export function UndeliverableProducts({ productIndex, buyer, location }: UndeliverableProps) {
  const [open, { toggle }] = useDisclosure(false);
  const headingId = useId();
  const listId = useId();
  return (
    <Index indexName={productIndex} indexId="undeliverable">
      <Configure
        filters={undeliverableSearchFilter(buyer, location !== null)}
        // Closed, only the count is needed.
        hitsPerPage={open ? SHOP_HITS_PER_PAGE : 0}
        facets={[]}
      />
      <Stack gap="sm" component="section" aria-labelledby={headingId} mt="lg">
        <Title order={2} fz="lg" id={headingId} hidden={!open}>
          Producers that cannot deliver here
        </Title>
        <UndeliverableToggle open={open} onToggle={toggle} listId={listId} />
        {open ? (
          <>
            <Text fz="sm" c="dark.6">
              These producers deliver, but not to you: each says why.
            </Text>
            <UndeliverableList buyer={buyer} location={location} listId={listId} />
          </>
        ) : null}
      </Stack>
    </Index>
  );
}
