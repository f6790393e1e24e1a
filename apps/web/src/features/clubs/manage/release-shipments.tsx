import { formatCents, formatDueDate } from '@bevy/core';
import { Anchor, Box, List, Table, Text } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useQuery } from 'urql';
import { CaptionedTable } from '../../../components/captioned-table';
import { EmptyState } from '../../../components/empty-state';
import { ErrorAlert } from '../../../components/error-alert';
import { PageLoading } from '../../../components/page-loading';
import { StatusBadge } from '../../../components/status-badge';
import { describeError } from '../../../lib/server-error';
import { CLUB_RELEASE_SHIPMENTS, type ClubShipmentView } from '../api/club-manage';
import { shipmentOutcome } from './club-manage-labels';

function ShipmentRow({ shipment }: { shipment: ClubShipmentView }) {
  const outcome = shipmentOutcome(shipment.outcome);
  const problems = [
    ...shipment.problems,
    ...(shipment.declineMessage ? [`Card declined: ${shipment.declineMessage}`] : []),
  ];
  return (
    <Table.Tr>
      <Table.Th scope="row" fw={600}>
        {shipment.memberName}
        <Text fz="xs" c="dark.6" fw={400}>
          {shipment.memberEmail}
        </Text>
      </Table.Th>
      <Table.Td>
        {/* A badge in a squeezed column loses its words: the table scrolls sideways instead. */}
        <Box w="max-content">
          <StatusBadge color={outcome.color}>{outcome.label}</StatusBadge>
        </Box>
      </Table.Td>
      <Table.Td>
        {problems.length === 0 ? (
          '—'
        ) : (
          <List size="sm" spacing={2}>
            {problems.map((problem) => (
              <List.Item key={problem}>{problem}</List.Item>
            ))}
          </List>
        )}
      </Table.Td>
      <Table.Td>{shipment.tries}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {shipment.nextTryOn ? formatDueDate(shipment.nextTryOn) : '—'}
      </Table.Td>
      <Table.Td>{shipment.amountCents === null ? '—' : formatCents(shipment.amountCents)}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {shipment.orderId !== null ? (
          <Anchor component={Link} to={`/orders/${shipment.orderId}`}>
            {shipment.orderNumber ?? `Order ${shipment.orderId}`}
          </Anchor>
        ) : (
          '—'
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/** A release's run, member by member: what happened to each, and why when it went wrong. */
export function ReleaseShipments({
  businessSlug,
  clubSlug,
  releaseId,
  releaseTitle,
  hasRun,
}: {
  businessSlug: string;
  clubSlug: string;
  releaseId: number;
  releaseTitle: string;
  hasRun: boolean;
}) {
  const [{ data, fetching, error }, refetch] = useQuery({
    query: CLUB_RELEASE_SHIPMENTS,
    variables: { businessSlug, clubSlug, releaseId },
    // A retry answers with the release, not its shipments: reload them when it does.
    context: useMemo(() => ({ additionalTypenames: ['ClubRelease'] }), []),
  });

  if (fetching && !data) return <PageLoading />;
  if (error && !data) {
    return (
      <ErrorAlert
        title="The members of this release could not be loaded"
        message={describeError(error).message}
        onRetry={() => refetch({ requestPolicy: 'network-only' })}
      />
    );
  }
  const shipments = data?.clubReleaseShipments ?? [];
  if (shipments.length === 0) {
    return (
      <EmptyState icon={IconUsers}>
        <Text ta="center">
          {hasRun
            ? 'No members were in this release’s run.'
            : 'No members in this release’s run yet: it runs on its charge date.'}
        </Text>
      </EmptyState>
    );
  }
  return (
    <CaptionedTable caption={`Members of ${releaseTitle}, by name`} minWidth={860}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Member</Table.Th>
          <Table.Th scope="col">Outcome</Table.Th>
          <Table.Th scope="col">Problems</Table.Th>
          <Table.Th scope="col">Tries</Table.Th>
          <Table.Th scope="col">Next try</Table.Th>
          <Table.Th scope="col">Amount</Table.Th>
          <Table.Th scope="col">Order</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {shipments.map((shipment) => (
          <ShipmentRow key={shipment.id} shipment={shipment} />
        ))}
      </Table.Tbody>
    </CaptionedTable>
  );
}
