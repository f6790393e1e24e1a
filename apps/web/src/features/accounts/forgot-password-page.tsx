import { logInSchema } from '@bevy/core/schemas';
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation } from 'urql';
import { EmailField } from './account-fields';
import { AccountForm, AccountPageLink } from './account-form';
import { AccountPageFrame } from './account-page-frame';
import { useServerSubmit } from './use-server-submit';
import { REQUEST_PASSWORD_RESET } from './api/accounts';

const emailOnlySchema = logInSchema.pick({ email: true });

// The same words whether or not the account exists, so the page does not reveal who has one.
const RESET_REQUESTED_MESSAGE =
  'If an account exists for that email, we have sent a link to reset the password. It works for one hour.';

export function ForgotPasswordPage() {
  const [, requestPasswordReset] = useMutation(REQUEST_PASSWORD_RESET);
  const [requested, setRequested] = useState(false);
  const form = useForm({
    initialValues: { email: '' },
    validate: zod4Resolver(emailOnlySchema),
  });
  // Every refusal, even one about the email, shows in the alert above the form.
  const submission = useServerSubmit(form, {
    send: (values) => requestPasswordReset(emailOnlySchema.parse(values)),
    onDone: () => setRequested(true),
    fields: [],
  });

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
        <AccountForm submission={submission} refusalTitle="We could not send the link">
          <EmailField {...form.getInputProps('email')} />
          <Button type="submit" loading={submission.submitting}>
            Send reset link
          </Button>
          <AccountPageLink prompt="Remembered it?" to="/login">
            Log in
          </AccountPageLink>
        </AccountForm>
      )}
    </AccountPageFrame>
  );
}
