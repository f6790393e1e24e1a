import { SAVED_ADDRESS_FIELDS } from '../../../lib/api/saved-addresses';
import { graphql, type ResultOf } from '../../../lib/graphql';

/** The buyer's saved addresses, offered to fill checkout's address in one step. */
export const CHECKOUT_SAVED_ADDRESSES = graphql(
  `
    query CheckoutSavedAddresses {
      savedAddresses {
        ...SavedAddressFields
      }
    }
  `,
  [SAVED_ADDRESS_FIELDS],
);

export type CheckoutSavedAddress = ResultOf<
  typeof CHECKOUT_SAVED_ADDRESSES
>['savedAddresses'][number];
