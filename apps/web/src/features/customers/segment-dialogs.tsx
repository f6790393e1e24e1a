import { Alert, Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useMutation } from 'urql';
import { DialogModal } from '../../components/dialog-modal';
import { FormWithRefusal } from '../../components/form-with-refusal';
import { showServerRefusal } from '../../lib/form-focus';
import { describeError } from '../../lib/server-error';
import { DELETE_SEGMENT, SAVE_SEGMENT, type SavedSegment } from './api/customers';
import {
  describeFilter,
  filterOfSegment,
  MAX_SEGMENT_NAME_LENGTH,
  segmentInput,
  type CustomerFilter,
} from './customer-filter';

interface NameValues extends Record<string, unknown> {
  name: string;
}

function validateName({ name }: NameValues) {
  const trimmed = name.trim();
  if (!trimmed) return { name: 'Name the segment.' };
  if (trimmed.length > MAX_SEGMENT_NAME_LENGTH) {
    return { name: 'Use at most 80 characters for the name.' };
  }
  return {};
}

function SaveSegmentForm({
  businessSlug,
  segment,
  filter,
  defaultName,
  onSaved,
  onClose,
}: {
  businessSlug: string;
  segment: SavedSegment | null;
  filter: CustomerFilter;
  defaultName: string;
  onSaved: (segment: SavedSegment) => void;
  onClose: () => void;
}) {
  const [{ fetching }, saveSegment] = useMutation(SAVE_SEGMENT);
  const [refusal, setRefusal] = useState('');
  // A segment being renamed may keep its own filter rather than take the one now applied.
  const [useApplied, setUseApplied] = useState(true);
  const form = useForm<NameValues>({
    initialValues: { name: segment?.name ?? defaultName },
    validate: validateName,
  });
  const savedFilter = segment ? filterOfSegment(segment.filter) : null;
  const newFilter = savedFilter && !useApplied ? savedFilter : filter;

  const save = async ({ name }: NameValues) => {
    setRefusal('');
    const result = await saveSegment({
      businessSlug,
      id: segment?.id ?? null,
      name: name.trim(),
      filter: segmentInput(newFilter),
    });
    if (result.error) {
      showServerRefusal(form, describeError(result.error), setRefusal);
      return;
    }
    if (result.data) onSaved(result.data.saveSegment);
  };

  return (
    <FormWithRefusal
      form={form}
      onSubmit={save}
      refusalTitle="The segment was not saved"
      refusal={refusal}
    >
      <TextInput
        label="Name"
        description="Such as “Wine buyers in California”."
        required
        maxLength={MAX_SEGMENT_NAME_LENGTH}
        data-autofocus
        {...form.getInputProps('name')}
      />
      {savedFilter ? (
        <Checkbox
          label="Use the filters now applied"
          description={`Now applied: ${describeFilter({ ...filter, search: '' })}. Its filters today: ${describeFilter(savedFilter)}.`}
          checked={useApplied}
          onChange={(event) => setUseApplied(event.currentTarget.checked)}
        />
      ) : (
        <Text fz="sm">Who it holds: {describeFilter({ ...filter, search: '' })}.</Text>
      )}
      {filter.search && (!savedFilter || useApplied) ? (
        <Text fz="sm" c="dark.6">
          The search “{filter.search}” is not saved with a segment.
        </Text>
      ) : null}
      <Group gap="sm">
        <Button type="submit" loading={fetching}>
          Save segment
        </Button>
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
      </Group>
    </FormWithRefusal>
  );
}

/** Saves the applied filters as a new segment, or renames a segment and updates its filters. */
export function SaveSegmentDialog({
  opened,
  businessSlug,
  segment,
  filter,
  defaultName,
  onSaved,
  onClose,
}: {
  opened: boolean;
  businessSlug: string;
  /** The segment to update; null for a new one. */
  segment: SavedSegment | null;
  /** The filters now applied to the list. */
  filter: CustomerFilter;
  /** The name offered for a new segment. */
  defaultName: string;
  onSaved: (segment: SavedSegment) => void;
  onClose: () => void;
}) {
  return (
    <DialogModal
      opened={opened}
      onClose={onClose}
      title={segment ? `Update the segment “${segment.name}”` : 'Save as segment'}
    >
      <SaveSegmentForm
        businessSlug={businessSlug}
        segment={segment}
        filter={filter}
        defaultName={defaultName}
        onSaved={onSaved}
        onClose={onClose}
      />
    </DialogModal>
  );
}

function DeleteSegmentForm({
  businessSlug,
  segment,
  onDeleted,
  onClose,
}: {
  businessSlug: string;
  segment: SavedSegment;
  onDeleted: (segment: SavedSegment) => void;
  onClose: () => void;
}) {
  const [{ fetching }, deleteSegment] = useMutation(DELETE_SEGMENT);
  const [refusal, setRefusal] = useState<string | null>(null);

  const remove = async () => {
    setRefusal(null);
    const result = await deleteSegment({ businessSlug, id: segment.id });
    if (result.error) {
      // SEGMENT_IN_USE names the campaign that still goes to it.
      setRefusal(describeError(result.error).message);
      return;
    }
    onDeleted(segment);
  };

  return (
    <Stack gap="md">
      {refusal ? (
        <Alert color="red" title="The segment was not deleted" role="alert">
          {refusal}
        </Alert>
      ) : null}
      <Text fz="sm">
        Only the saved filters go: no one is removed from your customers or unsubscribed.
      </Text>
      <Group gap="sm">
        <Button
          color="red.9"
          loading={fetching}
          leftSection={<IconTrash size={16} aria-hidden />}
          onClick={() => void remove()}
        >
          Delete segment
        </Button>
        <Button variant="default" onClick={onClose} data-autofocus>
          Keep it
        </Button>
      </Group>
    </Stack>
  );
}

/** Asks before deleting a segment; the server refuses while a campaign still goes to it. */
export function DeleteSegmentDialog({
  opened,
  returnFocus,
  businessSlug,
  segment,
  onDeleted,
  onClose,
}: {
  opened: boolean;
  /** False once the segment is deleted: its Delete button is going, the caller moves focus. */
  returnFocus: boolean;
  businessSlug: string;
  segment: SavedSegment | null;
  onDeleted: (segment: SavedSegment) => void;
  onClose: () => void;
}) {
  return (
    <DialogModal
      opened={opened && segment !== null}
      returnFocus={returnFocus}
      onClose={onClose}
      title={segment ? `Delete the segment “${segment.name}”?` : 'Delete the segment?'}
    >
      {segment ? (
        <DeleteSegmentForm
          businessSlug={businessSlug}
          segment={segment}
          onDeleted={onDeleted}
          onClose={onClose}
        />
      ) : null}
    </DialogModal>
  );
}
