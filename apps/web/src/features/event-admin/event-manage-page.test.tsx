import { MantineProvider } from '@mantine/core';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DocumentNode, OperationDefinitionNode } from 'graphql';
import { MemoryRouter, Route, Routes } from 'react-router';
import { Provider, type Client } from 'urql';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { concat, fromValue, never } from 'wonka';
import type { EventAttendeeView, EventSalesView } from './api/event-admin';
import { EventManagePage } from './event-manage-page';
import { stubDocumentFonts } from '../../test/dom-fonts';

vi.mock('../../lib/use-me', () => ({
  useMe: () => ({
    me: { is_admin: false, works_at: [{ slug: 'hill-winery' }] },
    fetching: false,
  }),
}));

beforeAll(stubDocumentFonts);

afterEach(() => {
  vi.useRealTimers();
});

const EVENT: EventSalesView['event'] = {
  id: 7,
  urlKey: 'abc123',
  title: 'Harvest party',
  when: 'Saturday, October 5, 2030, 6:00 PM – 9:00 PM PT',
  startsAt: '2030-10-06T01:00:00.000Z',
  endsAt: '2030-10-06T04:00:00.000Z',
  timeZone: 'America/Los_Angeles',
  venueName: 'Barrel room',
  venueLine1: '1 Vine St',
  venueCity: 'Dundee',
  venueState: 'OR',
  venueZip: '97115',
  capacity: 80,
  adultsOnly: true,
  refundPolicy: 'Refunds until 7 days before the event.',
  visibility: 'public',
  cancelled: false,
  ticketTypes: [
    {
      id: 1,
      name: 'General admission',
      priceCents: 2500,
      memberPriceCents: null,
      membersOnly: false,
      capacity: null,
      perOrderLimit: 10,
    },
  ],
};

const sales = (event = EVENT): EventSalesView => ({
  event,
  types: [
    {
      typeId: 1,
      name: 'General admission',
      capacity: null,
      sold: 2,
      held: 1,
      refunded: 1,
      checkedIn: 1,
      revenueCents: 5000,
    },
  ],
  sold: 2,
  checkedIn: 1,
  revenueCents: 5000,
  waiting: 3,
});

const attendee = (overrides: Partial<EventAttendeeView>): EventAttendeeView => ({
  ticketId: 1,
  code: '0123456789ABCDEFGHJKMNPQRS',
  status: 'valid',
  attendeeName: 'Ada Lovelace',
  typeName: 'General admission',
  priceCents: 2500,
  checkedInAt: null,
  buyerName: 'Ada Lovelace',
  buyerEmail: 'ada@example.com',
  orderId: 41,
  orderNumber: 'B-1041',
  refundable: overrides.status === undefined || overrides.status === 'valid',
  ...overrides,
});

const ATTENDEES = [
  attendee({}),
  attendee({
    ticketId: 2,
    attendeeName: 'Grace Hopper',
    buyerName: 'Grace Hopper',
    buyerEmail: 'grace@example.com',
    checkedInAt: '2030-10-06T01:05:00.000Z',
    orderId: 42,
    orderNumber: 'B-1042',
  }),
  attendee({ ticketId: 3, attendeeName: 'Alan Turing', status: 'refunded' }),
];

const nameOf = (query: DocumentNode) =>
  (query.definitions.find((d) => d.kind === 'OperationDefinition') as OperationDefinitionNode).name!
    .value;

function renderPage({ event = EVENT } = {}) {
  const answers: Record<string, unknown> = {
    FramedBusiness: { business: { id: 1, name: 'Hill Winery', slug: 'hill-winery' } },
    EventSales: { eventSales: sales(event) },
    EventAttendees: { eventAttendees: ATTENDEES },
    RefundTicket: { refundTicket: ATTENDEES },
    CancelEvent: { cancelEvent: { refunded: 2, failed: 0 } },
  };
  const executeQuery = vi.fn((request: { query: DocumentNode }) =>
    concat([
      fromValue({ stale: false, hasNext: false, data: answers[nameOf(request.query)] }),
      never,
    ]),
  );
  const executeMutation = vi.fn((request: { query: DocumentNode }) =>
    fromValue({ stale: false, hasNext: false, data: answers[nameOf(request.query)] }),
  );
  const client = { executeQuery, executeMutation } as unknown as Client;
  render(
    <MantineProvider env="test">
      <Provider value={client}>
        <MemoryRouter initialEntries={['/business/hill-winery/events/7']}>
          <Routes>
            <Route path="/business/:slug/events/:id" element={<EventManagePage />} />
          </Routes>
        </MemoryRouter>
      </Provider>
    </MantineProvider>,
  );
  return { executeQuery, executeMutation };
}

const salesQueries = (executeQuery: ReturnType<typeof vi.fn>) =>
  executeQuery.mock.calls.filter(([request]) => nameOf(request.query) === 'EventSales');

describe('the event’s management page', () => {
  it('shows the event, its figures, its sales by type and its attendees', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Harvest party' })).toBeVisible();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByText(EVENT.when)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Check-in' })).toHaveAttribute(
      'href',
      '/business/hill-winery/events/7/check-in',
    );
    expect(screen.getByRole('link', { name: 'Public page' })).toHaveAttribute(
      'href',
      '/events/abc123',
    );
    expect(screen.getByRole('progressbar', { name: 'Guests checked in' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    expect(screen.getByText('3 people')).toBeVisible();
    const table = screen.getByRole('table', { name: /Sales by ticket type/ });
    expect(within(table).getByRole('row', { name: /General admission/ })).toHaveTextContent(
      '$25.00',
    );
    expect(screen.getByRole('link', { name: /Download CSV/ })).toHaveAttribute(
      'href',
      '/business/hill-winery/events/7/attendees.csv',
    );
    expect(screen.getByRole('link', { name: 'Order B-1042' })).toHaveAttribute(
      'href',
      '/orders/42',
    );
  });

  it('filters the attendees, and refunds a paid ticket once confirmed', async () => {
    const { executeMutation } = renderPage();
    const user = userEvent.setup();
    const filter = await screen.findByRole('searchbox', { name: /Filter by name/ });
    await user.type(filter, 'grace');
    const list = screen.getByRole('table', { name: /1 ticket of 3 matching the filter/ });
    expect(within(list).getByText('Checked in')).toBeVisible();
    await user.clear(filter);
    // Refunded tickets offer no refund.
    expect(screen.getAllByRole('button', { name: /^Refund the ticket of/ })).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: /Refund the ticket of Ada Lovelace/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund this ticket?' });
    await user.click(within(dialog).getByRole('button', { name: 'Refund $25.00' }));
    await waitFor(() =>
      expect(screen.getByText(/Ada Lovelace’s General admission ticket is refunded/)).toBeVisible(),
    );
    const refund = executeMutation.mock.calls.find(
      ([request]) => nameOf(request.query) === 'RefundTicket',
    ) as unknown as [{ variables: unknown }];
    expect(refund[0].variables).toEqual({ businessSlug: 'hill-winery', eventId: 7, ticketId: 1 });
  });

  it('cancels the event, with the reason, after saying everyone is refunded and emailed', async () => {
    const { executeMutation } = renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel event' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Harvest party?' });
    expect(dialog).toHaveTextContent(/Every ticket holder is refunded in full and emailed/);
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Flooded cellar');
    await user.click(within(dialog).getByRole('button', { name: /Cancel the event/ }));
    expect(await screen.findByText(/2 tickets refunded\./)).toBeVisible();
    const cancel = executeMutation.mock.calls.find(
      ([request]) => nameOf(request.query) === 'CancelEvent',
    ) as unknown as [{ variables: unknown }];
    expect(cancel[0].variables).toEqual({
      businessSlug: 'hill-winery',
      eventId: 7,
      reason: 'Flooded cellar',
    });
  });

  it('offers no refund and no cancelling once the event is cancelled', async () => {
    renderPage({ event: { ...EVENT, cancelled: true } });
    expect(await screen.findByText('This event is cancelled')).toBeVisible();
    expect(screen.getByText('Cancelled')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Cancel event' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Refund/ })).toBeNull();
    // Ada's ticket is still paid: its refund failed, and may be retried.
    expect(screen.getByRole('button', { name: 'Retry the refunds' })).toBeVisible();
  });

  it('fetches the figures again every 5 seconds while the page is visible', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { executeQuery } = renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Harvest party' });
    const before = salesQueries(executeQuery).length;
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    const after = salesQueries(executeQuery);
    expect(after.length).toBeGreaterThan(before);
    expect(after.at(-1)![1]).toMatchObject({ requestPolicy: 'network-only' });
  });
});
