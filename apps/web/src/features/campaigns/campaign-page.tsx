import { Anchor, Stack, Text } from '@mantine/core';
import { useCallback } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useQuery } from 'urql';
import { BusinessFrame } from '../../components/business-frame';
import { ErrorAlert } from '../../components/error-alert';
import { PageLoading } from '../../components/page-loading';
import { FRAMED_BUSINESS } from '../../lib/api/business';
import { describeError } from '../../lib/server-error';
import { CAMPAIGN, type CampaignView } from './api/campaigns';
import { CampaignComposer } from './campaign-composer';
import { campaignPath, campaignsPath, isDue } from './campaign-labels';
import { CampaignStatusView } from './campaign-status-view';
import { useLastGood, useLiveRefresh } from '../../lib/use-live-refresh';

/** How often a campaign being sent (or about to be) is fetched again while the page is open. */
const SENDING_REFRESH_MS = 4_000;
/** A scheduled one is looked at now and then, to notice when it starts. */
const SCHEDULED_REFRESH_MS = 30_000;

/** The campaign id of the URL; null for a new campaign, NaN when it is not an id. */
function campaignIdOf(param: string | undefined): number | null {
  if (param === undefined || param === 'new') return null;
  const id = Number(param);
  return Number.isSafeInteger(id) && id > 0 ? id : Number.NaN;
}

function refreshInterval(campaign: CampaignView | null): number | null {
  if (!campaign) return null;
  if (campaign.status === 'sending' || isDue(campaign, Date.now())) return SENDING_REFRESH_MS;
  return campaign.status === 'scheduled' ? SCHEDULED_REFRESH_MS : null;
}

/** What the page was told by the one before it (a campaign just created). */
const justCreated = (state: unknown) =>
  typeof state === 'object' && state !== null && (state as { created?: unknown }).created === true;

/**
 * Routes /business/:slug/campaigns/new and /business/:slug/campaigns/:id: a draft to write,
 * preview, test and send; or a campaign scheduled, being sent, or sent, with its report.
 */
export function CampaignPage() {
  const { slug = '', id } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const campaignId = campaignIdOf(id);
  const isNew = campaignId === null;
  const [{ data, fetching, error }, refetch] = useQuery({
    query: CAMPAIGN,
    variables: { businessSlug: slug, id: campaignId ?? 0 },
    requestPolicy: 'cache-and-network',
    pause: isNew || Number.isNaN(campaignId),
  });
  // The frame's own query, started now rather than once the campaign is in: both load at once.
  useQuery({ query: FRAMED_BUSINESS, variables: { slug } });
  const refresh = useCallback(() => refetch({ requestPolicy: 'network-only' }), [refetch]);
  const campaign = useLastGood(data?.campaign, `${slug}/${campaignId}`);
  const interval = refreshInterval(campaign);
  useLiveRefresh(refresh, interval ?? SCHEDULED_REFRESH_MS, interval !== null);

  if (!isNew && fetching && !campaign) return <PageLoading />;
  return (
    <BusinessFrame
      title={(business) =>
        isNew
          ? 'New campaign'
          : campaign
            ? campaign.subject || 'Untitled campaign'
            : `A campaign of ${business.name}`
      }
    >
      {(business) => (
        <Stack gap="lg">
          <Text fz="sm">
            <Anchor component={Link} to={campaignsPath(business.slug)}>
              All campaigns
            </Anchor>
          </Text>
          {isNew || campaign?.status === 'draft' ? (
            <CampaignComposer
              key={campaign?.id ?? 'new'}
              businessSlug={business.slug}
              campaign={isNew ? null : campaign}
              savedNotice={!isNew && justCreated(location.state)}
              onCreated={(created) =>
                navigate(campaignPath(business.slug, created.id), {
                  replace: true,
                  state: { created: true },
                })
              }
              onStatusChanged={refresh}
              onDeleted={(subject) =>
                navigate(campaignsPath(business.slug), {
                  replace: true,
                  state: { deleted: subject },
                })
              }
            />
          ) : campaign ? (
            <CampaignStatusView
              campaign={campaign}
              businessSlug={business.slug}
              onChanged={refresh}
            />
          ) : (
            <ErrorAlert
              title="This campaign could not be loaded"
              message={error ? describeError(error).message : 'There is no such campaign.'}
              onRetry={error ? refresh : undefined}
            />
          )}
        </Stack>
      )}
    </BusinessFrame>
  );
}
