import { describe, expect, it } from 'vitest';
import type { CampaignReport } from './api/campaigns';
import {
  campaignDateLine,
  campaignPath,
  hasReport,
  isDue,
  keyFigures,
  newCampaignPath,
  percentOf,
  reportFigures,
  STATUS_LABELS,
} from './campaign-labels';

const REPORT: CampaignReport = {
  recipients: 1200,
  waiting: 0,
  sent: 1180,
  refused: 5,
  skipped: 15,
  unsubscribed: 3,
  complaints: 1,
  clicks: 240,
  clickers: 190,
  orders: 12,
  revenueCents: 123456,
};

const at = (iso: string | null) => ({
  scheduledAt: iso,
  startedAt: iso,
  finishedAt: iso,
  updatedAt: '2026-03-01T12:00:00.000Z',
});

describe('campaign labels', () => {
  it('names each status, a stopped send as such', () => {
    expect(STATUS_LABELS.cancelled).toBe('Stopped');
    expect(hasReport('draft')).toBe(false);
    expect(hasReport('scheduled')).toBe(false);
    expect(hasReport('sending')).toBe(true);
    expect(hasReport('cancelled')).toBe(true);
  });

  it('has the campaign pages’ addresses', () => {
    expect(campaignPath('hill-winery', 4)).toBe('/business/hill-winery/campaigns/4');
    expect(newCampaignPath('hill winery')).toBe('/business/hill%20winery/campaigns/new');
  });

  it('says when a campaign goes or went', () => {
    const iso = '2026-03-05T12:00:00.000Z';
    expect(campaignDateLine({ status: 'scheduled', ...at(iso) })).toMatch(
      /^Scheduled for Mar 5, 2026/,
    );
    expect(campaignDateLine({ status: 'sent', ...at(iso) })).toMatch(/^Sent Mar 5, 2026/);
    expect(campaignDateLine({ status: 'cancelled', ...at(iso) })).toMatch(/^Stopped Mar 5/);
    expect(campaignDateLine({ status: 'draft', ...at(null) })).toMatch(/^Edited Mar 1, 2026/);
  });

  it('knows when a scheduled campaign is due', () => {
    const now = Date.parse('2026-03-05T17:00:00.000Z');
    expect(isDue({ status: 'scheduled', scheduledAt: '2026-03-05T16:59:00.000Z' }, now)).toBe(true);
    expect(isDue({ status: 'scheduled', scheduledAt: '2026-03-05T17:01:00.000Z' }, now)).toBe(
      false,
    );
    expect(isDue({ status: 'draft', scheduledAt: '2026-03-05T16:00:00.000Z' }, now)).toBe(false);
  });

  it('formats the key figures, revenue in dollars', () => {
    expect(keyFigures(REPORT)).toEqual([
      { label: 'Sent', value: '1,180' },
      { label: 'Clicks', value: '240' },
      { label: 'Orders', value: '12' },
      { label: 'Revenue', value: '$1,234.56' },
      { label: 'Unsubscribed', value: '3' },
      { label: 'Complaints', value: '1' },
    ]);
  });

  it('explains every figure of the full report', () => {
    const figures = reportFigures({ ...REPORT, waiting: 20 });
    expect(figures.map((figure) => figure.label)).toEqual([
      'Recipients',
      'Sent',
      'Refused',
      'Skipped',
      'Unsubscribed',
      'Complaints',
      'Clicks',
      'Orders',
      'Revenue',
    ]);
    expect(figures.find((f) => f.label === 'Clicks')!.note).toBe('By 190 people.');
    expect(figures.find((f) => f.label === 'Sent')!.note).toMatch(/20 still waiting/);
    expect(figures.find((f) => f.label === 'Orders')!.note).toBe('Within 7 days of a click.');
    expect(figures.find((f) => f.label === 'Refused')!.note).toMatch(/mail server refused/);
  });

  it('computes a share as a whole percent', () => {
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(5, 0)).toBe(0);
    expect(percentOf(7, 5)).toBe(100);
  });
});
