import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../test/render';
import { ConfirmDialog } from './confirm-dialog';

function renderDialog(error: string | null, errorTitle?: string) {
  const onConfirm = vi.fn();
  const onClose = vi.fn();
  renderInApp(
    <ConfirmDialog
      opened
      title="Delete Home?"
      message="The address is removed from your account."
      confirmLabel="Delete address"
      busy={false}
      error={error}
      errorTitle={errorTitle}
      onConfirm={onConfirm}
      onClose={onClose}
    />,
  );
  return { onConfirm, onClose };
}

describe('ConfirmDialog', () => {
  it('asks with Cancel focused first, and confirms or cancels', async () => {
    const user = userEvent.setup({ delay: null });
    const { onConfirm, onClose } = renderDialog(null);
    const dialog = await screen.findByRole('dialog', { name: 'Delete Home?' });
    expect(dialog).toHaveTextContent('The address is removed from your account.');
    expect(screen.queryByRole('alert')).toBeNull();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Delete address' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('shows the refusal under the heading it is given', async () => {
    renderDialog('The product is in an open order.', 'We could not delete the product');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not delete the product');
    expect(alert).toHaveTextContent('The product is in an open order.');
  });
});
