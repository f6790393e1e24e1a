import { Anchor, Button, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation } from 'urql';
import { ErrorAlert } from '../../components/error-alert';
import { SuccessNotice } from '../../components/success-notice';
import { describeError } from '../../lib/server-error';
import { SET_CLUB_STATUS } from './api/club-manage';
import { clubPath, clubTabPath } from './manage/club-manage-labels';

/** A club card's ways on: its management tabs, its public page, and opening or closing it. */
export function ClubCardActions({
  businessSlug,
  club,
  onStatusChanged,
}: {
  businessSlug: string;
  club: { slug: string; name: string; status: 'draft' | 'open' | 'closed' };
  onStatusChanged: () => void;
}) {
  const [{ fetching }, setClubStatus] = useMutation(SET_CLUB_STATUS);
  const [changed, setChanged] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const open = club.status !== 'open';

  const toggle = async () => {
    setChanged(null);
    setRefusal(null);
    const result = await setClubStatus({ businessSlug, clubSlug: club.slug, open });
    if (result.error) {
      setRefusal(describeError(result.error).message);
      return;
    }
    setChanged(
      open ? `${club.name} is open to members.` : `${club.name} is closed to new members.`,
    );
    onStatusChanged();
  };

  return (
    <Stack gap="xs">
      {changed ? <SuccessNotice onClose={() => setChanged(null)}>{changed}</SuccessNotice> : null}
      {refusal ? (
        <ErrorAlert
          title="The club’s status was not changed"
          message={refusal}
          onClose={() => setRefusal(null)}
        />
      ) : null}
      <Group gap="sm" wrap="wrap">
        <Button
          component={Link}
          to={clubTabPath(businessSlug, club.slug, 'releases')}
          size="xs"
          variant="light"
        >
          Manage releases and members
        </Button>
        <Button size="xs" variant={open ? 'filled' : 'default'} loading={fetching} onClick={toggle}>
          {open ? 'Open to members' : 'Close to new members'}
        </Button>
        <Anchor component={Link} to={clubPath(businessSlug, club.slug)} fz="sm">
          View the public page
        </Anchor>
      </Group>
    </Stack>
  );
}
