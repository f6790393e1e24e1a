import { and, asc, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import { listUnsubscribeHeaders, MARKETING_LIMITS } from '@bevy/core';
import type { Db } from '../../db/client';
import {
  businesses,
  campaignRecipients,
  campaigns,
  marketingConsents,
  segments,
} from '../../db/tables';
import type { ServiceContext } from '../../platform/context';
import { defineJob } from '../jobs';
import { queueMail, suppressedAmong, type MailMessage } from '../mail/index';
import { escapeHtml } from '../orders/index';
import { audienceQuery } from './audience';
import { loadCatalogue, postalAddressOf } from './campaign-catalogue';
import { renderCampaign, type RenderedCampaign } from './campaign-render';

/**
 * Sending campaigns (decision 021), in steps that each commit, so a process killed anywhere
 * resumes without a duplicate or a gap: (1) a due campaign becomes 'sending'; (2) one
 * statement writes a recipient row for every person of its audience who consented, unique per
 * address; (3) batches of pending recipients are checked again (still consenting, not
 * suppressed, no campaign from this producer in 16 hours), rendered and written to the outbox in
 * the same transaction that marks them queued; the relay sends them at the marketing rate.
 */

type SendContext = Pick<ServiceContext, 'db' | 'clock' | 'config' | 'log'>;
type CampaignRow = typeof campaigns.$inferSelect;

const BATCH = 200;
const TOKEN = '__RECIPIENT_TOKEN__';
const SINCE = '__CONSENT_SINCE__';

export const unsubscribeUrl = (
  config: Pick<ServiceContext['config'], 'publicUrl'>,
  token: string,
) => `${config.publicUrl}/email/unsubscribe/${token}`;
export const clickUrl = (
  config: Pick<ServiceContext['config'], 'publicUrl'>,
  token: string,
  index: number,
) => `${config.publicUrl}/email/click/${token}/${index}`;

/** Sends every due campaign, and resumes any a stopped process left half-sent. */
export async function sendDueCampaigns(ctx: SendContext): Promise<{ queued: number }> {
  const now = ctx.clock.now();
  await ctx.db
    .update(campaigns)
    .set({ status: 'sending', started_at: now, updated_at: now })
    .where(and(eq(campaigns.status, 'scheduled'), lte(campaigns.scheduled_at, now)));
  const sending = await ctx.db
    .select()
    .from(campaigns)
    .where(eq(campaigns.status, 'sending'))
    .orderBy(asc(campaigns.started_at), asc(campaigns.id));
  let queued = 0;
  for (const campaign of sending) queued += await sendCampaign(ctx, campaign);
  return { queued };
}

async function sendCampaign(ctx: SendContext, campaign: CampaignRow): Promise<number> {
  const [business] = await ctx.db
    .select({ id: businesses.id, name: businesses.name, slug: businesses.slug })
    .from(businesses)
    .where(eq(businesses.id, campaign.business_id));
  const postalAddress = await postalAddressOf(ctx.db, campaign.business_id);
  if (!business || !postalAddress) {
    // Checked when scheduled; the address was removed since. Nothing goes out without it.
    ctx.log.warn(
      { campaignId: campaign.id },
      'campaign stopped: the business has no postal address',
    );
    await finish(ctx, campaign.id, 'cancelled');
    return 0;
  }
  const catalogue = await loadCatalogue(ctx.db, business.id, campaign.blocks);
  const template = renderCampaign(
    ctx.config,
    campaign,
    catalogue,
    {
      businessName: business.name,
      businessSlug: business.slug,
      postalAddress,
      reason: `you agreed to email from ${business.name} on ${ctx.config.SITE_NAME} on ${SINCE}`,
      unsubscribeUrl: unsubscribeUrl(ctx.config, TOKEN),
    },
    (index) => clickUrl(ctx.config, TOKEN, index),
  );
  if (!campaign.recipients_ready_at) await writeRecipients(ctx, campaign, template.links);

  let queued = 0;
  for (;;) {
    const [current] = await ctx.db
      .select({ status: campaigns.status })
      .from(campaigns)
      .where(eq(campaigns.id, campaign.id));
    if (current?.status !== 'sending') return queued;
    const done = await ctx.db.transaction((tx) =>
      queueBatch({ ...ctx, db: tx }, campaign, template),
    );
    queued += done.queued;
    if (done.claimed === 0) break;
  }
  await finish(ctx, campaign.id, 'sent');
  return queued;
}

/** Step 2: one row per consenting person of the audience, written once (unique per address). */
async function writeRecipients(ctx: SendContext, campaign: CampaignRow, links: string[]) {
  const now = ctx.clock.now();
  const [segment] = campaign.segment_id
    ? await ctx.db.select().from(segments).where(eq(segments.id, campaign.segment_id))
    : [];
  const filter = { ...(segment?.filter ?? {}), subscribedOnly: true };
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into campaign_recipients (campaign_id, business_id, consent_id, user_id, email, token)
      select ${campaign.id}, ${campaign.business_id}, a.consent_id, a.id, lower(a.email),
        replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')
      from (${audienceQuery(campaign.business_id, filter, now)}) a
      on conflict (campaign_id, email) do nothing`);
    await tx
      .update(campaigns)
      .set({
        recipients_ready_at: now,
        links,
        audience_label: segment?.name ?? 'Everyone subscribed',
      })
      .where(eq(campaigns.id, campaign.id));
  });
}

/** Step 3: a batch of pending recipients checked, rendered and queued, in one transaction. */
async function queueBatch(
  ctx: SendContext,
  campaign: CampaignRow,
  template: RenderedCampaign,
): Promise<{ claimed: number; queued: number }> {
  const now = ctx.clock.now();
  const batch = await ctx.db
    .select({
      id: campaignRecipients.id,
      email: campaignRecipients.email,
      token: campaignRecipients.token,
      consentStatus: marketingConsents.status,
      consentedAt: marketingConsents.confirmed_at,
    })
    .from(campaignRecipients)
    .leftJoin(marketingConsents, eq(marketingConsents.id, campaignRecipients.consent_id))
    .where(
      and(
        eq(campaignRecipients.campaign_id, campaign.id),
        eq(campaignRecipients.status, 'pending'),
      ),
    )
    .orderBy(asc(campaignRecipients.id))
    .limit(BATCH)
    .for('update', { of: campaignRecipients, skipLocked: true });
  if (batch.length === 0) return { claimed: 0, queued: 0 };

  const suppressed = await suppressedAmong(
    ctx.db,
    batch.map((row) => row.email),
  );
  const recent = await recentlyMailed(
    ctx.db,
    campaign,
    batch.map((row) => row.email),
    now,
  );
  const skips = new Map<number, string>();
  const messages: MailMessage[] = [];
  for (const row of batch) {
    const reason =
      row.consentStatus !== 'subscribed'
        ? 'unsubscribed'
        : suppressed.has(row.email)
          ? 'suppressed'
          : recent.has(row.email)
            ? 'frequency cap'
            : null;
    if (reason) {
      skips.set(row.id, reason);
      continue;
    }
    messages.push(messageFor(ctx, campaign, template, row));
  }
  for (const [id, reason] of skips) {
    await ctx.db
      .update(campaignRecipients)
      .set({ status: 'skipped', skip_reason: reason })
      .where(eq(campaignRecipients.id, id));
  }
  const queuedIds = batch.filter((row) => !skips.has(row.id)).map((row) => row.id);
  if (queuedIds.length > 0) {
    await queueMail(ctx, messages);
    await ctx.db
      .update(campaignRecipients)
      // Without SMTP the outbox is the delivery: the message is as sent as it will be.
      .set(
        ctx.config.SMTP_URL
          ? { status: 'queued', queued_at: now }
          : { status: 'sent', queued_at: now, sent_at: now },
      )
      .where(inArray(campaignRecipients.id, queuedIds));
  }
  return { claimed: batch.length, queued: queuedIds.length };
}

/** Addresses that had another campaign of this producer within the frequency cap. */
async function recentlyMailed(db: Db, campaign: CampaignRow, emails: string[], now: Date) {
  const since = new Date(now.getTime() - MARKETING_LIMITS.frequencyCapHours * 3_600_000);
  const rows = await db
    .select({ email: campaignRecipients.email })
    .from(campaignRecipients)
    .where(
      and(
        eq(campaignRecipients.business_id, campaign.business_id),
        ne(campaignRecipients.campaign_id, campaign.id),
        inArray(campaignRecipients.email, emails),
        sql`${campaignRecipients.queued_at} > ${since.toISOString()}::timestamptz`,
      ),
    );
  return new Set(rows.map((row) => row.email));
}

const longDate = (date: Date | null) =>
  (date ?? new Date()).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });

function messageFor(
  ctx: SendContext,
  campaign: CampaignRow,
  template: RenderedCampaign,
  row: { id: number; email: string; token: string; consentedAt: Date | null },
): MailMessage {
  const since = longDate(row.consentedAt);
  const fill = (text: string, html: boolean) =>
    text.replaceAll(TOKEN, row.token).replaceAll(SINCE, html ? escapeHtml(since) : since);
  const host = new URL(ctx.config.publicUrl).hostname;
  return {
    to: row.email,
    subject: template.subject,
    text: fill(template.text, false),
    html: fill(template.html, true),
    category: 'marketing',
    headers: listUnsubscribeHeaders(unsubscribeUrl(ctx.config, row.token)),
    messageId: `<campaign-${campaign.id}.${row.id}@${host}>`,
    campaignRecipientId: row.id,
  };
}

async function finish(ctx: SendContext, campaignId: number, status: 'sent' | 'cancelled') {
  const now = ctx.clock.now();
  await ctx.db
    .update(campaigns)
    .set({ status, finished_at: now, updated_at: now })
    .where(and(eq(campaigns.id, campaignId), eq(campaigns.status, 'sending')));
  if (status === 'cancelled') {
    await ctx.db
      .update(campaignRecipients)
      .set({ status: 'skipped', skip_reason: 'cancelled' })
      .where(
        and(
          eq(campaignRecipients.campaign_id, campaignId),
          eq(campaignRecipients.status, 'pending'),
        ),
      );
  }
}

/** Starts due campaigns every minute, and at once when a producer sends one now. */
export const campaignSendJob = defineJob({
  name: 'marketing.send-campaigns',
  schedule: '* * * * *',
  retry: { limit: 3, delaySeconds: 15 },
  timeoutSeconds: 600,
  async run(ctx) {
    const { queued } = await sendDueCampaigns(ctx);
    if (queued > 0) ctx.log.info({ queued }, 'campaign mail queued');
  },
});
