import { Button, Group, Table, Text } from '@mantine/core';
import { formatDate } from './admin-utils';
import { StatusBadge } from '../../components/status-badge';
import type { AdminUser } from './types';

function wholesaleText(user: AdminUser): string {
  const lastDay = user.wholesaleAccessExpiresOn;
  if (user.seesWholesalePricing) return lastDay ? `Until ${formatDate(lastDay)}` : 'Yes';
  return lastDay ? `Ended ${formatDate(lastDay)}` : 'No';
}

/** One page of users, with the admin and disable/enable buttons of each. */
export function UsersTable({
  users,
  myEmail,
  onSetAdmin,
  onDisable,
  onEnable,
}: {
  users: AdminUser[];
  myEmail: string | undefined;
  onSetAdmin: (user: AdminUser, isAdmin: boolean) => void;
  onDisable: (user: AdminUser) => void;
  onEnable: (user: AdminUser) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped highlightOnHover captionSide="top" verticalSpacing="sm">
        <Table.Caption>
          <Text ta="left" size="sm" c="dark.6">
            Accounts, with their rights and status
          </Text>
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Name</Table.Th>
            <Table.Th scope="col">Email</Table.Th>
            <Table.Th scope="col">Admin</Table.Th>
            <Table.Th scope="col">Wholesale</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => {
            return (
              <Table.Tr key={user.id}>
                <Table.Th scope="row" fw={600}>
                  {user.name}
                  {user.email === myEmail ? (
                    <Text span size="sm" fw={400} c="dark.6">
                      {' '}
                      (you)
                    </Text>
                  ) : null}
                </Table.Th>
                <Table.Td>{user.email}</Table.Td>
                <Table.Td>{user.is_admin ? 'Yes' : 'No'}</Table.Td>
                <Table.Td>{wholesaleText(user)}</Table.Td>
                <Table.Td>
                  {user.disabled ? (
                    <StatusBadge color="red">Disabled</StatusBadge>
                  ) : (
                    <StatusBadge color="green">Active</StatusBadge>
                  )}
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="xs"
                      variant="default"
                      aria-label={`${user.is_admin ? 'Remove admin' : 'Make admin'}: ${user.name}`}
                      onClick={() => onSetAdmin(user, !user.is_admin)}
                    >
                      {user.is_admin ? 'Remove admin' : 'Make admin'}
                    </Button>
                    {user.disabled ? (
                      <Button
                        size="xs"
                        variant="default"
                        aria-label={`Enable ${user.name}`}
                        onClick={() => onEnable(user)}
                      >
                        Enable
                      </Button>
                    ) : (
                      <Button
                        size="xs"
                        variant="outline"
                        color="red.9"
                        aria-label={`Disable ${user.name}`}
                        onClick={() => onDisable(user)}
                      >
                        Disable
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
