import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import type { DocumentNode, OperationDefinitionNode } from 'graphql';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { Provider, type Client, type CombinedError } from 'urql';
import { vi } from 'vitest';
import { concat, fromValue, never } from 'wonka';
import type { CampaignReport, CampaignView } from './api/campaigns';
import type { CampaignAudiences } from './audience-options';
import type { CampaignCatalogue } from './api/campaigns';

/** Test fixtures and a page rendered with a stand-in GraphQL client; used by tests only. */

export const REPORT: CampaignReport = {
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

const NO_REPORT: CampaignReport = {
  recipients: 0,
  waiting: 0,
  sent: 0,
  refused: 0,
  skipped: 0,
  unsubscribed: 0,
  complaints: 0,
  clicks: 0,
  clickers: 0,
  orders: 0,
  revenueCents: 0,
};

export const campaign = (overrides: Partial<CampaignView> = {}): CampaignView => ({
  id: 4,
  subject: 'Spring release',
  preview: 'Three new wines',
  audience: 'Everyone subscribed',
  status: 'draft',
  scheduledAt: null,
  startedAt: null,
  finishedAt: null,
  updatedAt: '2030-03-01T12:00:00.000Z',
  segmentId: null,
  segmentName: null,
  previewHtml: '<!doctype html><html><body><p>Spring is here</p></body></html>',
  blocks: [
    { kind: 'text', html: '<p>Spring is here</p>', productId: null, clubId: null, eventId: null },
  ],
  report: NO_REPORT,
  ...overrides,
});

export const AUDIENCES: CampaignAudiences = {
  segments: [{ id: 3, name: 'Big spenders', count: 40, subscribedCount: 25 }],
  subscribed: { total: 1204 },
};

export const CATALOGUE: CampaignCatalogue = {
  businessProducts: [
    {
      id: 11,
      name: 'Pinot Noir 2022',
      status: 'published',
      retailPricing: [{ price_per_unit: 3200, minimum_unit_count_for_price: 1 }],
    },
    { id: 12, name: 'Secret blend', status: 'draft', retailPricing: [] },
  ],
  clubsToManage: [],
  eventsToManage: [],
};

type Answer = { data?: unknown; error?: CombinedError };
export type Answers = Record<string, Answer | ((variables: unknown) => Answer)>;

const nameOf = (query: DocumentNode) =>
  (query.definitions.find((d) => d.kind === 'OperationDefinition') as OperationDefinitionNode).name!
    .value;

/** Where the router is now, so a test can see where the page navigated to. */
function WhereAmI() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

/**
 * Renders `page` at `path` (matched by one of `routes`; other paths render nothing) with a client answering each operation by name;
 * queries stay open as urql's do, mutations answer once.
 */
export function renderPage(
  page: ReactNode,
  { routes, path, answers }: { routes: string[]; path: string; answers: Answers },
) {
  const answer = (request: { query: DocumentNode; variables?: unknown }) => {
    const found = answers[nameOf(request.query)] ?? {};
    return typeof found === 'function' ? found(request.variables) : found;
  };
  const executeQuery = vi.fn((request: { query: DocumentNode; variables?: unknown }) =>
    concat([fromValue({ stale: false, hasNext: false, ...answer(request) }), never]),
  );
  const executeMutation = vi.fn((request: { query: DocumentNode; variables?: unknown }) =>
    fromValue({ stale: false, hasNext: false, ...answer(request) }),
  );
  const client = { executeQuery, executeMutation } as unknown as Client;
  render(
    <MantineProvider env="test">
      <Provider value={client}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            {routes.map((route) => (
              <Route key={route} path={route} element={page} />
            ))}
            <Route path="*" element={null} />
          </Routes>
          <WhereAmI />
        </MemoryRouter>
      </Provider>
    </MantineProvider>,
  );
  const mutations = (name: string) =>
    executeMutation.mock.calls
      .filter(([request]) => nameOf(request.query) === name)
      .map(([request]) => request.variables);
  const queries = (name: string) =>
    executeQuery.mock.calls.filter(([request]) => nameOf(request.query) === name);
  return { executeQuery, executeMutation, mutations, queries };
}

/** ProseMirror measures the selection to scroll to it, which jsdom cannot: empty measures. */
export function stubLayout(): void {
  const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  const rect = () => new DOMRect(0, 0, 0, 0);
  for (const proto of [Element.prototype, Range.prototype]) {
    Object.assign(proto, { getClientRects: noRects, getBoundingClientRect: rect });
  }
  document.elementFromPoint = () => null;
}
