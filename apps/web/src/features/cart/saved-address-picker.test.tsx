import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider, type Client } from 'urql';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { concat, fromValue, never } from 'wonka';
import { stubDocumentFonts } from '../../test/dom-fonts';
import type { CheckoutSavedAddress } from './api/saved-addresses';
import { SavedAddressPicker } from './saved-address-picker';

beforeAll(stubDocumentFonts);

const HOME: CheckoutSavedAddress = {
  id: 3,
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
};

function renderPicker(savedAddresses: CheckoutSavedAddress[]) {
  const executeQuery = vi.fn(() =>
    concat([fromValue({ stale: false, hasNext: false, data: { savedAddresses } }), never]),
  );
  const onPick = vi.fn();
  render(
    <MantineProvider env="test">
      <Provider value={{ executeQuery } as unknown as Client}>
        <SavedAddressPicker onPick={onPick} />
      </Provider>
    </MantineProvider>,
  );
  return onPick;
}

describe('the saved address picker at checkout', () => {
  it('fills the address from the one chosen', async () => {
    const onPick = renderPicker([HOME]);
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Use a saved address' }));
    await user.click(
      await screen.findByRole('option', { name: 'Home: 1 Main St, Portland, OR 97214' }),
    );
    expect(onPick).toHaveBeenCalledWith(HOME.address);
  });

  it('shows nothing to a buyer without saved addresses', () => {
    renderPicker([]);
    expect(screen.queryByRole('combobox')).toBeNull();
  });
});
