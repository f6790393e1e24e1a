import { Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload, IconSearch, IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { useMutation, useQuery, type UseQueryState } from 'urql';
import { EmptyState } from '../../../components/empty-state';
import { ErrorAlert } from '../../../components/error-alert';
import { PageLoading } from '../../../components/page-loading';
import { SuccessNotice } from '../../../components/success-notice';
import type { ResultOf } from '../../../lib/graphql';
import { describeError } from '../../../lib/server-error';
import {
  CHANGE_CLUB_MEMBER,
  CLUB_FIGURES,
  CLUB_MEMBERS,
  type ClubMemberStatus,
  type ClubMemberView,
  type ManagedClub,
} from '../api/club-manage';
import { ClubFigures } from './club-figures';
import { MEMBER_STATUSES, membersCsvHref } from './club-manage-labels';
import { MemberChangeDialog, type MemberChange } from './member-change-dialogs';
import { MembersTable, type MemberAction } from './members-table';

const ALL = 'all';
const STATUS_OPTIONS = [
  { value: ALL, label: 'All' },
  ...(Object.keys(MEMBER_STATUSES) as ClubMemberStatus[]).map((status) => ({
    value: status,
    label: MEMBER_STATUSES[status].label,
  })),
];

function FiguresSection({
  figures: { data, fetching, error },
  onRetry,
}: {
  figures: UseQueryState<ResultOf<typeof CLUB_FIGURES>>;
  onRetry: () => void;
}) {
  return (
    <Stack gap="sm" component="section" aria-labelledby="club-figures">
      <Title order={2} fz="lg" id="club-figures">
        Figures
      </Title>
      {data ? <ClubFigures figures={data.clubFigures} /> : null}
      {!data && fetching ? <PageLoading /> : null}
      {error && !data ? (
        <ErrorAlert
          title="The club’s figures could not be loaded"
          message={describeError(error).message}
          onRetry={onRetry}
        />
      ) : null}
    </Stack>
  );
}

/** The club's figures and its members: search, filter, export, pause, resume or cancel. */
export function MembersTab({ businessSlug, club }: { businessSlug: string; club: ManagedClub }) {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [status, setStatus] = useState<ClubMemberStatus | null>(null);
  const filtered = debouncedSearch !== '' || status !== null;
  const [members, refetchMembers] = useQuery({
    query: CLUB_MEMBERS,
    variables: {
      businessSlug,
      clubSlug: club.slug,
      search: debouncedSearch || null,
      status,
    },
    requestPolicy: 'cache-and-network',
  });
  const [figures, refetchFigures] = useQuery({
    query: CLUB_FIGURES,
    variables: { businessSlug, clubSlug: club.slug },
    requestPolicy: 'cache-and-network',
  });
  // Member changes answer only true: the members and the figures are stale after one.
  const refetchAll = () => {
    refetchMembers({ requestPolicy: 'network-only' });
    refetchFigures({ requestPolicy: 'network-only' });
  };

  const [change, setChange] = useState<MemberChange | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [resuming, changeMember] = useMutation(CHANGE_CLUB_MEMBER);

  const act = async (member: ClubMemberView, action: MemberAction) => {
    setNotice(null);
    setActionError(null);
    if (action !== 'resume') {
      setChange({ member, action });
      return;
    }
    const result = await changeMember({
      businessSlug,
      clubSlug: club.slug,
      membershipId: member.membershipId,
      action: 'resume',
      reason: '',
      until: null,
    });
    if (result.error) {
      setActionError(describeError(result.error).message);
      return;
    }
    setNotice(`${member.name}’s membership is active again.`);
    refetchAll();
  };

  const list = members.data?.clubMembers;
  return (
    <Stack gap="lg">
      <FiguresSection
        figures={figures}
        onRetry={() => refetchFigures({ requestPolicy: 'network-only' })}
      />
      <Stack gap="sm" component="section" aria-labelledby="club-members">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Title order={2} fz="lg" id="club-members">
            Members
          </Title>
          <Button
            component="a"
            href={membersCsvHref(businessSlug, club.slug, { search: debouncedSearch, status })}
            download
            variant="default"
            size="xs"
            leftSection={<IconDownload size={16} aria-hidden />}
          >
            Export CSV
          </Button>
        </Group>
        <Group
          component="form"
          role="search"
          aria-label="Filter members"
          align="flex-end"
          gap="md"
          wrap="wrap"
          onSubmit={(event) => event.preventDefault()}
        >
          <TextInput
            label="Search by name or email"
            type="search"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            maxLength={100}
            style={{ flex: '1 1 240px', maxWidth: 360 }}
          />
          <Select
            label="Status"
            data={STATUS_OPTIONS}
            value={status ?? ALL}
            onChange={(value) =>
              setStatus(value && value !== ALL ? (value as ClubMemberStatus) : null)
            }
            allowDeselect={false}
            style={{ flex: '0 1 200px' }}
          />
        </Group>
        {notice ? <SuccessNotice onClose={() => setNotice(null)}>{notice}</SuccessNotice> : null}
        {actionError ? (
          <ErrorAlert
            title="The membership was not changed"
            message={actionError}
            onClose={() => setActionError(null)}
          />
        ) : null}
        {members.error && !list ? (
          <ErrorAlert
            title="The members could not be loaded"
            message={describeError(members.error).message}
            onRetry={() => refetchMembers({ requestPolicy: 'network-only' })}
          />
        ) : null}
        {!list && members.fetching ? <PageLoading /> : null}
        {list && list.length === 0 ? (
          <EmptyState icon={IconUsersGroup}>
            <Text ta="center">
              {filtered ? 'No members match this search.' : 'No members yet.'}
            </Text>
            {filtered ? (
              <Button
                variant="default"
                size="xs"
                onClick={() => {
                  setSearch('');
                  setStatus(null);
                }}
              >
                Clear the filters
              </Button>
            ) : null}
          </EmptyState>
        ) : null}
        {list && list.length > 0 ? (
          <MembersTable
            members={list}
            caption={`${list.length} ${list.length === 1 ? 'member' : 'members'}${filtered ? ' matching the filters' : ''}, by name`}
            busy={resuming.fetching}
            onAction={act}
          />
        ) : null}
      </Stack>
      <MemberChangeDialog
        businessSlug={businessSlug}
        clubSlug={club.slug}
        change={change}
        onClose={() => setChange(null)}
        onDone={(message) => {
          setChange(null);
          setNotice(message);
          refetchAll();
        }}
      />
    </Stack>
  );
}
