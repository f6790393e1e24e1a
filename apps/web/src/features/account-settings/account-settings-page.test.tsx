import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError, type DocumentNode, type OperationDefinitionNode } from 'graphql';
import { MemoryRouter } from 'react-router';
import { CombinedError, Provider, type Client } from 'urql';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { concat, fromValue, never } from 'wonka';
import { stubDocumentFonts } from '../../test/dom-fonts';
import { AccountSettingsPage } from './account-settings-page';
import type { AccountSettingsData } from './api/account-settings';

vi.mock('../../lib/use-me', () => ({
  useMe: () => ({ me: { name: 'Ada Lee' }, fetching: false }),
  useRefreshMe: () => async () => {},
}));

beforeAll(stubDocumentFonts);

const SETTINGS: AccountSettingsData = {
  me: { id: 7, name: 'Ada Lee', email: 'ada@example.com' },
  pendingEmailChange: null,
  savedAddresses: [
    {
      id: 1,
      label: 'Home',
      isDefault: true,
      address: {
        name: 'Ada Lee',
        line1: '1 Main St',
        line2: null,
        city: 'Portland',
        state: 'OR',
        zip: '97214',
      },
    },
  ],
  mySessions: [
    {
      id: 'current-ref',
      createdAt: '2026-11-20T10:00:00.000Z',
      lastSeenAt: '2026-11-27T10:00:00.000Z',
      device: 'Chrome on Linux',
      address: '203.0.113.*',
      current: true,
    },
    {
      id: 'phone-ref',
      createdAt: '2026-11-21T10:00:00.000Z',
      lastSeenAt: '2026-11-26T10:00:00.000Z',
      device: 'Safari on iOS',
      address: '198.51.100.*',
      current: false,
    },
  ],
};

const nameOf = (query: DocumentNode) =>
  (query.definitions.find((d) => d.kind === 'OperationDefinition') as OperationDefinitionNode).name!
    .value;

type Answer = { data?: unknown; error?: CombinedError };
type Request = { query: DocumentNode; variables: Record<string, unknown> };

function renderPage(mutations: Record<string, Answer> = {}) {
  const executeQuery = vi.fn(() =>
    concat([fromValue({ stale: false, hasNext: false, data: SETTINGS }), never]),
  );
  const executeMutation = vi.fn((request: Request) =>
    fromValue({ stale: false, hasNext: false, ...mutations[nameOf(request.query)] }),
  );
  const client = { executeQuery, executeMutation } as unknown as Client;
  render(
    <MantineProvider env="test">
      <Provider value={client}>
        <MemoryRouter initialEntries={['/account']}>
          <AccountSettingsPage />
        </MemoryRouter>
      </Provider>
    </MantineProvider>,
  );
  const sent = (name: string) =>
    executeMutation.mock.calls.map(([r]) => r).filter((r) => nameOf(r.query) === name);
  return { sent };
}

describe('the account settings page', () => {
  it('shows each section, the account tabs, the addresses and the sessions', async () => {
    renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Account settings' }),
    ).toBeVisible();
    const tabs = screen.getByRole('navigation', { name: 'Account' });
    expect(within(tabs).getByRole('link', { name: 'Settings' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(tabs).getByRole('link', { name: 'Privacy' })).toHaveAttribute(
      'href',
      '/account/privacy',
    );
    for (const name of ['Profile', 'Email', 'Password', 'Saved addresses', 'Sessions']) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeVisible();
    }
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Ada Lee');
    expect(screen.getByText(/1 Main St/)).toBeVisible();
    expect(screen.getByText('This browser')).toBeVisible();
    expect(screen.getAllByRole('button', { name: /^Log out of/ })).toHaveLength(1);
  });

  it('saves the name and says so', async () => {
    const { sent } = renderPage({
      ChangeName: { data: { changeName: { id: 7, name: 'Ada King' } } },
    });
    const user = userEvent.setup();
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Ada King');
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Your name is saved.')).toBeVisible();
    expect(sent('ChangeName')[0]!.variables).toEqual({ name: 'Ada King' });
  });

  it('puts the server’s refusal of the current password on its field', async () => {
    renderPage({
      ChangePassword: {
        error: new CombinedError({
          graphQLErrors: [
            new GraphQLError('That is not your current password.', {
              extensions: { code: 'BAD_USER_INPUT', field: 'currentPassword' },
            }),
          ],
        }),
      },
    });
    const user = userEvent.setup();
    const section = within(
      (await screen.findByRole('heading', { name: 'Password' })).closest('section')!,
    );
    await user.type(section.getByLabelText(/^Current password/), 'guess-what-it-is');
    await user.type(
      section.getByLabelText(/^New password$|^New password \*/),
      'amber-otter-vat-552',
    );
    await user.type(section.getByLabelText(/^New password again/), 'amber-otter-vat-552');
    await user.click(section.getByRole('button', { name: 'Change password' }));
    expect(await section.findByText('That is not your current password.')).toBeVisible();
  });

  it('asks before deleting an address, and before logging out everywhere', async () => {
    const { sent } = renderPage({ DeleteSavedAddress: { data: { deleteSavedAddress: true } } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Home' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Home?' });
    expect(sent('DeleteSavedAddress')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete address' }));
    await waitFor(() => expect(sent('DeleteSavedAddress')[0]!.variables).toEqual({ id: 1 }));
    expect(await screen.findByText('Home is deleted.')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Log out everywhere' }));
    const ask = await screen.findByRole('dialog', { name: 'Log out everywhere?' });
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(sent('LogOutEverywhere')).toHaveLength(0);
  });

  it('checks a new address’s ZIP code before sending it', async () => {
    const { sent } = renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add an address' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add an address' }));
    await user.type(dialog.getByRole('textbox', { name: /Name of this address/ }), 'Office');
    await user.type(dialog.getByRole('textbox', { name: /Recipient/ }), 'Ada Lee');
    await user.type(dialog.getByRole('textbox', { name: /Street address/ }), '5 Oak Ave');
    await user.type(dialog.getByRole('textbox', { name: /City/ }), 'Salem');
    await user.type(dialog.getByRole('textbox', { name: /ZIP code/ }), '973');
    await user.click(dialog.getByRole('button', { name: 'Add address' }));
    expect(await dialog.findByText('A ZIP code has five digits, like 97214.')).toBeVisible();
    expect(sent('AddSavedAddress')).toHaveLength(0);
  });
});
