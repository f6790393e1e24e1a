import { MARKETING_LIMITS } from '@bevy/core';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconCalendarTime, IconMail, IconSend, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useMutation } from 'urql';
import { ErrorAlert } from '../../components/error-alert';
import { SuccessNotice } from '../../components/success-notice';
import { describeError } from '../../lib/server-error';
import { SEND_TEST_CAMPAIGN } from './api/campaigns';
import { audienceLine, type Audience } from './audience-options';
import { DeleteDraftDialog, ScheduleDialog, SendNowDialog } from './send-dialogs';

type Dialog = 'send' | 'schedule' | 'delete' | null;

/**
 * A saved draft's ways out: a test to oneself, sending now or at a time (each asked first), and
 * deleting it. Unsaved changes are saved first (`ensureSaved`), so what goes is what is shown.
 */
export function SendPanel({
  businessSlug,
  campaignId,
  subject,
  audience,
  ensureSaved,
  onStatusChanged,
  onDeleted,
}: {
  businessSlug: string;
  campaignId: number;
  subject: string;
  audience: Audience;
  /** Saves unsaved changes; false when the form or the server refused them. */
  ensureSaved: () => Promise<boolean>;
  /** Scheduled or sending: the page shows the campaign's new state. */
  onStatusChanged: () => void;
  onDeleted: () => void;
}) {
  const [{ fetching: sendingTest }, sendTest] = useMutation(SEND_TEST_CAMPAIGN);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [testSentTo, setTestSentTo] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const afterSaving = async (then: () => void | Promise<void>) => {
    setRefusal(null);
    setTestSentTo(null);
    setSaving(true);
    const saved = await ensureSaved();
    setSaving(false);
    if (saved) await then();
  };

  const test = () =>
    afterSaving(async () => {
      const result = await sendTest({ businessSlug, id: campaignId });
      if (result.error) setRefusal(describeError(result.error).message);
      else setTestSentTo(result.data!.sendTestCampaign);
    });

  const common = { businessSlug, campaignId, onClose: () => setDialog(null) };
  return (
    <Stack gap="sm" component="section" aria-labelledby="campaign-send">
      <Title order={2} fz="xl" id="campaign-send">
        Send
      </Title>
      <Text fz="sm">
        To: <strong>{audienceLine(audience)}</strong>. Only people who agreed to your email get it,
        and nobody gets more than one email from you every {MARKETING_LIMITS.frequencyCapHours}{' '}
        hours.
      </Text>
      {testSentTo ? (
        <SuccessNotice onClose={() => setTestSentTo(null)}>
          Test sent to {testSentTo}.
        </SuccessNotice>
      ) : null}
      {refusal ? (
        <ErrorAlert
          title="The test was not sent"
          message={refusal}
          onClose={() => setRefusal(null)}
        />
      ) : null}
      <Group gap="sm" wrap="wrap">
        <Button
          variant="default"
          loading={sendingTest}
          disabled={saving}
          leftSection={<IconMail size={16} aria-hidden />}
          onClick={() => void test()}
        >
          Send test to me
        </Button>
        <Button
          disabled={saving}
          leftSection={<IconSend size={16} aria-hidden />}
          onClick={() => void afterSaving(() => setDialog('send'))}
        >
          Send now
        </Button>
        <Button
          variant="light"
          disabled={saving}
          leftSection={<IconCalendarTime size={16} aria-hidden />}
          onClick={() => void afterSaving(() => setDialog('schedule'))}
        >
          Schedule
        </Button>
        <Button
          variant="subtle"
          color="dark"
          ml="auto"
          leftSection={<IconTrash size={16} aria-hidden />}
          onClick={() => setDialog('delete')}
        >
          Delete draft
        </Button>
      </Group>
      <SendNowDialog
        {...common}
        opened={dialog === 'send'}
        audience={audience}
        onSent={() => {
          setDialog(null);
          onStatusChanged();
        }}
      />
      <ScheduleDialog
        {...common}
        opened={dialog === 'schedule'}
        audience={audience}
        onScheduled={() => {
          setDialog(null);
          onStatusChanged();
        }}
      />
      <DeleteDraftDialog
        {...common}
        opened={dialog === 'delete'}
        subject={subject}
        onDeleted={onDeleted}
      />
    </Stack>
  );
}
