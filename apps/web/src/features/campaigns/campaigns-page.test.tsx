import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CampaignsPage } from './campaigns-page';
import { campaign, renderPage, REPORT } from './campaign-test-data';

vi.mock('../../lib/use-me', () => ({
  useMe: () => ({
    me: { is_admin: false, works_at: [{ slug: 'hill-winery' }] },
    fetching: false,
  }),
}));

const BUSINESS = { business: { id: 1, name: 'Hill Winery', slug: 'hill-winery' } };

function renderList(campaigns: unknown[]) {
  return renderPage(<CampaignsPage />, {
    routes: ['/business/:slug/campaigns'],
    path: '/business/hill-winery/campaigns',
    answers: { FramedBusiness: { data: BUSINESS }, Campaigns: { data: { campaigns } } },
  });
}

describe('the campaigns list', () => {
  it('shows each campaign’s status, audience and dates, and the figures of those sent', async () => {
    renderList([
      campaign({
        id: 5,
        subject: 'Summer club release',
        status: 'sent',
        audience: 'Big spenders',
        startedAt: '2030-03-05T12:00:00.000Z',
        finishedAt: '2030-03-05T12:30:00.000Z',
        report: REPORT,
      }),
      campaign({ id: 4 }),
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'New campaign' })).toHaveAttribute(
      'href',
      '/business/hill-winery/campaigns/new',
    );

    const sent = screen.getByRole('article', { name: 'Summer club release' });
    const badge = (card: HTMLElement) => card.querySelector('.mantine-Badge-root');
    expect(badge(sent)).toHaveTextContent('Sent');
    expect(sent).toHaveTextContent('To: Big spenders · Sent Mar 5, 2030');
    const figures = Object.fromEntries(
      within(sent)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(figures).toEqual({
      Sent: '1,180',
      Clicks: '240',
      Orders: '12',
      Revenue: '$1,234.56',
      Unsubscribed: '3',
      Complaints: '1',
    });
    expect(
      within(sent).getByRole('link', { name: 'See report: Summer club release' }),
    ).toHaveAttribute('href', '/business/hill-winery/campaigns/5');

    const draft = screen.getByRole('article', { name: 'Spring release' });
    expect(badge(draft)).toHaveTextContent('Draft');
    expect(within(draft).queryByRole('term')).toBeNull();
    expect(within(draft).getByRole('link', { name: 'Edit draft: Spring release' })).toBeVisible();
  });

  it('shows a campaign being sent with its progress', async () => {
    renderList([
      campaign({
        status: 'sending',
        startedAt: '2030-03-05T12:00:00.000Z',
        report: { ...REPORT, sent: 300, waiting: 900 },
      }),
    ]);
    const sending = await screen.findByRole('article', { name: 'Spring release' });
    expect(within(sending).getByRole('progressbar', { name: 'Sent so far' })).toHaveAttribute(
      'aria-valuenow',
      '25',
    );
    expect(sending).toHaveTextContent('300 of 1,200 sent');
  });

  it('explains campaigns, and who gets them, when there are none', async () => {
    renderList([]);
    expect(await screen.findByText('Hill Winery has sent no campaigns yet.')).toBeVisible();
    expect(screen.getByText(/only to people who agreed to your email/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'New campaign' })).toBeVisible();
  });
});
