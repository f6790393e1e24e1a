import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DocumentNode } from 'graphql';
import { MemoryRouter } from 'react-router';
import { Provider, type Client } from 'urql';
import { describe, expect, it, vi } from 'vitest';
import { concat, fromValue, never } from 'wonka';
import { isoDay, presetDays } from '../../lib/insights-range';
import type { MarketplaceInsights } from './api/insights';
import { InsightsSection } from './insights-section';

const totals = (grossCents: number, orders: number) => ({
  grossCents,
  refundedCents: 10_000,
  netCents: grossCents - 10_000,
  commissionCents: grossCents * 0.08,
  orders,
  averageOrderCents: 0,
  cancelledOrders: 0,
  cancelledCents: 0,
});

const insights: MarketplaceInsights = {
  range: { from: '2026-10-29', to: '2026-11-27' },
  totals: totals(5_000_000, 200),
  previousTotals: totals(4_000_000, 200),
  activeProducers: 31,
  activeBuyers: 150,
  wholesaleShare: 0.125,
  salesOverTime: [
    {
      period: '2026-11-27',
      label: 'Nov 27',
      grossCents: 5_000_000,
      refundedCents: 10_000,
      commissionCents: 400_000,
      wholesaleCents: 625_000,
      orders: 200,
      previousGrossCents: 4_000_000,
    },
  ],
  byState: [
    { key: 'OR', label: 'Oregon', orders: 200, grossCents: 5_000_000, netCents: 4_990_000 },
  ],
  byBeverageType: [
    { key: 'wine', label: 'Wine', orders: 320, grossCents: 3_000_000, netCents: 2_990_000 },
  ],
  byBuyerKind: [],
};

function renderSection() {
  const executeQuery = vi.fn((_request: { query: DocumentNode; variables: unknown }) =>
    concat([
      fromValue({ stale: false, hasNext: false, data: { marketplaceInsights: insights } }),
      never,
    ]),
  );
  render(
    <MantineProvider env="test">
      <Provider value={{ executeQuery } as unknown as Client}>
        <MemoryRouter initialEntries={['/admin/insights']}>
          <InsightsSection />
        </MemoryRouter>
      </Provider>
    </MantineProvider>,
  );
  return executeQuery;
}

describe('the marketplace insights section', () => {
  it('shows the marketplace’s figures for the last 30 days', async () => {
    const executeQuery = renderSection();
    const figures = await screen.findByLabelText('Marketplace figures');
    expect(within(figures).getByText('$50,000.00')).toBeVisible();
    // Gross and commission both up a quarter.
    expect(within(figures).getAllByText('+25%')).toHaveLength(2);
    expect(within(figures).getByText('$4,000.00')).toBeVisible();
    expect(within(figures).getByText('31')).toBeVisible();
    expect(within(figures).getByText('150')).toBeVisible();
    expect(within(figures).getByText('12.5%')).toBeVisible();
    expect(executeQuery.mock.calls[0]![0].variables).toEqual({
      ...presetDays('30d', isoDay(new Date())),
      interval: 'DAY',
    });
    expect(
      within(screen.getByRole('region', { name: 'Buyer kind' })).getByText(
        'No sales in this range.',
      ),
    ).toBeVisible();
  });

  it('counts units, not orders, by beverage type', async () => {
    renderSection();
    const user = userEvent.setup();
    const card = await screen.findByRole('region', { name: 'Sales by beverage type' });
    await user.click(within(card).getByRole('radio', { name: 'Table' }));
    expect(
      within(card)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['Beverage typeUnits soldGross salesNet sales', 'Wine320$30,000.00$29,900.00']);
  });
});
