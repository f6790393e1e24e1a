import {
  formatCents,
  isBeverageType,
  priceRange,
  productPath,
  quantityRange,
  sortTiersForDisplay,
  type BeverageType,
  type BuyerKind,
  type PriceTier,
  type ProductHit,
} from '@bevy/core';
import {
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Center,
  Group,
  List,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { IconEdit } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { BeverageIcon } from './beverage-icon';
import { fulfillmentLines } from './tile-fees';

/**
 * The cart (its store, its reading of local storage, its controls) loads beside the page, not
 * before it: the shop's first paint does not wait for it, and search results take longer anyway.
 */
const CartControls = lazy(() =>
  import('./cart-controls').then((module) => ({ default: module.CartControls })),
);
/** The controls' height while they load, so that the tile does not jump. */
const CART_CONTROLS_HEIGHT = 46;

const TILE_FIELDS = [
  'objectID',
  'name',
  'short_description',
  'bottleImageUrl',
  'membersOnly',
  'producedBy',
  'slug',
  'Beverage Type',
  'Varietal',
  'Vintage',
  'ABV',
  'Volume',
  'Format',
  'Closure Style',
  'retailPricing',
  'wholesalePricing',
] as const satisfies readonly (keyof ProductHit)[];

/** The parts of a search hit a tile shows; a seller's own products are mapped to the same shape. */
export type TileProduct = Pick<ProductHit, (typeof TILE_FIELDS)[number]>;

/** Equal JSON data (strings, numbers, nulls, arrays and plain objects of them). */
function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, index) => sameData(item, b[index]));
  }
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const aKeys = Object.keys(a);
  if (aKeys.length !== Object.keys(b).length) return false;
  return aKeys.every((key) => sameData(a[key as keyof typeof a], b[key as keyof typeof b]));
}

/**
 * Whether two hits draw the same tile. A search typed letter by letter keeps bringing back many
 * of the same products as new objects; comparing what the tile shows lets those tiles stay as
 * they are. TileProduct is made of TILE_FIELDS, so nothing a tile reads can be left out.
 */
export function sameTileProduct(a: TileProduct, b: TileProduct): boolean {
  return (
    TILE_FIELDS.every((field) => sameData(a[field], b[field])) &&
    // A search hit's fulfillment line reads its producer's flags and fees too.
    (['retail', 'wholesale'] as const).every((buyer) =>
      sameData(fulfillmentLines(a, buyer), fulfillmentLines(b, buyer)),
    )
  );
}

/** A tile on its seller's Manage Products page. */
export interface TileEditMode {
  /** Where the Edit button goes: `{current path}/edit/{productId}`. */
  editPath: string;
  draft: boolean;
  /** Units on hand, or null when the seller does not count stock. */
  stockCount: number | null;
}

type ProductTileProps =
  | {
      /** A search hit: the whole of it goes into the cart. */
      hit: ProductHit;
      buyer: BuyerKind;
      edit?: undefined;
      /** Why this buyer cannot get the product the way they chose (e.g. out of delivery range). */
      unavailable?: string | null;
      /** How far the producer is from the buyer's ZIP code, when known. */
      awayMiles?: number | null;
    }
  | {
      hit: TileProduct;
      edit: TileEditMode;
      buyer?: undefined;
      unavailable?: undefined;
      awayMiles?: undefined;
    };

/** Both price lists, as a seller sees them on their own tiles. */
const SELLER_PRICE_LISTS = [
  { title: 'Retail', tiers: (hit: TileProduct) => hit.retailPricing },
  { title: 'Wholesale', tiers: (hit: TileProduct) => hit.wholesalePricing },
] as const;

/** Spec section 9, lazy images: placeholder color #eee, fade-in 0.3 s. */
const IMAGE_PLACEHOLDER = '#eee';
const IMAGE_FADE_IN = 'opacity 0.3s ease-in';

/** The product's own public page. */
export function productPagePath(hit: Pick<TileProduct, 'slug' | 'objectID'>): string {
  return productPath(hit.slug, hit.objectID);
}

/** A product's facts that it has, as [label, value] pairs: varietal, vintage, ABV... */
export function facetGroups(hit: TileProduct): [string, string][] {
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

const units = (count: number) => `${count} ${count === 1 ? 'unit' : 'units'}`;

/** The price range and the quantity range of a price list, in one line. */
function rangeSummary(tiers: readonly PriceTier[]): string | null {
  const prices = priceRange(tiers);
  const quantities = quantityRange(tiers);
  if (!prices || !quantities) return null;
  const quantityText =
    quantities.max > quantities.min
      ? `minimum ${units(quantities.min)}, better prices from ${units(quantities.max)}`
      : `minimum ${units(quantities.min)}`;
  return `${formatRange(prices, formatCents)} per unit · ${quantityText}`;
}

/** One price list as 'N @ $x.xx', cheapest first, with its ranges underneath. */
export function PriceTierList({
  tiers,
  listLabel,
  emptyText,
}: {
  tiers: readonly PriceTier[];
  listLabel: string;
  emptyText: string;
}) {
  const sorted = sortTiersForDisplay(tiers);
  const summary = rangeSummary(sorted);
  return (
    <Stack gap={2}>
      {sorted.length > 0 ? (
        <List size="sm" spacing={0} listStyleType="none" aria-label={listLabel}>
          {sorted.map((tier) => (
            <List.Item key={tier.minimum_unit_count_for_price}>
              {tier.minimum_unit_count_for_price} @ {formatCents(tier.price_per_unit)}
            </List.Item>
          ))}
        </List>
      ) : (
        <Text fz="sm" c="dark.5">
          {emptyText}
        </Text>
      )}
      {summary ? (
        <Text fz="xs" c="dark.6">
          {summary}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * The bottle image, loaded only when it nears the screen, fading in over the neutral placeholder;
 * the beverage icon stands in when the image cannot be loaded.
 */
function LazyBottleImage({ src, alt, type }: { src: string; alt: string; type: BeverageType }) {
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>('loading');
  const reduceMotion = useReducedMotion();
  if (state === 'failed') return <BeverageIcon type={type} size={72} />;
  return (
    <img
      src={src}
      alt={alt}
      loading="lazy"
      decoding="async"
      // An image already in the browser's cache may finish before React listens for 'load'.
      ref={(image) => {
        if (image?.complete && image.naturalWidth > 0) setState('loaded');
      }}
      onLoad={() => setState('loaded')}
      onError={() => setState('failed')}
      style={{
        height: 170,
        maxWidth: '100%',
        objectFit: 'contain',
        opacity: state === 'loaded' ? 1 : 0,
        transition: reduceMotion ? undefined : IMAGE_FADE_IN,
      }}
    />
  );
}

/** A seller's view of their own product: stock, both price lists and the Edit button. */
function SellerPanel({ hit, edit }: { hit: TileProduct; edit: TileEditMode }) {
  return (
    <Stack gap="xs" mt="auto">
      {edit.stockCount !== null ? (
        <Text fz="sm">{edit.stockCount.toLocaleString('en-US')} in stock</Text>
      ) : null}
      {SELLER_PRICE_LISTS.map(({ title, tiers }) => (
        <Stack gap={2} key={title}>
          <Text fz="xs" fw={700} c="dark.6">
            {title}
          </Text>
          <PriceTierList
            tiers={tiers(hit)}
            listLabel={`${title} price tiers`}
            emptyText={`No ${title.toLowerCase()} prices`}
          />
        </Stack>
      ))}
      <Button
        component={Link}
        to={edit.editPath}
        variant="light"
        leftSection={<IconEdit size={18} aria-hidden />}
      >
        Edit
        <VisuallyHidden> {hit.name}</VisuallyHidden>
      </Button>
    </Stack>
  );
}

/** A buyer's view: why it cannot reach them, if so, their price list, and the cart controls. */
function BuyerPanel(props: {
  hit: ProductHit;
  buyer: BuyerKind;
  unavailable: string | null;
  unavailableId: string;
}) {
  const { hit, buyer, unavailable, unavailableId } = props;
  const tiers = buyer === 'wholesale' ? hit.wholesalePricing : hit.retailPricing;
  return (
    <Stack gap={2} mt="auto">
      {unavailable ? (
        <Text id={unavailableId} fz="sm" fw={600} c="red.9">
          {unavailable}
        </Text>
      ) : null}
      {fulfillmentLines(hit, buyer).map((line) => (
        <Text key={line} fz="xs" c="dark.6">
          {line}
        </Text>
      ))}
      <PriceTierList tiers={tiers} listLabel="Price tiers" emptyText={`No ${buyer} price yet`} />
      {/* No price tiers, no cart controls (spec section 4). */}
      {tiers.length > 0 ? (
        <Suspense fallback={<Box h={CART_CONTROLS_HEIGHT} />}>
          <CartControls product={hit} tiers={tiers} canAdd={!unavailable} />
        </Suspense>
      ) : null}
    </Stack>
  );
}

/**
 * One product (spec "Product tile"): in shop mode with the buyer's prices and cart controls, in
 * edit mode with both price lists, its draft mark, stock and an Edit button.
 */
export function ProductTile(props: ProductTileProps) {
  const { hit, edit, unavailable } = props;
  const type = hit['Beverage Type']?.[0];
  if (!isBeverageType(type)) {
    console.error(`Product ${hit.objectID} has an unreadable beverage type`, type);
    return null;
  }
  const producer = hit.producedBy || hit.name;
  const titleId = `product-${hit.objectID}-title`;
  const unavailableId = `product-${hit.objectID}-unavailable`;
  const facets = facetGroups(hit);

  return (
    <Card
      component="article"
      withBorder
      padding="md"
      aria-labelledby={titleId}
      aria-describedby={unavailable ? unavailableId : undefined}
      aria-disabled={unavailable ? true : undefined}
      data-unavailable={unavailable ? true : undefined}
      h="100%"
      bg={unavailable ? 'gray.0' : undefined}
    >
      <Stack gap="xs" h="100%" style={unavailable ? { opacity: 0.75 } : undefined}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
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
          {edit?.draft ? (
            <Badge color="gray" variant="light" c="dark.8" tt="none" fw={600}>
              Draft
            </Badge>
          ) : null}
        </Group>
        <Group gap={6} wrap="nowrap" align="flex-start">
          <BeverageIcon type={type} />
          <Title order={3} fz="md" id={titleId} lh={1.3}>
            {edit ? (
              hit.name
            ) : (
              <Anchor component={Link} to={productPagePath(hit)} c="inherit" inherit>
                {hit.name}
              </Anchor>
            )}
          </Title>
        </Group>
        {hit.membersOnly ? (
          <Badge
            color="wine"
            variant="light"
            c="wine.9"
            tt="none"
            fw={600}
            style={{ alignSelf: 'flex-start' }}
          >
            Club members only
          </Badge>
        ) : null}
        <Group gap="xs" justify="space-between">
          <Text fz="xs" c="dark.5" tt="uppercase" fw={600}>
            {type}
          </Text>
          {typeof props.awayMiles === 'number' ? (
            <Text fz="xs" c="dark.6">
              {props.awayMiles < 1
                ? 'Under 1 mi away'
                : `${Math.round(props.awayMiles).toLocaleString('en-US')} mi away`}
            </Text>
          ) : null}
        </Group>
        <Center
          h={180}
          bg={IMAGE_PLACEHOLDER}
          style={{ borderRadius: 'var(--mantine-radius-sm)', overflow: 'hidden' }}
        >
          {hit.bottleImageUrl ? (
            <LazyBottleImage
              key={hit.bottleImageUrl}
              src={hit.bottleImageUrl}
              alt={`${hit.name} bottle`}
              type={type}
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
        {facets.length > 0 ? (
          <Group gap="xs" component="dl" m={0}>
            {facets.map(([label, value]) => (
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
        {props.edit ? (
          <SellerPanel hit={hit} edit={props.edit} />
        ) : (
          <BuyerPanel
            hit={props.hit}
            buyer={props.buyer}
            unavailable={unavailable ?? null}
            unavailableId={unavailableId}
          />
        )}
      </Stack>
    </Card>
  );
}
