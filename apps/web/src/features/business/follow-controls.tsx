import { consentText } from '@bevy/core';
import { Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { IconHeart, IconHeartFilled } from '@tabler/icons-react';
import { useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { DialogModal } from '../../components/dialog-modal';
import { ErrorAlert } from '../../components/error-alert';
import { describeError } from '../../lib/server-error';
import { FOLLOW_BUSINESS, FOLLOW_STATE, UNFOLLOW_BUSINESS } from './api/follow';

const CONSENT_NOTE: Record<string, string> = {
  pending: 'We emailed you a link: open it to start getting their email.',
  subscribed: 'You get their email. Every email has a one-click unsubscribe.',
  unsubscribed: 'You do not get their email.',
};

/**
 * Follow a producer, and (separately, unticked by default) agree to its email, for a signed-in
 * buyer. Consent is confirmed by an emailed link (double opt-in); the words shown are the words
 * recorded.
 */
export function FollowControls({ slug, name }: { slug: string; name: string }) {
  const [{ data }] = useQuery({
    query: FOLLOW_STATE,
    variables: { businessSlug: slug },
    requestPolicy: 'cache-and-network',
  });
  const [follow, runFollow] = useMutation(FOLLOW_BUSINESS);
  const [unfollow, runUnfollow] = useMutation(UNFOLLOW_BUSINESS);
  const [open, setOpen] = useState(false);
  // What the dialog is for, fixed when it opens: it must not change while it closes.
  const [managing, setManaging] = useState(false);
  const [marketing, setMarketing] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  const state = data?.followState;
  const following = state?.following ?? false;
  const error = follow.error ?? unfollow.error;

  async function submitFollow() {
    const result = await runFollow({ businessSlug: slug, marketing });
    if (result.error) return;
    setOpen(false);
    setNotice(
      marketing && result.data?.followBusiness.consent === 'pending'
        ? `You follow ${name}. Check your email and confirm to start getting their news.`
        : `You follow ${name}.`,
    );
  }

  async function submitUnfollow() {
    const result = await runUnfollow({ businessSlug: slug });
    if (result.error) return;
    setOpen(false);
    setNotice(`You no longer follow ${name}, and get none of their email.`);
  }

  return (
    <Stack gap={4} align="flex-start">
      <Button
        variant={following ? 'filled' : 'light'}
        leftSection={
          following ? (
            <IconHeartFilled size={18} aria-hidden />
          ) : (
            <IconHeart size={18} aria-hidden />
          )
        }
        onClick={() => {
          setMarketing(false);
          setManaging(following);
          setOpen(true);
        }}
        aria-haspopup="dialog"
      >
        {following ? 'Following' : 'Follow'}
      </Button>
      {notice ? (
        <Text fz="sm" role="status">
          {notice}
        </Text>
      ) : null}
      <DialogModal
        opened={open}
        onClose={() => setOpen(false)}
        title={managing ? `You follow ${name}` : `Follow ${name}`}
      >
        <Stack gap="md">
          {error ? <ErrorAlert message={describeError(error).message} /> : null}
          {managing ? (
            <>
              <Text>{CONSENT_NOTE[state?.consent ?? 'unsubscribed']}</Text>
              <Text fz="sm" c="dimmed">
                Change what you follow and receive any time under Your orders.
              </Text>
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setOpen(false)}>
                  Keep following
                </Button>
                <Button color="red" loading={unfollow.fetching} onClick={submitUnfollow}>
                  Unfollow
                </Button>
              </Group>
            </>
          ) : (
            <>
              <Text>
                {name} appears under Your orders with the other producers you follow, and sees your
                name and email among its followers.
              </Text>
              <Checkbox
                checked={marketing}
                onChange={(event) => setMarketing(event.currentTarget.checked)}
                label={consentText(name)}
                description="We email you a link to confirm first."
              />
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setOpen(false)}>
                  Cancel
                </Button>
                <Button loading={follow.fetching} onClick={submitFollow}>
                  Follow
                </Button>
              </Group>
            </>
          )}
        </Stack>
      </DialogModal>
    </Stack>
  );
}
