import { isBeverageType, type BuyerKind, type ProductHit } from '@bevy/core';
import {
  Anchor,
  Badge,
  Box,
  Breadcrumbs,
  Button,
  Center,
  Container,
  Grid,
  Group,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { BeverageIcon } from '../../components/beverage-icon';
import { PageLoading } from '../../components/page-loading';
import { ShareButton } from '../../components/share-button';
import { facetGroups, PriceTierList, productPagePath } from '../../components/product-tile';
import { useSearchClient, type ProductSearchClient } from '../../lib/search-client';
import { siteConfig } from '../../lib/site-config';
import { useBuyerKind } from '../../lib/use-me';
import { MoreFromProducer } from './more-from-producer';
import { WaysToGetPanel } from './ways-to-get-panel';

const CartControls = lazy(() =>
  import('../../components/cart-controls').then((module) => ({ default: module.CartControls })),
);

type Loaded =
  | { status: 'loading' }
  | { status: 'found'; product: ProductHit }
  | { status: 'missing' }
  | { status: 'failed'; message: string };

/** The product as this buyer's search key may see it; loads again when the key changes. */
function useProduct(client: ProductSearchClient | null, productId: string): Loaded {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  useEffect(() => {
    if (!client) return;
    let cancelled = false;
    setLoaded({ status: 'loading' });
    client.getProduct(productId).then(
      (product) => {
        if (!cancelled) setLoaded(product ? { status: 'found', product } : { status: 'missing' });
      },
      (error: unknown) => {
        if (cancelled) return;
        const message = error instanceof Error ? error.message : 'Please try again.';
        setLoaded({ status: 'failed', message });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [client, productId]);
  return loaded;
}

function NotForSale({ slug }: { slug: string }) {
  useDocumentTitle(`Product not found · ${siteConfig.siteName}`);
  return (
    <Container size="sm" py="xl">
      <Title order={1}>This product is not for sale</Title>
      <Text mt="md">
        It may have sold out for good, been taken down by its producer, or the link may have a typo.
      </Text>
      <Group mt="xl">
        <Button component={Link} to={`/business/${encodeURIComponent(slug)}`}>
          See the producer’s products
        </Button>
        <Button component={Link} to="/shop" variant="default">
          Go to the shop
        </Button>
      </Group>
    </Container>
  );
}

function ProductImage({ product }: { product: ProductHit }) {
  const [failed, setFailed] = useState(false);
  const type = product['Beverage Type'][0];
  if (!product.bottleImageUrl || failed) {
    return (
      <Center h={{ base: 220, sm: 420 }} bg="gray.0" style={{ borderRadius: 8 }}>
        {isBeverageType(type) ? <BeverageIcon type={type} size={120} /> : null}
      </Center>
    );
  }
  return (
    <Center h={{ base: 280, sm: 460 }} bg="gray.0" style={{ borderRadius: 8 }}>
      <img
        src={product.bottleImageUrl}
        alt={`${product.name}, by ${product.producedBy || product.businessName}`}
        onError={() => setFailed(true)}
        style={{ maxHeight: '100%', maxWidth: '100%', objectFit: 'contain' }}
      />
    </Center>
  );
}

function PricePanel({ product, buyer }: { product: ProductHit; buyer: BuyerKind }) {
  const tiers = buyer === 'wholesale' ? product.wholesalePricing : product.retailPricing;
  return (
    <Box component="section" aria-labelledby="product-price-heading">
      <Title order={2} fz="lg" id="product-price-heading" mb={4}>
        {buyer === 'wholesale' ? 'Your wholesale price' : 'Price'}
      </Title>
      <PriceTierList tiers={tiers} listLabel="Price tiers" emptyText={`No ${buyer} price yet`} />
      {tiers.length > 0 ? (
        <Box mt="sm" maw={360}>
          <Suspense fallback={<Box h={46} />}>
            <CartControls product={product} tiers={tiers} canAdd />
          </Suspense>
        </Box>
      ) : null}
    </Box>
  );
}

function ProductDetails({ product }: { product: ProductHit }) {
  const facts = facetGroups(product);
  if (facts.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="product-details-heading">
      <Title order={2} fz="lg" id="product-details-heading" mb={4}>
        Details
      </Title>
      <Box component="dl" m={0} style={{ display: 'grid', gridTemplateColumns: 'auto 1fr' }}>
        {facts.map(([label, value]) => (
          <Group key={label} gap="md" display="contents">
            <Text component="dt" fw={600} pr="md">
              {label}
            </Text>
            <Text component="dd" m={0}>
              {value}
            </Text>
          </Group>
        ))}
      </Box>
    </Box>
  );
}

function ProductView({ product, buyer }: { product: ProductHit; buyer: BuyerKind }) {
  const producer = product.producedBy || product.businessName;
  const businessPath = `/business/${encodeURIComponent(product.slug)}`;
  useDocumentTitle(`${product.name} by ${producer} · ${siteConfig.siteName}`);
  const type = product['Beverage Type'][0];
  return (
    <Container size="lg" py="md">
      <Breadcrumbs separator="›" mb="md" aria-label="Breadcrumb" component="nav">
        <Anchor component={Link} to="/shop">
          Shop
        </Anchor>
        <Anchor component={Link} to={businessPath}>
          {product.businessName}
        </Anchor>
        <Text aria-current="page">{product.name}</Text>
      </Breadcrumbs>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, sm: 5 }}>
          <ProductImage product={product} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 7 }}>
          <Stack gap="md">
            <Stack gap={4}>
              <Anchor component={Link} to={businessPath} fw={600} c="wine.8">
                {producer}
              </Anchor>
              <Group justify="space-between" align="flex-start" gap="sm">
                <Title order={1}>{product.name}</Title>
                <ShareButton
                  url={productPagePath(product)}
                  title={`${product.name} by ${producer}`}
                  text={product.short_description || `${product.name}, on ${siteConfig.siteName}`}
                  image={product.bottleImageUrl}
                />
              </Group>
              <Group gap="xs">
                {type ? (
                  <Badge variant="light" color="gray" c="dark.8" tt="none">
                    {type}
                  </Badge>
                ) : null}
                {product.membersOnly ? (
                  <Badge variant="light" color="wine" tt="none">
                    Club members only
                  </Badge>
                ) : null}
              </Group>
            </Stack>
            {product.short_description ? (
              <Text style={{ whiteSpace: 'pre-line' }}>{product.short_description}</Text>
            ) : null}
            <PricePanel product={product} buyer={buyer} />
            <WaysToGetPanel product={product} buyer={buyer} />
            <ProductDetails product={product} />
          </Stack>
        </Grid.Col>
      </Grid>
      <MoreFromProducer product={product} buyer={buyer} />
    </Container>
  );
}

/** A product's own public page: what it is, its price for this buyer, how to get it. */
export function ProductPage() {
  const { slug = '', productId = '' } = useParams();
  const client = useSearchClient();
  const buyer = useBuyerKind();
  const loaded = useProduct(client, productId);
  if (loaded.status === 'loading') return <PageLoading />;
  if (loaded.status === 'failed') {
    return (
      <Container size="sm" py="xl">
        <Title order={1}>The product could not be loaded</Title>
        <Text mt="md" role="alert">
          {loaded.message}
        </Text>
        <Button mt="xl" onClick={() => window.location.reload()}>
          Try again
        </Button>
      </Container>
    );
  }
  if (loaded.status === 'missing') return <NotForSale slug={slug} />;
  // An old link (the producer's address changed) goes to the product's page as it is now.
  if (loaded.product.slug !== slug)
    return <Navigate to={productPagePath(loaded.product)} replace />;
  return <ProductView product={loaded.product} buyer={buyer} />;
}
