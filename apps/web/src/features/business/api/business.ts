import { graphql } from '../../../lib/graphql';

/** What the public page of a business shows about it. */
export const BUSINESS_BY_SLUG = graphql(`
  query BusinessBySlug($slug: String!) {
    businesses(where: { slug: { equals: $slug } }) {
      id
      name
      slug
      description
      heroImgUrl
      logoImgUrl
      license_info
      website
      international_phone_number
      phoneNumberDisplay
      instagram
      twitter
      facebook
      linkedin
      addresses {
        id
        formatted_address
      }
      pickup_hours
      fulfillment_allow_pickup_retail
      fulfillment_allow_pickup_wholesale
      clubs {
        id
        slug
        name
        description
        memberDiscountBasisPoints
        isSubscription
        imageUrl
      }
    }
  }
`);

/** A producer's upcoming events, for its page. */
export const BUSINESS_EVENTS = graphql(`
  query BusinessEvents($businessSlug: String!) {
    events(businessSlug: $businessSlug, limit: 6) {
      id
      urlKey
      title
      when
      imageUrl
      venueCity
      venueState
      visibility
      cancelled
      availability
      seatsLeft
      distanceMiles
      business {
        name
      }
      ticketTypes {
        viewerPriceCents
      }
    }
  }
`);
