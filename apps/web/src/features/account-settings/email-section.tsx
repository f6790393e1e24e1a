import { signUpSchema } from '@bevy/core/schemas';
import { Alert, Text, TextInput } from '@mantine/core';
import type { FormErrors } from '@mantine/form';
import { useMutation } from 'urql';
import { PasswordField } from '../../components/password-field';
import { formatTimestampDateTime } from '../../lib/dates';
import { REQUEST_EMAIL_CHANGE } from './api/account-settings';
import { SettingsCard } from './settings-card';
import { SettingsForm } from './settings-form';
import { useSettingsForm } from './use-settings-form';

interface EmailValues extends Record<string, unknown> {
  newEmail: string;
  password: string;
}

function validate(values: EmailValues): FormErrors {
  const errors: FormErrors = {};
  const email = signUpSchema.shape.email.safeParse(values.newEmail);
  if (!email.success) errors.newEmail = email.error.issues[0]!.message;
  if (!values.password) errors.password = 'Enter your current password.';
  return errors;
}

export function EmailSection({
  email,
  pending,
  onChanged,
}: {
  email: string;
  pending: { newEmail: string; expiresAt: string } | null;
  onChanged: () => void;
}) {
  const [, requestChange] = useMutation(REQUEST_EMAIL_CHANGE);
  const submission = useSettingsForm<EmailValues>(
    { initialValues: { newEmail: '', password: '' }, validate },
    {
      send: (values) => requestChange(values),
      success: (values) =>
        `We sent a link to ${values.newEmail.trim()}. Open it within 24 hours to finish the change; until then your email stays ${email}.`,
      onDone: onChanged,
      resetOnDone: true,
    },
  );
  return (
    <SettingsCard
      title="Email"
      description="Where we send your receipts and where you log in. A change takes effect once the new address confirms it."
    >
      <Text>
        Your email is{' '}
        <Text span fw={700}>
          {email}
        </Text>
        .
      </Text>
      {pending && !submission.notice ? (
        <Alert color="blue" title="Waiting for confirmation">
          A link was sent to {pending.newEmail}. It works until{' '}
          {formatTimestampDateTime(pending.expiresAt)}.
        </Alert>
      ) : null}
      <SettingsForm
        submission={submission}
        refusalTitle="Your email was not changed"
        submitLabel="Send confirmation link"
      >
        <TextInput
          label="New email"
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          {...submission.form.getInputProps('newEmail')}
        />
        <PasswordField
          label="Current password"
          description="To make sure it is you"
          autoComplete="current-password"
          {...submission.form.getInputProps('password')}
        />
      </SettingsForm>
    </SettingsCard>
  );
}
