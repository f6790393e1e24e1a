/** An address as a form holds it: every field text, empty when not given. */
export interface AddressValues {
  name: string;
  line1: string;
  line2: string;
  city: string;
  state: string;
  zip: string;
}

export const EMPTY_ADDRESS: AddressValues = {
  name: '',
  line1: '',
  line2: '',
  city: '',
  state: '',
  zip: '',
};

/** The API's address (OrderAddressInput) from a form's: empty optional parts are null. */
export const addressInputOf = (address: AddressValues) => ({
  name: address.name || null,
  line1: address.line1,
  line2: address.line2 || null,
  city: address.city,
  state: address.state,
  zip: address.zip,
});
