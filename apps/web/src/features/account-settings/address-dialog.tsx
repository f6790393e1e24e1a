import { orderAddressSchema } from '@bevy/core/checkout-schemas';
import { Button, Checkbox, Group, Stack, TextInput } from '@mantine/core';
import type { FormErrors } from '@mantine/form';
import { useMutation } from 'urql';
import { AddressFields } from '../../components/address-fields';
import { DialogModal } from '../../components/dialog-modal';
import { FormWithRefusal } from '../../components/form-with-refusal';
import { addressInputOf, EMPTY_ADDRESS, type AddressValues } from '../../lib/address-values';
import { ADD_SAVED_ADDRESS, UPDATE_SAVED_ADDRESS, type SavedAddress } from './api/account-settings';
import { useSettingsForm } from './use-settings-form';

interface AddressFormValues extends Record<string, unknown> {
  label: string;
  address: AddressValues;
  isDefault: boolean;
}

/** The server's checks of a saved address, made here first so mistakes show before sending. */
function validate(values: AddressFormValues): FormErrors {
  const errors: FormErrors = {};
  const label = values.label.trim();
  if (!label) errors.label = 'Name this address, like “Home”.';
  else if (label.length > 50)
    errors.label = 'Use at most 50 characters for the name of the address.';
  const address = orderAddressSchema.safeParse(addressInputOf(values.address));
  // Checkout needs someone to sign for a delivery; the saved address should have them already.
  if (!values.address.name.trim()) errors['address.name'] = 'Enter who will sign for it.';
  for (const issue of address.success ? [] : address.error.issues) {
    const path = `address.${issue.path.join('.')}`;
    errors[path] ??= issue.message;
  }
  return errors;
}

const valuesOf = (saved: SavedAddress | null): AddressFormValues => ({
  label: saved?.label ?? '',
  address: saved
    ? {
        ...EMPTY_ADDRESS,
        ...saved.address,
        name: saved.address.name ?? '',
        line2: saved.address.line2 ?? '',
      }
    : EMPTY_ADDRESS,
  isDefault: saved?.isDefault ?? false,
});

const NAMES = {
  recipient: 'address.name',
  street: 'address.line1',
  line2: 'address.line2',
  city: 'address.city',
  state: 'address.state',
  zip: 'address.zip',
} as const;

/** Adds an address, or edits `editing`; closes itself once the server has saved it. */
export function AddressDialog({
  opened,
  editing,
  onClose,
  onSaved,
}: {
  opened: boolean;
  editing: SavedAddress | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const [, add] = useMutation(ADD_SAVED_ADDRESS);
  const [, update] = useMutation(UPDATE_SAVED_ADDRESS);
  const submission = useSettingsForm<AddressFormValues>(
    {
      initialValues: valuesOf(editing),
      validate,
    },
    {
      send: (values) => {
        const input = {
          label: values.label,
          address: addressInputOf(values.address),
          isDefault: values.isDefault,
        };
        return editing ? update({ id: editing.id, input }) : add({ input });
      },
      success: (values) => `${values.label.trim()} is saved.`,
      onDone: (values) => onSaved(`${values.label.trim()} is saved.`),
    },
  );
  const { form } = submission;
  return (
    <DialogModal
      opened={opened}
      onClose={onClose}
      title={editing ? `Edit ${editing.label}` : 'Add an address'}
      size="lg"
    >
      <FormWithRefusal
        form={form}
        onSubmit={submission.submit}
        refusalTitle="The address was not saved"
        refusal={submission.refusal}
      >
        <Stack gap="md">
          <TextInput
            label="Name of this address"
            description="Like Home or Office"
            required
            maxLength={50}
            {...form.getInputProps('label')}
          />
          <AddressFields
            names={NAMES}
            inputProps={(name) => form.getInputProps(name)}
            required
            maxLengths={{ recipient: 100, street: 200, line2: 200, city: 100 }}
          />
          <Checkbox
            label="Use as my default address"
            disabled={editing?.isDefault}
            {...form.getInputProps('isDefault', { type: 'checkbox' })}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={submission.submitting}>
              {editing ? 'Save address' : 'Add address'}
            </Button>
          </Group>
        </Stack>
      </FormWithRefusal>
    </DialogModal>
  );
}
