import { formatDueDate } from '@bevy/core';
import { Box, Button, Menu, Table, Text } from '@mantine/core';
import { IconChevronDown, IconPlayerPause, IconPlayerPlay, IconX } from '@tabler/icons-react';
import { CaptionedTable } from '../../../components/captioned-table';
import { StatusBadge } from '../../../components/status-badge';
import type { ClubMemberView } from '../api/club-manage';
import { deliveryLabel, MEMBER_STATUSES } from './club-manage-labels';

export type MemberAction = 'pause' | 'resume' | 'cancel';

// A tier's name reads badly broken over lines, and a badge in a squeezed column loses its words:
// the table scrolls sideways instead.
const NO_WRAP = { whiteSpace: 'nowrap' } as const;

/** What the producer may do for a member: a cancelled membership is over. */
function MemberActions({
  member,
  busy,
  onAction,
}: {
  member: ClubMemberView;
  busy: boolean;
  onAction: (member: ClubMemberView, action: MemberAction) => void;
}) {
  if (member.status === 'cancelled') return <Text fz="sm">—</Text>;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          size="xs"
          disabled={busy}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          aria-label={`Change membership of ${member.name}`}
        >
          Change
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {member.status === 'paused' ? (
          <Menu.Item
            leftSection={<IconPlayerPlay size={16} aria-hidden />}
            onClick={() => onAction(member, 'resume')}
          >
            Resume now
          </Menu.Item>
        ) : (
          <Menu.Item
            leftSection={<IconPlayerPause size={16} aria-hidden />}
            onClick={() => onAction(member, 'pause')}
          >
            Pause…
          </Menu.Item>
        )}
        <Menu.Item
          color="red.9"
          leftSection={<IconX size={16} aria-hidden />}
          onClick={() => onAction(member, 'cancel')}
        >
          Cancel membership…
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** The club's members, one a row, with their status and what the producer may change. */
export function MembersTable({
  members,
  caption,
  busy,
  onAction,
}: {
  members: readonly ClubMemberView[];
  caption: string;
  busy: boolean;
  onAction: (member: ClubMemberView, action: MemberAction) => void;
}) {
  return (
    <CaptionedTable caption={caption} minWidth={920}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Member</Table.Th>
          <Table.Th scope="col">Tier</Table.Th>
          <Table.Th scope="col">Status</Table.Th>
          <Table.Th scope="col">Joined on</Table.Th>
          <Table.Th scope="col">Paused until</Table.Th>
          <Table.Th scope="col">Delivery</Table.Th>
          <Table.Th scope="col">Reason</Table.Th>
          <Table.Th scope="col">Actions</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {members.map((member) => {
          const status = MEMBER_STATUSES[member.status];
          return (
            <Table.Tr key={member.membershipId}>
              <Table.Th scope="row" fw={600}>
                {member.name}
                <Text fz="xs" c="dark.6" fw={400}>
                  {member.email}
                </Text>
              </Table.Th>
              <Table.Td style={NO_WRAP}>{member.tierName}</Table.Td>
              <Table.Td>
                <Box w="max-content">
                  <StatusBadge color={status.color}>{status.label}</StatusBadge>
                </Box>
              </Table.Td>
              <Table.Td>{formatDueDate(member.joinedOn)}</Table.Td>
              <Table.Td>{member.pausedUntil ? formatDueDate(member.pausedUntil) : '—'}</Table.Td>
              <Table.Td>
                {deliveryLabel(member.fulfillmentMode)}
                {member.shipToState ? ` to ${member.shipToState}` : ''}
              </Table.Td>
              <Table.Td>{member.statusReason ?? '—'}</Table.Td>
              <Table.Td>
                <MemberActions member={member} busy={busy} onAction={onAction} />
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </CaptionedTable>
  );
}
