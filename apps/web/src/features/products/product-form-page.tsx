import { Alert, Anchor, Center, Loader, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useQuery } from 'urql';
import { BusinessFrame, type FramedBusiness } from '../../components/business-frame';
import { describeError } from '../../lib/server-error';
import { manageProductsPath } from './manage-notice';
import { PRODUCT, PRODUCT_TYPENAMES } from './api/products';
import { ProductForm } from './product-form';

/** The product id in the URL, or null when it cannot be one. */
function parseProductId(param: string | undefined): number | null {
  if (!param || !/^[1-9]\d{0,9}$/.test(param)) return null;
  const id = Number(param);
  return id <= 2_147_483_647 ? id : null;
}

function NoSuchProduct({ business, message }: { business: FramedBusiness; message: string }) {
  return (
    <Alert color="red" title="No such product">
      <Text fz="sm">
        {message}{' '}
        <Anchor component={Link} to={manageProductsPath(business.slug)} fz="sm">
          Back to Manage Products
        </Anchor>
      </Text>
    </Alert>
  );
}

/** Loads the product of the URL, then shows it in the form, if it belongs to this business. */
function EditProduct({ business, productId }: { business: FramedBusiness; productId: number }) {
  const [{ data, fetching, error }] = useQuery({
    query: PRODUCT,
    variables: { id: productId },
    context: PRODUCT_TYPENAMES,
  });
  const product = data?.product;

  if (fetching && !product) {
    return (
      <Center py="xl" role="status">
        <Loader size="sm" aria-hidden />
        <Text ml="sm">Loading the product...</Text>
      </Center>
    );
  }
  if (error && !product)
    return <NoSuchProduct business={business} message={describeError(error).message} />;
  if (!product || product.businessId !== business.id) {
    return (
      <NoSuchProduct
        business={business}
        message={`${business.name} has no product with this number.`}
      />
    );
  }
  // A fresh form for each product, so moving between products never mixes their values.
  return <ProductForm key={product.id} business={business} product={product} />;
}

/** Add Product (/business/:slug/products/new) and edit (/business/:slug/products/edit/:id). */
export function ProductFormPage() {
  const { productId: productParam } = useParams();
  const editing = productParam !== undefined;
  const productId = parseProductId(productParam);
  return (
    <BusinessFrame title={() => (editing ? 'Edit Product' : 'Add Product')}>
      {(business) => {
        if (!editing) return <ProductForm business={business} product={null} />;
        if (productId === null) {
          return (
            <NoSuchProduct
              business={business}
              message={`${business.name} has no product with this number.`}
            />
          );
        }
        return <EditProduct business={business} productId={productId} />;
      }}
    </BusinessFrame>
  );
}
