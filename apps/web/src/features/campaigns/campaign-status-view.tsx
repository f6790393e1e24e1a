import { MARKETING_LIMITS } from '@bevy/core';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconCalendarX, IconPlayerStop } from '@tabler/icons-react';
import { useState } from 'react';
import { useMutation } from 'urql';
import { DialogModal } from '../../components/dialog-modal';
import { ErrorAlert } from '../../components/error-alert';
import { StatusBadge } from '../../components/status-badge';
import { formatTimestampDateTime } from '../../lib/dates';
import { describeError } from '../../lib/server-error';
import { CANCEL_CAMPAIGN, type CampaignView } from './api/campaigns';
import { ReportFigures, SendingProgress } from './campaign-figures';
import { campaignDateLine, countOf, isDue, STATUS_COLORS, STATUS_LABELS } from './campaign-labels';
import { EmailPreview } from './email-preview';

/** Unscheduling (back to a draft) or stopping a send, with the server's refusal if any. */
function useCancelCampaign(businessSlug: string, id: number, onDone: () => void) {
  const [{ fetching }, cancel] = useMutation(CANCEL_CAMPAIGN);
  const [refusal, setRefusal] = useState<string | null>(null);
  const run = async () => {
    setRefusal(null);
    const result = await cancel({ businessSlug, id });
    if (result.error) setRefusal(describeError(result.error).message);
    else onDone();
  };
  return { fetching, refusal, clearRefusal: () => setRefusal(null), run };
}

function Scheduled({
  campaign,
  businessSlug,
  onChanged,
}: {
  campaign: CampaignView;
  businessSlug: string;
  onChanged: () => void;
}) {
  const { fetching, refusal, clearRefusal, run } = useCancelCampaign(
    businessSlug,
    campaign.id,
    onChanged,
  );
  return (
    <Stack gap="sm">
      <Text>
        It goes on <strong>{formatTimestampDateTime(campaign.scheduledAt!)}</strong> to{' '}
        {campaign.audience}, as the audience stands then. Unschedule it to edit it again.
      </Text>
      {refusal ? <ErrorAlert message={refusal} onClose={clearRefusal} /> : null}
      <Button
        variant="default"
        loading={fetching}
        leftSection={<IconCalendarX size={16} aria-hidden />}
        style={{ alignSelf: 'flex-start' }}
        onClick={() => void run()}
      >
        Unschedule
      </Button>
    </Stack>
  );
}

function Sending({
  campaign,
  businessSlug,
  onChanged,
}: {
  campaign: CampaignView;
  businessSlug: string;
  onChanged: () => void;
}) {
  const [asking, setAsking] = useState(false);
  const { fetching, refusal, clearRefusal, run } = useCancelCampaign(
    businessSlug,
    campaign.id,
    () => {
      setAsking(false);
      onChanged();
    },
  );
  const starting = campaign.status === 'scheduled';
  return (
    <Stack gap="sm" component="section" aria-labelledby="campaign-progress">
      <Title order={2} fz="xl" id="campaign-progress">
        Progress
      </Title>
      <Text fz="sm" c="dark.6">
        {starting
          ? 'Sending starts in a moment.'
          : `Going to ${campaign.audience}. Refreshed every few seconds while this page is open.`}
      </Text>
      {starting ? null : <SendingProgress report={campaign.report} />}
      <Button
        variant="outline"
        color="red.9"
        leftSection={<IconPlayerStop size={16} aria-hidden />}
        style={{ alignSelf: 'flex-start' }}
        onClick={() => setAsking(true)}
      >
        Stop sending
      </Button>
      <DialogModal
        opened={asking}
        onClose={() => {
          clearRefusal();
          setAsking(false);
        }}
        title="Stop sending this campaign?"
      >
        <Stack gap="md">
          {refusal ? <ErrorAlert title="Sending was not stopped" message={refusal} /> : null}
          <Text fz="sm">
            {starting
              ? 'Nobody gets it: it goes back to being a draft.'
              : `Nobody else gets it${
                  campaign.report.sent > 0
                    ? `; the ${countOf(campaign.report.sent, 'person', 'people')} it was sent to keep it`
                    : ''
                }. A stopped campaign cannot be sent again.`}
          </Text>
          <Group>
            <Button color="red.9" loading={fetching} onClick={() => void run()}>
              Stop sending
            </Button>
            <Button variant="default" onClick={() => setAsking(false)} data-autofocus>
              Keep sending
            </Button>
          </Group>
        </Stack>
      </DialogModal>
    </Stack>
  );
}

function Report({ campaign }: { campaign: CampaignView }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby="campaign-report">
      <Title order={2} fz="xl" id="campaign-report">
        Report
      </Title>
      {campaign.status === 'cancelled' ? (
        <Alert color="orange" title="Sending was stopped">
          <Text fz="sm" c="dark.8">
            It went to some of its audience only; the figures are theirs.
          </Text>
        </Alert>
      ) : null}
      <ReportFigures report={campaign.report} />
      <Text fz="sm" c="dark.6">
        Opens are not tracked, on purpose: Apple Mail Privacy Protection loads every message whether
        it is read or not, which makes open rates meaningless. Clicks, orders and revenue tell what
        the email did; orders count within {MARKETING_LIMITS.attributionDays} days of a click.
      </Text>
    </Stack>
  );
}

/**
 * A campaign past the draft: when a scheduled one goes (and unscheduling it), a send's progress
 * (and stopping it), or the report of one sent; then the email as it went.
 */
export function CampaignStatusView({
  campaign,
  businessSlug,
  onChanged,
}: {
  campaign: CampaignView;
  businessSlug: string;
  onChanged: () => void;
}) {
  const due = isDue(campaign, Date.now());
  return (
    <Stack gap="xl">
      <Stack gap="xs">
        <Group gap="xs">
          <StatusBadge color={STATUS_COLORS[campaign.status]}>
            {STATUS_LABELS[campaign.status]}
          </StatusBadge>
          <Text fz="sm">{campaignDateLine(campaign)}</Text>
        </Group>
        <Text fz="sm">
          To: <strong>{campaign.audience}</strong>
        </Text>
      </Stack>
      {campaign.status === 'scheduled' && !due ? (
        <Scheduled campaign={campaign} businessSlug={businessSlug} onChanged={onChanged} />
      ) : null}
      {campaign.status === 'sending' || due ? (
        <Sending campaign={campaign} businessSlug={businessSlug} onChanged={onChanged} />
      ) : null}
      {campaign.status === 'sent' || campaign.status === 'cancelled' ? (
        <Report campaign={campaign} />
      ) : null}
      <EmailPreview
        html={campaign.previewHtml}
        subject={campaign.subject}
        note="The email as its recipients see it, with a sample footer."
      />
    </Stack>
  );
}
