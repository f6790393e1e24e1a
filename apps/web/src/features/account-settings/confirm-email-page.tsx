import { Alert, Anchor, Button, Container, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useMutation } from 'urql';
import { PageLoading } from '../../components/page-loading';
import { describeError } from '../../lib/server-error';
import { siteConfig } from '../../lib/site-config';
import { useMe, useRefreshMe } from '../../lib/use-me';
import { CONFIRM_EMAIL_CHANGE } from './api/account-settings';

type Outcome = { email: string } | { refusal: string };

/**
 * /account/confirm-email/:token, the link mailed to a new address. The token alone proves the
 * mailbox, so the page works without logging in; it confirms once, as soon as it opens.
 */
export function ConfirmEmailChangePage() {
  useDocumentTitle(`Confirm your new email · ${siteConfig.siteName}`);
  const { token = '' } = useParams();
  const [, confirm] = useMutation(CONFIRM_EMAIL_CHANGE);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const { me } = useMe();
  const refreshMe = useRefreshMe();
  // React's development double effect must not send the one-time token twice.
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    void confirm({ token }).then(async (result) => {
      if (result.error) setOutcome({ refusal: describeError(result.error).message });
      else {
        await refreshMe();
        setOutcome({ email: result.data?.confirmEmailChange ?? '' });
      }
    });
  }, [confirm, refreshMe, token]);

  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <Title order={1}>Confirm your new email</Title>
        {outcome === null ? <PageLoading /> : null}
        {outcome && 'email' in outcome ? (
          <Alert color="green" role="status">
            <Text inherit fw={700} c="dark.8">
              Your email is changed
            </Text>
            <Text inherit c="dark.8">
              From now on you log in with {outcome.email}, and we write to you there.
            </Text>
          </Alert>
        ) : null}
        {outcome && 'refusal' in outcome ? (
          <Alert color="red" title="This link did not work">
            {outcome.refusal}
          </Alert>
        ) : null}
        {outcome ? (
          me ? (
            <Button component={Link} to="/account" variant="light" w="fit-content">
              Go to account settings
            </Button>
          ) : (
            <Text>
              <Anchor component={Link} to="/login">
                Log in
              </Anchor>{' '}
              to see your account.
            </Text>
          )
        ) : null}
      </Stack>
    </Container>
  );
}
