import { logInSchema } from '@bevy/core';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { Link } from 'react-router';
import { gql, useMutation } from 'urql';
import { focusFirstError } from '../../lib/form-focus';
import { describeError } from './account-helpers';
import { AccountPageFrame } from './account-page-frame';

const REQUEST_PASSWORD_RESET = gql`
  mutation RequestPasswordReset($email: String!) {
    requestPasswordReset(email: $email)
  }
`;

const emailOnlySchema = logInSchema.pick({ email: true });

// The same words whether or not the account exists, so the page does not reveal who has one.
const RESET_REQUESTED_MESSAGE =
  'If an account exists for that email, we have sent a link to reset the password. It works for one hour.';

export function ForgotPasswordPage() {
  const [{ fetching }, requestPasswordReset] = useMutation(REQUEST_PASSWORD_RESET);
  const [requested, setRequested] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email: '' },
    validate: zod4Resolver(emailOnlySchema),
  });

  const submit = async (values: { email: string }) => {
    setRefusal(null);
    const result = await requestPasswordReset(emailOnlySchema.parse(values));
    if (result.error) {
      setRefusal(describeError(result.error).message);
      return;
    }
    setRequested(true);
  };

  return (
    <AccountPageFrame
      title="Reset your password"
      intro="Enter the email you signed up with and we will send you a link to choose a new password."
    >
      {requested ? (
        <Stack gap="md">
          <Alert color="green" title="Check your email">
            {RESET_REQUESTED_MESSAGE}
          </Alert>
          <Text fz="sm">
            <Anchor component={Link} to="/login">
              Back to log in
            </Anchor>
          </Text>
        </Stack>
      ) : (
        <form
          noValidate
          onSubmit={form.onSubmit(submit, (errors) => focusFirstError(form, errors))}
        >
          <Stack gap="md">
            {refusal ? (
              <Alert color="red" title="We could not send the link">
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
            <Button type="submit" loading={fetching}>
              Send reset link
            </Button>
            <Text fz="sm" c="dark.6">
              Remembered it?{' '}
              <Anchor component={Link} to="/login">
                Log in
              </Anchor>
            </Text>
          </Stack>
        </form>
      )}
    </AccountPageFrame>
  );
}
