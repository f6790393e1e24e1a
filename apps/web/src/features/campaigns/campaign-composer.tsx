import { MARKETING_LIMITS } from '@bevy/core';
import { Alert, Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { SuccessNotice } from '../../components/success-notice';
import { showServerRefusal } from '../../lib/form-focus';
import { describeError } from '../../lib/server-error';
import {
  CAMPAIGN_AUDIENCES,
  CAMPAIGN_CATALOGUE,
  SAVE_CAMPAIGN,
  type CampaignView,
} from './api/campaigns';
import { audienceOptions, chosenAudience } from './audience-options';
import { blockIds } from './block-card';
import { BlocksField } from './blocks-field';
import {
  campaignFormValues,
  emptyCampaign,
  EVERYONE,
  firstErrorField,
  refusalOnForm,
  saveCampaignVariables,
  validateCampaignForm,
  type CampaignFormValues,
} from './campaign-form-values';
import { catalogueOptions } from './catalogue-options';
import { EmailPreview } from './email-preview';
import { SendPanel } from './send-panel';

/**
 * A draft campaign, new or saved: its subject, preview text, audience and blocks; saving it; its
 * preview as recipients will see it; and, once saved, a test, sending and deleting. A refusal
 * keeps everything typed and puts each message beside its field.
 */
export function CampaignComposer({
  businessSlug,
  campaign,
  savedNotice = false,
  onCreated,
  onStatusChanged,
  onDeleted,
}: {
  businessSlug: string;
  /** Null for a new campaign. */
  campaign: CampaignView | null;
  /** Say "Draft saved" from the start (the page of a campaign just created). */
  savedNotice?: boolean;
  onCreated: (campaign: CampaignView) => void;
  onStatusChanged: () => void;
  onDeleted: (subject: string) => void;
}) {
  const [{ fetching: saving }, save] = useMutation(SAVE_CAMPAIGN);
  const [audiences] = useQuery({
    query: CAMPAIGN_AUDIENCES,
    variables: { businessSlug },
    requestPolicy: 'cache-and-network',
  });
  const [catalogue] = useQuery({
    query: CAMPAIGN_CATALOGUE,
    variables: { businessSlug },
    requestPolicy: 'cache-and-network',
  });
  const [now] = useState(() => Date.now());
  const options = useMemo(() => catalogueOptions(catalogue.data, now), [catalogue.data, now]);
  const form = useForm<CampaignFormValues>({
    initialValues: campaign ? campaignFormValues(campaign) : emptyCampaign(),
    validate: validateCampaignForm,
  });
  const values = form.getValues();
  // The last saved state, whose rendering the preview shows.
  const [latest, setLatest] = useState(campaign);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saved, setSaved] = useState(savedNotice);

  const audienceData = audienceOptions(audiences.data);
  if (!audienceData.some((option) => option.value === values.audience)) {
    // A segment deleted since, or the list still loading: the draft still says what it holds.
    audienceData.push({
      value: values.audience,
      label: latest?.segmentName ?? 'A segment that no longer exists',
    });
  }

  const focusFirst = (errors: FormErrors) => {
    const current = form.getValues();
    const field = firstErrorField(current, errors);
    if (!field) return;
    const block = /^blocks\.(\d+)$/.exec(field);
    const key = block ? current.blocks[Number(block[1])]?.key : undefined;
    if (key) document.getElementById(blockIds(key).field)?.focus();
    else if (field === 'blocks') document.getElementById('campaign-add-text')?.focus();
    else form.getInputNode(field)?.focus();
  };

  /** Saves the values as they are; the saved campaign, or null when refused. */
  const persist = async (submitted: CampaignFormValues): Promise<CampaignView | null> => {
    setRefusal(null);
    setSaved(false);
    const result = await save(saveCampaignVariables(businessSlug, latest?.id ?? null, submitted));
    if (result.error) {
      showServerRefusal(form, refusalOnForm(describeError(result.error)), setRefusal, focusFirst);
      return null;
    }
    const campaignSaved = result.data!.saveCampaign;
    form.resetDirty(submitted);
    setLatest(campaignSaved);
    return campaignSaved;
  };

  const submit = async (submitted: CampaignFormValues) => {
    const campaignSaved = await persist(submitted);
    if (!campaignSaved) return;
    if (latest === null) onCreated(campaignSaved);
    else setSaved(true);
  };

  const ensureSaved = async () => {
    if (!form.isDirty()) return true;
    const validation = form.validate();
    if (validation.hasErrors) {
      focusFirst(validation.errors);
      return false;
    }
    return (await persist(form.getValues())) !== null;
  };

  return (
    // A line of text stays readable however wide the screen; the desktop preview (600px) fits.
    <Stack gap="xl" maw={820}>
      <form noValidate onSubmit={form.onSubmit(submit, focusFirst)}>
        <Stack gap="lg">
          {refusal ? (
            <Alert color="red" title="The draft was not saved">
              {refusal}
            </Alert>
          ) : null}
          <Stack gap="sm" component="section" aria-labelledby="campaign-message">
            <Title order={2} fz="xl" id="campaign-message">
              Message
            </Title>
            <TextInput
              label="Subject"
              description="What people see first in their inbox."
              required
              maxLength={MARKETING_LIMITS.subjectLength}
              {...form.getInputProps('subject')}
            />
            <TextInput
              label="Preview text"
              description="Shown after the subject in most inboxes. Optional."
              maxLength={MARKETING_LIMITS.previewLength}
              {...form.getInputProps('preview')}
            />
            <Select
              label="Audience"
              description={
                audiences.error
                  ? 'Your segments could not be loaded just now.'
                  : 'Only people who agreed to your email receive it.'
              }
              data={audienceData}
              allowDeselect={false}
              {...form.getInputProps('audience')}
              onChange={(value) => form.setFieldValue('audience', value ?? EVERYONE)}
            />
          </Stack>
          <BlocksField form={form} options={options} />
          {catalogue.error ? (
            <Text fz="sm" c="red.9">
              Your products, clubs and events could not be loaded just now: reload the page to
              choose them.
            </Text>
          ) : null}
          {saved ? (
            <SuccessNotice onClose={() => setSaved(false)}>Draft saved.</SuccessNotice>
          ) : null}
          <Group>
            <Button
              type="submit"
              loading={saving}
              leftSection={<IconDeviceFloppy size={16} aria-hidden />}
            >
              Save draft
            </Button>
          </Group>
        </Stack>
      </form>
      {latest ? (
        <>
          <EmailPreview
            html={latest.previewHtml}
            subject={latest.subject}
            note={
              form.isDirty()
                ? 'This is the draft as last saved: save it to see your changes here.'
                : undefined
            }
          />
          <SendPanel
            businessSlug={businessSlug}
            campaignId={latest.id}
            subject={latest.subject}
            audience={chosenAudience(values.audience, audiences.data)}
            ensureSaved={ensureSaved}
            onStatusChanged={onStatusChanged}
            onDeleted={() => onDeleted(latest.subject)}
          />
        </>
      ) : (
        <Text fz="sm" c="dark.6">
          Save the draft to see its preview, send yourself a test, and send or schedule it.
        </Text>
      )}
    </Stack>
  );
}
