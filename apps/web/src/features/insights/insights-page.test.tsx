import { MantineProvider } from '@mantine/core';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError, type DocumentNode, type OperationDefinitionNode } from 'graphql';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { CombinedError, Provider, type Client } from 'urql';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { concat, fromValue, never } from 'wonka';
import { isoDay, presetDays } from '../../lib/insights-range';
import { InsightsPage } from './insights-page';
import { emptyTotals, sampleInsights } from './insights-test-data';

vi.mock('../../lib/use-me', () => ({
  useMe: () => ({ me: { is_admin: false, works_at: [{ slug: 'hill-winery' }] }, fetching: false }),
}));

const nameOf = (query: DocumentNode) =>
  (query.definitions.find((d) => d.kind === 'OperationDefinition') as OperationDefinitionNode).name!
    .value;

type Answer = { data?: unknown; error?: CombinedError };
type Request = { query: DocumentNode; variables: Record<string, unknown> };

function Where() {
  const { search } = useLocation();
  return <output aria-label="Query string">{search}</output>;
}

function renderPage({
  insights = { data: { businessInsights: sampleInsights() } } as Answer,
  url = '/business/hill-winery/insights',
} = {}) {
  const answers: Record<string, Answer> = {
    FramedBusiness: { data: { business: { id: 1, name: 'Hill Winery', slug: 'hill-winery' } } },
    BusinessInsights: insights,
  };
  const executeQuery = vi.fn((request: Request) =>
    concat([fromValue({ stale: false, hasNext: false, ...answers[nameOf(request.query)] }), never]),
  );
  const client = { executeQuery } as unknown as Client;
  render(
    <MantineProvider env="test">
      <Provider value={client}>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route
              path="/business/:slug/insights"
              element={
                <>
                  <InsightsPage />
                  <Where />
                </>
              }
            />
          </Routes>
        </MemoryRouter>
      </Provider>
    </MantineProvider>,
  );
  const answer = (next: Answer) => {
    answers.BusinessInsights = next;
  };
  const insightRequests = () =>
    executeQuery.mock.calls
      .map(([request]) => request)
      .filter((request) => nameOf(request.query) === 'BusinessInsights');
  return { insightRequests, answer };
}

const today = isoDay(new Date());

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the producer’s insights page', () => {
  it('shows the headline figures with their change against the previous period', async () => {
    const { insightRequests } = renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();
    const figures = await screen.findByLabelText('Headline figures');
    expect(within(figures).getByText('$12,000.00')).toBeVisible();
    // Net 12,000 against 9,000: +33%; refunds halved: −50%.
    expect(within(figures).getByText('+33%')).toBeVisible();
    expect(within(figures).getByText('48')).toBeVisible();
    expect(within(figures).getByText('$250.00')).toBeVisible();
    expect(within(figures).getByText('\u221250%')).toBeVisible();
    // The time ticks every 5 s: not a live region, or a screen reader would read it each time.
    expect(screen.getByText(/^Updated \d\d:\d\d:\d\d/)).not.toHaveAttribute('aria-live');
    expect(insightRequests()[0]!.variables).toEqual({
      slug: 'hill-winery',
      ...presetDays('30d', today),
      interval: 'DAY',
    });
    expect(screen.getByRole('heading', { level: 2, name: 'Club' })).toBeVisible();
    expect(screen.getByText('3.5%')).toBeVisible();
    expect(screen.getByText('No campaigns sent in this range.')).toBeVisible();
  });

  it('shows a chart’s figures as a table when asked', async () => {
    renderPage();
    const user = userEvent.setup();
    const card = await screen.findByRole('region', { name: 'Top products' });
    expect(
      within(card).getByRole('img', { name: /First: Estate Pinot Noir, \$9,000\.00/ }),
    ).toBeVisible();
    await user.click(within(card).getByRole('radio', { name: 'Table' }));
    const table = within(card).getByRole('table', { name: /Top products by revenue/ });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'ProductUnits soldUnits refundedRevenue',
      'Estate Pinot Noir301$9,000.00',
      '=Riesling, "dry"120$3,000.00',
    ]);

    const events = screen.getByRole('region', { name: 'Event sell-through' });
    await user.click(within(events).getByRole('radio', { name: 'Table' }));
    expect(within(events).getByRole('row', { name: /Harvest dinner/ })).toHaveTextContent('75%');
    expect(within(events).getByRole('row', { name: /Open cellar/ })).toHaveTextContent('Unlimited');
  });

  it('downloads a card’s figures as CSV, guarded against formulas', async () => {
    renderPage();
    const user = userEvent.setup();
    let saved: Blob | undefined;
    URL.createObjectURL = vi.fn((blob: Blob) => {
      saved = blob;
      return 'blob:insights';
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toMatch(
        /^hill-winery-\d{4}-\d\d-\d\d-\d{4}-\d\d-\d\d-top-products\.csv$/,
      );
    });
    const card = await screen.findByRole('region', { name: 'Top products' });
    await user.click(within(card).getByRole('button', { name: 'Download CSV of Top products' }));
    expect(click).toHaveBeenCalledOnce();
    expect((await saved!.text()).replace(/^\uFEFF/, '')).toBe(
      'Product,Units sold,Units refunded,Revenue (USD)\r\n' +
        'Estate Pinot Noir,30,1,9000\r\n' +
        '"\'=Riesling, ""dry""",12,0,3000\r\n',
    );
  });

  it('asks for another range, keeps it in the URL, and picks its interval', async () => {
    const { insightRequests } = renderPage();
    const user = userEvent.setup();
    await screen.findByLabelText('Headline figures');
    await user.click(screen.getByRole('combobox', { name: 'Date range' }));
    await user.click(screen.getByRole('option', { name: 'Last 90 days' }));
    await waitFor(() =>
      expect(insightRequests().at(-1)!.variables).toEqual({
        slug: 'hill-winery',
        ...presetDays('90d', today),
        interval: 'WEEK',
      }),
    );
    expect(screen.getByRole('status', { name: 'Query string' })).toHaveTextContent('?range=90d');

    await user.click(screen.getByRole('radio', { name: 'Month' }));
    await waitFor(() =>
      expect(insightRequests().at(-1)!.variables).toMatchObject({ interval: 'MONTH' }),
    );
    expect(screen.getByRole('status', { name: 'Query string' })).toHaveTextContent(
      '?range=90d&interval=MONTH',
    );
  });

  it('takes custom days, and refuses an end before the start without asking', async () => {
    const { insightRequests } = renderPage({
      url: '/business/hill-winery/insights?range=custom&from=2026-03-01&to=2026-03-31',
    });
    const user = userEvent.setup();
    await screen.findByLabelText('Headline figures');
    expect(insightRequests().at(-1)!.variables).toEqual({
      slug: 'hill-winery',
      from: '2026-03-01',
      to: '2026-03-31',
      interval: 'DAY',
    });
    const to = screen.getByLabelText('To');
    await user.clear(to);
    await user.type(to, '2026-02-01');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The end date must be on or after the start date.',
    );
    const asked = insightRequests().length;
    await user.clear(to);
    await user.type(to, '2026-06-30');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(insightRequests().at(-1)!.variables).toMatchObject({
        from: '2026-03-01',
        to: '2026-06-30',
        interval: 'MONTH',
      }),
    );
    expect(insightRequests().length).toBeGreaterThan(asked);
    expect(screen.getByRole('status', { name: 'Query string' })).toHaveTextContent(
      '?range=custom&from=2026-03-01&to=2026-06-30',
    );
  });

  it('says so when a range has no sales', async () => {
    renderPage({
      insights: {
        data: {
          businessInsights: sampleInsights({
            totals: emptyTotals(),
            previousTotals: emptyTotals(),
            salesOverTime: [],
            topProducts: [],
            byState: [],
          }),
        },
      },
    });
    const sales = await screen.findByRole('region', { name: 'Sales over time' });
    expect(within(sales).getByText('No sales in this range.')).toBeVisible();
    expect(within(sales).queryByRole('button', { name: /Download CSV/ })).toBeNull();
    expect(
      within(screen.getByRole('region', { name: 'Top products' })).getByText(
        'No sales in this range.',
      ),
    ).toBeVisible();
  });

  it('asks again every 5 s, and keeps the figures when a refresh fails', async () => {
    const setInterval = vi.spyOn(window, 'setInterval');
    const { insightRequests, answer } = renderPage();
    const figures = await screen.findByLabelText('Headline figures');
    const poll = setInterval.mock.calls.find(([, ms]) => ms === 5_000)?.[0] as () => void;
    expect(poll).toBeTypeOf('function');
    const asked = insightRequests().length;

    answer({
      data: {
        businessInsights: sampleInsights({
          totals: { ...sampleInsights().totals, orders: 49 },
        }),
      },
    });
    act(() => poll());
    expect(await within(figures).findByText('49')).toBeVisible();
    expect(insightRequests().length).toBeGreaterThan(asked);

    answer({ error: new CombinedError({ networkError: new Error('offline') }) });
    act(() => poll());
    expect(await screen.findByText(/the latest refresh failed/)).toBeVisible();
    expect(screen.getByText('The latest refresh of the figures failed; retrying.')).toHaveAttribute(
      'role',
      'status',
    );
    expect(within(figures).getByText('49')).toBeVisible();
  });

  it('shows a failed load with a way to try again', async () => {
    renderPage({
      insights: {
        error: new CombinedError({
          graphQLErrors: [
            new GraphQLError('Choose a range of at most two years.', {
              extensions: { code: 'BAD_USER_INPUT' },
            }),
          ],
        }),
      },
    });
    expect(await screen.findByText('Choose a range of at most two years.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});
