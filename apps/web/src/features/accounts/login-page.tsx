import { logInSchema, type LogInInput } from '@bevy/core';
import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { gql, useMutation } from 'urql';
import { focusFirstError } from '../../lib/form-focus';
import { useMe, useRefreshMe } from '../../lib/use-me';
import { describeError, useNextPath } from './account-helpers';
import { AccountPageFrame } from './account-page-frame';
import { PasswordField } from './password-field';

const LOG_IN = gql`
  mutation LogIn($email: String!, $password: String!) {
    logIn(email: $email, password: $password) {
      id
    }
  }
`;

export function LogInPage() {
  const { me } = useMe();
  const refreshMe = useRefreshMe();
  const navigate = useNavigate();
  const { nextPath, nextQuery } = useNextPath();
  const [, logIn] = useMutation(LOG_IN);
  const [submitting, setSubmitting] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<LogInInput>({
    initialValues: { email: '', password: '' },
    validate: zod4Resolver(logInSchema, { errorPriority: 'first' }),
  });

  const submit = async (values: LogInInput) => {
    setRefusal(null);
    setSubmitting(true);
    try {
      const result = await logIn(logInSchema.parse(values));
      if (result.error) {
        const { message, field } = describeError(result.error);
        if (field && field in values) {
          form.setFieldError(field, message);
          form.getInputNode(field)?.focus();
        } else {
          // Wrong credentials and too many attempts (429) both land here, as the server says them.
          setRefusal(message);
        }
        return;
      }
      await refreshMe();
      navigate(nextPath, { replace: true });
    } finally {
      setSubmitting(false);
    }
  };

  if (me && !submitting) return <Navigate to={nextPath} replace />;

  return (
    <AccountPageFrame title="Log in">
      <form noValidate onSubmit={form.onSubmit(submit, (errors) => focusFirstError(form, errors))}>
        <Stack gap="md">
          {refusal ? (
            <Alert color="red" title="We could not log you in">
              {refusal}
            </Alert>
          ) : null}
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <PasswordField
            label="Password"
            autoComplete="current-password"
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to="/forgot-password" fz="sm">
              Forgot your password?
            </Anchor>
          </Group>
          <Button type="submit" loading={submitting}>
            Log in
          </Button>
          <Text fz="sm" c="dark.6">
            New here?{' '}
            <Anchor component={Link} to={`/signup${nextQuery}`}>
              Create an account
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AccountPageFrame>
  );
}
