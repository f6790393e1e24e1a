import { CLUB_CADENCE_LABELS, formatCents, formatDueDate, type ClubCadence } from '@bevy/core';
import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useQuery } from 'urql';
import { ErrorAlert } from '../../components/error-alert';
import { StatusBadge } from '../../components/status-badge';
import type { ResultOf } from '../../lib/graphql';
import { describeError } from '../../lib/server-error';
import { MY_MEMBERSHIPS } from './api/memberships';
import { CancelMembershipButton } from './cancel-membership';
import { MEMBERSHIP_STATUS_LABELS } from './membership-page';

type Membership = ResultOf<typeof MY_MEMBERSHIPS>['myMemberships'][number];

function nextReleaseText(membership: Membership): string {
  const release = membership.nextRelease;
  if (membership.status === 'cancelled') return 'Cancelled: nothing more is charged.';
  if (membership.status === 'paused' && membership.pausedUntil) {
    return `Paused until ${formatDueDate(membership.pausedUntil)}.`;
  }
  if (!release) {
    return membership.nextChargeOn
      ? `Next order on ${formatDueDate(membership.nextChargeOn)}.`
      : 'The next release is not announced yet.';
  }
  if (release.skipped) return `${release.title}: skipped.`;
  return `${release.title}: ${formatCents(release.totalCents)} on ${formatDueDate(release.chargeOn)}.`;
}

function MembershipCard({
  membership,
  onChanged,
}: {
  membership: Membership;
  onChanged: () => void;
}) {
  const status = MEMBERSHIP_STATUS_LABELS[membership.status] ?? MEMBERSHIP_STATUS_LABELS.active!;
  const cardProblem = membership.history.find(
    (past) => past.outcome === 'retrying' || past.outcome === 'held',
  );
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="article"
      aria-labelledby={`membership-${membership.id}`}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3} fz="md" id={`membership-${membership.id}`}>
            {membership.clubName}
          </Title>
          <StatusBadge color={status.color}>{status.label}</StatusBadge>
        </Group>
        <Text fz="sm" c="dark.6">
          {membership.isSubscription
            ? `Subscription: ${membership.tier.name}, ${CLUB_CADENCE_LABELS[membership.cadence as ClubCadence].toLowerCase()}`
            : membership.tier.name}{' '}
          · {membership.businessName}
        </Text>
        <Text fz="sm">{nextReleaseText(membership)}</Text>
        {cardProblem && membership.status !== 'cancelled' ? (
          <Text fz="sm" c="red.8">
            {cardProblem.outcome === 'retrying'
              ? `Your card was declined. Update it so the ${membership.isSubscription ? 'order' : 'release'} can be sent.`
              : `Your last ${membership.isSubscription ? 'order' : 'release'} is on hold. See what to fix.`}
          </Text>
        ) : null}
        <Group gap="xs">
          <Button component={Link} to={`/consumer/clubs/${membership.id}`} variant="light">
            {membership.isSubscription ? 'Manage subscription' : 'Manage membership'}
          </Button>
          {membership.status !== 'cancelled' ? (
            <CancelMembershipButton
              membershipId={membership.id}
              clubName={membership.clubName}
              onCancelled={onChanged}
            />
          ) : null}
        </Group>
      </Stack>
    </Card>
  );
}

/** The buyer's club memberships on /consumer; nothing at all for a buyer who has none. */
export function ConsumerMemberships() {
  const [{ data, error }, refetch] = useQuery({
    query: MY_MEMBERSHIPS,
    requestPolicy: 'cache-and-network',
  });
  const reload = () => refetch({ requestPolicy: 'network-only' });
  if (error && !data) {
    return (
      <ErrorAlert
        title="We could not load your club memberships"
        message={describeError(error).message}
        onRetry={reload}
      />
    );
  }
  const memberships = data?.myMemberships ?? [];
  if (memberships.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="your-memberships">
      <Title order={2} fz="xl" id="your-memberships">
        Your clubs and subscriptions
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {memberships.map((membership) => (
          <MembershipCard key={membership.id} membership={membership} onChanged={reload} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
