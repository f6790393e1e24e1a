import { Box, Grid, Select, Text, TextInput } from '@mantine/core';
import type { ChangeEvent, FocusEventHandler, ReactNode } from 'react';
import { US_STATE_OPTIONS } from '../lib/us-state-options';

/** The parts of a US address, as people write it. */
export type AddressPart =
  'recipient' | 'streetNumber' | 'street' | 'line2' | 'city' | 'state' | 'zip';

/** What each input needs; Mantine form's getInputProps gives this and more (all passed on). */
export interface AddressInputProps {
  value?: string | null;
  onChange: (input: string | null | ChangeEvent<HTMLInputElement>) => void;
  error?: ReactNode;
  onFocus?: FocusEventHandler<HTMLInputElement>;
  onBlur?: FocusEventHandler<HTMLInputElement>;
}

/**
 * The form's name of each part shown. Street, city, state and ZIP code always; the recipient
 * (who signs for an order), a street number apart from the street (as a business's address is
 * kept) and a second line (apartment, suite) only where the form has them.
 */
export type AddressFieldNames<Name extends string> = Record<
  'street' | 'city' | 'state' | 'zip',
  Name
> &
  Partial<Record<'recipient' | 'streetNumber' | 'line2', Name>>;

interface AddressFieldsProps<Name extends string> {
  names: AddressFieldNames<Name>;
  inputProps: (name: Name) => AddressInputProps;
  /** Drawn as a fieldset with this legend; without one, the page's heading says whose it is. */
  legend?: string;
  /** A buyer must fill every part in; a seller's profile saves each part as it is typed. */
  required?: boolean;
  /** The states to choose from (those a producer ships to); every state when not given. */
  states?: readonly string[];
  disabled?: boolean;
  /** The most characters of each part, where the API has a limit. */
  maxLengths?: Partial<Record<AddressPart, number>>;
}

/**
 * One US address (checkout's shipping, delivery and billing addresses, a business's address),
 * laid out as an address is written: one column on a phone, rows on wider screens.
 */
export function AddressFields<Name extends string>({
  names,
  inputProps,
  legend,
  required = false,
  states,
  disabled = false,
  maxLengths = {},
}: AddressFieldsProps<Name>) {
  const stateOptions = states
    ? US_STATE_OPTIONS.filter((option) => states.includes(option.value))
    : US_STATE_OPTIONS;
  /** A text input's props: Mantine's inputs want '' rather than null for "empty". */
  const text = (part: AddressPart, name: Name) => {
    const { value, ...rest } = inputProps(name);
    return { ...rest, value: value ?? '', disabled, maxLength: maxLengths[part] };
  };
  const fields = (
    <Grid>
      {names.recipient ? (
        <Grid.Col span={12}>
          <TextInput
            label="Recipient’s name"
            description="The adult (21+) who will sign for it"
            autoComplete="shipping name"
            required={required}
            {...text('recipient', names.recipient)}
          />
        </Grid.Col>
      ) : null}
      {names.streetNumber ? (
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <TextInput
            label="Street number"
            autoComplete="off"
            required={required}
            {...text('streetNumber', names.streetNumber)}
          />
        </Grid.Col>
      ) : null}
      <Grid.Col span={{ base: 12, sm: 8 }}>
        <TextInput
          label={names.streetNumber ? 'Street' : 'Street address'}
          autoComplete="address-line1"
          required={required}
          {...text('street', names.street)}
        />
      </Grid.Col>
      {names.line2 ? (
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <TextInput
            label="Apartment, suite (optional)"
            autoComplete="address-line2"
            {...text('line2', names.line2)}
          />
        </Grid.Col>
      ) : null}
      <Grid.Col span={{ base: 12, sm: 5 }}>
        <TextInput
          label="City"
          autoComplete="address-level2"
          required={required}
          {...text('city', names.city)}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <Select
          label="State"
          placeholder="Choose a state"
          data={stateOptions}
          searchable
          clearable={!required}
          nothingFoundMessage="No state matches"
          required={required}
          autoComplete="address-level1"
          description={states ? 'States this producer ships to' : undefined}
          disabled={disabled}
          {...inputProps(names.state)}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 3 }}>
        <TextInput
          label="ZIP code"
          inputMode="numeric"
          autoComplete="postal-code"
          required={required}
          {...text('zip', names.zip)}
          maxLength={maxLengths.zip ?? 10}
        />
      </Grid.Col>
    </Grid>
  );
  if (!legend) return fields;
  return (
    <Box component="fieldset" m={0} p={0} style={{ border: 0 }}>
      <Text component="legend" fw={600} mb="xs">
        {legend}
      </Text>
      {fields}
    </Box>
  );
}
