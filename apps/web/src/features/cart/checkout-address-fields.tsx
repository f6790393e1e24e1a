import { Box, Grid, Select, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useEffect } from 'react';
import { US_STATE_OPTIONS } from '../../lib/us-state-options';
import { useZipLocation } from '../../lib/use-zip-location';
import type { AddressValues, CheckoutFormValues } from './checkout-form';
import { placeOfTypedZip, stateFromZip, zipStateMismatch } from './checkout-zip';

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
export function AddressFields({
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
  const stateOptions = states
    ? US_STATE_OPTIONS.filter((option) => states.includes(option.value))
    : US_STATE_OPTIONS;
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
  const zipProps = form.getInputProps(`${path}.zip`);
  const mismatch = zipStateMismatch(zip, state, place);
  return (
    <Box component="fieldset" m={0} p={0} style={{ border: 0 }}>
      <Text component="legend" fw={600} mb="xs">
        {legend}
      </Text>
      <Grid>
        {withRecipient ? (
          <Grid.Col span={12}>
            <TextInput
              label="Recipient’s name"
              description="The adult (21+) who will sign for it"
              autoComplete="shipping name"
              required
              {...form.getInputProps(`${path}.name`)}
            />
          </Grid.Col>
        ) : null}
        <Grid.Col span={{ base: 12, sm: 8 }}>
          <TextInput
            label="Street address"
            autoComplete="address-line1"
            required
            {...form.getInputProps(`${path}.line1`)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <TextInput
            label="Apartment, suite (optional)"
            autoComplete="address-line2"
            {...form.getInputProps(`${path}.line2`)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 5 }}>
          <TextInput
            label="City"
            autoComplete="address-level2"
            required
            {...form.getInputProps(`${path}.city`)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <Select
            label="State"
            data={stateOptions}
            searchable
            required
            autoComplete="address-level1"
            description={states ? 'States this producer ships to' : undefined}
            {...form.getInputProps(`${path}.state`)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 3 }}>
          <TextInput
            label="ZIP code"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={10}
            required
            {...zipProps}
            error={zipProps.error ?? mismatch}
          />
        </Grid.Col>
      </Grid>
    </Box>
  );
}
