import { graphql, type ResultOf } from '../../../lib/graphql';

/** The contract's AddressFields, TagFields and BusinessFields, plus the states shipped to. */
export const ADDRESS_FIELDS = graphql(`
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
`);

export const TAG_FIELDS = graphql(`
  fragment TagFields on Tag {
    id
    name
    categorizedBy {
      id
      name
    }
  }
`);

export const BUSINESS_FIELDS = graphql(
  `
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
  `,
  [ADDRESS_FIELDS, TAG_FIELDS],
);

export const GET_BUSINESS_FROM_SLUG = graphql(
  `
    query GetBusinessFromSlug($slug: String!) {
      business(slug: $slug) {
        ...BusinessFields
      }
    }
  `,
  [BUSINESS_FIELDS],
);

export const UPDATE_BUSINESS = graphql(
  `
    mutation UpdateBusiness($slug: String!, $update: BusinessUpdateInput!) {
      updateBusiness(slug: $slug, update: $update) {
        ...BusinessFields
      }
    }
  `,
  [BUSINESS_FIELDS],
);

export const UPDATE_ADDRESS = graphql(
  `
    mutation UpdateAddress($addressId: String!, $data: AddressUpdateInput!) {
      updateAddress(addressId: $addressId, data: $data) {
        ...AddressFields
      }
    }
  `,
  [ADDRESS_FIELDS],
);

export const UPSERT_WORKPLACE = graphql(`
  mutation UpsertWorkplace($works_at: CreateBusinessInput!) {
    upsertWorkplace(works_at: $works_at) {
      id
      name
      slug
    }
  }
`);

export const TAG_BUSINESS_WITH_TAGS = graphql(`
  mutation TagBusinessWithTags($businessId: Int!, $tags: [TagWhereUniqueInput!]!) {
    tagBusinessWithTags(businessId: $businessId, tags: $tags) {
      id
      businessTypes {
        id
        name
      }
    }
  }
`);

export const GET_TAGS_FOR_CATEGORY = graphql(`
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
`);

/** A business as the Edit Public Profile page loads it. */
export type BusinessProfile = ResultOf<typeof BUSINESS_FIELDS>;
