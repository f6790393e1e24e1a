import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError, type DocumentNode } from 'graphql';
import { MemoryRouter } from 'react-router';
import { CombinedError, Provider, type Client } from 'urql';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { concat, fromValue, never } from 'wonka';
import { stubDocumentFonts } from '../../test/dom-fonts';
import { AccountPrivacyPage } from './account-privacy-page';

beforeAll(stubDocumentFonts);

const PREVIEW = {
  me: { id: 7, email: 'ada@example.com' },
  accountDeletionPreview: [
    {
      group: 'orders_cancelled',
      what: 'Order BV-100001 from Test Cellars (Placed)',
      outcome: 'Cancelled, and $27.22 refunded.',
    },
    {
      group: 'orders_kept',
      what: 'Order BV-100002 from Test Cellars (Shipped)',
      outcome: 'Already on its way: it is left to complete.',
    },
  ],
};

function renderPage(answer: { data?: unknown; error?: CombinedError }) {
  const executeMutation = vi.fn((_request: { query: DocumentNode }) =>
    fromValue({ stale: false, hasNext: false, ...answer }),
  );
  const client = {
    executeQuery: vi.fn(() =>
      concat([fromValue({ stale: false, hasNext: false, data: PREVIEW }), never]),
    ),
    executeMutation,
  } as unknown as Client;
  render(
    <MantineProvider env="test">
      <Provider value={client}>
        <MemoryRouter initialEntries={['/account/privacy']}>
          <AccountPrivacyPage />
        </MemoryRouter>
      </Provider>
    </MantineProvider>,
  );
  return executeMutation;
}

describe('/account/privacy', () => {
  it('offers the download and lists what deletion does', async () => {
    renderPage({});
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download my data' })).toHaveAttribute(
      'href',
      '/account/my-data.zip',
    );
    const cancelled = screen.getByRole('region', {
      name: 'Orders that will be cancelled and refunded',
    });
    expect(within(cancelled).getByText(/BV-100001/)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Orders already on their way' })).toHaveTextContent(
      'left to complete',
    );
  });

  it('keeps what was typed and shows the refusal beside its field', async () => {
    const refused = new CombinedError({
      graphQLErrors: [
        new GraphQLError('That is not your password. Nothing was deleted.', {
          extensions: { code: 'BAD_USER_INPUT', field: 'password' },
        }),
      ],
    });
    const mutate = renderPage({ error: refused });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete my account…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account for good?' });
    await user.type(within(dialog).getByLabelText(/Your password/), 'wrong-one');
    await user.type(within(dialog).getByLabelText(/Type your email/), 'ada@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(
      await within(dialog).findByText('That is not your password. Nothing was deleted.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Type your email/)).toHaveValue('ada@example.com');
    expect(mutate).toHaveBeenCalledTimes(1);
  });
});
