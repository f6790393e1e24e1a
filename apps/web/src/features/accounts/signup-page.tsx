import { isOfLegalAge, MINIMUM_AGE, UNDER_AGE_MESSAGE } from '@bevy/core';
import { signUpSchema, type SignUpInput } from '@bevy/core/schemas';
import { Button, TextInput } from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { Navigate } from 'react-router';
import { useMutation } from 'urql';
import { todayIsoDate } from '../../lib/dates';
import { useMe } from '../../lib/use-me';
import { EmailField, NewPasswordField } from './account-fields';
import { AccountForm, AccountPageLink } from './account-form';
import { useReturnAfterLogIn } from './account-helpers';
import { AccountPageFrame } from './account-page-frame';
import { rememberNewAccount } from '../../lib/new-account';
import { useServerSubmit } from './use-server-submit';
import { SIGN_UP } from './api/accounts';

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
  const { nextPath, nextQuery, returnToNextPath } = useReturnAfterLogIn();
  const [, signUp] = useMutation(SIGN_UP);
  const form = useForm<SignUpInput>({
    initialValues: { name: '', email: '', password: '', dateOfBirth: '' },
    validate: validateSignUp,
  });
  const submission = useServerSubmit(form, {
    send: async (values) => {
      const result = await signUp({ input: signUpSchema.parse(values) });
      if (result.data?.signUp) rememberNewAccount(result.data.signUp.id);
      return result;
    },
    onDone: returnToNextPath,
  });

  // Already logged in (or just signed up): there is nothing to do here.
  if (me && !submission.submitting) return <Navigate to={nextPath} replace />;

  return (
    <AccountPageFrame
      title="Create your account"
      intro={`Shop from independent producers, or sell your own. You must be ${MINIMUM_AGE} or older.`}
    >
      <AccountForm submission={submission} refusalTitle="We could not create your account">
        <TextInput label="Name" autoComplete="name" required {...form.getInputProps('name')} />
        <EmailField {...form.getInputProps('email')} />
        <NewPasswordField label="Password" {...form.getInputProps('password')} />
        <TextInput
          label="Date of birth"
          type="date"
          autoComplete="bday"
          max={todayIsoDate()}
          required
          {...form.getInputProps('dateOfBirth')}
        />
        <Button type="submit" loading={submission.submitting}>
          Sign up
        </Button>
        <AccountPageLink prompt="Already have an account?" to={`/login${nextQuery}`}>
          Log in
        </AccountPageLink>
      </AccountForm>
    </AccountPageFrame>
  );
}
