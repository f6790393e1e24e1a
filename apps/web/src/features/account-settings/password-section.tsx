import { passwordSchema } from '@bevy/core/schemas';
import type { FormErrors } from '@mantine/form';
import { useMutation } from 'urql';
import { PasswordField } from '../../components/password-field';
import { CHANGE_PASSWORD } from './api/account-settings';
import { SettingsCard } from './settings-card';
import { SettingsForm } from './settings-form';
import { samePassword, useSettingsForm } from './use-settings-form';

interface PasswordValues extends Record<string, unknown> {
  currentPassword: string;
  newPassword: string;
  newPasswordAgain: string;
}

function validate(values: PasswordValues): FormErrors {
  const errors: FormErrors = {};
  if (!values.currentPassword) errors.currentPassword = 'Enter your current password.';
  const rules = passwordSchema.safeParse(values.newPassword);
  if (!rules.success) errors.newPassword = rules.error.issues[0]!.message;
  return samePassword(values, errors);
}

export function PasswordSection({ onChanged }: { onChanged: () => void }) {
  const [, changePassword] = useMutation(CHANGE_PASSWORD);
  const submission = useSettingsForm<PasswordValues>(
    { initialValues: { currentPassword: '', newPassword: '', newPasswordAgain: '' }, validate },
    {
      send: ({ currentPassword, newPassword }) => changePassword({ currentPassword, newPassword }),
      success: () =>
        'Your password is changed. Every other browser you were logged in on is now logged out.',
      onDone: onChanged,
      resetOnDone: true,
    },
  );
  return (
    <SettingsCard
      title="Password"
      description="Changing it logs you out everywhere else; this browser stays logged in."
    >
      <SettingsForm
        submission={submission}
        refusalTitle="Your password was not changed"
        submitLabel="Change password"
      >
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          {...submission.form.getInputProps('currentPassword')}
        />
        <PasswordField
          label="New password"
          description="At least 10 characters; not a common password, nor your name or email"
          autoComplete="new-password"
          {...submission.form.getInputProps('newPassword')}
        />
        <PasswordField
          label="New password again"
          autoComplete="new-password"
          {...submission.form.getInputProps('newPasswordAgain')}
        />
      </SettingsForm>
    </SettingsCard>
  );
}
