import { CLUB_CADENCE_LABELS, formatCents, formatDueDate } from '@bevy/core';
import { Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconPlus, IconRepeat, IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { useQuery } from 'urql';
import { BusinessFrame, type FramedBusiness } from '../../components/business-frame';
import { EmptyState } from '../../components/empty-state';
import { ErrorAlert } from '../../components/error-alert';
import { PageLoading } from '../../components/page-loading';
import { StatusBadge } from '../../components/status-badge';
import { SuccessNotice } from '../../components/success-notice';
import type { ResultOf } from '../../lib/graphql';
import { describeError } from '../../lib/server-error';
import { CLUBS_TO_MANAGE, type CLUB_FIELDS } from './api/clubs';
import { ClubCardActions } from './club-card-actions';
import { ClubForm } from './club-form';
import { SubscriptionForm } from './subscription-form';

type Club = ResultOf<typeof CLUB_FIELDS>;

const STATUS_LABELS: Record<Club['status'], string> = {
  draft: 'Draft',
  open: 'Open to members',
  closed: 'Closed',
};

function tierPrice(tier: Club['tiers'][number], discountBasisPoints: number): string {
  if (tier.priceBasis === 'fixed' && tier.fixedPriceCents !== null) {
    return `${formatCents(tier.fixedPriceCents)} a release`;
  }
  return discountBasisPoints > 0
    ? `its bottles at ${discountBasisPoints / 100}% off`
    : 'its bottles at their price';
}

function ClubCard({
  club,
  businessSlug,
  onStatusChanged,
}: {
  club: Club;
  businessSlug: string;
  onStatusChanged: () => void;
}) {
  const ways = [
    club.offersPickup && 'pickup',
    club.offersDelivery && 'delivery',
    club.offersShipping && 'shipping',
  ].filter(Boolean);
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="article"
      aria-labelledby={`club-${club.id}`}
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Title order={2} fz="lg" id={`club-${club.id}`}>
            {club.name}
          </Title>
          <StatusBadge color={club.status === 'open' ? 'green' : 'gray'}>
            {STATUS_LABELS[club.status]}
          </StatusBadge>
        </Group>
        {club.description ? <Text fz="sm">{club.description}</Text> : null}
        <Text fz="sm">
          {club.isSubscription
            ? `Product subscription of ${club.product?.name ?? 'a deleted product'}: ${(
                club.subscriptionCadences ?? []
              )
                .map((cadence) => CLUB_CADENCE_LABELS[cadence].toLowerCase())
                .join(' or ')}`
            : CLUB_CADENCE_LABELS[club.cadence]}
          {club.memberDiscountBasisPoints > 0
            ? ` · ${club.isSubscription ? 'subscribers' : 'members'} save ${club.memberDiscountBasisPoints / 100}% on everything from you`
            : ''}
          {ways.length > 0 ? ` · ${ways.join(', ')}` : ''}
        </Text>
        <List size="sm" spacing={2} aria-label={`Tiers of ${club.name}`}>
          {club.tiers.map((tier) =>
            club.isSubscription ? (
              <List.Item key={tier.id}>{tier.name}</List.Item>
            ) : (
              <List.Item key={tier.id}>
                {tier.name}: {tier.bottles} {tier.bottles === 1 ? 'bottle' : 'bottles'},{' '}
                {tierPrice(tier, club.memberDiscountBasisPoints)}
              </List.Item>
            ),
          )}
        </List>
        <Text fz="sm" c="dark.6">
          {club.isSubscription
            ? 'Each subscriber’s first order is placed the day they subscribe, then on their cadence. '
            : club.upcomingChargeDates.length > 0
              ? `Next releases: ${club.upcomingChargeDates.map(formatDueDate).join(', ')}. `
              : 'You set each release’s date. '}
          {club.isSubscription ? 'Subscribers' : 'Members'} hear {club.noticeDays} days ahead and
          may change an order until {club.cutoffDays} {club.cutoffDays === 1 ? 'day' : 'days'}{' '}
          before it.
        </Text>
        <ClubCardActions
          businessSlug={businessSlug}
          club={club}
          onStatusChanged={onStatusChanged}
        />
      </Stack>
    </Card>
  );
}

function ClubsList({ business }: { business: FramedBusiness }) {
  const [{ data, fetching, error }, refetch] = useQuery({
    query: CLUBS_TO_MANAGE,
    variables: { businessSlug: business.slug },
  });
  const [creating, setCreating] = useState<'club' | 'subscription' | null>(null);
  const [created, setCreated] = useState<string | null>(null);

  if (fetching && !data) return <PageLoading />;
  if (error && !data) {
    return (
      <ErrorAlert
        title="Your clubs could not be loaded"
        message={describeError(error).message}
        onRetry={() => refetch({ requestPolicy: 'network-only' })}
      />
    );
  }
  const clubs = data?.clubsToManage ?? [];
  const onCreated = (name: string) => {
    setCreating(null);
    setCreated(name);
    refetch({ requestPolicy: 'network-only' });
  };
  return (
    <Stack gap="md">
      <Text>
        Clubs are memberships with releases charged to each member’s saved card on your schedule; a
        product subscription sends one product on each subscriber’s own cadence. Both start as
        drafts.
      </Text>
      {created ? (
        <SuccessNotice onClose={() => setCreated(null)}>
          {created} is saved as a draft.
        </SuccessNotice>
      ) : null}
      {creating ? (
        <Card withBorder radius="md" padding="md" component="section" aria-labelledby="new-club">
          <Title order={2} fz="lg" id="new-club" mb="sm">
            {creating === 'club' ? 'New club' : 'New product subscription'}
          </Title>
          {creating === 'club' ? (
            <ClubForm
              businessSlug={business.slug}
              onCancel={() => setCreating(null)}
              onCreated={onCreated}
            />
          ) : (
            <SubscriptionForm
              businessSlug={business.slug}
              onCancel={() => setCreating(null)}
              onCreated={onCreated}
            />
          )}
        </Card>
      ) : (
        <Group gap="sm">
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => {
              setCreated(null);
              setCreating('club');
            }}
          >
            Create a club
          </Button>
          <Button
            variant="light"
            leftSection={<IconRepeat size={16} aria-hidden />}
            onClick={() => {
              setCreated(null);
              setCreating('subscription');
            }}
          >
            Offer a product subscription
          </Button>
        </Group>
      )}
      {clubs.length === 0 && !creating ? (
        <EmptyState icon={IconUsersGroup}>
          <Text ta="center">{business.name} runs no clubs yet.</Text>
        </EmptyState>
      ) : (
        clubs.map((club) => (
          <ClubCard
            key={club.id}
            club={club}
            businessSlug={business.slug}
            onStatusChanged={() => refetch({ requestPolicy: 'network-only' })}
          />
        ))
      )}
    </Stack>
  );
}

/** Route /business/:slug/clubs: the producer's clubs, and a new one. */
export function ClubsPage() {
  return (
    <BusinessFrame title={(business) => `Clubs of ${business.name}`}>
      {(business) => <ClubsList business={business} />}
    </BusinessFrame>
  );
}
