import { logInSchema, type LogInInput } from '@bevy/core/schemas';
import { Anchor, Button, Group } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { Link, Navigate } from 'react-router';
import { useMutation } from 'urql';
import { PasswordField } from '../../components/password-field';
import { useMe } from '../../lib/use-me';
import { EmailField } from './account-fields';
import { AccountForm, AccountPageLink } from './account-form';
import { useReturnAfterLogIn } from './account-helpers';
import { AccountPageFrame } from './account-page-frame';
import { useServerSubmit } from './use-server-submit';
import { LOG_IN } from './api/accounts';

export function LogInPage() {
  const { me } = useMe();
  const { nextPath, nextQuery, returnToNextPath } = useReturnAfterLogIn();
  const [, logIn] = useMutation(LOG_IN);
  const form = useForm<LogInInput>({
    initialValues: { email: '', password: '' },
    validate: zod4Resolver(logInSchema, { errorPriority: 'first' }),
  });
  // Wrong credentials and too many attempts (429) both become the refusal, as the server says them.
  const submission = useServerSubmit(form, {
    send: (values) => logIn(logInSchema.parse(values)),
    onDone: returnToNextPath,
  });

  if (me && !submission.submitting) return <Navigate to={nextPath} replace />;

  return (
    <AccountPageFrame title="Log in">
      <AccountForm submission={submission} refusalTitle="We could not log you in">
        <EmailField {...form.getInputProps('email')} />
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
        <Button type="submit" loading={submission.submitting}>
          Log in
        </Button>
        <AccountPageLink prompt="New here?" to={`/signup${nextQuery}`}>
          Create an account
        </AccountPageLink>
      </AccountForm>
    </AccountPageFrame>
  );
}
