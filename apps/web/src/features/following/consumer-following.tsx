import { consentText } from '@bevy/core';
import { Anchor, Button, Card, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { ErrorAlert } from '../../components/error-alert';
import { formatTimestampDate } from '../../lib/dates';
import type { ResultOf } from '../../lib/graphql';
import { describeError } from '../../lib/server-error';
import { MY_FOLLOWS, SET_MARKETING_CONSENT, STOP_FOLLOWING } from './api/following';

type Followed = ResultOf<typeof MY_FOLLOWS>['myFollows'][number];

export function consentLine(row: Pick<Followed, 'consent' | 'consentChangedAt'>): string {
  const since = row.consentChangedAt ? ` since ${formatTimestampDate(row.consentChangedAt)}` : '';
  switch (row.consent) {
    case 'subscribed':
      return `You get their email${since}.`;
    case 'pending':
      return 'Waiting for you to confirm by the link we emailed.';
    case 'unsubscribed':
      return `You unsubscribed${since}.`;
    default:
      return 'You get none of their email.';
  }
}

function FollowedCard({ row, onChanged }: { row: Followed; onChanged: () => void }) {
  const [consent, setConsent] = useMutation(SET_MARKETING_CONSENT);
  const [stop, runStop] = useMutation(STOP_FOLLOWING);
  const error = consent.error ?? stop.error;
  const headingId = `followed-${row.businessId}`;
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3} fz="md" id={headingId}>
            <Anchor component={Link} to={`/business/${row.slug}`}>
              {row.name}
            </Anchor>
          </Title>
          {row.following ? (
            <Button
              size="xs"
              variant="default"
              loading={stop.fetching}
              onClick={async () => {
                const result = await runStop({ businessSlug: row.slug });
                if (!result.error) onChanged();
              }}
            >
              Unfollow
            </Button>
          ) : null}
        </Group>
        <Text fz="sm" c="dark.6">
          {row.following && row.followedAt
            ? `Following since ${formatTimestampDate(row.followedAt)}.`
            : 'Not following.'}{' '}
          {consentLine(row)}
        </Text>
        <Switch
          label={consentText(row.name)}
          checked={row.consent === 'subscribed' || row.consent === 'pending'}
          disabled={consent.fetching}
          onChange={async (event) => {
            const result = await setConsent({
              businessId: row.businessId,
              subscribed: event.currentTarget.checked,
            });
            if (!result.error) onChanged();
          }}
        />
        {error ? <ErrorAlert message={describeError(error).message} /> : null}
      </Stack>
    </Card>
  );
}

/**
 * The producers a buyer follows or gets email from, on /consumer: each can be unfollowed, and
 * its email stopped (at once) or asked for again (confirmed by email).
 */
export function ConsumerFollowing() {
  const [{ data, error }, refetch] = useQuery({
    query: MY_FOLLOWS,
    requestPolicy: 'cache-and-network',
  });
  if (error) {
    return (
      <ErrorAlert
        title="We could not load the producers you follow"
        message={describeError(error).message}
      />
    );
  }
  const rows = data?.myFollows ?? [];
  if (rows.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="following-heading">
      <Title order={2} fz="xl" id="following-heading">
        Producers you follow
      </Title>
      {rows.map((row) => (
        <FollowedCard
          key={row.businessId}
          row={row}
          onChanged={() => refetch({ requestPolicy: 'network-only' })}
        />
      ))}
    </Stack>
  );
}
