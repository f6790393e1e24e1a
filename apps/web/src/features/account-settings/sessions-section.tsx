import { Button, Group, Stack, Text } from '@mantine/core';
import { IconDevices } from '@tabler/icons-react';
import { useState } from 'react';
import { useMutation } from 'urql';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { formatTimestampDateTime } from '../../lib/dates';
import { StatusBadge } from '../../components/status-badge';
import { describeError } from '../../lib/server-error';
import { END_SESSION, LOG_OUT_EVERYWHERE, type AccountSession } from './api/account-settings';
import { SectionStatus, SettingsCard } from './settings-card';

/** After every session ends, this browser forgets what it kept and goes to the log-in page. */
function leaveForLogIn() {
  try {
    localStorage.clear();
  } catch {
    // Storage unavailable: there is nothing stored to clear.
  }
  window.location.assign('/login');
}

export function SessionsSection({
  sessions,
  onChanged,
}: {
  sessions: AccountSession[];
  onChanged: () => void;
}) {
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [everywhereError, setEverywhereError] = useState<string | null>(null);
  const [, endSession] = useMutation(END_SESSION);
  const [everywhere, logOutEverywhere] = useMutation(LOG_OUT_EVERYWHERE);

  const endOne = async (session: AccountSession) => {
    setError(null);
    const result = await endSession({ id: session.id });
    if (result.error) setError(describeError(result.error).message);
    else {
      setNotice(`${session.device} is logged out.`);
      onChanged();
    }
  };

  const endAll = async () => {
    const result = await logOutEverywhere({});
    if (result.error) setEverywhereError(describeError(result.error).message);
    else leaveForLogIn();
  };

  return (
    <SettingsCard
      title="Sessions"
      description="The browsers you are logged in on. Log out of one you do not recognise, then change your password."
    >
      <SectionStatus notice={notice} error={error} onDismiss={() => setNotice(null)} />
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {sessions.map((session) => (
          <Group
            component="li"
            key={session.id}
            justify="space-between"
            wrap="wrap"
            gap="sm"
            p="sm"
            style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 4 }}
          >
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <IconDevices size={22} aria-hidden />
              <div>
                <Group gap="xs">
                  <Text fw={700}>{session.device}</Text>
                  {session.current ? <StatusBadge color="green">This browser</StatusBadge> : null}
                </Group>
                <Text fz="sm" c="dark.6">
                  Last active {formatTimestampDateTime(session.lastSeenAt)} · Logged in{' '}
                  {formatTimestampDateTime(session.createdAt)}
                  {session.address ? ` · Network ${session.address}` : ''}
                </Text>
              </div>
            </Group>
            {session.current ? null : (
              <Button
                size="xs"
                variant="default"
                onClick={() => void endOne(session)}
                aria-label={`Log out of ${session.device}, last active ${formatTimestampDateTime(session.lastSeenAt)}`}
              >
                Log out
              </Button>
            )}
          </Group>
        ))}
      </Stack>
      <Group>
        <Button
          color="red.9"
          variant="outline"
          onClick={() => {
            setEverywhereError(null);
            setConfirming(true);
          }}
        >
          Log out everywhere
        </Button>
      </Group>
      <ConfirmDialog
        opened={confirming}
        title="Log out everywhere?"
        message="Every browser you are logged in on is logged out, this one too. You will need your password to log in again."
        confirmLabel="Log out everywhere"
        busy={everywhere.fetching}
        error={everywhereError}
        onConfirm={() => void endAll()}
        onClose={() => setConfirming(false)}
      />
    </SettingsCard>
  );
}
