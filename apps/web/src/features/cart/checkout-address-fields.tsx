import { Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useEffect } from 'react';
import { AddressFields } from '../../components/address-fields';
import { useZipLocation } from '../../lib/use-zip-location';
import type { AddressValues } from '../../lib/address-values';
import type { CheckoutFormValues } from './checkout-form';
import { placeOfTypedZip, stateFromZip, zipStateMismatch } from './checkout-zip';
import { SavedAddressPicker } from './saved-address-picker';

export type CheckoutFormApi = UseFormReturnType<CheckoutFormValues>;

/** The ZIP code and state at a form path such as "fulfillment.0.address". */
function addressAt(
  values: Record<string, unknown>,
  path: string,
): Pick<AddressValues, 'zip' | 'state'> {
  const found = path
    .split('.')
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], values);
  const address = found as Partial<AddressValues> | undefined;
  return { zip: address?.zip ?? '', state: address?.state ?? '' };
}

/** One address on the checkout form: where an order goes, or the billing address. */
export function CheckoutAddressFields({
  form,
  path,
  legend,
  withRecipient,
  states,
}: {
  form: CheckoutFormApi;
  path: string;
  legend: string;
  withRecipient: boolean;
  /** The states to choose from; all when not given. */
  states?: readonly string[];
}) {
  const address = form.getValues() as unknown as Record<string, unknown>;
  const { zip, state } = addressAt(address, path);
  const { location } = useZipLocation(zip);
  const place = placeOfTypedZip(zip, location);
  // The ZIP code is often known before the state (the cart asked for it): fill the state in.
  const filledState = stateFromZip(state, place, states);
  const { setFieldValue } = form;
  useEffect(() => {
    if (filledState) setFieldValue(`${path}.state`, filledState);
  }, [filledState, path, setFieldValue]);
  const mismatch = zipStateMismatch(zip, state, place);
  const inputProps = (name: string) => {
    const props = form.getInputProps(name);
    // A ZIP code of another state than the one chosen is said on the ZIP code.
    return name === `${path}.zip` ? { ...props, error: props.error ?? mismatch } : props;
  };
  const fields = (
    <AddressFields
      legend={legend}
      required
      states={states}
      names={{
        recipient: withRecipient ? `${path}.name` : undefined,
        street: `${path}.line1`,
        line2: `${path}.line2`,
        city: `${path}.city`,
        state: `${path}.state`,
        zip: `${path}.zip`,
      }}
      inputProps={inputProps}
    />
  );
  if (!withRecipient) return fields;
  // Where an order goes can come from the buyer's saved addresses.
  return (
    <Stack gap="sm">
      <SavedAddressPicker
        onPick={(picked) =>
          form.setFieldValue(path, {
            ...picked,
            name: picked.name ?? '',
            line2: picked.line2 ?? '',
          })
        }
      />
      {fields}
    </Stack>
  );
}
