import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import { CombinedError } from 'urql';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { stubDocumentFonts } from '../../test/dom-fonts';
import type { CampaignView } from './api/campaigns';
import { CampaignPage } from './campaign-page';
import { toLocalInputValue } from './campaign-schedule';
import {
  AUDIENCES,
  campaign,
  CATALOGUE,
  renderPage,
  REPORT,
  stubLayout,
  type Answers,
} from './campaign-test-data';

vi.mock('../../lib/use-me', () => ({
  useMe: () => ({
    me: { is_admin: false, works_at: [{ slug: 'hill-winery' }] },
    fetching: false,
  }),
}));

beforeAll(() => {
  stubDocumentFonts();
  stubLayout();
});

const BUSINESS = { business: { id: 1, name: 'Hill Winery', slug: 'hill-winery' } };

function renderCampaign(path: string, answers: Answers = {}, shown: CampaignView = campaign()) {
  return renderPage(<CampaignPage />, {
    routes: ['/business/:slug/campaigns/new', '/business/:slug/campaigns/:id'],
    path,
    answers: {
      FramedBusiness: { data: BUSINESS },
      Campaign: { data: { campaign: shown } },
      CampaignAudiences: { data: AUDIENCES },
      CampaignCatalogue: { data: CATALOGUE },
      ...answers,
    },
  });
}

const refusal = (message: string, code: string, field?: string) => ({
  error: new CombinedError({
    graphQLErrors: [new GraphQLError(message, { extensions: { code, field } })],
  }),
});

describe('a new campaign', () => {
  it('adds a product block and saves the draft, then opens the saved campaign', async () => {
    const { mutations } = renderCampaign('/business/hill-winery/campaigns/new', {
      SaveCampaign: { data: { saveCampaign: campaign() } },
    });
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'New campaign' })).toBeVisible();
    await user.type(screen.getByRole('textbox', { name: /^Subject/ }), 'Spring release');
    await user.type(screen.getByRole('textbox', { name: 'Text of block 1' }), 'Spring is here');

    await user.click(screen.getByRole('button', { name: 'Add product' }));
    const block = screen.getByRole('region', { name: 'Block 2: Product' });
    const select = within(block).getByRole('combobox', { name: 'Product of block 2' });
    await waitFor(() => expect(select).toHaveFocus());
    await user.click(select);
    // Drafts are not offered; the retail price is shown.
    expect(screen.queryByRole('option', { name: /Secret blend/ })).toBeNull();
    await user.click(screen.getByRole('option', { name: 'Pinot Noir 2022 · $32.00' }));

    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/business/hill-winery/campaigns/4'),
    );
    expect(await screen.findByText('Draft saved.')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Spring release' })).toBeVisible();
    expect(mutations('SaveCampaign')).toEqual([
      {
        businessSlug: 'hill-winery',
        id: null,
        subject: 'Spring release',
        preview: '',
        segmentId: null,
        blocks: [
          { kind: 'text', html: '<p>Spring is here</p>' },
          { kind: 'product', productId: 11 },
        ],
      },
    ]);
  });

  it('says what is missing beside each field and sends nothing', async () => {
    const { executeMutation } = renderCampaign('/business/hill-winery/campaigns/new');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add event' }));
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Write a subject.')).toBeVisible();
    expect(screen.getByText('Write some text, or remove this block.')).toBeVisible();
    expect(screen.getByText('Choose an event, or remove this block.')).toBeVisible();
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Subject/ })).toHaveFocus());
    expect(executeMutation).not.toHaveBeenCalled();
    // Nothing to send before it is saved.
    expect(screen.queryByRole('button', { name: 'Send now' })).toBeNull();
  });

  it('shows the server’s refusal of a block on that block, keeping what was typed', async () => {
    renderCampaign('/business/hill-winery/campaigns/new', {
      SaveCampaign: refusal(
        'Block 1 names a product that is not one of this business’s published products.',
        'BAD_USER_INPUT',
        'blocks.0',
      ),
    });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /^Subject/ }), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Remove block 1' }));
    // An empty block goes without asking.
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add product' }));
    await user.click(screen.getByRole('combobox', { name: 'Product of block 1' }));
    await user.click(screen.getByRole('option', { name: /Pinot Noir/ }));
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText(/Block 1 names a product/)).toBeVisible();
    expect(screen.getByRole('textbox', { name: /^Subject/ })).toHaveValue('Hello');
    expect(screen.getByRole('combobox', { name: 'Product of block 1' })).toHaveValue(
      'Pinot Noir 2022 · $32.00',
    );
  });
});

describe('a draft', () => {
  const path = '/business/hill-winery/campaigns/4';

  it('shows its preview at desktop and phone widths, in a sandboxed frame', async () => {
    renderCampaign(path);
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Spring release' })).toBeVisible();
    const frame = screen.getByTitle('Email preview at desktop width');
    expect(frame).toHaveAttribute('sandbox', 'allow-same-origin');
    expect(frame.getAttribute('srcdoc')).toContain('Spring is here');
    await user.click(screen.getByRole('radio', { name: 'Phone' }));
    expect(screen.getByTitle('Email preview at phone width')).toBeVisible();
  });

  it('asks before sending now, naming the audience, then sends it', async () => {
    const { mutations } = renderCampaign(path, {
      ScheduleCampaign: {
        data: {
          scheduleCampaign: campaign({
            status: 'scheduled',
            scheduledAt: '2030-03-01T12:00:00.000Z',
          }),
        },
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send this campaign now?' });
    expect(dialog).toHaveTextContent('Everyone who agreed to email: 1,204 people');
    expect(dialog).toHaveTextContent(/cannot be undone/);
    expect(mutations('ScheduleCampaign')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Send it now' }));
    await waitFor(() =>
      expect(mutations('ScheduleCampaign')).toEqual([
        { businessSlug: 'hill-winery', id: 4, at: null },
      ]),
    );
  });

  it('says why the server would not send it, in the dialog', async () => {
    renderCampaign(path, {
      ScheduleCampaign: refusal(
        'Nobody in this audience has agreed to your email yet: invite your customers to follow you.',
        'NO_RECIPIENTS',
      ),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send this campaign now?' });
    await user.click(within(dialog).getByRole('button', { name: 'Send it now' }));
    expect(await within(dialog).findByText(/Nobody in this audience/)).toBeVisible();
  });

  it('saves unsaved changes before sending a test, and says where it went', async () => {
    const { mutations } = renderCampaign(path, {
      SaveCampaign: { data: { saveCampaign: campaign({ subject: 'Spring is here' }) } },
      SendTestCampaign: { data: { sendTestCampaign: 'ada@example.com' } },
    });
    const user = userEvent.setup();
    const subject = await screen.findByRole('textbox', { name: /^Subject/ });
    await user.clear(subject);
    await user.type(subject, 'Spring is here');
    expect(screen.getByText(/save it to see your changes here/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Send test to me' }));
    expect(await screen.findByText('Test sent to ada@example.com.')).toBeVisible();
    expect(mutations('SaveCampaign')).toMatchObject([{ id: 4, subject: 'Spring is here' }]);
    expect(mutations('SendTestCampaign')).toEqual([{ businessSlug: 'hill-winery', id: 4 }]);
  });

  it('schedules it for a time in the future, refusing one in the past', async () => {
    const { mutations } = renderCampaign(path, {
      ScheduleCampaign: { data: { scheduleCampaign: campaign({ status: 'scheduled' }) } },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Schedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule this campaign' });
    const when = within(dialog).getByLabelText(/^Send on/);
    fireEvent.change(when, { target: { value: '2020-01-01T09:00' } });
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(
      await within(dialog).findByText('Choose a time in the future, or send now.'),
    ).toBeVisible();
    expect(mutations('ScheduleCampaign')).toEqual([]);

    const later = new Date(Date.now() + 2 * 86_400_000);
    later.setSeconds(0, 0);
    fireEvent.change(when, { target: { value: toLocalInputValue(later) } });
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    await waitFor(() =>
      expect(mutations('ScheduleCampaign')).toEqual([
        { businessSlug: 'hill-winery', id: 4, at: later.toISOString() },
      ]),
    );
  });

  it('moves a block, keeping the keyboard on it, and saves the new order', async () => {
    const { mutations } = renderCampaign(
      path,
      { SaveCampaign: { data: { saveCampaign: campaign() } } },
      campaign({
        blocks: [
          { kind: 'text', html: '<p>Hi</p>', productId: null, clubId: null, eventId: null },
          { kind: 'product', html: null, productId: 11, clubId: null, eventId: null },
        ],
      }),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Move block 2 up' }));
    expect(screen.getByRole('region', { name: 'Block 1: Product' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Move block 1 up' })).toBeDisabled();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Move block 1 down' })).toHaveFocus(),
    );
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Draft saved.')).toBeVisible();
    expect(mutations('SaveCampaign')).toMatchObject([
      {
        id: 4,
        blocks: [
          { kind: 'product', productId: 11 },
          { kind: 'text', html: '<p>Hi</p>' },
        ],
      },
    ]);
  });

  it('asks before removing a block that holds something', async () => {
    renderCampaign(path);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove block 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove block 1?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(screen.getByRole('region', { name: 'Block 1: Text' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Remove block 1' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove the block' }),
    );
    expect(screen.queryByRole('region', { name: 'Block 1: Text' })).toBeNull();
  });

  it('deletes the draft once confirmed, back to the list', async () => {
    const { mutations } = renderCampaign(path, {
      DeleteCampaign: { data: { deleteCampaign: true } },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete draft' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this draft?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete the draft' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        /^\/business\/hill-winery\/campaigns$/,
      ),
    );
    expect(mutations('DeleteCampaign')).toEqual([{ businessSlug: 'hill-winery', id: 4 }]);
  });
});

describe('a campaign past the draft', () => {
  const path = '/business/hill-winery/campaigns/4';

  it('shows when a scheduled one goes, and unschedules it', async () => {
    const { mutations } = renderCampaign(
      path,
      { CancelCampaign: { data: { cancelCampaign: campaign() } } },
      campaign({ status: 'scheduled', scheduledAt: '2099-03-05T17:00:00.000Z' }),
    );
    const user = userEvent.setup();
    expect(await screen.findByText(/It goes on/)).toHaveTextContent('Mar 5, 2099');
    expect(screen.queryByRole('textbox', { name: /^Subject/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Unschedule' }));
    await waitFor(() =>
      expect(mutations('CancelCampaign')).toEqual([{ businessSlug: 'hill-winery', id: 4 }]),
    );
  });

  it('shows a send’s progress, refreshed every few seconds, and stops it once confirmed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { mutations, queries } = renderCampaign(
        path,
        { CancelCampaign: { data: { cancelCampaign: campaign({ status: 'cancelled' }) } } },
        campaign({
          status: 'sending',
          startedAt: '2030-03-05T12:00:00.000Z',
          report: { ...REPORT, sent: 600, waiting: 600 },
        }),
      );
      expect(await screen.findByRole('progressbar', { name: 'Sent so far' })).toHaveAttribute(
        'aria-valuenow',
        '50',
      );
      expect(screen.getByText('600 of 1,200 sent')).toBeVisible();
      const before = queries('Campaign').length;
      await act(() => vi.advanceTimersByTimeAsync(4_000));
      expect(queries('Campaign').length).toBeGreaterThan(before);

      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await user.click(screen.getByRole('button', { name: 'Stop sending' }));
      const dialog = await screen.findByRole('dialog', { name: 'Stop sending this campaign?' });
      expect(dialog).toHaveTextContent('the 600 people it was sent to keep it');
      await user.click(within(dialog).getByRole('button', { name: 'Stop sending' }));
      await waitFor(() =>
        expect(mutations('CancelCampaign')).toEqual([{ businessSlug: 'hill-winery', id: 4 }]),
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows a sent one’s full report, with why opens are not counted, and the email', async () => {
    renderCampaign(
      path,
      {},
      campaign({
        status: 'sent',
        audience: 'Big spenders',
        startedAt: '2030-03-05T12:00:00.000Z',
        finishedAt: '2030-03-05T12:30:00.000Z',
        report: REPORT,
      }),
    );
    const report = await screen.findByRole('region', { name: 'Report' });
    const figures = Object.fromEntries(
      within(report)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(figures).toEqual({
      Recipients: expect.stringMatching(/^1,200/),
      Sent: expect.stringMatching(/^1,180/),
      Refused: expect.stringMatching(/^5The mail server refused them/),
      Skipped: expect.stringMatching(/^15/),
      Unsubscribed: expect.stringMatching(/^3/),
      Complaints: expect.stringMatching(/^1/),
      Clicks: '240By 190 people.',
      Orders: '12Within 7 days of a click.',
      Revenue: expect.stringMatching(/^\$1,234\.56/),
    });
    expect(report).toHaveTextContent(/Opens are not tracked, on purpose: Apple Mail Privacy/);
    expect(screen.getByTitle('Email preview at desktop width')).toBeVisible();
    expect(screen.queryByRole('button', { name: /Send|Delete/ })).toBeNull();
  });
});
