import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CombinedError, Provider, type Client } from 'urql';
import { describe, expect, it, vi } from 'vitest';
import { fromValue } from 'wonka';
import { stubDocumentFonts } from '../../test/dom-fonts';
import { renderInApp } from '../../test/render';
import { PrivacyRequestPage } from './privacy-request-page';

const signedIn = vi.hoisted(() => ({ me: null as null | { name: string; email: string } }));
vi.mock('../../lib/use-me', () => ({
  useMe: () => ({ me: signedIn.me, fetching: false }),
}));

stubDocumentFonts();

function renderWith(answer: { data?: unknown; error?: CombinedError }) {
  const executeMutation = vi.fn((_request: unknown) =>
    fromValue({ stale: false, hasNext: false, ...answer }),
  );
  const client = { executeMutation } as unknown as Client;
  renderInApp(
    <Provider value={client}>
      <PrivacyRequestPage />
    </Provider>,
  );
  return executeMutation;
}

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: /Your name/ }), 'Ada Lind');
  await user.type(screen.getByRole('textbox', { name: /Your email/ }), 'ada@example.com');
  await user.click(screen.getByRole('radio', { name: /Correct my personal data/ }));
  await user.click(screen.getByRole('radio', { name: /California/ }));
}

describe('the privacy request form', () => {
  it('says what is missing, beside each field, and sends nothing', async () => {
    signedIn.me = null;
    const user = userEvent.setup();
    const send = renderWith({});
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy request' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Enter your name.')).toBeVisible();
    expect(screen.getByText('Choose what you are asking for.')).toBeVisible();
    expect(screen.getByText('Choose where you live.')).toBeVisible();
    expect(screen.getByRole('textbox', { name: /Your name/ })).toHaveFocus();
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(
      await screen.findByText('Tell us what to correct or what you are asking for.'),
    ).toBeVisible();
    expect(send).not.toHaveBeenCalled();
  });

  it('sends the request and shows when it will be answered', async () => {
    signedIn.me = null;
    const user = userEvent.setup();
    const send = renderWith({
      data: {
        submitPrivacyRequest: { id: 7, law: 'ccpa', dueAt: '2027-03-17T10:00:00.000Z' },
      },
    });
    await fillIn(user);
    await user.type(screen.getByRole('textbox', { name: /Details/ }), 'My surname is Lind.');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByRole('heading', { name: 'We received your request' })).toBeVisible();
    expect(screen.getByText(/March 17, 2027/)).toBeVisible();
    expect(send.mock.calls[0]![0]).toMatchObject({
      variables: {
        name: 'Ada Lind',
        email: 'ada@example.com',
        kind: 'correction',
        region: 'california',
        details: 'My surname is Lind.',
      },
    });
  });

  it('keeps what was typed when the server refuses, and says why', async () => {
    signedIn.me = null;
    const user = userEvent.setup();
    renderWith({
      error: new CombinedError({
        graphQLErrors: [
          {
            message:
              'We already received several requests for this email address in the last hour.',
            extensions: { code: 'TOO_MANY_REQUESTS' },
          },
        ],
      }),
    });
    await fillIn(user);
    await user.type(screen.getByRole('textbox', { name: /Details/ }), 'My surname.');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText(/several requests for this email address/)).toBeVisible();
    expect(screen.getByRole('textbox', { name: /Your name/ })).toHaveValue('Ada Lind');
  });

  it('prefills a signed-in person and points them to self-service for their data', async () => {
    signedIn.me = { name: 'Bea Buyer', email: 'buyer@bevy.example' };
    const user = userEvent.setup();
    renderWith({});
    expect(screen.getByRole('textbox', { name: /Your name/ })).toHaveValue('Bea Buyer');
    expect(screen.getByRole('textbox', { name: /Your email/ })).toHaveValue('buyer@bevy.example');
    await user.click(screen.getByRole('radio', { name: /A copy of my personal data/ }));
    expect(screen.getByRole('link', { name: 'your privacy settings' })).toHaveAttribute(
      'href',
      '/account/privacy',
    );
  });
});
