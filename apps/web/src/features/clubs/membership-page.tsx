import { CLUB_CADENCE_LABELS, formatCents, formatDueDate, type ClubCadence } from '@bevy/core';
import { Alert, Anchor, Button, Container, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { CaptionedTable } from '../../components/captioned-table';
import { ErrorAlert } from '../../components/error-alert';
import { PageLoading } from '../../components/page-loading';
import { StatusBadge } from '../../components/status-badge';
import { SuccessNotice } from '../../components/success-notice';
import type { ResultOf } from '../../lib/graphql';
import { describeError } from '../../lib/server-error';
import { siteConfig } from '../../lib/site-config';
import { MEMBERSHIP, SKIP_RELEASE } from './api/memberships';
import { CancelMembershipButton } from './cancel-membership';
import {
  CardUpdate,
  DeliveryChoice,
  PauseChoice,
  Section,
  TierChoice,
} from './membership-settings';
import { ReleaseEditor } from './release-editor';

type Membership = NonNullable<ResultOf<typeof MEMBERSHIP>['membership']>;

export const MEMBERSHIP_STATUS_LABELS: Record<string, { label: string; color: string }> = {
  active: { label: 'Active', color: 'green' },
  paused: { label: 'Paused', color: 'yellow' },
  cancelled: { label: 'Cancelled', color: 'gray' },
};

const OUTCOME_LABELS: Record<string, string> = {
  charged: 'Charged',
  retrying: 'Card declined: retrying',
  declined: 'Card declined',
  skipped: 'Skipped',
  held: 'On hold',
};

function NextRelease({ membership, onChanged }: { membership: Membership; onChanged: () => void }) {
  const release = membership.nextRelease;
  const [editing, setEditing] = useState(false);
  const [{ fetching, error }, skip] = useMutation(SKIP_RELEASE);
  if (!release) {
    return (
      <Text>
        {membership.nextChargeOn
          ? `Your next order is on ${formatDueDate(membership.nextChargeOn)}.`
          : 'The producer has not announced the next release yet.'}
      </Text>
    );
  }
  const skipsLeft = membership.skipsPerYear - membership.skipsUsed;
  return (
    <Stack gap="sm">
      <Text fw={600}>{release.title}</Text>
      <Text fz="sm">
        {release.skipped
          ? `Skipped: nothing is charged on ${formatDueDate(release.chargeOn)}.`
          : `Charged on ${formatDueDate(release.chargeOn)}: ${formatCents(release.totalCents)} with tax and any delivery or shipping fee.`}{' '}
        {release.canChange
          ? `You can change it until the end of ${formatDueDate(release.customizeThrough)}.`
          : 'Changes to this release are closed.'}
      </Text>
      {release.unavailable ? (
        <Alert color="yellow" title="A product is no longer sold">
          {release.unavailable} can no longer be sold. Swap it for another product.
        </Alert>
      ) : null}
      {!release.skipped && !editing ? (
        <CaptionedTable minWidth={300} caption="The bottles of your next release">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Product</Table.Th>
              <Table.Th scope="col" ta="right">
                Quantity
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Member price
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {release.lines.map((line, index) => (
              <Table.Tr key={`${line.productId}-${index}`}>
                <Table.Th scope="row">{line.name}</Table.Th>
                <Table.Td ta="right">{line.quantity}</Table.Td>
                <Table.Td ta="right">{formatCents(line.unitPriceCents)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </CaptionedTable>
      ) : null}
      {editing ? (
        <ReleaseEditor
          membershipId={membership.id}
          releaseId={release.id}
          lines={release.lines}
          choices={membership.swapChoices}
          tierBottles={membership.tier.bottles}
          fixedPrice={membership.tier.priceBasis === 'fixed'}
          onDone={() => {
            setEditing(false);
            onChanged();
          }}
        />
      ) : null}
      {error ? (
        <Alert color="red" title="The release was not changed">
          {describeError(error).message}
        </Alert>
      ) : null}
      {release.canChange && !editing ? (
        <Group gap="xs">
          {!release.skipped ? (
            <Button variant="light" onClick={() => setEditing(true)}>
              Swap or add bottles
            </Button>
          ) : null}
          {release.skipped || skipsLeft > 0 ? (
            <Button
              variant="default"
              loading={fetching}
              onClick={() =>
                void skip({
                  membershipId: membership.id,
                  releaseId: release.id,
                  skip: !release.skipped,
                })
              }
            >
              {release.skipped ? 'Take the skip back' : 'Skip this release'}
            </Button>
          ) : null}
          {membership.skipsPerYear > 0 ? (
            <Text fz="xs" c="dark.6">
              {skipsLeft} of {membership.skipsPerYear} skips left this year
            </Text>
          ) : null}
        </Group>
      ) : null}
    </Stack>
  );
}

function PastReleases({ membership }: { membership: Membership }) {
  if (membership.history.length === 0) return <Text>No releases yet.</Text>;
  return (
    <CaptionedTable minWidth={560} caption="Your past releases, newest first">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Release</Table.Th>
          <Table.Th scope="col">Date</Table.Th>
          <Table.Th scope="col">Outcome</Table.Th>
          <Table.Th scope="col">Order</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {membership.history.map((past) => (
          <Table.Tr key={`${past.releaseTitle}-${past.chargeOn}`}>
            <Table.Th scope="row">{past.releaseTitle}</Table.Th>
            <Table.Td>{formatDueDate(past.chargeOn)}</Table.Td>
            <Table.Td>
              {OUTCOME_LABELS[past.outcome] ?? past.outcome}
              {past.nextTryOn ? `, next try ${formatDueDate(past.nextTryOn)}` : ''}
              {past.declineMessage && past.outcome !== 'charged' ? (
                <Text fz="xs">{past.declineMessage}</Text>
              ) : null}
              {past.problems.map((problem) => (
                <Text fz="xs" key={problem}>
                  {problem}
                </Text>
              ))}
            </Table.Td>
            <Table.Td>
              {past.orderId && past.outcome === 'charged' ? (
                <Anchor component={Link} to={`/orders/${past.orderId}`}>
                  {past.orderNumber}
                </Anchor>
              ) : (
                '—'
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </CaptionedTable>
  );
}

/** Route /consumer/clubs/:id: one of the buyer's memberships, and everything they can change. */
export function MembershipPage() {
  const { id = '' } = useParams();
  const { state } = useLocation() as { state: { joined?: string } | null };
  const [joined, setJoined] = useState(state?.joined ?? null);
  const membershipId = /^\d{1,9}$/.test(id) ? Number(id) : 0;
  const [{ data, fetching, error }, refetch] = useQuery({
    query: MEMBERSHIP,
    variables: { id: membershipId },
  });
  const membership = data?.membership;
  useDocumentTitle(`${membership?.clubName ?? 'Membership'} · ${siteConfig.siteName}`);
  const reload = () => refetch({ requestPolicy: 'network-only' });

  if (fetching && !data) return <PageLoading />;
  if (!membership) {
    return (
      <Container size="md" py="xl">
        <Title order={1}>Membership</Title>
        {error?.graphQLErrors[0]?.extensions.code === 'NOT_FOUND' ? (
          <Text mt="md">
            There is no such membership.{' '}
            <Anchor component={Link} to="/consumer" underline="always">
              Back to your orders and memberships
            </Anchor>
          </Text>
        ) : error ? (
          <ErrorAlert
            title="Your membership could not be loaded"
            message={describeError(error).message}
            onRetry={reload}
          />
        ) : null}
      </Container>
    );
  }
  const status = MEMBERSHIP_STATUS_LABELS[membership.status] ?? MEMBERSHIP_STATUS_LABELS.active!;
  const live = membership.status !== 'cancelled';
  return (
    <Container size="md" py="lg">
      <Stack gap="md">
        {joined ? (
          <SuccessNotice onClose={() => setJoined(null)}>
            Welcome to {joined}. A confirmation is on its way to your email.
          </SuccessNotice>
        ) : null}
        <div>
          <Group gap="sm" align="center">
            <Title order={1}>{membership.clubName}</Title>
            <StatusBadge color={status.color}>{status.label}</StatusBadge>
          </Group>
          <Text c="dark.6">
            {membership.isSubscription
              ? `${membership.tier.name}, ${CLUB_CADENCE_LABELS[membership.cadence as ClubCadence].toLowerCase()}`
              : membership.tier.name}{' '}
            ·{' '}
            <Anchor component={Link} to={`/business/${membership.businessSlug}`} underline="always">
              {membership.businessName}
            </Anchor>{' '}
            · {membership.isSubscription ? 'subscribed' : 'member'} since{' '}
            {formatDueDate(membership.joinedOn)}
          </Text>
        </div>
        {live ? (
          <Section
            id="next-release"
            title={membership.isSubscription ? 'Next order' : 'Next release'}
          >
            <NextRelease membership={membership} onChanged={reload} />
          </Section>
        ) : null}
        {live ? (
          <>
            <Section id="card" title="Card">
              <CardUpdate membership={membership} />
            </Section>
            <Section id="delivery" title="Delivery">
              <DeliveryChoice membership={membership} />
            </Section>
            <Section id="tier" title={membership.isSubscription ? 'Quantity' : 'Tier'}>
              <TierChoice membership={membership} />
            </Section>
            <Section id="pause" title="Pause">
              <PauseChoice membership={membership} />
            </Section>
          </>
        ) : null}
        <Section
          id="past-releases"
          title={membership.isSubscription ? 'Past orders' : 'Past releases'}
        >
          <PastReleases membership={membership} />
        </Section>
        <Section id="terms" title="What you agreed to">
          <Text fz="sm">{membership.renewalTerms}</Text>
        </Section>
        {live ? (
          <CancelMembershipButton
            membershipId={membership.id}
            clubName={membership.clubName}
            onCancelled={reload}
          />
        ) : null}
      </Stack>
    </Container>
  );
}
