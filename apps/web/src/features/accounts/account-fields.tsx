import { PASSWORD_MIN_LENGTH } from '@bevy/core';
import { TextInput, type PasswordInputProps, type TextInputProps } from '@mantine/core';
import { PasswordField } from '../../components/password-field';

/** The email an account is known by, as the log-in, sign-up and reset forms ask for it. */
export function EmailField(props: TextInputProps) {
  return <TextInput label="Email" type="email" autoComplete="email" required {...props} />;
}

/** A password being chosen, with the rules it must follow under its label. */
export function NewPasswordField(props: PasswordInputProps) {
  return (
    <PasswordField
      description={`At least ${PASSWORD_MIN_LENGTH} characters; avoid common passwords`}
      autoComplete="new-password"
      {...props}
    />
  );
}
