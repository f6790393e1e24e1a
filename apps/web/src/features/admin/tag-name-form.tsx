import { Button, Group, TextInput } from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';

/**
 * A one-field form: a name and a submit button, used to add tags and categories and to rename
 * them. `onSubmit` resolves to true when the server accepted the name.
 */
export function TagNameForm({
  initialName = '',
  label,
  hideLabel = false,
  inputAriaLabel,
  submitLabel,
  submitAriaLabel,
  clearOnSuccess = false,
  onSubmit,
  extra,
}: {
  initialName?: string;
  label: string;
  hideLabel?: boolean;
  /** A fuller accessible name than the visible label (it should start with the label). */
  inputAriaLabel?: string;
  submitLabel: string;
  submitAriaLabel?: string;
  clearOnSuccess?: boolean;
  onSubmit: (name: string) => Promise<boolean>;
  /** More buttons after the submit button (e.g. Delete). */
  extra?: ReactNode;
}) {
  const [name, setName] = useState(initialName);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setError('Enter a name.');
      return;
    }
    if (saving || trimmed === initialName) return;
    setSaving(true);
    const accepted = await onSubmit(trimmed);
    setSaving(false);
    if (accepted && clearOnSuccess) setName('');
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <TextInput
        label={hideLabel ? undefined : label}
        aria-label={hideLabel ? label : inputAriaLabel}
        value={name}
        error={error}
        onChange={(event) => {
          setName(event.currentTarget.value);
          setError(null);
        }}
        inputContainer={(input) => (
          <Group gap="xs" align="center">
            <div style={{ flex: '1 1 12rem', maxWidth: 360 }}>{input}</div>
            <Button
              type="submit"
              variant={initialName ? 'default' : 'filled'}
              aria-busy={saving}
              aria-label={submitAriaLabel}
            >
              {submitLabel}
            </Button>
            {extra}
          </Group>
        )}
      />
    </form>
  );
}
