import { Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useMutation, useQuery, type CombinedError } from 'urql';
import { useMe } from '../../lib/use-me';
import { AdminPagination, ConfirmModal, ErrorAlert, QueryStatus } from './admin-ui';
import { PAGE_SIZE, errorMessage, pageSummary } from './admin-utils';
import type { AdminUser } from './types';
import { useDialog } from './use-dialog';
import { UsersTable } from './users-table';
import { ADMIN_USERS, SET_USER_ADMIN, SET_USER_DISABLED } from './api/users';

export function UsersSection() {
  const { me } = useMe();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  // The page belongs to one search: a new search starts again on page 1.
  const [paging, setPaging] = useState({ search: '', page: 1 });
  const page = paging.search === debouncedSearch ? paging.page : 1;

  const [result, reexecute] = useQuery({
    query: ADMIN_USERS,
    variables: {
      search: debouncedSearch || null,
      offset: (page - 1) * PAGE_SIZE,
      limit: PAGE_SIZE,
    },
    requestPolicy: 'cache-and-network',
  });
  const refetch = () => reexecute({ requestPolicy: 'network-only' });

  const [, setUserAdmin] = useMutation(SET_USER_ADMIN);
  const [disabling, setUserDisabled] = useMutation(SET_USER_DISABLED);
  const [actionError, setActionError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const confirmDisable = useDialog<AdminUser>();
  const [disableError, setDisableError] = useState<string | null>(null);

  /** A change made from a table row, one at a time; a refusal shows above the table. */
  const changeFromRow = async (change: () => Promise<{ error?: CombinedError }>) => {
    if (busy) return;
    setBusy(true);
    setActionError(null);
    const response = await change();
    setBusy(false);
    if (response.error) setActionError(errorMessage(response.error));
    else refetch();
  };

  const changeAdmin = (user: AdminUser, isAdmin: boolean) =>
    changeFromRow(() => setUserAdmin({ userId: user.id, isAdmin }));

  const enable = (user: AdminUser) =>
    changeFromRow(() => setUserDisabled({ userId: user.id, disabled: false }));

  const disable = async () => {
    const user = confirmDisable.target;
    if (!user || disabling.fetching) return;
    setDisableError(null);
    const response = await setUserDisabled({ userId: user.id, disabled: true });
    if (response.error) {
      setDisableError(errorMessage(response.error));
      return;
    }
    confirmDisable.close();
    refetch();
  };

  const data = result.data?.adminUsers;
  return (
    <Stack gap="md" component="section" aria-labelledby="admin-users-title">
      <Title order={2} id="admin-users-title">
        Users
      </Title>
      <TextInput
        label="Search users"
        description="Matches names and email addresses"
        type="search"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maw={420}
      />
      {actionError ? (
        <ErrorAlert message={actionError} onClose={() => setActionError(null)} />
      ) : null}
      <QueryStatus error={result.error} loading={!data && result.fetching} onRetry={refetch} />
      {data ? (
        <>
          <Text role="status" size="sm" c="dark.6">
            {data.users.length === 0 && debouncedSearch
              ? `No users match “${debouncedSearch}”.`
              : pageSummary(page, data.users.length, data.total, 'users')}
          </Text>
          {data.users.length > 0 ? (
            <UsersTable
              users={data.users}
              myEmail={me?.email}
              onSetAdmin={(user, isAdmin) => void changeAdmin(user, isAdmin)}
              onDisable={(user) => {
                setDisableError(null);
                confirmDisable.open(user);
              }}
              onEnable={(user) => void enable(user)}
            />
          ) : null}
          <Group>
            <AdminPagination
              label="Pages of users"
              total={data.total}
              page={page}
              onChange={(next) => setPaging({ search: debouncedSearch, page: next })}
            />
          </Group>
        </>
      ) : null}
      <ConfirmModal
        opened={confirmDisable.opened}
        title="Disable account"
        confirmLabel="Disable account"
        destructive
        loading={disabling.fetching}
        error={disableError}
        onConfirm={() => void disable()}
        onClose={confirmDisable.close}
      >
        Disable {confirmDisable.target?.name}? They will be logged out everywhere and cannot log in
        until you enable the account again.
      </ConfirmModal>
    </Stack>
  );
}
