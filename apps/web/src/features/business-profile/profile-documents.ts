import type { FulfillmentFlags } from '@bevy/core';
import { gql } from 'urql';

/** The contract's AddressFields, TagFields and BusinessFields, plus the states shipped to. */
const ADDRESS_FIELDS = gql`
  fragment AddressFields on Address {
    id
    street_number
    route
    locality
    administrative_area_level_1
    administrative_area_level_2
    country
    postal_code
    formatted_address
    googlePlaceId
  }
`;

const TAG_FIELDS = gql`
  fragment TagFields on Tag {
    id
    name
    categorizedBy {
      id
      name
    }
  }
`;

const BUSINESS_FIELDS = gql`
  fragment BusinessFields on Business {
    id
    name
    slug
    description
    license_info
    international_phone_number
    stripe_account_id
    heroImgUrl
    logoImgUrl
    website
    twitter
    instagram
    facebook
    linkedin
    sales_tax_rate
    addresses {
      ...AddressFields
    }
    businessTypes {
      ...TagFields
    }
    tags {
      ...TagFields
    }
    fulfillment_allow_pickup_retail
    fulfillment_allow_pickup_wholesale
    fulfillment_deliver_retail
    fulfillment_deliver_wholesale
    fulfillment_ship_retail
    fulfillment_ship_wholesale
    fulfillment_deliver_retail_radius_miles
    fulfillment_deliver_wholesale_radius_miles
    ship_to_states
    pickup_hours
    wholesale_invoice_terms_days
  }
  ${ADDRESS_FIELDS}
  ${TAG_FIELDS}
`;

export const GET_BUSINESS_FROM_SLUG = gql`
  query GetBusinessFromSlug($slug: String!) {
    business(slug: $slug) {
      ...BusinessFields
    }
  }
  ${BUSINESS_FIELDS}
`;

export const UPDATE_BUSINESS = gql`
  mutation UpdateBusiness($slug: String!, $update: BusinessUpdateInput!) {
    updateBusiness(slug: $slug, update: $update) {
      ...BusinessFields
    }
  }
  ${BUSINESS_FIELDS}
`;

export const UPDATE_ADDRESS = gql`
  mutation UpdateAddress($addressId: String!, $data: AddressUpdateInput!) {
    updateAddress(addressId: $addressId, data: $data) {
      ...AddressFields
    }
  }
  ${ADDRESS_FIELDS}
`;

export const UPSERT_WORKPLACE = gql`
  mutation UpsertWorkplace($works_at: CreateBusinessInput!) {
    upsertWorkplace(works_at: $works_at) {
      id
      name
      slug
    }
  }
`;

export const TAG_BUSINESS_WITH_TAGS = gql`
  mutation TagBusinessWithTags($businessId: Int!, $tags: [TagWhereUniqueInput!]!) {
    tagBusinessWithTags(businessId: $businessId, tags: $tags) {
      id
      businessTypes {
        id
        name
      }
    }
  }
`;

export const GET_TAGS_FOR_CATEGORY = gql`
  query GetTagsForCategoryByCategoryName($tagCategoryName: String!) {
    tagsForCategory(tagCategoryName: $tagCategoryName) {
      id
      name
      categorizedBy {
        id
      }
      categorizes {
        id
        name
      }
    }
  }
`;

export interface ProfileAddress {
  id: string;
  street_number: string | null;
  route: string | null;
  locality: string | null;
  administrative_area_level_1: string | null;
  postal_code: string | null;
}

/** A business as the Edit Public Profile page loads it (the parts it reads). */
export interface BusinessProfile extends FulfillmentFlags {
  id: number;
  name: string;
  slug: string;
  description: string;
  international_phone_number: string | null;
  heroImgUrl: string | null;
  logoImgUrl: string | null;
  license_info: string | null;
  website: string | null;
  twitter: string | null;
  instagram: string | null;
  facebook: string | null;
  linkedin: string | null;
  sales_tax_rate: number;
  addresses: ProfileAddress[];
  fulfillment_deliver_retail_radius_miles: number | null;
  fulfillment_deliver_wholesale_radius_miles: number | null;
  ship_to_states: string[];
  pickup_hours: string | null;
  /** Days approved wholesale buyers get to pay an invoice; null: card only. */
  wholesale_invoice_terms_days: number | null;
  businessTypes: BusinessTypeTag[];
  tags: (BusinessTypeTag & { categorizedBy: { id: number; name: string } | null })[];
}

export interface BusinessTypeTag {
  id: number;
  name: string;
}
