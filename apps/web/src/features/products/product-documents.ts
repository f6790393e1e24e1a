import type { PriceTier, ProductStatus } from '@bevy/core';
import { gql } from 'urql';

/** A product as its seller manages it (GraphQL `Product`); prices are integer cents. */
export interface ManagedProduct {
  id: number;
  businessId: number;
  name: string;
  short_description: string;
  bottleImageUrl: string | null;
  productType: string;
  producedBy: string;
  abv: number | null;
  varietal: string | null;
  closureStyle: string | null;
  format: string | null;
  vintage: number | null;
  volumeMl: number | null;
  status: ProductStatus | string;
  stockCount: number | null;
  retailPricing: PriceTier[];
  wholesalePricing: PriceTier[];
}

const MANAGED_PRODUCT_FIELDS = gql`
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
    retailPricing {
      price_per_unit
      minimum_unit_count_for_price
    }
    wholesalePricing {
      price_per_unit
      minimum_unit_count_for_price
    }
  }
`;

export const BUSINESS_PRODUCTS = gql`
  query BusinessProducts($slug: String!) {
    businessProducts(slug: $slug) {
      ...ManagedProductFields
    }
  }
  ${MANAGED_PRODUCT_FIELDS}
`;

export const PRODUCT = gql`
  query Product($id: Int!) {
    product(id: $id) {
      ...ManagedProductFields
    }
  }
  ${MANAGED_PRODUCT_FIELDS}
`;

export const CREATE_PRODUCT = gql`
  mutation CreateProduct($slug: String!, $input: ProductInput!) {
    createProduct(slug: $slug, input: $input) {
      ...ManagedProductFields
    }
  }
  ${MANAGED_PRODUCT_FIELDS}
`;

export const UPDATE_PRODUCT = gql`
  mutation UpdateProduct($id: Int!, $input: ProductInput!) {
    updateProduct(id: $id, input: $input) {
      ...ManagedProductFields
    }
  }
  ${MANAGED_PRODUCT_FIELDS}
`;

export const DELETE_PRODUCT = gql`
  mutation DeleteProduct($id: Int!) {
    deleteProduct(id: $id)
  }
`;

/**
 * urql's document cache refetches a query when a mutation returns a type the query holds; a list
 * that is still empty holds no Product, and deleting returns a Boolean, so name the type outright.
 */
export const PRODUCT_TYPENAMES = { additionalTypenames: ['Product'] };

/** The tags of a category by its name (the contract's GetTagsForCategoryByCategoryName, trimmed). */
export const TAGS_FOR_CATEGORY = gql`
  query GetTagsForCategoryByCategoryName($tagCategoryName: String!) {
    tagsForCategory(tagCategoryName: $tagCategoryName) {
      id
      name
    }
  }
`;
