import { CAMPAIGN_STATUSES, MARKETING_LIMITS, type CampaignBlock } from '@bevy/core';
import { builder } from '../../graphql/builder';
import { badInput } from '../../platform/domain-error';
import {
  campaignReport,
  cancelCampaign,
  deleteCampaign,
  listCampaigns,
  managedCampaign,
  previewCampaign,
  saveCampaign,
  scheduleCampaign,
  sendTestCampaign,
  type CampaignReport,
  type CampaignView,
} from './campaigns.service';
import { definedFields } from './marketing.graphql';

const CampaignStatusType = builder.enumType('CampaignStatus', { values: CAMPAIGN_STATUSES });

const CampaignBlockType = builder.objectRef<CampaignBlock>('CampaignBlock');
CampaignBlockType.implement({
  description: 'Rich text (sanitised HTML), or a product, club or event of the business.',
  fields: (t) => ({
    kind: t.exposeString('kind'),
    html: t.string({ nullable: true, resolve: (b) => (b.kind === 'text' ? b.html : null) }),
    productId: t.int({
      nullable: true,
      resolve: (b) => (b.kind === 'product' ? b.productId : null),
    }),
    clubId: t.int({ nullable: true, resolve: (b) => (b.kind === 'club' ? b.clubId : null) }),
    eventId: t.int({ nullable: true, resolve: (b) => (b.kind === 'event' ? b.eventId : null) }),
  }),
});

const CampaignBlockInput = builder.inputType('CampaignBlockInput', {
  fields: (t) => ({
    kind: t.string({ required: true, description: 'text, product, club or event.' }),
    html: t.string(),
    productId: t.int(),
    clubId: t.int(),
    eventId: t.int(),
  }),
});

const CampaignReportType = builder.objectRef<CampaignReport>('CampaignReport');
CampaignReportType.implement({
  description:
    'What a campaign did. No opens: Apple Mail fetches every image, so clicks and revenue tell instead.',
  fields: (t) => ({
    recipients: t.exposeInt('recipients'),
    waiting: t.exposeInt('waiting', { description: 'Not yet handed to the mail server.' }),
    sent: t.exposeInt('sent'),
    refused: t.exposeInt('refused', { description: 'Refused for good by the mail server.' }),
    skipped: t.exposeInt('skipped', {
      description: 'Unsubscribed, suppressed or mailed by this business within 16 hours meanwhile.',
    }),
    unsubscribed: t.exposeInt('unsubscribed'),
    complaints: t.exposeInt('complaints'),
    clicks: t.exposeInt('clicks'),
    clickers: t.exposeInt('clickers'),
    orders: t.exposeInt('orders'),
    revenueCents: t.exposeInt('revenueCents', {
      description: 'Orders with the business within 7 days of a recipient’s click, less refunds.',
    }),
  }),
});

const CampaignType = builder.objectRef<CampaignView>('Campaign');
CampaignType.implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    subject: t.exposeString('subject'),
    preview: t.exposeString('preview'),
    blocks: t.field({ type: [CampaignBlockType], resolve: (c) => c.blocks }),
    segmentId: t.exposeInt('segment_id', { nullable: true }),
    segmentName: t.exposeString('segmentName', { nullable: true }),
    audience: t.string({
      description: 'Whom it went to, as named when sending began; or the chosen segment.',
      resolve: (c) => c.audience_label ?? c.segmentName ?? 'Everyone subscribed',
    }),
    status: t.field({ type: CampaignStatusType, resolve: (c) => c.status }),
    scheduledAt: t.string({ nullable: true, resolve: (c) => c.scheduled_at?.toISOString() }),
    startedAt: t.string({ nullable: true, resolve: (c) => c.started_at?.toISOString() }),
    finishedAt: t.string({ nullable: true, resolve: (c) => c.finished_at?.toISOString() }),
    updatedAt: t.string({ resolve: (c) => c.updated_at.toISOString() }),
    report: t.field({
      type: CampaignReportType,
      resolve: (c, _args, ctx) => campaignReport(ctx, c),
    }),
    previewHtml: t.string({
      description: 'The email as recipients see it, with a sample footer.',
      resolve: async (c, _args, ctx) => (await previewCampaign(ctx, c.businessSlug, c.id)).html,
    }),
  }),
});

function blocksOf(input: readonly { kind: string }[]) {
  return input.map(definedFields);
}

builder.queryFields((t) => ({
  campaigns: t.field({
    type: [CampaignType],
    args: { businessSlug: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => listCampaigns(ctx, args.businessSlug),
  }),
  campaign: t.field({
    type: CampaignType,
    args: { businessSlug: t.arg.string({ required: true }), id: t.arg.int({ required: true }) },
    resolve: async (_root, args, ctx) =>
      (await managedCampaign(ctx, args.businessSlug, args.id)).campaign,
  }),
}));

const campaignArgs = (t: Parameters<Parameters<typeof builder.mutationFields>[0]>[0]) => ({
  businessSlug: t.arg.string({ required: true }),
  id: t.arg.int({ required: true }),
});

builder.mutationFields((t) => ({
  saveCampaign: t.field({
    type: CampaignType,
    description: 'Creates or edits a draft campaign. People who work at the business only.',
    args: {
      businessSlug: t.arg.string({ required: true }),
      id: t.arg.int({ description: 'None: a new draft.' }),
      subject: t.arg.string({ required: true }),
      preview: t.arg.string(),
      segmentId: t.arg.int({ description: 'None: everyone subscribed.' }),
      blocks: t.arg({
        type: [CampaignBlockInput],
        required: true,
        extensions: { maxItems: MARKETING_LIMITS.blocks },
      }),
    },
    resolve: (_root, args, ctx) =>
      saveCampaign(ctx, args.businessSlug, args.id ?? null, {
        subject: args.subject,
        preview: args.preview ?? '',
        segmentId: args.segmentId ?? null,
        blocks: blocksOf(args.blocks),
      }),
  }),
  deleteCampaign: t.boolean({
    args: campaignArgs(t),
    resolve: async (_root, args, ctx) => {
      await deleteCampaign(ctx, args.businessSlug, args.id);
      return true;
    },
  }),
  sendTestCampaign: t.string({
    description: 'Sends the campaign to the viewer’s own address; answers that address.',
    args: campaignArgs(t),
    resolve: (_root, args, ctx) => sendTestCampaign(ctx, args.businessSlug, args.id),
  }),
  scheduleCampaign: t.field({
    type: CampaignType,
    description:
      'Sends now (no `at`) or at `at` (ISO 8601), to everyone in the audience who consented.',
    args: { ...campaignArgs(t), at: t.arg.string() },
    resolve: (_root, args, ctx) => {
      const at = args.at ? new Date(args.at) : null;
      if (at && Number.isNaN(at.getTime()))
        throw badInput('Give the time as an ISO 8601 date and time.', 'at');
      return scheduleCampaign(ctx, args.businessSlug, args.id, at);
    },
  }),
  cancelCampaign: t.field({
    type: CampaignType,
    description: 'A scheduled campaign back to draft, or one being sent stopped.',
    args: campaignArgs(t),
    resolve: (_root, args, ctx) => cancelCampaign(ctx, args.businessSlug, args.id),
  }),
}));
