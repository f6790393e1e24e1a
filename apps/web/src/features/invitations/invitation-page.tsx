import { consentText } from '@bevy/core';
import { Button, Checkbox, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { ErrorAlert } from '../../components/error-alert';
import { PageLoading } from '../../components/page-loading';
import { formatTimestampDate } from '../../lib/dates';
import { describeError } from '../../lib/server-error';
import { siteConfig } from '../../lib/site-config';
import { useMe } from '../../lib/use-me';
import { ACCEPT_INVITATION, INVITATION } from './api/invitations';
import { afterAcceptPath, invitedTo } from './invitation-labels';

/**
 * An invitation's link: what it is for and from whom; visitors sign up or log in and come
 * back; the signed-in person accepts it (once), optionally agreeing to the producer's email.
 */
export function InvitationPage() {
  const { token = '' } = useParams();
  const { me } = useMe();
  const navigate = useNavigate();
  const [{ data, fetching, error }] = useQuery({ query: INVITATION, variables: { token } });
  const [accepting, accept] = useMutation(ACCEPT_INVITATION);
  const [marketing, setMarketing] = useState(false);
  const invitation = data?.invitation;
  useDocumentTitle(
    `${invitation ? `Invitation from ${invitation.businessName}` : 'Invitation'} · ${siteConfig.siteName}`,
  );

  if (fetching && !invitation) return <PageLoading />;
  const here = `/invitations/${encodeURIComponent(token)}`;
  return (
    <Container size="sm" py="xl">
      <Paper withBorder radius="md" p="xl">
        {error || !invitation ? (
          <Stack gap="md">
            <Title order={1} fz="h2">
              This invitation cannot be used
            </Title>
            <ErrorAlert
              message={error ? describeError(error).message : 'There is no such invitation.'}
            />
            <Button component={Link} to="/shop" variant="light" w="fit-content">
              Go to the shop
            </Button>
          </Stack>
        ) : (
          <Stack gap="md">
            <Title order={1} fz="h2">
              {invitation.businessName} invites you
            </Title>
            <Text>
              You are invited to{' '}
              {invitedTo(invitation.kind, invitation.businessName, invitation.subjectName)}.
            </Text>
            {invitation.message ? (
              <Text
                component="blockquote"
                fs="italic"
                m={0}
                pl="md"
                style={{ borderLeft: '3px solid var(--mantine-color-gray-4)' }}
              >
                {invitation.message}
              </Text>
            ) : null}
            <Text fz="sm" c="dimmed">
              Sent to {invitation.email}; works once, until{' '}
              {formatTimestampDate(invitation.expiresAt)}.
            </Text>
            {accepting.error ? (
              <ErrorAlert message={describeError(accepting.error).message} />
            ) : null}
            {!me ? (
              <Group>
                <Button component={Link} to={`/signup?next=${encodeURIComponent(here)}`}>
                  Create an account to accept
                </Button>
                <Button
                  component={Link}
                  to={`/login?next=${encodeURIComponent(here)}`}
                  variant="default"
                >
                  Log in
                </Button>
              </Group>
            ) : (
              <Stack gap="sm">
                {me.email.toLowerCase() !== invitation.email && !invitation.accepted ? (
                  <Text fz="sm" role="note">
                    You are logged in as {me.email}; the invitation was sent to {invitation.email}.
                    Accepting uses it up for this account.
                  </Text>
                ) : null}
                <Checkbox
                  checked={marketing}
                  onChange={(event) => setMarketing(event.currentTarget.checked)}
                  label={consentText(invitation.businessName)}
                />
                <Button
                  w="fit-content"
                  loading={accepting.fetching}
                  onClick={async () => {
                    const result = await accept({ token, marketing });
                    const accepted = result.data?.acceptInvitation;
                    if (accepted) navigate(afterAcceptPath(accepted));
                  }}
                >
                  {invitation.accepted ? 'Continue' : 'Accept the invitation'}
                </Button>
              </Stack>
            )}
          </Stack>
        )}
      </Paper>
    </Container>
  );
}
