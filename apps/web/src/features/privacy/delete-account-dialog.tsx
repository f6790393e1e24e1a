import { Alert, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useMutation } from 'urql';
import { DialogModal } from '../../components/dialog-modal';
import { describeError } from '../../lib/server-error';
import { DELETE_MY_ACCOUNT, type AccountDeletion } from './api/account-deletion';

/**
 * The last step of deleting an account: the password and the email typed. A refusal keeps what
 * was typed on screen, with the message beside its field.
 */
export function DeleteAccountDialog({
  opened,
  email,
  onClose,
  onDeleted,
}: {
  opened: boolean;
  email: string;
  onClose: () => void;
  onDeleted: (done: AccountDeletion) => void;
}) {
  const [password, setPassword] = useState('');
  const [typedEmail, setTypedEmail] = useState('');
  const [refusal, setRefusal] = useState<{ message: string; field: string | null } | null>(null);
  const [{ fetching }, deleteAccount] = useMutation(DELETE_MY_ACCOUNT);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    const result = await deleteAccount({ password, email: typedEmail });
    if (result.error) setRefusal(describeError(result.error));
    else if (result.data) onDeleted(result.data.deleteMyAccount);
  };
  const errorOf = (field: string) => (refusal?.field === field ? refusal.message : undefined);

  return (
    <DialogModal opened={opened} onClose={onClose} title="Delete your account for good?">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Alert color="red" variant="light" title="This cannot be undone">
            Your account, saved addresses, follows and marketing consents are erased at once, and
            open orders are cancelled and refunded as listed on the page.
          </Alert>
          <PasswordInput
            label="Your password"
            autoComplete="current-password"
            required
            visibilityToggleFocusable
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={errorOf('password')}
            data-autofocus
          />
          <TextInput
            label="Type your email to confirm"
            description={`Type ${email}`}
            autoComplete="off"
            required
            value={typedEmail}
            onChange={(e) => setTypedEmail(e.currentTarget.value)}
            error={errorOf('email')}
          />
          {refusal && !refusal.field ? (
            <Alert color="red" title="That did not work">
              {refusal.message}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Keep my account
            </Button>
            <Button type="submit" color="red.9" loading={fetching}>
              Delete my account
            </Button>
          </Group>
        </Stack>
      </form>
    </DialogModal>
  );
}
