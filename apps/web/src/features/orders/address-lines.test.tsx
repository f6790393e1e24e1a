import { describe, expect, it } from 'vitest';
import { renderInApp } from '../../test/render';
import { AddressLines } from './order-ui';

type Address = Parameters<typeof AddressLines>[0]['address'];

/** The address's lines as shown, one per <br>. */
function shownLines(address: Address): string[] {
  const { container } = renderInApp(<AddressLines address={address} />);
  const shown = container.querySelector('address')!;
  return shown.innerHTML.split('<br>').map((line) => line.replace(/<[^>]+>/g, '').trim());
}

describe('AddressLines', () => {
  it('shows a full address as name, street lines, and city, state ZIP', () => {
    const full = {
      name: 'Riley Retail',
      line1: '800 SE Hawthorne Blvd',
      line2: 'Suite 4',
      city: 'Portland',
      state: 'OR',
      zip: '97214',
    };
    expect(shownLines(full)).toEqual([
      'Riley Retail',
      '800 SE Hawthorne Blvd',
      'Suite 4',
      'Portland, OR 97214',
    ]);
  });

  it('shows only state and ZIP3 for a deleted account, without a blank line or comma', () => {
    const erased = { name: null, line1: '', line2: null, city: '', state: 'OR', zip: '972' };
    expect(shownLines(erased)).toEqual(['OR 972']);
  });
});
