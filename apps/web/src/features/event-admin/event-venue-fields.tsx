import { EVENT_LIMITS } from '@bevy/core';
import { Checkbox, Fieldset, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { US_STATE_OPTIONS } from '../../lib/us-state-options';
import type { EventFormValues } from './event-form-values';

/**
 * Where the event happens: at the business's own address (the default), or at the address typed
 * here. The venue's name ("The barrel room") shows either way.
 */
export function EventVenueFields({ form }: { form: UseFormReturnType<EventFormValues> }) {
  const { venue } = form.getValues();
  return (
    <Fieldset legend="Venue">
      <Stack gap="sm">
        <Checkbox
          label="At our business address"
          description="Untick to enter another address."
          {...form.getInputProps('venue.atBusinessAddress', { type: 'checkbox' })}
        />
        <TextInput
          label="Venue name"
          description="Optional, such as “The barrel room”."
          maxLength={EVENT_LIMITS.venueName}
          {...form.getInputProps('venue.name')}
        />
        {venue.atBusinessAddress ? null : (
          <>
            <TextInput
              label="Street address"
              required
              maxLength={200}
              autoComplete="address-line1"
              {...form.getInputProps('venue.line1')}
            />
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <TextInput
                label="City"
                required
                maxLength={100}
                autoComplete="address-level2"
                {...form.getInputProps('venue.city')}
              />
              <Select
                label="State"
                required
                searchable
                data={US_STATE_OPTIONS}
                {...form.getInputProps('venue.state')}
              />
              <TextInput
                label="ZIP code"
                required
                inputMode="numeric"
                maxLength={5}
                autoComplete="postal-code"
                {...form.getInputProps('venue.zip')}
              />
            </SimpleGrid>
          </>
        )}
      </Stack>
    </Fieldset>
  );
}
