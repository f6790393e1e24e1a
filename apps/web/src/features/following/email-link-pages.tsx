import { Anchor, Button, Container, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCircleCheck, IconMailOff } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useMutation } from 'urql';
import { ErrorAlert } from '../../components/error-alert';
import { describeError } from '../../lib/server-error';
import { siteConfig } from '../../lib/site-config';
import { CONFIRM_CONSENT } from './api/following';

/** Runs `action` once per mount, even under StrictMode's double effects. */
function useOnce(action: () => void) {
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    action();
  });
}

function Frame({ title, children }: { title: string; children: React.ReactNode }) {
  useDocumentTitle(`${title} · ${siteConfig.siteName}`);
  return (
    <Container size="sm" py="xl">
      <Paper withBorder radius="md" p="xl">
        <Stack gap="md">
          <Title order={1} fz="h2">
            {title}
          </Title>
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}

type Unsubscribed = { businessName: string; businessSlug: string; email: string };

/**
 * The footer's unsubscribe link: the page posts the unsubscribe as it opens (no button, no
 * log-in), which a mail scanner fetching the link does not do; then it says so.
 */
export function UnsubscribePage() {
  const { token = '' } = useParams();
  const [state, setState] = useState<
    | { kind: 'working' }
    | { kind: 'done'; result: Unsubscribed }
    | { kind: 'failed'; message: string }
  >({ kind: 'working' });
  useOnce(() => {
    fetch(`/email/unsubscribe/${encodeURIComponent(token)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ via: 'footer' }),
    })
      .then(async (response) => {
        const body = (await response.json().catch(() => null)) as
          (Unsubscribed & { error?: { message?: string } }) | null;
        if (response.ok && body) setState({ kind: 'done', result: body });
        else
          setState({
            kind: 'failed',
            message:
              body?.error?.message ?? 'We could not unsubscribe you just now. Try the link again.',
          });
      })
      .catch(() =>
        setState({
          kind: 'failed',
          message:
            'We could not reach the marketplace. Check your connection and try the link again.',
        }),
      );
  });

  if (state.kind === 'working') {
    return (
      <Frame title="Unsubscribing…">
        <Loader aria-label="Unsubscribing" />
      </Frame>
    );
  }
  if (state.kind === 'failed') {
    return (
      <Frame title="Nothing was changed">
        <ErrorAlert message={state.message} />
        <Anchor component={Link} to="/shop">
          Go to the shop
        </Anchor>
      </Frame>
    );
  }
  const { businessName, businessSlug, email } = state.result;
  return (
    <Frame title="You are unsubscribed">
      <Stack gap="xs" align="flex-start">
        <IconMailOff size={40} aria-hidden />
        <Text>
          {email} gets no more news or offers from {businessName}. It took effect at once.
        </Text>
        <Text fz="sm" c="dimmed">
          Emails about your orders, tickets and club memberships still arrive.
        </Text>
        <Text fz="sm">
          Unsubscribed by mistake? Follow {businessName} again from{' '}
          <Anchor component={Link} to={`/business/${businessSlug}`}>
            their page
          </Anchor>
          , or change what you receive under{' '}
          <Anchor component={Link} to="/consumer">
            Your orders
          </Anchor>
          .
        </Text>
      </Stack>
    </Frame>
  );
}

/**
 * The double opt-in link: the person confirms with a button (no log-in needed). Not on opening,
 * since mail scanners open links, and some run the page.
 */
export function ConfirmEmailPage() {
  const { token = '' } = useParams();
  const [result, confirm] = useMutation(CONFIRM_CONSENT);
  const confirmed = result.data?.confirmMarketingConsent;
  if (confirmed) {
    return (
      <Frame title="You are subscribed">
        <Stack gap="xs" align="flex-start">
          <IconCircleCheck size={40} aria-hidden />
          <Text>
            You will get news, releases and offers from {confirmed.businessName}. Every email has a
            one-click unsubscribe.
          </Text>
          <Button component={Link} to={`/business/${confirmed.businessSlug}`} variant="light">
            Visit {confirmed.businessName}
          </Button>
        </Stack>
      </Frame>
    );
  }
  return (
    <Frame title="Confirm your subscription">
      {result.error ? <ErrorAlert message={describeError(result.error).message} /> : null}
      <Text>Confirm that you want a producer’s news, releases and offers at this address.</Text>
      <Button w="fit-content" loading={result.fetching} onClick={() => void confirm({ token })}>
        Yes, send me their email
      </Button>
    </Frame>
  );
}
