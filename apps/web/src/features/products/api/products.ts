import { graphql, type ResultOf } from '../../../lib/graphql';

/** A product as its seller manages it; prices are integer cents. */
export const MANAGED_PRODUCT_FIELDS = graphql(`
  fragment ManagedProductFields on Product {
    id
    businessId
    name
    short_description
    bottleImageUrl
    productType
    producedBy
    abv
    varietal
    closureStyle
    format
    vintage
    volumeMl
    status
    stockCount
    membersOnly
    retailPricing {
      price_per_unit
      minimum_unit_count_for_price
    }
    wholesalePricing {
      price_per_unit
      minimum_unit_count_for_price
    }
  }
`);

export type ManagedProduct = ResultOf<typeof MANAGED_PRODUCT_FIELDS>;

export const BUSINESS_PRODUCTS = graphql(
  `
    query BusinessProducts($slug: String!) {
      businessProducts(slug: $slug) {
        ...ManagedProductFields
      }
    }
  `,
  [MANAGED_PRODUCT_FIELDS],
);

export const PRODUCT = graphql(
  `
    query Product($id: Int!) {
      product(id: $id) {
        ...ManagedProductFields
      }
    }
  `,
  [MANAGED_PRODUCT_FIELDS],
);

export const CREATE_PRODUCT = graphql(
  `
    mutation CreateProduct($slug: String!, $input: ProductInput!) {
      createProduct(slug: $slug, input: $input) {
        ...ManagedProductFields
      }
    }
  `,
  [MANAGED_PRODUCT_FIELDS],
);

export const UPDATE_PRODUCT = graphql(
  `
    mutation UpdateProduct($id: Int!, $input: ProductInput!) {
      updateProduct(id: $id, input: $input) {
        ...ManagedProductFields
      }
    }
  `,
  [MANAGED_PRODUCT_FIELDS],
);

export const DELETE_PRODUCT = graphql(`
  mutation DeleteProduct($id: Int!) {
    deleteProduct(id: $id)
  }
`);

/**
 * urql's document cache refetches a query when a mutation returns a type the query holds; a list
 * that is still empty holds no Product, and deleting returns a Boolean, so name the type outright.
 */
export const PRODUCT_TYPENAMES = { additionalTypenames: ['Product'] };

/** The tags of a category by its name (the contract's GetTagsForCategoryByCategoryName, trimmed). */
export const TAGS_FOR_CATEGORY = graphql(`
  query GetTagsForCategoryByCategoryName($tagCategoryName: String!) {
    tagsForCategory(tagCategoryName: $tagCategoryName) {
      id
      name
    }
  }
`);
