import { formatDueDate } from '@bevy/core';
import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { IconCalendarEvent, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useQuery } from 'urql';
import { EmptyState } from '../../../components/empty-state';
import { ErrorAlert } from '../../../components/error-alert';
import { PageLoading } from '../../../components/page-loading';
import { SuccessNotice } from '../../../components/success-notice';
import { describeError } from '../../../lib/server-error';
import { CLUB_RELEASES, type ManagedClub } from '../api/club-manage';
import { ReleaseCard } from './release-card';
import { ReleaseForm } from './release-form';

/** The club's releases, newest first, and a form for the next one. */
export function ReleasesTab({ businessSlug, club }: { businessSlug: string; club: ManagedClub }) {
  const [{ data, fetching, error }, refetch] = useQuery({
    query: CLUB_RELEASES,
    variables: { businessSlug, clubSlug: club.slug },
  });
  const [composing, setComposing] = useState(false);
  const [created, setCreated] = useState<string | null>(null);

  if (fetching && !data) return <PageLoading />;
  if (error && !data) {
    return (
      <ErrorAlert
        title="The releases could not be loaded"
        message={describeError(error).message}
        onRetry={() => refetch({ requestPolicy: 'network-only' })}
      />
    );
  }
  const releases = data?.clubReleases ?? [];
  return (
    <Stack gap="md">
      {club.isSubscription ? (
        <Text>
          Each day’s orders are made for the subscribers due that day, and charged to their saved
          cards. Subscribers are told {club.noticeDays} days ahead and may change an order until{' '}
          {club.cutoffDays} {club.cutoffDays === 1 ? 'day' : 'days'} before.
        </Text>
      ) : (
        <Text>
          Each release is charged to every active member’s saved card on its charge date. Members
          are told {club.noticeDays} days ahead and may change it until {club.cutoffDays}{' '}
          {club.cutoffDays === 1 ? 'day' : 'days'} before.
        </Text>
      )}
      {created ? <SuccessNotice onClose={() => setCreated(null)}>{created}</SuccessNotice> : null}
      {composing ? (
        <Card withBorder radius="md" padding="md" component="section" aria-labelledby="new-release">
          <Title order={2} fz="lg" id="new-release" mb="sm">
            New release
          </Title>
          <ReleaseForm
            businessSlug={businessSlug}
            club={club}
            onCancel={() => setComposing(false)}
            onCreated={(release) => {
              setComposing(false);
              setCreated(
                `${release.title} is scheduled: members are charged on ${formatDueDate(release.chargeOn)}.`,
              );
              // An empty list held no release, so urql's cache cannot tell it is stale.
              refetch({ requestPolicy: 'network-only' });
            }}
          />
        </Card>
      ) : club.isSubscription ? null : (
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          style={{ alignSelf: 'flex-start' }}
          onClick={() => {
            setCreated(null);
            setComposing(true);
          }}
        >
          New release
        </Button>
      )}
      {releases.length === 0 && !composing ? (
        <EmptyState icon={IconCalendarEvent}>
          <Text ta="center">
            {club.isSubscription
              ? 'No orders yet: they start as buyers subscribe.'
              : 'No releases yet.'}
          </Text>
        </EmptyState>
      ) : (
        releases.map((release) => (
          <ReleaseCard key={release.id} businessSlug={businessSlug} club={club} release={release} />
        ))
      )}
    </Stack>
  );
}
