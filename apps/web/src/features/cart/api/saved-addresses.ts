import { graphql, type ResultOf } from '../../../lib/graphql';

/** The buyer's saved addresses, offered to fill checkout's address in one step. */
export const CHECKOUT_SAVED_ADDRESSES = graphql(`
  query CheckoutSavedAddresses {
    savedAddresses {
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
  }
`);

export type CheckoutSavedAddress = ResultOf<
  typeof CHECKOUT_SAVED_ADDRESSES
>['savedAddresses'][number];
