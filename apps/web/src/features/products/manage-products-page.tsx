import {
  Alert,
  Button,
  Center,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useQuery } from 'urql';
import { BusinessFrame, type FramedBusiness } from '../../components/business-frame';
import { ProductTile } from '../../components/product-tile';
import { SuccessNotice } from '../../components/success-notice';
import { describeError } from '../../lib/server-error';
import { manageProductsPath, noticeFrom } from './manage-notice';
import { BUSINESS_PRODUCTS, PRODUCT_TYPENAMES } from './api/products';
import { editPathFor, toTileProduct } from './product-mapping';

/** What the product form just did ('… was added.'), shown once and then dropped from history. */
function useArrivalNotice(): [string | null, () => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const [notice, setNotice] = useState(() => noticeFrom(location.state));
  const arrivedWithNotice = noticeFrom(location.state) !== null;
  useEffect(() => {
    // Reloading the page or coming back to it should not repeat the notice.
    if (arrivedWithNotice) navigate(location.pathname, { replace: true, state: null });
  }, [arrivedWithNotice, location.pathname, navigate]);
  return [notice, () => setNotice(null)];
}

function EmptyProducts({ business }: { business: FramedBusiness }) {
  return (
    <Paper withBorder p="xl" radius="md" ta="center">
      <Stack align="center" gap="sm">
        <Title order={2} fz="lg">
          No products yet
        </Title>
        <Text c="dark.6">
          Add the first product of {business.name}, with its retail and wholesale prices.
        </Text>
        <Button
          component={Link}
          to={`${manageProductsPath(business.slug)}/new`}
          leftSection={<IconPlus size={18} aria-hidden />}
        >
          Add Product
        </Button>
      </Stack>
    </Paper>
  );
}

/** The business's products, drafts included, as tiles in edit mode. */
function ProductList({ business }: { business: FramedBusiness }) {
  const { pathname } = useLocation();
  const [{ data, fetching, error }, reexecute] = useQuery({
    query: BUSINESS_PRODUCTS,
    variables: { slug: business.slug },
    context: PRODUCT_TYPENAMES,
  });
  const products = data?.businessProducts;

  if (fetching && !products) {
    return (
      <Center py="xl" role="status">
        <Loader size="sm" aria-hidden />
        <Text ml="sm">Loading products...</Text>
      </Center>
    );
  }
  if (error && !products) {
    return (
      <Alert color="red" title="We could not load the products">
        <Stack gap="sm" align="flex-start">
          <Text fz="sm">{describeError(error).message}</Text>
          <Button
            size="xs"
            variant="default"
            onClick={() => reexecute({ requestPolicy: 'network-only' })}
          >
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (!products || products.length === 0) return <EmptyProducts business={business} />;

  const drafts = products.filter((product) => product.status === 'draft').length;
  return (
    <Stack gap="sm" component="section" aria-labelledby="managed-products-heading">
      <VisuallyHidden component="h2" id="managed-products-heading">
        Products of {business.name}
      </VisuallyHidden>
      <Text fz="sm" c="dark.6">
        {products.length} {products.length === 1 ? 'product' : 'products'}
        {drafts > 0 ? `, ${drafts} ${drafts === 1 ? 'draft' : 'drafts'}` : ''}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {products.map((product) => (
          <ProductTile
            key={product.id}
            hit={toTileProduct(product, business.slug)}
            edit={{
              editPath: editPathFor(pathname, product.id),
              draft: product.status === 'draft',
              stockCount: product.stockCount,
            }}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** Manage Products (/business/:slug/products). */
export function ManageProductsPage() {
  const [notice, dismissNotice] = useArrivalNotice();
  return (
    <BusinessFrame title={() => 'Manage Products'}>
      {(business) => (
        <>
          {notice ? <SuccessNotice onClose={dismissNotice}>{notice}</SuccessNotice> : null}
          <ProductList business={business} />
        </>
      )}
    </BusinessFrame>
  );
}
