import { resetPasswordSchema } from '@bevy/core/schemas';
import { Alert, Anchor, Button } from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useMutation } from 'urql';
import { PasswordField } from '../../components/password-field';
import { NewPasswordField } from './account-fields';
import { AccountForm } from './account-form';
import { AccountPageFrame } from './account-page-frame';
import { useServerSubmit } from './use-server-submit';
import { RESET_PASSWORD } from './api/accounts';

type NewPasswordValues = {
  password: string;
  passwordAgain: string;
};

const passwordOnlySchema = resetPasswordSchema.pick({ password: true });
const validatePasswordRules = zod4Resolver(passwordOnlySchema, { errorPriority: 'first' });

function validateNewPassword(values: NewPasswordValues): FormErrors {
  const errors = validatePasswordRules(values);
  if (!values.passwordAgain) errors.passwordAgain = 'Enter the new password again.';
  else if (values.passwordAgain !== values.password) {
    errors.passwordAgain = 'The two passwords are not the same.';
  }
  return errors;
}

function RequestNewLink() {
  return (
    <Anchor component={Link} to="/forgot-password">
      Send me a new link
    </Anchor>
  );
}

export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [, resetPassword] = useMutation(RESET_PASSWORD);
  const [done, setDone] = useState(false);
  const form = useForm<NewPasswordValues>({
    initialValues: { password: '', passwordAgain: '' },
    validate: validateNewPassword,
  });
  // A weak password goes on its field; an expired or already used link is the refusal, in the
  // server's words.
  const submission = useServerSubmit(form, {
    send: (values) => resetPassword({ token, password: values.password }),
    onDone: () => setDone(true),
    fields: ['password'],
  });

  if (!resetPasswordSchema.shape.token.safeParse(token).success) {
    return (
      <AccountPageFrame title="Choose a new password">
        <Alert color="red" title="This link is incomplete">
          Open the link from the email exactly as it was sent, or <RequestNewLink />.
        </Alert>
      </AccountPageFrame>
    );
  }

  return (
    <AccountPageFrame title="Choose a new password">
      {done ? (
        <Alert color="green" title="Your password has been changed">
          For your safety we logged you out everywhere.{' '}
          <Anchor component={Link} to="/login">
            Log in with your new password
          </Anchor>
          .
        </Alert>
      ) : (
        <AccountForm
          submission={submission}
          refusalTitle="We could not change your password"
          refusalHint={<RequestNewLink />}
        >
          <NewPasswordField label="New password" {...form.getInputProps('password')} />
          <PasswordField
            label="New password again"
            autoComplete="new-password"
            {...form.getInputProps('passwordAgain')}
          />
          <Button type="submit" loading={submission.submitting}>
            Change password
          </Button>
        </AccountForm>
      )}
    </AccountPageFrame>
  );
}
