import { Grid, Select, TextInput } from '@mantine/core';
import type { ChangeEvent, ReactNode } from 'react';
import { US_STATE_OPTIONS } from '../../lib/us-state-options';

/** The address fields a seller types, by their names in the API. */
export const ADDRESS_FIELDS = [
  'street_number',
  'route',
  'locality',
  'administrative_area_level_1',
  'postal_code',
] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

/** What each input needs; Mantine form's getInputProps gives the same shape. */
export interface AddressInputProps {
  value?: string | null;
  onChange: (input: string | null | ChangeEvent<HTMLInputElement>) => void;
  error?: ReactNode;
}

/** Street number, street, city, state and ZIP code, laid out as an address is written. */
export function AddressFields({
  inputProps,
  disabled = false,
}: {
  inputProps: (field: AddressField) => AddressInputProps;
  disabled?: boolean;
}) {
  const text = (field: AddressField) => {
    const { value, ...rest } = inputProps(field);
    return { ...rest, value: value ?? '', disabled };
  };
  return (
    <Grid gap="sm">
      <Grid.Col span={{ base: 12, xs: 4 }}>
        <TextInput
          label="Street number"
          autoComplete="off"
          maxLength={20}
          {...text('street_number')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, xs: 8 }}>
        <TextInput label="Street" autoComplete="address-line1" maxLength={120} {...text('route')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, xs: 5 }}>
        <TextInput
          label="City"
          autoComplete="address-level2"
          maxLength={80}
          {...text('locality')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, xs: 4 }}>
        <Select
          label="State"
          placeholder="Choose a state"
          data={US_STATE_OPTIONS}
          searchable
          clearable
          nothingFoundMessage="No state matches"
          disabled={disabled}
          {...inputProps('administrative_area_level_1')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, xs: 3 }}>
        <TextInput
          label="ZIP code"
          autoComplete="postal-code"
          inputMode="numeric"
          maxLength={10}
          {...text('postal_code')}
        />
      </Grid.Col>
    </Grid>
  );
}
