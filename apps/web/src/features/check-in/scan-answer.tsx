import { formatTicketCode } from '@bevy/core';
import { Badge, Box, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconCircleX,
  IconCloudOff,
  IconId,
  type Icon,
} from '@tabler/icons-react';
import { answerTitle, formatClock } from './door-format';
import type { Conflict, DoorEntry, ScanAnswer } from './use-door';

type Tone = 'green' | 'orange' | 'red' | 'yellow';

const ICONS: Record<Tone, Icon> = {
  green: IconCircleCheck,
  orange: IconAlertTriangle,
  red: IconCircleX,
  yellow: IconCloudOff,
};

export const SAVED_OFFLINE = 'Saved offline — will sync';
const NOT_SENT = 'Not checked in';

function toneOf(entry: DoorEntry): Tone {
  if (entry.kind === 'queued') return 'yellow';
  if (entry.kind === 'refused') return 'red';
  if (entry.answer.result === 'admitted') return 'green';
  if (entry.answer.result === 'already_checked_in') return 'orange';
  return 'red';
}

function entryTitle(entry: DoorEntry): string {
  if (entry.kind === 'queued') return SAVED_OFFLINE;
  if (entry.kind === 'refused') return NOT_SENT;
  return answerTitle(entry.answer);
}

function entryCode(entry: DoorEntry): string {
  return entry.kind === 'answer' ? entry.answer.code : entry.code;
}

/** "Checked in at 6:42 PM by Sam", as much of it as the answer knows. */
function checkedInLine(answer: ScanAnswer): string | null {
  if (!answer.checkedInAt && !answer.checkedInByName) return null;
  return [
    'Checked in',
    answer.checkedInAt ? `at ${formatClock(answer.checkedInAt)}` : null,
    answer.checkedInByName ? `by ${answer.checkedInByName}` : null,
  ]
    .filter(Boolean)
    .join(' ');
}

function AnswerDetails({ entry }: { entry: DoorEntry }) {
  if (entry.kind === 'queued') {
    return (
      <Text fz="lg" c="dark.9">
        No connection: this scan is kept on this phone and sent when the network is back.
      </Text>
    );
  }
  if (entry.kind === 'refused') {
    return (
      <Text fz="lg" c="dark.9">
        {entry.message}
      </Text>
    );
  }
  const { answer } = entry;
  return (
    <Stack gap={6}>
      {answer.attendeeName ? (
        <Text fz={26} fw={700} lh={1.2} c="dark.9" style={{ overflowWrap: 'anywhere' }}>
          {answer.attendeeName}
        </Text>
      ) : null}
      {answer.ticketTypeName ? (
        <Text fz="lg" fw={600} c="dark.9" style={{ overflowWrap: 'anywhere' }}>
          {answer.ticketTypeName}
        </Text>
      ) : null}
      {answer.result === 'already_checked_in' ? (
        <Text fz="xl" fw={600} c="dark.9">
          {checkedInLine(answer) ?? 'Checked in earlier'}
        </Text>
      ) : null}
      {answer.result === 'other_event' ? (
        <Text fz="xl" fw={600} c="dark.9">
          This ticket is for {answer.otherEventTitle ?? 'another event'}
        </Text>
      ) : null}
      {answer.checkId && answer.result === 'admitted' ? (
        <Badge
          size="xl"
          radius="sm"
          color="yellow.4"
          c="dark.9"
          tt="none"
          h="auto"
          py={8}
          leftSection={<IconId size={26} aria-hidden />}
          styles={{ label: { fontSize: 24, fontWeight: 800, whiteSpace: 'normal' } }}
        >
          21+: check ID
        </Badge>
      ) : null}
      {entry.synced ? (
        <Text fz="sm" c="dark.8">
          Sent after the connection came back; scanned {formatClock(entry.at)}.
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * The answer to the latest scan, large and in colour: green admitted, orange already in, red
 * refused, amber kept offline. A polite live region, so a screen reader says each answer.
 */
export function AnswerPanel({ entry, sending }: { entry: DoorEntry | null; sending: boolean }) {
  const tone = entry ? toneOf(entry) : null;
  const ToneIcon = tone ? ICONS[tone] : null;
  return (
    <Paper
      role="status"
      aria-live="polite"
      aria-atomic="true"
      aria-busy={sending}
      radius="md"
      p="md"
      mih={140}
      bg={tone ? `${tone}.1` : 'gray.0'}
      style={{
        border: `4px solid var(--mantine-color-${tone ?? 'gray'}-${tone === 'yellow' ? 6 : 8})`,
      }}
    >
      {entry ? (
        <Stack gap="xs">
          <Group gap="sm" wrap="nowrap" align="center">
            {ToneIcon ? (
              <ToneIcon
                size={40}
                aria-hidden
                color={`var(--mantine-color-${tone}-${tone === 'yellow' ? 8 : 9})`}
                style={{ flexShrink: 0 }}
              />
            ) : null}
            <Text fz={32} fw={800} lh={1.1} c="dark.9" style={{ overflowWrap: 'anywhere' }}>
              {entryTitle(entry)}
            </Text>
          </Group>
          <AnswerDetails entry={entry} />
          <Text fz="sm" c="dark.8" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            {formatTicketCode(entryCode(entry))}
          </Text>
        </Stack>
      ) : (
        <Text fz="lg" c="dark.8">
          Scan a ticket, type its code or find the guest by name: the answer shows here.
        </Text>
      )}
      {sending ? (
        <Group gap={6} mt="xs" aria-hidden>
          <Loader size="xs" color="dark" />
          <Text fz="sm" c="dark.8">
            Checking…
          </Text>
        </Group>
      ) : null}
    </Paper>
  );
}

/** The last answers, newest first. */
export function ScanHistory({ entries }: { entries: DoorEntry[] }) {
  if (entries.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="door-history">
      <Title order={2} fz="lg" id="door-history" mb="xs">
        Last scans
      </Title>
      <Stack component="ol" gap={6} p={0} m={0} style={{ listStyle: 'none' }}>
        {entries.map((entry) => {
          const tone = toneOf(entry);
          const name = entry.kind === 'answer' ? entry.answer.attendeeName : null;
          return (
            <Box
              component="li"
              key={entry.id}
              pl="sm"
              py={4}
              style={{ borderLeft: `6px solid var(--mantine-color-${tone}-7)` }}
            >
              <Text fz="sm" c="dark.9" style={{ overflowWrap: 'anywhere' }}>
                <Text span fw={700}>
                  {entryTitle(entry)}
                </Text>
                {name ? ` · ${name}` : ''}
                {' · '}
                {formatClock(entry.at)}
                {entry.kind === 'answer' && entry.synced ? ' · synced' : ''}
              </Text>
              <Text fz="xs" c="dark.7" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                {formatTicketCode(entryCode(entry))}
              </Text>
            </Box>
          );
        })}
      </Stack>
    </Box>
  );
}

/** Tickets admitted by another phone before this phone's offline scan of them was sent. */
export function ConflictList({ conflicts }: { conflicts: Conflict[] }) {
  if (conflicts.length === 0) return null;
  return (
    <Paper
      component="section"
      aria-labelledby="door-conflicts"
      withBorder
      radius="md"
      p="md"
      bg="orange.0"
    >
      <Title order={2} fz="lg" id="door-conflicts" mb={4}>
        Scanned twice while offline
      </Title>
      <Text fz="sm" c="dark.8" mb="xs">
        This phone admitted these tickets without a connection after someone else had checked them
        in.
      </Text>
      <Stack component="ul" gap={6} p={0} m={0} style={{ listStyle: 'none' }}>
        {conflicts.map(({ nonce, answer }) => (
          <Box component="li" key={nonce}>
            <Text fz="sm" c="dark.9" ff="monospace" fw={700} style={{ overflowWrap: 'anywhere' }}>
              {formatTicketCode(answer.code)}
            </Text>
            <Text fz="sm" c="dark.9">
              {[answer.attendeeName, checkedInLine(answer) ?? 'Checked in earlier']
                .filter(Boolean)
                .join(' · ')}
            </Text>
          </Box>
        ))}
      </Stack>
    </Paper>
  );
}
