import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import { CombinedError, Provider, type Client } from 'urql';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fromValue } from 'wonka';
import { renderInApp } from '../../test/render';
import { EventForm } from './event-form';
import { stubDocumentFonts } from '../../test/dom-fonts';

type Answer = { data?: unknown; error?: CombinedError };

beforeAll(stubDocumentFonts);

function renderForm(answer: Answer) {
  const executeMutation = vi.fn(() => fromValue({ stale: false, hasNext: false, ...answer }));
  const client = { executeMutation } as unknown as Client;
  const onCreated = vi.fn();
  renderInApp(
    <Provider value={client}>
      <EventForm businessSlug="hill-winery" onCreated={onCreated} onCancel={() => undefined} />
    </Provider>,
  );
  return { executeMutation, onCreated };
}

const textbox = (name: string | RegExp) => screen.getByRole('textbox', { name });

async function fillIn() {
  const user = userEvent.setup();
  await user.type(textbox('Title'), 'Harvest party');
  fireEvent.change(screen.getByLabelText(/^Starts/), { target: { value: '2030-10-03T18:00' } });
  fireEvent.change(screen.getByLabelText(/^Ends/), { target: { value: '2030-10-03T21:00' } });
  await user.type(textbox('Total capacity'), '80');
  await user.type(textbox('Ticket type 1: Price ($)'), '19.99');
  return user;
}

describe('the new-event form', () => {
  it('says what is missing beside each field, with the keyboard on the first, and sends nothing', async () => {
    const { executeMutation } = renderForm({});
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Create event' }));
    expect(await screen.findByText('Name the event.')).toBeVisible();
    expect(screen.getByText('Choose when the event starts.')).toBeVisible();
    expect(screen.getByText('Enter the price in dollars, such as 25 (0 if free).')).toBeVisible();
    await waitFor(() => expect(textbox('Title')).toHaveFocus());
    expect(executeMutation).not.toHaveBeenCalled();
  });

  it('sends the event with its prices in cents', async () => {
    const created = { id: 7, title: 'Harvest party' };
    const { executeMutation, onCreated } = renderForm({ data: { createEvent: created } });
    const user = await fillIn();
    await user.click(screen.getByRole('button', { name: 'Add a ticket type' }));
    await user.type(textbox('Ticket type 2: Name'), 'Members’ table');
    await user.type(textbox('Ticket type 2: Price ($)'), '45');
    await user.click(screen.getByRole('checkbox', { name: /Ticket type 2: Club members only/ }));
    await user.click(screen.getByRole('radio', { name: /Unlisted link/ }));
    await user.click(screen.getByRole('button', { name: 'Create event' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(created));
    const [[request]] = executeMutation.mock.calls as unknown as [[{ variables: unknown }]];
    expect(request.variables).toMatchObject({
      businessSlug: 'hill-winery',
      input: {
        title: 'Harvest party',
        startsAt: '2030-10-03T18:00',
        endsAt: '2030-10-03T21:00',
        capacity: 80,
        visibility: 'unlisted',
        venue: { atBusinessAddress: true },
        ticketTypes: [
          { name: 'General admission', priceCents: 1999, membersOnly: false, perOrderLimit: 10 },
          { name: 'Members’ table', priceCents: 4500, membersOnly: true },
        ],
      },
    });
  });

  it('shows the server’s refusal beside the field it names, keeping what was typed', async () => {
    const error = new CombinedError({
      graphQLErrors: [
        new GraphQLError('The price is at most $10,000.', {
          extensions: { code: 'BAD_USER_INPUT', field: 'ticketTypes.0.priceCents' },
        }),
      ],
    });
    const { onCreated } = renderForm({ error });
    const user = await fillIn();
    await user.click(screen.getByRole('button', { name: 'Create event' }));
    expect(await screen.findByText('The price is at most $10,000.')).toBeVisible();
    await waitFor(() => expect(textbox('Ticket type 1: Price ($)')).toHaveFocus());
    expect(textbox('Title')).toHaveValue('Harvest party');
    expect(onCreated).not.toHaveBeenCalled();
  });
});
