import type { FulfillmentMode } from '@bevy/core';
import { AddressFields, type AddressInputProps } from '../../components/address-fields';

const NAMES = {
  recipient: 'address.name',
  street: 'address.line1',
  line2: 'address.line2',
  city: 'address.city',
  state: 'address.state',
  zip: 'address.zip',
} as const;

type AddressPath = (typeof NAMES)[keyof typeof NAMES];

/**
 * Where a member's releases go (the `address.*` fields of the join and delivery forms): shown
 * for delivery and shipping, with the states the producer ships to for shipping.
 */
export function MemberAddressFields({
  mode,
  inputProps,
  shipsToStates,
}: {
  mode: FulfillmentMode;
  inputProps: (path: AddressPath) => AddressInputProps;
  shipsToStates?: readonly string[];
}) {
  if (mode === 'pickup') return null;
  return (
    <AddressFields
      legend={mode === 'ship' ? 'Shipping address' : 'Delivery address'}
      required
      names={NAMES}
      inputProps={inputProps}
      states={mode === 'ship' ? shipsToStates : undefined}
    />
  );
}
