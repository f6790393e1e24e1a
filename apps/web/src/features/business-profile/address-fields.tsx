import {
  AddressFields,
  type AddressFieldNames,
  type AddressInputProps,
} from '../../components/address-fields';

/** The address fields a seller types, by their names in the API. */
export const ADDRESS_FIELDS = [
  'street_number',
  'route',
  'locality',
  'administrative_area_level_1',
  'postal_code',
] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

/** A business's address keeps the street number apart from the street, and has no second line. */
const BUSINESS_ADDRESS: AddressFieldNames<AddressField> = {
  streetNumber: 'street_number',
  street: 'route',
  city: 'locality',
  state: 'administrative_area_level_1',
  zip: 'postal_code',
};

/** The API's limits (business-schemas' address fields). */
const MAX_LENGTHS = { streetNumber: 20, street: 120, city: 80 };

/** A business's address on its profile: saved field by field, so none is marked required. */
export function BusinessAddressFields({
  inputProps,
  disabled = false,
}: {
  inputProps: (field: AddressField) => AddressInputProps;
  disabled?: boolean;
}) {
  return (
    <AddressFields
      names={BUSINESS_ADDRESS}
      inputProps={inputProps}
      disabled={disabled}
      maxLengths={MAX_LENGTHS}
    />
  );
}
