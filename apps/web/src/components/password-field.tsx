import { PasswordInput, type PasswordInputProps } from '@mantine/core';

/**
 * A password input whose show/hide toggle is reachable by keyboard, and which tells assistive
 * technology when it is in error (Mantine's PasswordInput does not set aria-invalid itself).
 */
export function PasswordField(props: PasswordInputProps) {
  return (
    <PasswordInput
      visibilityToggleFocusable
      required
      aria-invalid={Boolean(props.error)}
      {...props}
    />
  );
}
