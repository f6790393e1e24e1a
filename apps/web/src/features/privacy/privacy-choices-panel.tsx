import type { PrivacyRequestKind } from '@bevy/core';
import { Anchor, Card, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useQuery } from 'urql';
import { ErrorAlert } from '../../components/error-alert';
import { StatusBadge } from '../../components/status-badge';
import { PageLoading } from '../../components/page-loading';
import { describeError } from '../../lib/server-error';
import { MY_PRIVACY } from './api/requests';

const KIND_LABELS: Record<PrivacyRequestKind, string> = {
  access: 'Copy of your data',
  deletion: 'Deletion',
  correction: 'Correction',
  opt_out: 'Opt-out of sale and sharing',
  other: 'Other request',
};

const STATUS_COLORS = { open: 'yellow', completed: 'green', declined: 'red' } as const;

const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });
const day = (iso: string) => longDate.format(new Date(iso));

/** Whether this browser sends Global Privacy Control (read by script; the server sees the header). */
const browserSendsGpc = () =>
  typeof navigator !== 'undefined' &&
  (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true;

function GpcStatus({ optOutAt, signalNow }: { optOutAt: string | null; signalNow: boolean }) {
  if (optOutAt) {
    return (
      <Text>
        {signalNow || browserSendsGpc()
          ? 'Your browser sends Global Privacy Control; '
          : 'Your browser sent Global Privacy Control; '}
        we recorded your opt-out of the sale and sharing of your personal data on{' '}
        <strong>{day(optOutAt)}</strong>. It stays in force even if your browser stops sending it.
      </Text>
    );
  }
  return (
    <Text>
      Your browser does not send Global Privacy Control. Turn it on (for example in Firefox’s or
      Brave’s privacy settings, or with a privacy extension) to opt out of the sale and sharing of
      your personal data on every site that honours it, this one included.
    </Text>
  );
}

/** The account privacy page's card: Global Privacy Control, and the person's privacy requests. */
export function PrivacyChoicesPanel() {
  const [result, reexecute] = useQuery({ query: MY_PRIVACY, requestPolicy: 'cache-and-network' });
  const privacy = result.data?.myPrivacy;

  return (
    <Card withBorder component="section" aria-labelledby="privacy-choices">
      <Stack gap="sm">
        <Title order={2} size="h3" id="privacy-choices">
          Privacy choices and requests
        </Title>
        {result.error && !privacy ? (
          <ErrorAlert
            message={describeError(result.error).message}
            onRetry={() => reexecute({ requestPolicy: 'network-only' })}
          />
        ) : null}
        {!privacy && result.fetching ? <PageLoading /> : null}
        {privacy ? (
          <>
            <GpcStatus optOutAt={privacy.gpcOptOutAt} signalNow={privacy.gpcSignalNow} />
            <Title order={3} size="h5">
              Your requests
            </Title>
            {privacy.requests.length === 0 ? (
              <Text c="dimmed">You have not made any privacy requests.</Text>
            ) : (
              <List spacing="xs" listStyleType="none" p={0}>
                {privacy.requests.map((request) => (
                  <List.Item key={request.id}>
                    <Text span fw={600}>
                      {KIND_LABELS[request.kind]}
                    </Text>{' '}
                    <StatusBadge color={STATUS_COLORS[request.status]}>
                      {request.status}
                    </StatusBadge>
                    <Text size="sm">
                      Received {day(request.receivedAt)}
                      {request.resolvedAt
                        ? `, answered ${day(request.resolvedAt)}`
                        : `, due by ${day(request.dueAt)}`}
                    </Text>
                  </List.Item>
                ))}
              </List>
            )}
          </>
        ) : null}
        <Text>
          For anything else (a correction, or a question about your data),{' '}
          <Anchor component={Link} to="/privacy/request" underline="always">
            send us a privacy request
          </Anchor>
          .
        </Text>
      </Stack>
    </Card>
  );
}
