import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { campaignInputSchema, type CampaignInput } from '@bevy/core';
import { rowsOf } from '../../db/client';
import { campaignRecipients, campaigns, segments } from '../../db/tables';
import type { ServiceContext } from '../../platform/context';
import { requireViewer } from '../../platform/access';
import { badInput, DomainError, fromZodError, notFound } from '../../platform/domain-error';
import { findUser } from '../accounts/index';
import type { BusinessRow } from '../businesses/index';
import { queueMail } from '../mail/index';
import { loadCatalogue, postalAddressOf, requireCatalogueBlocks } from './campaign-catalogue';
import { renderCampaign, sanitizeCampaignHtml } from './campaign-render';
import { campaignSendJob } from './campaign-send';
import { audienceCount, marketingBusiness } from './customers.service';

/**
 * Producers' campaigns: drafts, a preview and a test to oneself, sending now or at a time, and
 * the report. Sending itself is the `marketing.send-campaigns` job (campaign-send.ts).
 */

type CampaignContext = Pick<ServiceContext, 'db' | 'viewer' | 'clock' | 'config' | 'jobs'>;
type CampaignRow = typeof campaigns.$inferSelect;

export interface CampaignView extends CampaignRow {
  businessSlug: string;
  segmentName: string | null;
}

function parseCampaign(input: unknown): CampaignInput {
  const parsed = campaignInputSchema.safeParse(input);
  if (!parsed.success) throw fromZodError(parsed.error);
  // Stored clean, so what the preview shows is what is sent.
  return {
    ...parsed.data,
    blocks: parsed.data.blocks.map((block) =>
      block.kind === 'text' ? { kind: 'text', html: sanitizeCampaignHtml(block.html) } : block,
    ),
  };
}

async function withSegmentNames(
  ctx: Pick<ServiceContext, 'db'>,
  businessSlug: string,
  rows: CampaignRow[],
): Promise<CampaignView[]> {
  const ids = [
    ...new Set(rows.flatMap((row) => (row.segment_id === null ? [] : [row.segment_id]))),
  ];
  const names = new Map(
    ids.length === 0
      ? []
      : (
          await ctx.db
            .select({ id: segments.id, name: segments.name })
            .from(segments)
            .where(inArray(segments.id, ids))
        ).map((row) => [row.id, row.name]),
  );
  return rows.map((row) => ({
    ...row,
    businessSlug,
    segmentName: row.segment_id === null ? null : (names.get(row.segment_id) ?? null),
  }));
}

export async function listCampaigns(ctx: CampaignContext, slug: string): Promise<CampaignView[]> {
  const business = await marketingBusiness(ctx, slug);
  const rows = await ctx.db
    .select()
    .from(campaigns)
    .where(eq(campaigns.business_id, business.id))
    .orderBy(desc(campaigns.created_at), desc(campaigns.id));
  return withSegmentNames(ctx, business.slug, rows);
}

/** A campaign of the business, which the viewer must work at. */
export async function managedCampaign(
  ctx: CampaignContext,
  slug: string,
  id: number,
): Promise<{ business: BusinessRow; campaign: CampaignView }> {
  const business = await marketingBusiness(ctx, slug);
  const [row] = await ctx.db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, id), eq(campaigns.business_id, business.id)));
  if (!row) throw notFound('There is no such campaign.');
  const [campaign] = await withSegmentNames(ctx, business.slug, [row]);
  return { business, campaign: campaign! };
}

async function requireOwnSegment(
  ctx: CampaignContext,
  businessId: number,
  segmentId: number | null,
) {
  if (segmentId === null) return null;
  const [segment] = await ctx.db
    .select()
    .from(segments)
    .where(and(eq(segments.id, segmentId), eq(segments.business_id, businessId)));
  if (!segment) throw badInput('Choose one of your segments.', 'segmentId');
  return segment;
}

export async function saveCampaign(
  ctx: CampaignContext,
  slug: string,
  id: number | null,
  input: unknown,
): Promise<CampaignView> {
  const viewer = requireViewer(ctx);
  const content = parseCampaign(input);
  const business = await marketingBusiness(ctx, slug);
  await requireOwnSegment(ctx, business.id, content.segmentId);
  requireCatalogueBlocks(content.blocks, await loadCatalogue(ctx.db, business.id, content.blocks));
  const now = ctx.clock.now();
  const values = {
    subject: content.subject,
    preview: content.preview,
    blocks: content.blocks,
    segment_id: content.segmentId,
    updated_at: now,
  };
  if (id === null) {
    const [row] = await ctx.db
      .insert(campaigns)
      .values({ business_id: business.id, created_by: viewer.id, created_at: now, ...values })
      .returning();
    return (await managedCampaign(ctx, slug, row!.id)).campaign;
  }
  const { campaign } = await managedCampaign(ctx, slug, id);
  if (campaign.status !== 'draft') {
    throw new DomainError('CAMPAIGN_NOT_DRAFT', 'Only a draft can be edited: unschedule it first.');
  }
  const [saved] = await ctx.db
    .update(campaigns)
    .set(values)
    .where(and(eq(campaigns.id, campaign.id), eq(campaigns.status, 'draft')))
    .returning({ id: campaigns.id });
  if (!saved) {
    throw new DomainError('CAMPAIGN_NOT_DRAFT', 'Only a draft can be edited: unschedule it first.');
  }
  return (await managedCampaign(ctx, slug, id)).campaign;
}

export async function deleteCampaign(ctx: CampaignContext, slug: string, id: number) {
  const { campaign } = await managedCampaign(ctx, slug, id);
  if (campaign.status !== 'draft') {
    throw new DomainError(
      'CAMPAIGN_NOT_DRAFT',
      'Only a draft can be deleted; a sent campaign keeps its report.',
    );
  }
  await ctx.db.delete(campaigns).where(eq(campaigns.id, campaign.id));
}

const NO_ADDRESS =
  "Add your business's postal address to its profile first: the law (CAN-SPAM) requires it in every marketing email.";

/** The campaign as its recipients will see it, with a sample footer; links go direct. */
export async function previewCampaign(ctx: CampaignContext, slug: string, id: number) {
  const { business, campaign } = await managedCampaign(ctx, slug, id);
  const catalogue = await loadCatalogue(ctx.db, business.id, campaign.blocks);
  const postalAddress = (await postalAddressOf(ctx.db, business.id)) ?? '(your postal address)';
  return renderCampaign(
    ctx.config,
    campaign,
    catalogue,
    {
      businessName: business.name,
      businessSlug: business.slug,
      postalAddress,
      reason: `you follow ${business.name} on ${ctx.config.SITE_NAME} and agreed to its email`,
      unsubscribeUrl: `${ctx.config.publicUrl}/email/unsubscribe/preview`,
    },
    (_index, target) => target,
  );
}

/** Sends the campaign to the viewer's own address, marked as a test. */
export async function sendTestCampaign(ctx: CampaignContext, slug: string, id: number) {
  const viewer = requireViewer(ctx);
  const { business } = await managedCampaign(ctx, slug, id);
  if (!(await postalAddressOf(ctx.db, business.id))) throw badInput(NO_ADDRESS);
  const user = await findUser(ctx.db, viewer.id);
  if (!user) throw notFound('There is no such account.');
  const rendered = await previewCampaign(ctx, slug, id);
  await queueMail(ctx, [
    {
      to: user.email,
      subject: `[Test] ${rendered.subject}`,
      text: rendered.text,
      html: rendered.html,
    },
  ]);
  return user.email;
}

/**
 * Sends the campaign now (`at` null) or at a time. Refused without a postal address, and when
 * nobody in the audience has agreed to the business's email.
 */
export async function scheduleCampaign(
  ctx: CampaignContext,
  slug: string,
  id: number,
  at: Date | null,
): Promise<CampaignView> {
  const { business, campaign } = await managedCampaign(ctx, slug, id);
  if (campaign.status !== 'draft') {
    throw new DomainError('CAMPAIGN_NOT_DRAFT', 'This campaign is already scheduled or sent.');
  }
  const now = ctx.clock.now();
  if (at && (Number.isNaN(at.getTime()) || at.getTime() < now.getTime() - 60_000)) {
    throw badInput('Choose a time in the future, or send now.', 'at');
  }
  if (at && at.getTime() > now.getTime() + 366 * 86_400_000) {
    throw badInput('Schedule at most a year ahead.', 'at');
  }
  if (!(await postalAddressOf(ctx.db, business.id))) throw badInput(NO_ADDRESS);
  requireCatalogueBlocks(
    campaign.blocks,
    await loadCatalogue(ctx.db, business.id, campaign.blocks),
  );
  const segment = await requireOwnSegment(ctx, business.id, campaign.segment_id);
  const reach = await audienceCount(ctx, business.id, {
    ...(segment?.filter ?? {}),
    subscribedOnly: true,
  });
  if (reach === 0) {
    throw new DomainError(
      'NO_RECIPIENTS',
      'Nobody in this audience has agreed to your email yet: invite your customers to follow you.',
    );
  }
  const [updated] = await ctx.db
    .update(campaigns)
    .set({ status: 'scheduled', scheduled_at: at ?? now, updated_at: now })
    .where(and(eq(campaigns.id, campaign.id), eq(campaigns.status, 'draft')))
    .returning({ id: campaigns.id });
  if (!updated)
    throw new DomainError('CAMPAIGN_NOT_DRAFT', 'This campaign is already scheduled or sent.');
  if (!at || at.getTime() <= now.getTime()) await ctx.jobs?.send(campaignSendJob, {});
  return (await managedCampaign(ctx, slug, id)).campaign;
}

/** A scheduled campaign back to draft; a campaign being sent stops where it is. */
export async function cancelCampaign(ctx: CampaignContext, slug: string, id: number) {
  const { campaign } = await managedCampaign(ctx, slug, id);
  const now = ctx.clock.now();
  if (campaign.status === 'scheduled') {
    await ctx.db
      .update(campaigns)
      .set({ status: 'draft', scheduled_at: null, updated_at: now })
      .where(and(eq(campaigns.id, campaign.id), eq(campaigns.status, 'scheduled')));
  } else if (campaign.status === 'sending' || (await stillWaiting(ctx, campaign.id))) {
    await ctx.db.transaction(async (tx) => {
      await tx
        .update(campaigns)
        .set({ status: 'cancelled', finished_at: now, updated_at: now })
        .where(and(eq(campaigns.id, campaign.id), inArray(campaigns.status, ['sending', 'sent'])));
      // Nobody else gets it: the relay holds back what is still in the outbox (campaign-holds).
      await tx
        .update(campaignRecipients)
        .set({ status: 'skipped', skip_reason: 'cancelled' })
        .where(
          and(
            eq(campaignRecipients.campaign_id, campaign.id),
            eq(campaignRecipients.status, 'pending'),
          ),
        );
    });
  } else {
    throw new DomainError(
      'CAMPAIGN_NOT_SENDING',
      'Only a scheduled campaign, or one being sent, can be stopped.',
    );
  }
  return (await managedCampaign(ctx, slug, id)).campaign;
}

/** Whether messages of a campaign are still to be handed to the mail server. */
async function stillWaiting(ctx: Pick<ServiceContext, 'db'>, campaignId: number) {
  const [row] = await ctx.db
    .select({ id: campaignRecipients.id })
    .from(campaignRecipients)
    .where(
      and(
        eq(campaignRecipients.campaign_id, campaignId),
        inArray(campaignRecipients.status, ['pending', 'queued']),
      ),
    )
    .limit(1);
  return Boolean(row);
}

export interface CampaignReport {
  recipients: number;
  waiting: number;
  sent: number;
  refused: number;
  skipped: number;
  unsubscribed: number;
  complaints: number;
  clicks: number;
  clickers: number;
  orders: number;
  revenueCents: number;
}

/**
 * What a campaign did: messages by outcome, unsubscribes through its links, complaints, clicks
 * through our redirect (no open pixel: Apple Mail's prefetching makes opens meaningless), and the
 * orders its recipients placed with the business within 7 days of a click.
 */
export async function campaignReport(
  ctx: Pick<ServiceContext, 'db'>,
  campaign: Pick<CampaignRow, 'id' | 'business_id'>,
): Promise<CampaignReport> {
  const [row] = rowsOf<CampaignReport>(
    await ctx.db.execute(sql`
      select
        (select count(*) from campaign_recipients where campaign_id = ${campaign.id})::int as recipients,
        (select count(*) from campaign_recipients where campaign_id = ${campaign.id}
          and status in ('pending', 'queued'))::int as waiting,
        (select count(*) from campaign_recipients where campaign_id = ${campaign.id}
          and status = 'sent')::int as sent,
        (select count(*) from campaign_recipients where campaign_id = ${campaign.id}
          and status = 'refused')::int as refused,
        (select count(*) from campaign_recipients where campaign_id = ${campaign.id}
          and status = 'skipped')::int as skipped,
        (select count(*) from marketing_consents where withdrawn_campaign_id = ${campaign.id})::int
          as unsubscribed,
        (select count(*) from mail_suppressions where campaign_id = ${campaign.id}
          and reason = 'complained')::int as complaints,
        (select count(*) from campaign_clicks where campaign_id = ${campaign.id})::int as clicks,
        (select count(distinct recipient_id) from campaign_clicks
          where campaign_id = ${campaign.id})::int as clickers,
        coalesce(a.orders, 0)::int as orders,
        coalesce(a.revenue, 0)::int as "revenueCents"
      from (
        select count(*) as orders, sum(o.total_cents - o.refunded_cents) as revenue
        from orders o
        where o.business_id = ${campaign.business_id}
          and o.status not in ('awaiting_payment', 'payment_failed', 'cancelled', 'refunded')
          and exists (
            select 1 from campaign_clicks c
            join campaign_recipients r on r.id = c.recipient_id
            where c.campaign_id = ${campaign.id} and r.user_id = o.buyer_id
              and o.created_at >= c.clicked_at
              and o.created_at < c.clicked_at + interval '7 days')
      ) a`),
  );
  return row!;
}
