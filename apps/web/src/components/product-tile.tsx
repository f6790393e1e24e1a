import {
  formatCents,
  isBeverageType,
  priceRange,
  quantityRange,
  sortTiersForDisplay,
  type BuyerKind,
  type ProductHit,
} from '@bevy/core';
import {
  Anchor,
  Card,
  Center,
  Group,
  Image,
  List,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { Link } from 'react-router';
import { BeverageIcon } from './beverage-icon';

function facetGroups(hit: ProductHit): [string, string][] {
  const groups: [string, string | null][] = [
    ['Varietal', hit.Varietal],
    ['Vintage', hit.Vintage === null ? null : String(hit.Vintage)],
    ['ABV', hit.ABV === null ? null : `${hit.ABV}%`],
    ['Volume', hit.Volume === null ? null : `${hit.Volume} ml`],
    ['Format', hit.Format],
    ['Closure', hit['Closure Style']],
  ];
  return groups.filter((group): group is [string, string] => Boolean(group[1]));
}

function formatRange(range: { min: number; max: number }, format: (n: number) => string) {
  return range.min === range.max
    ? format(range.min)
    : `${format(range.min)} – ${format(range.max)}`;
}

/** One product in search results (spec "Product tile"); cart controls arrive with the cart. */
export function ProductTile({ hit, buyer }: { hit: ProductHit; buyer: BuyerKind }) {
  const type = hit['Beverage Type']?.[0];
  if (!isBeverageType(type)) {
    console.error(`Product ${hit.objectID} has an unreadable beverage type`, type);
    return null;
  }
  const tiers = sortTiersForDisplay(
    buyer === 'wholesale' ? hit.wholesalePricing : hit.retailPricing,
  );
  const prices = priceRange(tiers);
  const quantities = quantityRange(tiers);
  const producer = hit.producedBy || hit.name;
  const titleId = `product-${hit.objectID}-title`;

  return (
    <Card component="article" withBorder padding="md" aria-labelledby={titleId} h="100%">
      <Stack gap="xs" h="100%">
        <Anchor
          component={Link}
          to={`/business/${encodeURIComponent(hit.slug)}`}
          target="_blank"
          rel="noopener"
          fz="sm"
          fw={600}
          c="wine.8"
        >
          {producer}
          <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
        </Anchor>
        <Group gap={6} wrap="nowrap" align="flex-start">
          <BeverageIcon type={type} />
          <Title order={3} fz="md" id={titleId} lh={1.3}>
            {hit.name}
          </Title>
        </Group>
        <Text fz="xs" c="dark.5" tt="uppercase" fw={600}>
          {type}
        </Text>
        <Center h={180} bg="gray.0" style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
          {hit.bottleImageUrl ? (
            <Image
              src={hit.bottleImageUrl}
              alt={`${hit.name} bottle`}
              h={170}
              w="auto"
              fit="contain"
              loading="lazy"
            />
          ) : (
            <BeverageIcon type={type} size={72} />
          )}
        </Center>
        {hit.short_description ? (
          <Text fz="sm" lineClamp={3}>
            {hit.short_description}
          </Text>
        ) : null}
        {facetGroups(hit).length > 0 ? (
          <Group gap="xs" component="dl" m={0}>
            {facetGroups(hit).map(([label, value]) => (
              <Group key={label} gap={4} fz="xs" wrap="nowrap">
                <Text component="dt" fz="xs" c="dark.5">
                  {label}:
                </Text>
                <Text component="dd" fz="xs" m={0}>
                  {value}
                </Text>
              </Group>
            ))}
          </Group>
        ) : null}
        <Stack gap={2} mt="auto">
          {tiers.length > 0 ? (
            <List size="sm" spacing={0} listStyleType="none" aria-label="Price tiers">
              {tiers.map((tier) => (
                <List.Item key={tier.minimum_unit_count_for_price}>
                  {tier.minimum_unit_count_for_price} @ {formatCents(tier.price_per_unit)}
                </List.Item>
              ))}
            </List>
          ) : (
            <Text fz="sm" c="dark.5">
              No {buyer} price yet
            </Text>
          )}
          {prices && quantities ? (
            <Text fz="xs" c="dark.6">
              {formatRange(prices, formatCents)} per unit
              {quantities.max > quantities.min
                ? ` · better prices from ${quantities.max} units`
                : ` · minimum ${quantities.min} ${quantities.min === 1 ? 'unit' : 'units'}`}
            </Text>
          ) : null}
        </Stack>
      </Stack>
    </Card>
  );
}
