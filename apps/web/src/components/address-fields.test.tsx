import { useForm } from '@mantine/form';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentProps } from 'react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../test/render';
import { AddressFields } from './address-fields';

const EMPTY = { name: '', line1: '', line2: '', number: '', city: '', state: '', zip: '' };
type Values = typeof EMPTY;
type Name = keyof Values;

let typed: Values = EMPTY;

/** The fields on a Mantine form, as checkout and the business profile use them. */
function Harness(props: Omit<ComponentProps<typeof AddressFields<Name>>, 'inputProps'>) {
  const form = useForm<Values>({ mode: 'controlled', initialValues: EMPTY });
  typed = form.getValues();
  return <AddressFields {...props} inputProps={(name) => form.getInputProps(name)} />;
}

function show(props: ComponentProps<typeof Harness>) {
  renderInApp(<Harness {...props} />);
}

const postal = { street: 'line1', city: 'city', state: 'state', zip: 'zip' } as const;

describe('address fields', () => {
  it('asks a buyer for the recipient and a second line, all but the second line required', async () => {
    const user = userEvent.setup({ delay: null });
    show({
      names: { ...postal, recipient: 'name', line2: 'line2' },
      legend: 'Ship to',
      required: true,
    });
    const shipTo = within(screen.getByRole('group', { name: 'Ship to' }));

    expect(shipTo.getByRole('textbox', { name: /^Recipient’s name/ })).toBeRequired();
    expect(shipTo.getByRole('textbox', { name: /^Street address/ })).toBeRequired();
    expect(shipTo.getByRole('textbox', { name: 'Apartment, suite (optional)' })).not.toBeRequired();
    expect(shipTo.queryByRole('textbox', { name: /^Street number/ })).not.toBeInTheDocument();

    // Pasted rather than typed key by key: the same input events, far fewer renders.
    await user.click(shipTo.getByRole('textbox', { name: /^Street address/ }));
    await user.paste('1 Main St');
    await user.click(shipTo.getByRole('textbox', { name: /^ZIP code/ }));
    await user.paste('97214-1234 and more');
    // Narrowed first, as a buyer does: fifty options are slow to search by role here.
    await user.type(shipTo.getByRole('combobox', { name: /^State/ }), 'Oreg');
    await user.click(screen.getByRole('option', { name: 'Oregon (OR)' }));
    expect(typed).toMatchObject({ line1: '1 Main St', zip: '97214-1234', state: 'OR' });
  });

  it('offers only the states a producer ships to, when given', async () => {
    const user = userEvent.setup({ delay: null });
    show({ names: postal, legend: 'Deliver to', required: true, states: ['OR', 'WA'] });
    await user.click(screen.getByRole('combobox', { name: /^State/ }));
    const offered = screen.getAllByRole('option').map((option) => option.textContent);
    expect(offered).toEqual(['Oregon (OR)', 'Washington (WA)']);
    expect(screen.getByText('States this producer ships to')).toBeVisible();
  });

  it('keeps a business’s street number apart from its street, none of it required', async () => {
    const user = userEvent.setup({ delay: null });
    show({ names: { ...postal, streetNumber: 'number' }, maxLengths: { streetNumber: 20 } });

    expect(screen.queryByRole('group')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /^Recipient/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /^Apartment/ })).not.toBeInTheDocument();
    const street = screen.getByRole('textbox', { name: 'Street' });
    expect(street).not.toBeRequired();
    const streetNumber = screen.getByRole('textbox', { name: 'Street number' });
    await user.click(streetNumber);
    await user.paste('1'.repeat(25));
    expect(typed.number).toBe('1'.repeat(20));
  });

  it('disables every field while the address cannot be saved', () => {
    show({ names: { ...postal, streetNumber: 'number' }, disabled: true });
    const fields = [...screen.getAllByRole('textbox'), screen.getByRole('combobox')];
    expect(fields).toHaveLength(5);
    for (const field of fields) expect(field).toBeDisabled();
  });
});
