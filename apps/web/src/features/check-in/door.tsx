import { isTicketCode, normalizeTicketCode } from '@bevy/core';
import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCloudUpload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ErrorAlert } from '../../components/error-alert';
import { PageLoading } from '../../components/page-loading';
import { StatusBadge } from '../../components/status-badge';
import { describeError } from '../../lib/server-error';
import { CameraScanner } from './camera-scanner';
import { scansLabel } from './door-format';
import { NameSearch } from './name-search';
import { AnswerPanel, ConflictList, ScanHistory } from './scan-answer';
import { TypedCodeForm } from './typed-code-form';
import { isNetworkFailure, useDoor, type DoorSales } from './use-door';
import type { QueuedScan } from './offline-queue';

const mayBeTicket = (read: string) => isTicketCode(normalizeTicketCode(read));

function DoorSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper component="section" aria-labelledby={id} withBorder radius="md" p="md">
      <Title order={2} fz="lg" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** The event, and the live count of people in. */
function DoorHeader({ sales, checkedIn }: { sales: DoorSales; checkedIn: number }) {
  const { event } = sales;
  return (
    <Paper component="section" aria-labelledby="door-event" withBorder radius="md" p="sm">
      <Stack gap={2}>
        <Title order={2} fz="lg" id="door-event" style={{ overflowWrap: 'anywhere' }}>
          {event.title}
        </Title>
        <Text fz="sm" c="dark.8">
          {event.when}
        </Text>
        <Text fz={24} fw={800} lh={1.25} c="dark.9" mt={4}>
          {`${checkedIn} checked in of ${sales.sold} sold`}
        </Text>
        <Group gap="xs">
          <Text fz="sm" c="dark.7">
            Capacity {event.capacity}
          </Text>
          {event.adultsOnly ? <StatusBadge color="yellow">21+: check ID</StatusBadge> : null}
          {event.cancelled ? <StatusBadge color="red">Cancelled</StatusBadge> : null}
        </Group>
      </Stack>
    </Paper>
  );
}

/** Scans kept on this phone for want of a network, and why they are not sent yet. */
function SyncStatus({
  queue,
  online,
  syncProblem,
  storageFailed,
  onSync,
}: {
  queue: QueuedScan[];
  online: boolean;
  syncProblem: string | null;
  storageFailed: boolean;
  onSync: () => void;
}) {
  if (queue.length === 0 && online && !syncProblem) return null;
  return (
    <Paper
      radius="md"
      p="sm"
      bg="yellow.1"
      style={{ border: '3px solid var(--mantine-color-yellow-6)' }}
    >
      <Stack gap={6}>
        <Text fw={700} c="dark.9">
          {queue.length > 0
            ? `Offline: ${scansLabel(queue.length)} waiting to sync`
            : 'Offline: scans are kept on this phone until the network is back.'}
        </Text>
        {syncProblem ? (
          <Text fz="sm" c="dark.9">
            Could not sync: {syncProblem}
          </Text>
        ) : null}
        {storageFailed && queue.length > 0 ? (
          <Text fz="sm" c="dark.9">
            This browser will not store them: keep this page open until they are sent.
          </Text>
        ) : null}
        {queue.length > 0 ? (
          <Group>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconCloudUpload size={16} aria-hidden />}
              onClick={onSync}
            >
              Sync now
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

/**
 * The door of one event: its header and count, the camera, a typed code and a name search, the
 * answer to each scan, and the scans waiting for a network.
 */
export function Door({ businessSlug, eventId }: { businessSlug: string; eventId: number }) {
  const door = useDoor(businessSlug, eventId);
  const { sales } = door;
  if (!sales.data && !sales.error) return <PageLoading />;
  // Without the event, the door can still scan when only the network failed: the scans queue.
  if (sales.error && !sales.data && !isNetworkFailure(sales.error)) {
    return (
      <ErrorAlert
        title="This event could not be loaded"
        message={describeError(sales.error).message}
        onRetry={door.reloadSales}
      />
    );
  }
  return (
    <Stack gap="md">
      {sales.data ? (
        <DoorHeader sales={sales.data} checkedIn={door.checkedIn ?? sales.data.checkedIn} />
      ) : (
        <ErrorAlert
          title="The event could not be loaded"
          message={`${describeError(sales.error!).message} Scans made now are kept and sent later.`}
          onRetry={door.reloadSales}
        />
      )}
      <SyncStatus
        queue={door.queue}
        online={door.online}
        syncProblem={door.syncProblem}
        storageFailed={door.storageFailed}
        onSync={door.syncNow}
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Stack gap="md">
          <AnswerPanel entry={door.current} sending={door.sending} />
          <DoorSection id="door-camera" title="Scan tickets">
            <CameraScanner onCode={(code) => void door.scan(code)} isCode={mayBeTicket} />
          </DoorSection>
        </Stack>
        <Stack gap="md">
          <DoorSection id="door-code" title="Type a code">
            <TypedCodeForm onScan={door.scan} />
          </DoorSection>
          <DoorSection id="door-name" title="Find by name">
            <NameSearch businessSlug={businessSlug} eventId={eventId} onCheckIn={door.scan} />
          </DoorSection>
        </Stack>
      </SimpleGrid>
      <ConflictList conflicts={door.conflicts} />
      <ScanHistory entries={door.history} />
    </Stack>
  );
}
