import { PasswordInput, type PasswordInputProps } from '@mantine/core';

/** A password input whose show/hide toggle is reachable by keyboard, and that says when it is in error. */
export function SettingsPasswordInput(props: PasswordInputProps) {
  return (
    <PasswordInput
      visibilityToggleFocusable
      required
      aria-invalid={Boolean(props.error)}
      {...props}
    />
  );
}
