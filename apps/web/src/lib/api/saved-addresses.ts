import { graphql } from '../graphql';

/** A saved address as account settings and checkout show it. */
export const SAVED_ADDRESS_FIELDS = graphql(`
  fragment SavedAddressFields on SavedAddress {
    id
    label
    isDefault
    address {
      name
      line1
      line2
      city
      state
      zip
    }
  }
`);
