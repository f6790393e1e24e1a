import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconCalendarTime, IconSend, IconTrash } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useMutation } from 'urql';
import { DialogModal } from '../../components/dialog-modal';
import { ErrorAlert } from '../../components/error-alert';
import { describeError } from '../../lib/server-error';
import { CAMPAIGN_TYPENAMES, DELETE_CAMPAIGN, SCHEDULE_CAMPAIGN } from './api/campaigns';
import { audienceLine, type Audience } from './audience-options';
import {
  defaultScheduleValue,
  scheduleError,
  scheduleIso,
  toLocalInputValue,
} from './campaign-schedule';

interface DialogProps {
  opened: boolean;
  onClose: () => void;
  businessSlug: string;
  campaignId: number;
}

/** Asks before sending at once, saying to whom, and that it cannot be undone. */
export function SendNowDialog({
  opened,
  onClose,
  businessSlug,
  campaignId,
  audience,
  onSent,
}: DialogProps & { audience: Audience; onSent: () => void }) {
  const [{ fetching }, schedule] = useMutation(SCHEDULE_CAMPAIGN);
  const [refusal, setRefusal] = useState<string | null>(null);
  const close = () => {
    setRefusal(null);
    onClose();
  };
  const send = async () => {
    setRefusal(null);
    const result = await schedule({ businessSlug, id: campaignId, at: null });
    if (result.error) {
      setRefusal(describeError(result.error).message);
      return;
    }
    onSent();
  };
  return (
    <DialogModal opened={opened} onClose={close} title="Send this campaign now?">
      <Stack gap="md">
        {refusal ? <ErrorAlert title="The campaign was not sent" message={refusal} /> : null}
        <Text fz="sm">
          It goes at once to: <strong>{audienceLine(audience)}</strong>. Only people who agreed to
          your email get it.
        </Text>
        <Text fz="sm">
          This cannot be undone: you can stop it part way, but whoever has it keeps it.
        </Text>
        <Group>
          <Button
            loading={fetching}
            leftSection={<IconSend size={16} aria-hidden />}
            onClick={() => void send()}
          >
            Send it now
          </Button>
          <Button variant="default" onClick={close} data-autofocus>
            Keep it as a draft
          </Button>
        </Group>
      </Stack>
    </DialogModal>
  );
}

function ScheduleForm({
  businessSlug,
  campaignId,
  audience,
  onScheduled,
  onClose,
}: Omit<DialogProps, 'opened'> & { audience: Audience; onScheduled: () => void }) {
  const [{ fetching }, schedule] = useMutation(SCHEDULE_CAMPAIGN);
  const [value, setValue] = useState(() => defaultScheduleValue(new Date()));
  const [error, setError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  const submit = async () => {
    setRefusal(null);
    const problem = scheduleError(value, new Date());
    setError(problem);
    if (problem) {
      input.current?.focus();
      return;
    }
    const result = await schedule({ businessSlug, id: campaignId, at: scheduleIso(value) });
    if (result.error) {
      const { message, field } = describeError(result.error);
      if (field === 'at') {
        setError(message);
        input.current?.focus();
      } else setRefusal(message);
      return;
    }
    onScheduled();
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="md">
        {refusal ? <ErrorAlert title="The campaign was not scheduled" message={refusal} /> : null}
        <TextInput
          ref={input}
          type="datetime-local"
          label="Send on"
          description={`In your time zone (${timeZone}).`}
          required
          data-autofocus
          min={toLocalInputValue(new Date())}
          value={value}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            setError(null);
          }}
          error={error}
        />
        <Text fz="sm">
          It goes then to: <strong>{audienceLine(audience)}</strong>, as the audience stands at that
          time. Until then you can unschedule it and edit it again.
        </Text>
        <Group>
          <Button
            type="submit"
            loading={fetching}
            leftSection={<IconCalendarTime size={16} aria-hidden />}
          >
            Schedule
          </Button>
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The date and time to send at, in the producer's own time zone. */
export function ScheduleDialog({
  opened,
  onClose,
  ...props
}: DialogProps & { audience: Audience; onScheduled: () => void }) {
  return (
    <DialogModal opened={opened} onClose={onClose} title="Schedule this campaign">
      <ScheduleForm onClose={onClose} {...props} />
    </DialogModal>
  );
}

/** Asks before deleting the draft for good. */
export function DeleteDraftDialog({
  opened,
  onClose,
  businessSlug,
  campaignId,
  subject,
  onDeleted,
}: DialogProps & { subject: string; onDeleted: () => void }) {
  const [{ fetching }, deleteCampaign] = useMutation(DELETE_CAMPAIGN);
  const [refusal, setRefusal] = useState<string | null>(null);
  const close = () => {
    setRefusal(null);
    onClose();
  };
  const remove = async () => {
    setRefusal(null);
    const result = await deleteCampaign({ businessSlug, id: campaignId }, CAMPAIGN_TYPENAMES);
    if (result.error) {
      setRefusal(describeError(result.error).message);
      return;
    }
    onDeleted();
  };
  return (
    <DialogModal opened={opened} onClose={close} title="Delete this draft?">
      <Stack gap="md">
        {refusal ? <ErrorAlert title="The draft was not deleted" message={refusal} /> : null}
        <Text fz="sm">
          {subject ? <>“{subject}” is</> : 'It is'} deleted for good, with its content. Nobody has
          received it.
        </Text>
        <Group>
          <Button
            color="red.9"
            loading={fetching}
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={() => void remove()}
          >
            Delete the draft
          </Button>
          <Button variant="default" onClick={close} data-autofocus>
            Keep it
          </Button>
        </Group>
      </Stack>
    </DialogModal>
  );
}
