import { formatCents, MARKETING_LIMITS } from '@bevy/core';
import { businessPath } from '../../components/business-nav';
import { formatTimestampDateTime } from '../../lib/dates';
import type { CampaignReport, CampaignStatus, CampaignSummary } from './api/campaigns';

/** The producer's campaigns: /business/{slug}/campaigns. */
export const campaignsPath = (businessSlug: string) => `${businessPath(businessSlug)}/campaigns`;

/** One campaign: /business/{slug}/campaigns/{id}. */
export const campaignPath = (businessSlug: string, id: number) =>
  `${campaignsPath(businessSlug)}/${id}`;

export const newCampaignPath = (businessSlug: string) => `${campaignsPath(businessSlug)}/new`;

/** A status as the producer reads it; a campaign stopped while sending is "cancelled". */
export const STATUS_LABELS: Record<CampaignStatus, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  sending: 'Sending',
  sent: 'Sent',
  cancelled: 'Stopped',
};

export const STATUS_COLORS: Record<CampaignStatus, string> = {
  draft: 'gray',
  scheduled: 'blue',
  sending: 'orange',
  sent: 'green',
  cancelled: 'red',
};

/** Whether the campaign went (or is going) out, so it has figures to show. */
export const hasReport = (status: CampaignStatus) =>
  status === 'sending' || status === 'sent' || status === 'cancelled';

/** "1 person", "3 people". */
export const countOf = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/** The share of `part` in `whole`, as a whole percent (0 when there is no whole). */
export const percentOf = (part: number, whole: number) =>
  whole > 0 ? Math.min(100, Math.round((part / whole) * 100)) : 0;

/** When the campaign goes or went, in a line: "Scheduled for Mar 4, 2026, 9:00 AM". */
export function campaignDateLine(
  campaign: Pick<
    CampaignSummary,
    'status' | 'scheduledAt' | 'startedAt' | 'finishedAt' | 'updatedAt'
  >,
): string {
  const at = (iso: string | null) => (iso ? formatTimestampDateTime(iso) : null);
  switch (campaign.status) {
    case 'draft':
      return `Edited ${formatTimestampDateTime(campaign.updatedAt)}`;
    case 'scheduled':
      return campaign.scheduledAt ? `Scheduled for ${at(campaign.scheduledAt)}` : 'Scheduled';
    case 'sending':
      return `Sending since ${at(campaign.startedAt ?? campaign.scheduledAt) ?? 'just now'}`;
    case 'sent':
      return `Sent ${at(campaign.finishedAt ?? campaign.startedAt) ?? ''}`.trim();
    case 'cancelled':
      return `Stopped ${at(campaign.finishedAt) ?? ''}`.trim();
  }
}

/** Whether a scheduled campaign's time has come (sending starts within a minute or so). */
export const isDue = (
  campaign: Pick<CampaignSummary, 'status' | 'scheduledAt'>,
  now: number,
): boolean =>
  campaign.status === 'scheduled' &&
  campaign.scheduledAt !== null &&
  new Date(campaign.scheduledAt).getTime() <= now;

export interface Figure {
  label: string;
  value: string;
  /** What the figure counts, when its name does not say it all. */
  note?: string;
}

const whole = (count: number) => count.toLocaleString('en-US');

/** The few figures the campaign list shows of a campaign that went out. */
export function keyFigures(report: CampaignReport): Figure[] {
  return [
    { label: 'Sent', value: whole(report.sent) },
    { label: 'Clicks', value: whole(report.clicks) },
    { label: 'Orders', value: whole(report.orders) },
    { label: 'Revenue', value: formatCents(report.revenueCents) },
    { label: 'Unsubscribed', value: whole(report.unsubscribed) },
    { label: 'Complaints', value: whole(report.complaints) },
  ];
}

/** Every figure of the report, each with what it counts. */
export function reportFigures(report: CampaignReport): Figure[] {
  const days = MARKETING_LIMITS.attributionDays;
  return [
    {
      label: 'Recipients',
      value: whole(report.recipients),
      note: 'In the audience and agreed to your email when sending began.',
    },
    {
      label: 'Sent',
      value: whole(report.sent),
      note:
        report.waiting > 0
          ? `Handed to the mail server; ${whole(report.waiting)} still waiting.`
          : 'Handed to the mail server.',
    },
    { label: 'Refused', value: whole(report.refused), note: 'The mail server refused them.' },
    {
      label: 'Skipped',
      value: whole(report.skipped),
      note: `Unsubscribed meanwhile, blocked, or emailed by you in the last ${MARKETING_LIMITS.frequencyCapHours} hours.`,
    },
    {
      label: 'Unsubscribed',
      value: whole(report.unsubscribed),
      note: 'Through this email’s unsubscribe link.',
    },
    {
      label: 'Complaints',
      value: whole(report.complaints),
      note: 'Marked as spam.',
    },
    {
      label: 'Clicks',
      value: whole(report.clicks),
      note: `By ${countOf(report.clickers, 'person', 'people')}.`,
    },
    {
      label: 'Orders',
      value: whole(report.orders),
      note: `Within ${days} days of a click.`,
    },
    {
      label: 'Revenue',
      value: formatCents(report.revenueCents),
      note: `Of those orders, less refunds.`,
    },
  ];
}
