import { Box, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useQuery } from 'urql';
import { ErrorAlert } from '../../components/error-alert';
import { describeError } from '../../lib/server-error';
import { FIND_ATTENDEES } from './api/check-in';
import { formatClock } from './door-format';

const MIN_CHARACTERS = 2;

/**
 * Check-in by name, for a guest without their QR code: paid tickets whose attendee or buyer
 * matches what staff type (2 characters or more); "Check in" scans the ticket's code.
 */
export function NameSearch({
  businessSlug,
  eventId,
  onCheckIn,
}: {
  businessSlug: string;
  eventId: number;
  onCheckIn: (code: string) => Promise<void>;
}) {
  const [typed, setTyped] = useState('');
  const [query] = useDebouncedValue(typed.trim(), 300);
  const searching = query.length >= MIN_CHARACTERS && typed.trim().length >= MIN_CHARACTERS;
  const [{ data, fetching, error }, refetch] = useQuery({
    query: FIND_ATTENDEES,
    variables: { businessSlug, eventId, query },
    pause: query.length < MIN_CHARACTERS,
    requestPolicy: 'cache-and-network',
  });
  const [busyCode, setBusyCode] = useState<string | null>(null);
  const matches = searching ? (data?.findAttendees ?? []) : [];

  const checkIn = async (code: string) => {
    setBusyCode(code);
    try {
      await onCheckIn(code);
    } finally {
      setBusyCode(null);
      refetch({ requestPolicy: 'network-only' });
    }
  };

  return (
    <Stack gap="sm">
      <TextInput
        label="Find by name or email"
        description="At least 2 letters of the guest’s or the buyer’s name or email."
        type="search"
        value={typed}
        onChange={(event) => setTyped(event.currentTarget.value)}
        leftSection={<IconSearch size={16} aria-hidden />}
        autoComplete="off"
        spellCheck={false}
      />
      {searching && error && !data ? (
        <ErrorAlert
          title="The search did not answer"
          message={describeError(error).message}
          onRetry={() => refetch({ requestPolicy: 'network-only' })}
        />
      ) : null}
      {searching && fetching && !data ? <Text fz="sm">Searching…</Text> : null}
      {searching && data && matches.length === 0 ? (
        <Text fz="sm">No paid ticket of this event matches “{query}”.</Text>
      ) : null}
      {matches.length > 0 ? (
        <Stack
          component="ul"
          aria-label="Guests found"
          gap={0}
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
        >
          {matches.map((match) => {
            const name = match.attendeeName ?? match.buyerName ?? 'No name given';
            return (
              <Box
                component="li"
                key={match.code}
                py="xs"
                style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
              >
                <Group justify="space-between" gap="xs" wrap="wrap" align="center">
                  <Box miw={0} style={{ flex: '1 1 12rem' }}>
                    <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                      {name}
                    </Text>
                    <Text fz="sm" c="dark.7" style={{ overflowWrap: 'anywhere' }}>
                      {match.ticketTypeName}
                      {match.buyerName && match.buyerName !== match.attendeeName
                        ? ` · bought by ${match.buyerName}`
                        : ''}
                    </Text>
                  </Box>
                  {match.checkedInAt ? (
                    <Button variant="default" disabled>
                      In at {formatClock(match.checkedInAt)}
                    </Button>
                  ) : (
                    <Button
                      aria-label={`Check in ${name}`}
                      loading={busyCode === match.code}
                      onClick={() => void checkIn(match.code)}
                    >
                      Check in
                    </Button>
                  )}
                </Group>
              </Box>
            );
          })}
        </Stack>
      ) : null}
    </Stack>
  );
}
