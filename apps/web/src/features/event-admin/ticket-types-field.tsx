import { EVENT_LIMITS } from '@bevy/core';
import {
  Button,
  Checkbox,
  Fieldset,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { newTicketType, type EventFormValues } from './event-form-values';

/** A field's label, which says to screen readers which ticket type it belongs to. */
function typeLabel(number: number, label: string): ReactNode {
  return (
    <>
      <VisuallyHidden>Ticket type {number}:</VisuallyHidden> {label}
    </>
  );
}

/** One ticket type of the new event: its name, prices, seats, limit and sales window. */
function TicketTypeFields({
  form,
  index,
  removable,
}: {
  form: UseFormReturnType<EventFormValues>;
  index: number;
  removable: boolean;
}) {
  const number = index + 1;
  const path = `ticketTypes.${index}` as const;
  const name = form.getValues().ticketTypes[index]?.name.trim();
  return (
    <Fieldset legend={name ? `Ticket type ${number}: ${name}` : `Ticket type ${number}`}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={typeLabel(number, 'Name')}
            description="Such as “General admission”."
            required
            maxLength={EVENT_LIMITS.ticketTypeName}
            {...form.getInputProps(`${path}.name`)}
          />
          <NumberInput
            label={typeLabel(number, 'Price ($)')}
            description="What a ticket costs, all in; 0 for free."
            required
            min={0}
            allowNegative={false}
            decimalScale={2}
            thousandSeparator=","
            {...form.getInputProps(`${path}.price`)}
          />
          <NumberInput
            label={typeLabel(number, 'Member price ($)')}
            description="Optional: what your club members pay."
            min={0}
            allowNegative={false}
            decimalScale={2}
            thousandSeparator=","
            {...form.getInputProps(`${path}.memberPrice`)}
          />
          <NumberInput
            label={typeLabel(number, 'Seats of this type')}
            description="Optional: otherwise only the event’s capacity limits it."
            min={1}
            allowNegative={false}
            allowDecimal={false}
            {...form.getInputProps(`${path}.capacity`)}
          />
          <NumberInput
            label={typeLabel(number, 'Tickets per order')}
            description="The most one order may hold."
            required
            min={1}
            max={EVENT_LIMITS.perOrderLimit}
            allowNegative={false}
            allowDecimal={false}
            {...form.getInputProps(`${path}.perOrderLimit`)}
          />
          <Checkbox
            mt={{ base: 0, sm: 'xl' }}
            label={typeLabel(number, 'Club members only')}
            description="Only members of your clubs may buy it."
            {...form.getInputProps(`${path}.membersOnly`, { type: 'checkbox' })}
          />
          <TextInput
            type="datetime-local"
            label={typeLabel(number, 'Sales start')}
            description="Optional: on sale at once otherwise. In the venue’s local time."
            {...form.getInputProps(`${path}.salesStartAt`)}
          />
          <TextInput
            type="datetime-local"
            label={typeLabel(number, 'Sales end')}
            description="Optional: until the event starts otherwise. In the venue’s local time."
            {...form.getInputProps(`${path}.salesEndAt`)}
          />
        </SimpleGrid>
        {removable ? (
          <Button
            variant="subtle"
            color="red.9"
            size="xs"
            leftSection={<IconTrash size={16} aria-hidden />}
            style={{ alignSelf: 'flex-start' }}
            onClick={() => form.removeListItem('ticketTypes', index)}
          >
            Remove ticket type {number}
          </Button>
        ) : null}
      </Stack>
    </Fieldset>
  );
}

/** The new event's ticket types: at least one, at most EVENT_LIMITS.ticketTypes. */
export function TicketTypesField({ form }: { form: UseFormReturnType<EventFormValues> }) {
  const { ticketTypes } = form.getValues();
  const listError = form.errors.ticketTypes;
  return (
    <Stack gap="sm" component="section" aria-labelledby="event-ticket-types">
      <Text fw={600} id="event-ticket-types">
        Tickets
      </Text>
      {typeof listError === 'string' ? (
        <Text c="red.9" fz="sm" role="alert">
          {listError}
        </Text>
      ) : null}
      {ticketTypes.map((type, index) => (
        <TicketTypeFields
          key={type.key}
          form={form}
          index={index}
          removable={ticketTypes.length > 1}
        />
      ))}
      <Group>
        {ticketTypes.length < EVENT_LIMITS.ticketTypes ? (
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => form.insertListItem('ticketTypes', newTicketType())}
          >
            Add a ticket type
          </Button>
        ) : (
          <Text fz="sm" c="dark.6">
            An event has at most {EVENT_LIMITS.ticketTypes} ticket types.
          </Text>
        )}
      </Group>
    </Stack>
  );
}
