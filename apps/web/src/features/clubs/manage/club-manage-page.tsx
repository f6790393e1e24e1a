import { Anchor, Group, Tabs, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link, useMatch, useNavigate, useParams } from 'react-router';
import { useQuery } from 'urql';
import { BusinessFrame, type FramedBusiness } from '../../../components/business-frame';
import { ErrorAlert } from '../../../components/error-alert';
import { PageLoading } from '../../../components/page-loading';
import { StatusBadge } from '../../../components/status-badge';
import { FRAMED_BUSINESS } from '../../../lib/api/business';
import { describeError } from '../../../lib/server-error';
import { MANAGED_CLUB, type ManagedClub } from '../api/club-manage';
import { CLUB_TABS, clubPath, clubsPath, clubTabPath, type ClubTab } from './club-manage-labels';
import { MembersTab } from './members-tab';
import { ReleasesTab } from './releases-tab';

const CLUB_STATUS_LABELS: Record<ManagedClub['status'], string> = {
  draft: 'Draft: not taking members yet',
  open: 'Open to members',
  closed: 'Closed to new members',
};

/** The two tabs, each a page of its own: the URL says which is shown. */
function ClubTabs({
  business,
  club,
  tab,
}: {
  business: FramedBusiness;
  club: ManagedClub;
  tab: ClubTab;
}) {
  const navigate = useNavigate();
  // The layout moves focus to <main> after every navigation; a tab switch should keep focus
  // on the tab the user chose, as tabs do.
  const tabList = useRef<HTMLDivElement>(null);
  const refocusTab = useRef(false);
  useEffect(() => {
    if (!refocusTab.current) return;
    refocusTab.current = false;
    const frame = requestAnimationFrame(() => {
      tabList.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [tab]);

  return (
    <Tabs
      value={tab}
      activateTabWithKeyboard={false}
      keepMounted={false}
      onChange={(value) => {
        if (!value || value === tab) return;
        refocusTab.current = true;
        navigate(clubTabPath(business.slug, club.slug, value as ClubTab));
      }}
    >
      <Tabs.List ref={tabList} aria-label={`${club.name} sections`} mb="md">
        {CLUB_TABS.map(({ value, label }) => (
          <Tabs.Tab key={value} value={value}>
            {label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Tabs.Panel value="releases">
        <ReleasesTab businessSlug={business.slug} club={club} />
      </Tabs.Panel>
      <Tabs.Panel value="members">
        <MembersTab businessSlug={business.slug} club={club} />
      </Tabs.Panel>
    </Tabs>
  );
}

/**
 * Routes /business/:slug/clubs/:club/releases and /members: a club's releases (compose one, read
 * each run's report, retry the failed) and its members (figures, search, pause or cancel).
 */
export function ClubManagePage() {
  const { slug = '', club: clubSlug = '' } = useParams();
  const tab: ClubTab = useMatch('/business/:slug/clubs/:club/members') ? 'members' : 'releases';
  const [{ data, fetching, error }, refetch] = useQuery({
    query: MANAGED_CLUB,
    variables: { businessSlug: slug, clubSlug },
  });
  // The frame's own query, started now rather than once the club is in: both load at once.
  useQuery({ query: FRAMED_BUSINESS, variables: { slug } });
  const club = data?.club?.club ?? null;

  if (fetching && !data) return <PageLoading />;
  return (
    <BusinessFrame title={(business) => (club ? club.name : `A club of ${business.name}`)}>
      {(business) =>
        club ? (
          <>
            <Group gap="sm" wrap="wrap">
              <StatusBadge color={club.status === 'open' ? 'green' : 'gray'}>
                {CLUB_STATUS_LABELS[club.status]}
              </StatusBadge>
              <Anchor component={Link} to={clubPath(business.slug, club.slug)} fz="sm">
                View the public page
              </Anchor>
              <Anchor component={Link} to={clubsPath(business.slug)} fz="sm">
                All clubs
              </Anchor>
            </Group>
            <ClubTabs business={business} club={club} tab={tab} />
          </>
        ) : (
          <>
            <ErrorAlert
              title="This club could not be loaded"
              message={error ? describeError(error).message : 'There is no such club.'}
              onRetry={error ? () => refetch({ requestPolicy: 'network-only' }) : undefined}
            />
            <Text>
              <Anchor component={Link} to={clubsPath(business.slug)}>
                Back to the clubs of {business.name}
              </Anchor>
            </Text>
          </>
        )
      }
    </BusinessFrame>
  );
}
