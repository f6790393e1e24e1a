import { Button, Stack, Text } from '@mantine/core';
import { IconMail, IconPlus } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useQuery } from 'urql';
import { BusinessFrame, type FramedBusiness } from '../../components/business-frame';
import { EmptyState } from '../../components/empty-state';
import { ErrorAlert } from '../../components/error-alert';
import { PageLoading } from '../../components/page-loading';
import { SuccessNotice } from '../../components/success-notice';
import { describeError } from '../../lib/server-error';
import { CAMPAIGNS } from './api/campaigns';
import { CampaignCard } from './campaign-card';
import { isDue, newCampaignPath } from './campaign-labels';
import { useLiveRefresh } from '../../lib/use-live-refresh';

/** How often the list is fetched again while a campaign in it is being sent. */
const SENDING_REFRESH_MS = 5_000;

/** The subject of a draft the campaign page just deleted, if it did. */
function deletedSubject(state: unknown): string | null {
  const deleted = (state as { deleted?: unknown } | null)?.deleted;
  return typeof deleted === 'string' ? deleted : null;
}

function CampaignsList({ business }: { business: FramedBusiness }) {
  const [{ data, fetching, error }, refetch] = useQuery({
    query: CAMPAIGNS,
    variables: { businessSlug: business.slug },
    requestPolicy: 'cache-and-network',
  });
  const location = useLocation();
  const [deleted, setDeleted] = useState(() => deletedSubject(location.state));
  const refresh = useCallback(() => refetch({ requestPolicy: 'network-only' }), [refetch]);
  const campaigns = data?.campaigns ?? [];
  const now = Date.now();
  useLiveRefresh(
    refresh,
    SENDING_REFRESH_MS,
    campaigns.some((campaign) => campaign.status === 'sending' || isDue(campaign, now)),
  );

  if (fetching && !data) return <PageLoading />;
  if (error && !data) {
    return (
      <ErrorAlert
        title="Your campaigns could not be loaded"
        message={describeError(error).message}
        onRetry={refresh}
      />
    );
  }

  return (
    <Stack gap="lg">
      <Text>
        Emails to the people who follow {business.name}: news, new releases, your clubs and your
        events. Only people who agreed to your email receive them, and every email lets them
        unsubscribe in one click.
      </Text>
      {deleted !== null ? (
        <SuccessNotice onClose={() => setDeleted(null)}>
          The draft {deleted ? `“${deleted}” ` : ''}is deleted.
        </SuccessNotice>
      ) : null}
      <Button
        component={Link}
        to={newCampaignPath(business.slug)}
        leftSection={<IconPlus size={16} aria-hidden />}
        style={{ alignSelf: 'flex-start' }}
      >
        New campaign
      </Button>
      {campaigns.length === 0 ? (
        <EmptyState icon={IconMail}>
          <Text ta="center">{business.name} has sent no campaigns yet.</Text>
          <Text ta="center" fz="sm" c="dark.6">
            A campaign is an email you write once and send to your followers, now or at a time you
            choose, with your products, clubs and events in it. It goes only to people who agreed to
            your email; you then see its clicks, orders and revenue here.
          </Text>
        </EmptyState>
      ) : (
        <Stack gap="sm">
          {campaigns.map((campaign) => (
            <CampaignCard key={campaign.id} campaign={campaign} businessSlug={business.slug} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** Route /business/:slug/campaigns: the producer's email campaigns, newest first, and a new one. */
export function CampaignsPage() {
  return (
    <BusinessFrame title={() => 'Campaigns'}>
      {(business) => <CampaignsList business={business} />}
    </BusinessFrame>
  );
}
