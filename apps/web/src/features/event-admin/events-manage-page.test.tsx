import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DocumentNode, OperationDefinitionNode } from 'graphql';
import { MemoryRouter, Route, Routes } from 'react-router';
import { Provider, type Client } from 'urql';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { concat, fromValue, never } from 'wonka';
import type { ManagedEvent } from './api/event-admin';
import { EventsManagePage } from './events-manage-page';
import { stubDocumentFonts } from '../../test/dom-fonts';

vi.mock('../../lib/use-me', () => ({
  useMe: () => ({
    me: { is_admin: false, works_at: [{ slug: 'hill-winery' }] },
    fetching: false,
  }),
}));

beforeAll(stubDocumentFonts);

const event = (overrides: Partial<ManagedEvent>): ManagedEvent => ({
  id: 7,
  urlKey: 'abc123',
  title: 'Harvest party',
  when: 'Saturday, October 5, 2030, 6:00 PM – 9:00 PM PT',
  startsAt: '2030-10-06T01:00:00.000Z',
  endsAt: '2030-10-06T04:00:00.000Z',
  timeZone: 'America/Los_Angeles',
  venueName: null,
  venueLine1: '1 Vine St',
  venueCity: 'Dundee',
  venueState: 'OR',
  venueZip: '97115',
  capacity: 80,
  adultsOnly: true,
  refundPolicy: 'No refunds.',
  visibility: 'unlisted',
  cancelled: false,
  ticketTypes: [],
  ...overrides,
});

const nameOf = (query: DocumentNode) =>
  (query.definitions.find((d) => d.kind === 'OperationDefinition') as OperationDefinitionNode).name!
    .value;

function renderPage(events: ManagedEvent[]) {
  const answers: Record<string, unknown> = {
    FramedBusiness: { business: { id: 1, name: 'Hill Winery', slug: 'hill-winery' } },
    EventsToManage: { eventsToManage: events },
  };
  const client = {
    executeQuery: (request: { query: DocumentNode }) =>
      concat([
        fromValue({ stale: false, hasNext: false, data: answers[nameOf(request.query)] }),
        never,
      ]),
  } as unknown as Client;
  render(
    <MantineProvider env="test">
      <Provider value={client}>
        <MemoryRouter initialEntries={['/business/hill-winery/events']}>
          <Routes>
            <Route path="/business/:slug/events" element={<EventsManagePage />} />
          </Routes>
        </MemoryRouter>
      </Provider>
    </MantineProvider>,
  );
}

describe('the producer’s events page', () => {
  it('shows each event with its badges and its ways to manage, check in and see it', async () => {
    renderPage([
      event({}),
      event({
        id: 3,
        title: 'Spring tasting',
        cancelled: true,
        visibility: 'members',
        endsAt: '2020-04-01T04:00:00.000Z',
      }),
    ]);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Events of Hill Winery' }),
    ).toBeVisible();
    const upcoming = screen.getByRole('region', { name: 'Upcoming' });
    const harvest = within(upcoming).getByRole('article', { name: 'Harvest party' });
    expect(within(harvest).getByText('Unlisted link')).toBeVisible();
    expect(within(harvest).getByText(/Saturday, October 5, 2030/)).toBeVisible();
    expect(within(harvest).getByRole('link', { name: 'Manage Harvest party' })).toHaveAttribute(
      'href',
      '/business/hill-winery/events/7',
    );
    expect(
      within(harvest).getByRole('link', { name: 'Check-in for Harvest party' }),
    ).toHaveAttribute('href', '/business/hill-winery/events/7/check-in');
    expect(
      within(harvest).getByRole('link', { name: 'Public page of Harvest party' }),
    ).toHaveAttribute('href', '/events/abc123');
    const past = screen.getByRole('region', { name: 'Past' });
    const spring = within(past).getByRole('article', { name: 'Spring tasting' });
    expect(within(spring).getByText('Cancelled')).toBeVisible();
    expect(within(spring).getByText('Club members only')).toBeVisible();
  });

  it('says when there are none, and opens the new-event form', async () => {
    renderPage([]);
    expect(await screen.findByText('Hill Winery has no events yet.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'New event' }));
    expect(screen.getByRole('region', { name: 'New event' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Create event' })).toBeVisible();
  });
});
