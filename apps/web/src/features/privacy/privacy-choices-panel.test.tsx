import { screen, within } from '@testing-library/react';
import { Provider, type Client } from 'urql';
import { describe, expect, it } from 'vitest';
import { concat, fromValue, never } from 'wonka';
import { renderInApp } from '../../test/render';
import { PrivacyChoicesPanel } from './privacy-choices-panel';

function renderWith(myPrivacy: unknown) {
  const client = {
    executeQuery: () =>
      concat([fromValue({ stale: false, hasNext: false, data: { myPrivacy } }), never]),
  } as unknown as Client;
  renderInApp(
    <Provider value={client}>
      <PrivacyChoicesPanel />
    </Provider>,
  );
  return screen.getByRole('region', { name: 'Privacy choices and requests' });
}

describe('the privacy choices panel', () => {
  it('shows a recorded GPC opt-out and the person’s requests with their dates', () => {
    const panel = renderWith({
      gpcOptOutAt: '2026-11-20T12:00:00.000Z',
      gpcSignalNow: true,
      requests: [
        {
          id: 2,
          kind: 'correction',
          status: 'open',
          channel: 'form',
          receivedAt: '2026-11-25T12:00:00.000Z',
          dueAt: '2026-12-25T12:00:00.000Z',
          resolvedAt: null,
        },
        {
          id: 1,
          kind: 'opt_out',
          status: 'completed',
          channel: 'gpc',
          receivedAt: '2026-11-20T12:00:00.000Z',
          dueAt: '2027-01-04T12:00:00.000Z',
          resolvedAt: '2026-11-20T12:00:00.000Z',
        },
      ],
    });
    expect(panel).toHaveTextContent(
      /Your browser sends Global Privacy Control; we recorded your opt-out of the sale and sharing of your personal data on November 20, 2026/,
    );
    const [correction, optOut] = within(panel).getAllByRole('listitem');
    expect(correction).toHaveTextContent(
      /Correction\s*open\s*Received November 25, 2026, due by December 25, 2026/,
    );
    expect(optOut).toHaveTextContent(
      /Opt-out of sale and sharing\s*completed\s*Received November 20, 2026, answered November 20, 2026/,
    );
    expect(within(panel).getByRole('link', { name: 'send us a privacy request' })).toHaveAttribute(
      'href',
      '/privacy/request',
    );
  });

  it('explains how to turn GPC on when none was recorded', () => {
    const panel = renderWith({ gpcOptOutAt: null, gpcSignalNow: false, requests: [] });
    expect(panel).toHaveTextContent(/Your browser does not send Global Privacy Control/);
    expect(panel).toHaveTextContent('You have not made any privacy requests.');
  });
});
