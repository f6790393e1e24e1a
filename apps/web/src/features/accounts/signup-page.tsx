import {
  isOfLegalAge,
  MINIMUM_AGE,
  PASSWORD_MIN_LENGTH,
  signUpSchema,
  UNDER_AGE_MESSAGE,
  type SignUpInput,
} from '@bevy/core';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { gql, useMutation } from 'urql';
import { todayIsoDate } from '../../lib/dates';
import { focusFirstError } from '../../lib/form-focus';
import { useMe, useRefreshMe } from '../../lib/use-me';
import { describeError, useNextPath } from './account-helpers';
import { AccountPageFrame } from './account-page-frame';
import { PasswordField } from './password-field';

const SIGN_UP = gql`
  mutation SignUp($input: SignUpInput!) {
    signUp(input: $input) {
      id
    }
  }
`;

const validateWithSchema = zod4Resolver(signUpSchema, { errorPriority: 'first' });

function validateSignUp(values: SignUpInput): FormErrors {
  const errors = validateWithSchema(values);
  if (!errors.dateOfBirth && !isOfLegalAge(values.dateOfBirth, todayIsoDate())) {
    errors.dateOfBirth = UNDER_AGE_MESSAGE;
  }
  return errors;
}

export function SignUpPage() {
  const { me } = useMe();
  const refreshMe = useRefreshMe();
  const navigate = useNavigate();
  const { nextPath, nextQuery } = useNextPath();
  const [, signUp] = useMutation(SIGN_UP);
  const [submitting, setSubmitting] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<SignUpInput>({
    initialValues: { name: '', email: '', password: '', dateOfBirth: '' },
    validate: validateSignUp,
  });

  const submit = async (values: SignUpInput) => {
    setRefusal(null);
    setSubmitting(true);
    try {
      const result = await signUp({ input: signUpSchema.parse(values) });
      if (result.error) {
        const { message, field } = describeError(result.error);
        if (field && field in values) {
          form.setFieldError(field, message);
          form.getInputNode(field)?.focus();
        } else {
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

  // Already logged in (or just signed up): there is nothing to do here.
  if (me && !submitting) return <Navigate to={nextPath} replace />;

  return (
    <AccountPageFrame
      title="Create your account"
      intro={`Shop from independent producers, or sell your own. You must be ${MINIMUM_AGE} or older.`}
    >
      <form noValidate onSubmit={form.onSubmit(submit, (errors) => focusFirstError(form, errors))}>
        <Stack gap="md">
          {refusal ? (
            <Alert color="red" title="We could not create your account">
              {refusal}
            </Alert>
          ) : null}
          <TextInput label="Name" autoComplete="name" required {...form.getInputProps('name')} />
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <PasswordField
            label="Password"
            description={`At least ${PASSWORD_MIN_LENGTH} characters; avoid common passwords`}
            autoComplete="new-password"
            {...form.getInputProps('password')}
          />
          <TextInput
            label="Date of birth"
            type="date"
            autoComplete="bday"
            max={todayIsoDate()}
            required
            {...form.getInputProps('dateOfBirth')}
          />
          <Button type="submit" loading={submitting}>
            Sign up
          </Button>
          <Text fz="sm" c="dark.6">
            Already have an account?{' '}
            <Anchor component={Link} to={`/login${nextQuery}`}>
              Log in
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AccountPageFrame>
  );
}
