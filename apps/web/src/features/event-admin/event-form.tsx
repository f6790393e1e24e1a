import { EVENT_LIMITS, EVENT_VISIBILITIES } from '@bevy/core';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Radio,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import { useState } from 'react';
import { useMutation } from 'urql';
import { ImageUpload } from '../../components/image-upload';
import { showServerRefusal } from '../../lib/form-focus';
import { describeError } from '../../lib/server-error';
import { CREATE_EVENT, type ManagedEvent } from './api/event-admin';
import { VISIBILITY_DESCRIPTIONS, VISIBILITY_LABELS } from './event-admin-labels';
import {
  emptyEvent,
  eventInput,
  firstErrorField,
  refusalOnForm,
  validateEventForm,
  type EventFormValues,
} from './event-form-values';
import { EventVenueFields } from './event-venue-fields';
import { TicketTypesField } from './ticket-types-field';

const LOCAL_TIME = 'In the venue’s local time.';

/**
 * The producer's form for a new event and its ticket types, checked with the shared schema before
 * it is sent; a refusal keeps what was typed and shows each message beside its field.
 */
export function EventForm({
  businessSlug,
  onCreated,
  onCancel,
}: {
  businessSlug: string;
  onCreated: (event: ManagedEvent) => void;
  onCancel: () => void;
}) {
  const [{ fetching }, createEvent] = useMutation(CREATE_EVENT);
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<EventFormValues>({
    initialValues: emptyEvent(),
    validate: validateEventForm,
  });
  const values = form.getValues();

  const focusFirst = (errors: FormErrors) => {
    const field = firstErrorField(form.getValues(), errors);
    if (field) form.getInputNode(field)?.focus();
  };

  const submit = async (submitted: EventFormValues) => {
    setRefusal(null);
    const result = await createEvent({ businessSlug, input: eventInput(submitted) });
    if (result.error) {
      showServerRefusal(form, refusalOnForm(describeError(result.error)), setRefusal, focusFirst);
      return;
    }
    onCreated(result.data!.createEvent);
  };

  return (
    <form noValidate onSubmit={form.onSubmit(submit, focusFirst)}>
      <Stack gap="md">
        {refusal ? (
          <Alert color="red" title="The event was not created">
            {refusal}
          </Alert>
        ) : null}
        <TextInput
          label="Title"
          description="Such as “Harvest release party”."
          required
          // The form opens at the producer's request: the keyboard goes to its first field.
          autoFocus
          maxLength={EVENT_LIMITS.title}
          {...form.getInputProps('title')}
        />
        <Textarea
          label="Description"
          description="What guests can expect, shown on the event’s page."
          autosize
          minRows={3}
          maxLength={EVENT_LIMITS.description}
          {...form.getInputProps('description')}
        />
        <ImageUpload
          label="Event image"
          prompt="Drag or upload the event's picture (.jpg, .png, .gif, .webp)"
          slug={businessSlug}
          value={values.imageUrl}
          onChange={(url) => form.setFieldValue('imageUrl', url)}
          error={form.errors.imageUrl as string | undefined}
          previewHeight={140}
        />
        <EventVenueFields form={form} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            type="datetime-local"
            label="Starts"
            description={LOCAL_TIME}
            required
            {...form.getInputProps('startsAt')}
          />
          <TextInput
            type="datetime-local"
            label="Ends"
            description={LOCAL_TIME}
            required
            min={values.startsAt || undefined}
            {...form.getInputProps('endsAt')}
          />
          <NumberInput
            label="Total capacity"
            description="Seats in all, shared by every ticket type."
            required
            min={1}
            max={EVENT_LIMITS.capacity}
            allowNegative={false}
            allowDecimal={false}
            thousandSeparator=","
            {...form.getInputProps('capacity')}
          />
          <Checkbox
            mt={{ base: 0, sm: 'xl' }}
            label="21 and over only"
            description="Guests show ID at the door."
            {...form.getInputProps('adultsOnly', { type: 'checkbox' })}
          />
          <NumberInput
            label="Refunds until this many days before the event"
            description="Buyers may refund their own tickets until then; 0: until it starts."
            min={0}
            max={EVENT_LIMITS.refundDaysBefore}
            allowNegative={false}
            allowDecimal={false}
            disabled={!values.refunds}
            {...form.getInputProps('refundDaysBefore')}
          />
          <Checkbox
            mt={{ base: 0, sm: 'xl' }}
            label="No refunds"
            description="Buyers cannot refund their tickets; you still can."
            checked={!values.refunds}
            onChange={(event) => {
              form.setFieldValue('refunds', !event.currentTarget.checked);
              form.clearFieldError('refundDaysBefore');
            }}
          />
        </SimpleGrid>
        <Radio.Group
          label="Who can see it"
          {...form.getInputProps('visibility')}
          onChange={(value) =>
            form.setFieldValue('visibility', value as EventFormValues['visibility'])
          }
        >
          <Stack gap="xs" mt="xs">
            {EVENT_VISIBILITIES.map((visibility) => (
              <Radio
                key={visibility}
                value={visibility}
                label={VISIBILITY_LABELS[visibility]}
                description={VISIBILITY_DESCRIPTIONS[visibility]}
              />
            ))}
          </Stack>
        </Radio.Group>
        <TicketTypesField form={form} />
        <Group>
          <Button type="submit" loading={fetching}>
            Create event
          </Button>
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
