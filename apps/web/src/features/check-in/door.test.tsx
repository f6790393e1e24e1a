import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  Client,
  getOperationName,
  makeErrorResult,
  makeResult,
  Provider,
  type Exchange,
  type Operation,
} from 'urql';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { filter, fromPromise, mergeMap, pipe } from 'wonka';
import { renderInApp } from '../../test/render';
import { Door } from './door';
import { queueKey } from './offline-queue';
import type { ScanAnswer } from './use-door';

const EVENT_ID = 7;
const CODE = 'ABCDEFGHJKMNPQRSTVWXYZ0123';

const sales = (checkedIn: number) => ({
  eventSales: {
    sold: 10,
    checkedIn,
    event: {
      id: EVENT_ID,
      title: 'Harvest Party',
      when: 'Saturday, October 3, 2026, 6:00 PM – 9:00 PM PT',
      adultsOnly: true,
      capacity: 40,
      cancelled: false,
    },
  },
});

const answer = (fields: Partial<ScanAnswer>): ScanAnswer => ({
  result: 'admitted',
  title: 'Admitted',
  code: CODE,
  ticketTypeName: 'General',
  attendeeName: 'Jane Doe',
  checkId: true,
  checkedInAt: null,
  checkedInByName: null,
  otherEventTitle: null,
  conflict: false,
  checkedInCount: 4,
  ...fields,
});

type Reply = { data: unknown } | 'network';
interface Sent {
  name: string | undefined;
  variables: Record<string, unknown>;
}

/** A GraphQL client whose server is `reply`; `sent` lists what it was asked, in order. */
function fakeServer(
  reply: (name: string | undefined, variables: Record<string, unknown>) => Reply,
) {
  const sent: Sent[] = [];
  const exchange: Exchange = () => (operations) =>
    pipe(
      operations,
      filter((operation: Operation) => operation.kind !== 'teardown'),
      mergeMap((operation: Operation) => {
        const name = getOperationName(operation.query);
        const variables = operation.variables as Record<string, unknown>;
        sent.push({ name, variables });
        return fromPromise(
          Promise.resolve().then(() => {
            const answered = reply(name, variables);
            return answered === 'network'
              ? makeErrorResult(operation, new TypeError('Failed to fetch'))
              : makeResult(operation, { data: answered.data as Record<string, unknown> });
          }),
        );
      }),
    );
  const client = new Client({ url: '/graphql', exchanges: [exchange] });
  return { client, sent, scans: () => sent.filter((s) => s.name === 'ScanTicket') };
}

function renderDoor(client: Client) {
  return renderInApp(
    <Provider value={client}>
      <Door businessSlug="hill-winery" eventId={EVENT_ID} />
    </Provider>,
  );
}

const setOnline = (online: boolean) =>
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });

afterEach(() => {
  setOnline(true);
  vi.useRealTimers();
});

describe('the door', () => {
  it('shows the event and the count, and refuses what is not a ticket code without sending it', async () => {
    const server = fakeServer(() => ({ data: sales(3) }));
    renderDoor(server.client);
    expect(await screen.findByText('Harvest Party')).toBeInTheDocument();
    expect(screen.getByText(/3 checked in/)).toHaveTextContent('3 checked in of 10 sold');

    await userEvent.type(screen.getByLabelText('Ticket code'), 'ABC-123');
    await userEvent.click(screen.getByRole('button', { name: 'Check in' }));
    expect(screen.getByText('That is not a ticket code: 26 letters and digits.')).toBeVisible();
    expect(server.scans()).toEqual([]);
  });

  it('checks a typed code in with a fresh nonce, and answers large with the count', async () => {
    const server = fakeServer((name) =>
      name === 'ScanTicket' ? { data: { scanTicket: answer({}) } } : { data: sales(3) },
    );
    renderDoor(server.client);
    await screen.findByText('Harvest Party');

    await userEvent.type(screen.getByLabelText('Ticket code'), 'abcd-efgh-jkmn-pqrs-tvwx-yzo1-23');
    await userEvent.click(screen.getByRole('button', { name: 'Check in' }));

    const panel = screen.getByRole('status');
    expect(panel).toHaveAttribute('aria-live', 'polite');
    await waitFor(() => expect(panel).toHaveTextContent('Admitted'));
    expect(within(panel).getByText('Jane Doe')).toBeVisible();
    expect(within(panel).getByText('General')).toBeVisible();
    expect(within(panel).getByText('21+: check ID')).toBeVisible();
    expect(screen.getByText(/checked in of/)).toHaveTextContent('4 checked in of 10 sold');
    const [scan] = server.scans();
    expect(scan!.variables).toMatchObject({ businessSlug: 'hill-winery', eventId: EVENT_ID });
    expect(scan!.variables.input).toMatchObject({ code: CODE });
    expect((scan!.variables.input as { nonce: string }).nonce).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });

  it('says when and by whom a ticket was already checked in', async () => {
    const server = fakeServer((name) =>
      name === 'ScanTicket'
        ? {
            data: {
              scanTicket: answer({
                result: 'already_checked_in',
                title: 'Already checked in',
                checkedInAt: '2026-10-03T01:42:00.000Z',
                checkedInByName: 'Sam',
              }),
            },
          }
        : { data: sales(3) },
    );
    renderDoor(server.client);
    await screen.findByText('Harvest Party');
    await userEvent.type(screen.getByLabelText('Ticket code'), CODE);
    await userEvent.click(screen.getByRole('button', { name: 'Check in' }));
    const panel = screen.getByRole('status');
    await waitFor(() => expect(panel).toHaveTextContent('Already checked in'));
    expect(panel).toHaveTextContent(/Checked in at \d{1,2}:\d\d [AP]M by Sam/);
    expect(within(panel).queryByText('21+: check ID')).toBeNull();
  });

  it('keeps a scan made without a network, then sends it again with its nonce and time', async () => {
    let reachable = false;
    const server = fakeServer((name) => {
      if (name !== 'ScanTicket') return { data: sales(3) };
      if (!reachable) return 'network';
      return {
        data: {
          scanTicket: answer({
            result: 'already_checked_in',
            title: 'Already checked in',
            conflict: true,
            checkedInAt: '2026-10-03T01:40:00.000Z',
            checkedInByName: 'Sam',
          }),
        },
      };
    });
    renderDoor(server.client);
    await screen.findByText('Harvest Party');

    await userEvent.type(screen.getByLabelText('Ticket code'), CODE);
    await userEvent.click(screen.getByRole('button', { name: 'Check in' }));
    const panel = screen.getByRole('status');
    await waitFor(() => expect(panel).toHaveTextContent('Saved offline — will sync'));
    expect(screen.getByText('Offline: 1 scan waiting to sync')).toBeVisible();
    const stored = JSON.parse(window.localStorage.getItem(queueKey(EVENT_ID)) ?? '[]') as {
      code: string;
      nonce: string;
      scannedAt: string;
      offline: boolean;
    }[];
    expect(stored).toHaveLength(1);
    const first = server.scans()[0]!.variables.input as { nonce: string };
    expect(stored[0]).toMatchObject({ code: CODE, nonce: first.nonce, offline: true });

    reachable = true;
    window.dispatchEvent(new Event('online'));

    await waitFor(() => expect(screen.queryByText(/waiting to sync/)).toBeNull());
    const replay = server.scans().at(-1)!.variables.input;
    expect(replay).toMatchObject({
      code: CODE,
      nonce: first.nonce,
      scannedAt: stored[0]!.scannedAt,
      offline: true,
    });
    const conflicts = screen.getByRole('region', { name: 'Scanned twice while offline' });
    expect(conflicts).toHaveTextContent('ABCD-EFGH-JKMN-PQRS-TVWX-YZ01-23');
    expect(conflicts).toHaveTextContent('by Sam');
    expect(window.localStorage.getItem(queueKey(EVENT_ID))).toBeNull();
  });

  it('queues at once when the browser says it is offline', async () => {
    const server = fakeServer(() => ({ data: sales(3) }));
    renderDoor(server.client);
    await screen.findByText('Harvest Party');
    setOnline(false);
    await userEvent.type(screen.getByLabelText('Ticket code'), CODE);
    await userEvent.click(screen.getByRole('button', { name: 'Check in' }));
    expect(await screen.findByText('Offline: 1 scan waiting to sync')).toBeVisible();
    expect(server.scans()).toEqual([]);
  });

  it('finds a guest by name and checks them in', async () => {
    const server = fakeServer((name) => {
      if (name === 'FindAttendees') {
        return {
          data: {
            findAttendees: [
              {
                code: CODE,
                attendeeName: 'Jane Doe',
                buyerName: 'John Doe',
                ticketTypeName: 'General',
                checkedInAt: null,
              },
              {
                code: '0123456789ABCDEFGHJKMNPQRS',
                attendeeName: 'Jan Roe',
                buyerName: 'Jan Roe',
                ticketTypeName: 'VIP',
                checkedInAt: '2026-10-03T01:42:00.000Z',
              },
            ],
          },
        };
      }
      if (name === 'ScanTicket') return { data: { scanTicket: answer({}) } };
      return { data: sales(3) };
    });
    renderDoor(server.client);
    await screen.findByText('Harvest Party');
    await userEvent.type(screen.getByLabelText('Find by name or email'), 'Ja');
    const found = await screen.findByRole('list', { name: 'Guests found' });
    expect(within(found).getByRole('button', { name: /In at \d{1,2}:\d\d [AP]M/ })).toBeDisabled();
    await userEvent.click(within(found).getByRole('button', { name: 'Check in Jane Doe' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Admitted'));
    expect(server.scans()[0]!.variables.input).toMatchObject({ code: CODE });
  });

  it('polls the count every 10 seconds, and keeps the event when a poll fails', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let reply: Reply = 'network';
    const server = fakeServer((name) => (name === 'DoorEvent' ? reply : 'network'));
    const polls = () => server.sent.filter((s) => s.name === 'DoorEvent').length;
    renderDoor(server.client);
    // The first load fails: the door still scans, and says the event did not load.
    expect(await screen.findByText('The event could not be loaded')).toBeVisible();
    expect(screen.getByLabelText('Ticket code')).toBeVisible();

    reply = { data: sales(5) };
    const before = polls();
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(polls()).toBe(before + 1);
    expect(await screen.findByText('5 checked in of 10 sold')).toBeVisible();

    reply = 'network';
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(polls()).toBe(before + 2);
    expect(screen.getByText('5 checked in of 10 sold')).toBeVisible();
    expect(screen.getByText('Harvest Party')).toBeVisible();
    expect(screen.queryByText('The event could not be loaded')).toBeNull();
  });
});
