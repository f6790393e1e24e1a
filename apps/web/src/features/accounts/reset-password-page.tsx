import { PASSWORD_MIN_LENGTH, resetPasswordSchema } from '@bevy/core';
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { gql, useMutation } from 'urql';
import { focusFirstError } from '../../lib/form-focus';
import { describeError } from './account-helpers';
import { AccountPageFrame } from './account-page-frame';
import { PasswordField } from './password-field';

const RESET_PASSWORD = gql`
  mutation ResetPassword($token: String!, $password: String!) {
    resetPassword(token: $token, password: $password)
  }
`;

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
  const [{ fetching }, resetPassword] = useMutation(RESET_PASSWORD);
  const [done, setDone] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<NewPasswordValues>({
    initialValues: { password: '', passwordAgain: '' },
    validate: validateNewPassword,
  });

  const submit = async (values: NewPasswordValues) => {
    setRefusal(null);
    const result = await resetPassword({ token, password: values.password });
    if (result.error) {
      const { message, field } = describeError(result.error);
      if (field === 'password') {
        form.setFieldError('password', message);
        form.getInputNode('password')?.focus();
      } else {
        // An expired or already used link: the server explains which.
        setRefusal(message);
      }
      return;
    }
    setDone(true);
  };

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
        <form
          noValidate
          onSubmit={form.onSubmit(submit, (errors) => focusFirstError(form, errors))}
        >
          <Stack gap="md">
            {refusal ? (
              <Alert color="red" title="We could not change your password">
                <Text inherit>{refusal}</Text>
                <Text inherit mt="xs">
                  <RequestNewLink />
                </Text>
              </Alert>
            ) : null}
            <PasswordField
              label="New password"
              description={`At least ${PASSWORD_MIN_LENGTH} characters; avoid common passwords`}
              autoComplete="new-password"
              {...form.getInputProps('password')}
            />
            <PasswordField
              label="New password again"
              autoComplete="new-password"
              {...form.getInputProps('passwordAgain')}
            />
            <Button type="submit" loading={fetching}>
              Change password
            </Button>
          </Stack>
        </form>
      )}
    </AccountPageFrame>
  );
}
