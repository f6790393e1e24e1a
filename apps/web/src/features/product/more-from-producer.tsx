import type { BuyerKind, ProductHit } from '@bevy/core';
import { Anchor, Box, Group, SimpleGrid, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ProductTile } from '../../components/product-tile';
import { PRODUCT_INDEX, useSearchClient } from '../../lib/search-client';

/** How many other products of the producer the page shows. */
const MORE_COUNT = 4;

/**
 * A few other products of the same producer, as the shop's tiles, with a link to all of them.
 * Nothing at all when it has no others, or when they cannot be loaded: the page is whole without.
 */
export function MoreFromProducer({ product, buyer }: { product: ProductHit; buyer: BuyerKind }) {
  const client = useSearchClient();
  const [others, setOthers] = useState<ProductHit[]>([]);
  useEffect(() => {
    if (!client) return;
    let cancelled = false;
    const request = {
      indexName: PRODUCT_INDEX,
      params: {
        filters: `slug:"${product.slug.replace(/"/g, '')}"`,
        hitsPerPage: MORE_COUNT + 1,
        analytics: false,
      },
    };
    client
      .search([request])
      .then((response) => {
        const [first] = response.results as { hits?: ProductHit[] }[];
        const hits = (first?.hits ?? []).filter((hit) => hit.objectID !== product.objectID);
        if (!cancelled) setOthers(hits.slice(0, MORE_COUNT));
      })
      .catch(() => {
        if (!cancelled) setOthers([]);
      });
    return () => {
      cancelled = true;
    };
  }, [client, product.slug, product.objectID]);

  if (others.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="more-from-producer-heading" mt="xl">
      <Group justify="space-between" align="baseline" mb="sm">
        <Title order={2} id="more-from-producer-heading">
          More from {product.businessName}
        </Title>
        <Anchor component={Link} to={`/business/${encodeURIComponent(product.slug)}`}>
          See all their products
        </Anchor>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
        {others.map((hit) => (
          <ProductTile key={hit.objectID} hit={hit} buyer={buyer} />
        ))}
      </SimpleGrid>
    </Box>
  );
}
