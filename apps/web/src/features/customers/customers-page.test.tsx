import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError, type DocumentNode, type OperationDefinitionNode } from 'graphql';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { CombinedError, Provider, type Client } from 'urql';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { concat, fromValue, never } from 'wonka';
import { stubDocumentFonts } from '../../test/dom-fonts';
import type { CustomerRow, SavedSegment } from './api/customers';
import { CustomersPage } from './customers-page';

vi.mock('../../lib/use-me', () => ({
  useMe: () => ({
    me: { is_admin: false, works_at: [{ slug: 'hill-winery' }] },
    fetching: false,
  }),
}));

beforeAll(stubDocumentFonts);

const customer = (overrides: Partial<CustomerRow>): CustomerRow => ({
  userId: 1,
  name: 'Ann Lee',
  email: 'ann@example.com',
  lifetimeValueCents: 123_450,
  orderCount: 4,
  lastOrderAt: '2026-04-20T12:00:00.000Z',
  state: 'CA',
  clubStatus: 'active',
  tickets: 0,
  followedAt: null,
  consent: {
    status: 'subscribed',
    source: 'follow',
    requestedAt: '2026-05-01T12:00:00.000Z',
    confirmedAt: '2026-05-03T12:00:00.000Z',
    withdrawnAt: null,
    withdrawnVia: null,
  },
  ...overrides,
});

const CUSTOMERS = [
  customer({}),
  customer({
    userId: 2,
    name: 'Bo Park',
    email: 'bo@example.com',
    lifetimeValueCents: 4_000,
    orderCount: 1,
    clubStatus: null,
    state: null,
    consent: {
      status: 'unsubscribed',
      source: 'invitation',
      requestedAt: '2026-05-01T12:00:00.000Z',
      confirmedAt: '2026-05-02T12:00:00.000Z',
      withdrawnAt: '2026-06-10T12:00:00.000Z',
      withdrawnVia: 'one-click',
    },
  }),
  customer({ userId: 3, name: 'Cy Diaz', email: 'cy@example.com', consent: null }),
];

const segment: SavedSegment = {
  id: 9,
  name: 'Wine club',
  filter: {
    relationship: 'club_member',
    boughtWithinDays: null,
    beverageType: null,
    minSpentCents: null,
    states: null,
    subscribedOnly: null,
  },
  count: 12,
  subscribedCount: 8,
  updatedAt: '2026-05-01T12:00:00.000Z',
};

const nameOf = (query: DocumentNode) =>
  (query.definitions.find((d) => d.kind === 'OperationDefinition') as OperationDefinitionNode).name!
    .value;

type Answer = { data?: unknown; error?: CombinedError };
type Request = { query: DocumentNode; variables: Record<string, unknown> };

const refusal = (message: string, extensions: Record<string, unknown>) =>
  new CombinedError({ graphQLErrors: [new GraphQLError(message, { extensions })] });

function Where() {
  const { search } = useLocation();
  return <output aria-label="Query string">{search}</output>;
}

function renderPage({
  customers = { data: { customers: { total: 38, customers: CUSTOMERS } } },
  segments = [] as SavedSegment[],
  mutation = {} as Answer,
  url = '/business/hill-winery/customers',
}: {
  customers?: Answer;
  segments?: SavedSegment[];
  mutation?: Answer;
  url?: string;
} = {}) {
  const answers: Record<string, Answer> = {
    FramedBusiness: { data: { business: { id: 1, name: 'Hill Winery', slug: 'hill-winery' } } },
    Customers: customers,
    Segments: { data: { segments } },
  };
  const executeQuery = vi.fn((request: Request) =>
    concat([fromValue({ stale: false, hasNext: false, ...answers[nameOf(request.query)] }), never]),
  );
  const executeMutation = vi.fn((_request: Request) =>
    fromValue({ stale: false, hasNext: false, ...mutation }),
  );
  const client = { executeQuery, executeMutation } as unknown as Client;
  render(
    <MantineProvider env="test">
      <Provider value={client}>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route
              path="/business/:slug/customers"
              element={
                <>
                  <CustomersPage />
                  <Where />
                </>
              }
            />
          </Routes>
        </MemoryRouter>
      </Provider>
    </MantineProvider>,
  );
  const customerRequests = () =>
    executeQuery.mock.calls
      .map(([request]) => request)
      .filter((r) => nameOf(r.query) === 'Customers');
  return { executeMutation, customerRequests };
}

describe('the producer’s customers page', () => {
  it('lists the customers with their figures and when and how they consented', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: '38 customers' })).toBeVisible();
    const table = screen.getByRole('table', { name: /Customers of Hill Winery/ });
    const ann = within(table).getByRole('row', { name: /Ann Lee/ });
    expect(within(ann).getByText('ann@example.com')).toBeVisible();
    expect(within(ann).getByText('$1,234.50')).toBeVisible();
    expect(within(ann).getByText('April 20, 2026')).toBeVisible();
    expect(within(ann).getByText('Member')).toBeVisible();
    expect(within(ann).getByText('Subscribed May 3, 2026 (follow)')).toBeVisible();
    const bo = within(table).getByRole('row', { name: /Bo Park/ });
    expect(within(bo).getByText('Unsubscribed June 10, 2026 (one-click)')).toBeVisible();
    const cy = within(table).getByRole('row', { name: /Cy Diaz/ });
    expect(within(cy).getAllByRole('cell').at(-1)).toHaveTextContent('—');
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/business/hill-winery/customers.csv',
    );
    expect(screen.getByRole('navigation', { name: 'Pages of customers' })).toBeVisible();
  });

  it('applies the filters chosen: in the query, the URL and the CSV link', async () => {
    const { customerRequests } = renderPage();
    await screen.findByRole('table');
    expect(customerRequests()[0]!.variables).toEqual({
      businessSlug: 'hill-winery',
      filter: {},
      offset: 0,
      limit: 25,
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Relationship' }));
    await user.click(screen.getByRole('option', { name: 'Club members' }));
    await user.type(screen.getByRole('textbox', { name: 'Spent at least ($)' }), '200');
    await user.click(screen.getByRole('checkbox', { name: 'Only people who agreed to email' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search by name or email' }), 'ann');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() =>
      expect(customerRequests().at(-1)!.variables).toEqual({
        businessSlug: 'hill-winery',
        filter: {
          relationship: 'club_member',
          minSpentCents: 20_000,
          subscribedOnly: true,
          search: 'ann',
        },
        offset: 0,
        limit: 25,
      }),
    );
    expect(screen.getByRole('status', { name: 'Query string' })).toHaveTextContent(
      '?relationship=club_member&minSpentCents=20000&subscribedOnly=true&search=ann',
    );
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/business/hill-winery/customers.csv?relationship=club_member&minSpentCents=20000' +
        '&subscribedOnly=true&search=ann',
    );
  });

  it('says beside the field what is wrong, and queries nothing new', async () => {
    const { customerRequests } = renderPage();
    await screen.findByRole('table');
    const user = userEvent.setup();
    const spent = screen.getByRole('textbox', { name: 'Spent at least ($)' });
    await user.type(spent, '0');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(
      await screen.findByText('Enter an amount from $0.01 to $1,000,000, or leave it empty.'),
    ).toBeVisible();
    expect(spent).toHaveFocus();
    expect(customerRequests()).toHaveLength(1);
  });

  it('reads the filter and page from the URL, and pages on', async () => {
    const { customerRequests } = renderPage({
      url: '/business/hill-winery/customers?beverageType=WINE&states=CA,OR&page=2',
    });
    await screen.findByRole('table');
    expect(customerRequests()[0]!.variables).toEqual({
      businessSlug: 'hill-winery',
      filter: { beverageType: 'WINE', states: ['CA', 'OR'] },
      offset: 25,
      limit: 25,
    });
    expect(screen.getByRole('combobox', { name: 'Beverage type bought' })).toHaveValue('Wine');
    await userEvent.click(screen.getByRole('button', { name: 'Page 1' }));
    await waitFor(() => expect(customerRequests().at(-1)!.variables).toMatchObject({ offset: 0 }));
  });

  it('shows the server’s refusal when the viewer does not work at the business', async () => {
    renderPage({
      customers: {
        error: refusal('Only people who work at this business can see its customers.', {
          code: 'FORBIDDEN',
        }),
      },
    });
    expect(await screen.findByText('You cannot see these customers')).toBeVisible();
    expect(
      screen.getByText('Only people who work at this business can see its customers.'),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Apply filters' })).not.toBeInTheDocument();
  });

  it('offers suggestions, and saves one as a segment under its name', async () => {
    const { customerRequests, executeMutation } = renderPage({
      mutation: { data: { saveSegment: { ...segment, name: 'Bought wine in the last 90 days' } } },
    });
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Bought wine in the last 90 days' }),
    );
    await waitFor(() =>
      expect(customerRequests().at(-1)!.variables).toMatchObject({
        filter: { relationship: 'customer', boughtWithinDays: 90, beverageType: 'WINE' },
      }),
    );
    expect(executeMutation).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Save as segment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save as segment' });
    expect(within(dialog).getByRole('textbox', { name: /Name/ })).toHaveValue(
      'Bought wine in the last 90 days',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save segment' }));
    expect(
      await screen.findByText('The segment “Bought wine in the last 90 days” is saved.'),
    ).toBeVisible();
    expect(executeMutation.mock.calls[0]![0].variables).toEqual({
      businessSlug: 'hill-winery',
      id: null,
      name: 'Bought wine in the last 90 days',
      filter: { relationship: 'customer', boughtWithinDays: 90, beverageType: 'WINE' },
    });
  });

  it('asks for a name, and shows the server’s message beside it', async () => {
    const { executeMutation } = renderPage({
      mutation: {
        error: refusal('Use at most 80 characters for the name.', {
          code: 'BAD_USER_INPUT',
          field: 'name',
        }),
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Save as segment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save as segment' });
    await user.click(within(dialog).getByRole('button', { name: 'Save segment' }));
    expect(await within(dialog).findByText('Name the segment.')).toBeVisible();
    expect(executeMutation).not.toHaveBeenCalled();
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Big spenders');
    await user.click(within(dialog).getByRole('button', { name: 'Save segment' }));
    expect(
      await within(dialog).findByText('Use at most 80 characters for the name.'),
    ).toBeVisible();
  });

  it('lists segments with their counts, applies one, and shows why one cannot be deleted', async () => {
    const { customerRequests } = renderPage({
      segments: [segment],
      mutation: {
        error: refusal(
          'The campaign “Spring release” goes to this segment: choose another audience for it first.',
          { code: 'SEGMENT_IN_USE' },
        ),
      },
    });
    const list = await screen.findByRole('list', { name: 'Segments' });
    expect(within(list).getByText('12 people · 8 agreed to email')).toBeVisible();
    const user = userEvent.setup();
    await user.click(within(list).getByRole('button', { name: 'Apply segment Wine club' }));
    await waitFor(() =>
      expect(customerRequests().at(-1)!.variables).toMatchObject({
        filter: { relationship: 'club_member' },
      }),
    );
    expect(within(list).getByText('Showing')).toBeVisible();
    await user.click(within(list).getByRole('button', { name: 'Delete segment Wine club' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the segment “Wine club”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete segment' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The campaign “Spring release” goes to this segment',
    );
  });

  it('deletes a segment once asked, with the keyboard back on the segments', async () => {
    renderPage({ segments: [segment], mutation: { data: { deleteSegment: true } } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete segment Wine club' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the segment “Wine club”?' });
    expect(within(dialog).getByRole('button', { name: 'Keep it' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Delete segment' }));
    expect(await screen.findByText('The segment “Wine club” is deleted.')).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Segments' })).toHaveFocus();
  });

  it('shows each customer as a card on a narrow screen', async () => {
    const matchMedia = window.matchMedia;
    window.matchMedia = (query: string) => ({
      ...matchMedia(query),
      matches: /61\.99em/.test(query),
    });
    try {
      renderPage();
      const cards = await screen.findByRole('list', { name: /Customers of Hill Winery/ });
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      const bo = within(cards).getByRole('heading', { level: 3, name: 'Bo Park' }).closest('li')!;
      expect(within(bo).getByText('Unsubscribed June 10, 2026 (one-click)')).toBeVisible();
      expect(within(bo).getByText('Lifetime value:')).toBeVisible();
      expect(within(bo).getByText('$40.00')).toBeVisible();
    } finally {
      window.matchMedia = matchMedia;
    }
  });
});
