import type { BuyerKind, ProductHit } from '@bevy/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { demoProduct } from '../lib/cart-test-data';
import { removeFromCart } from '../lib/use-cart';
import { renderInApp } from '../test/render';
import { ProductTile } from './product-tile';

// Retail: 1 @ $9.00, 6 @ $8.00, 12 @ $7.50; wholesale: 24 @ $5.00.
const cider: ProductHit = demoProduct('7', { name: 'Harvest Cider' });

function showTile(buyer: BuyerKind, hit: ProductHit = cider, unavailable?: string) {
  renderInApp(<ProductTile hit={hit} buyer={buyer} unavailable={unavailable} />);
  return within(screen.getByRole('article', { name: hit.name }));
}

/**
 * 'Add to Cart' and the product's name, which only screen readers read. Browsers keep the space
 * between them; jsdom's name computation drops it.
 */
const ADD_CIDER = { name: /^Add to Cart ?Harvest Cider$/ };

const tiersShown = (tile: ReturnType<typeof showTile>) =>
  within(tile.getByRole('list', { name: 'Price tiers' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

// The cart is the page's one store, kept across tests: each test starts with it empty.
afterEach(() => removeFromCart([cider.objectID]));

describe('a product tile’s cart controls', () => {
  it('shows a retail buyer the retail tiers and adds one unit at the single-unit price', async () => {
    const user = userEvent.setup({ delay: null });
    const tile = showTile('retail');
    expect(tiersShown(tile)).toEqual(['12 @ $7.50', '6 @ $8.00', '1 @ $9.00']);
    expect(tile.queryByText('24 @ $5.00')).not.toBeInTheDocument();

    await user.click(await tile.findByRole('button', ADD_CIDER));

    const quantity = tile.getByRole('textbox', { name: 'Quantity of Harvest Cider' });
    expect(quantity).toHaveValue('1');
    // The keyboard moves to the field that replaced the button pressed (in an effect after the
    // cart's update, which a busy machine may commit after the click resolves).
    await waitFor(() => expect(quantity).toHaveFocus());
    expect(tile.getByText('$9.00 per unit')).toBeVisible();
    expect(tile.getByText('1 of Harvest Cider in your cart')).toBeInTheDocument();
  });

  it('shows a wholesale buyer the wholesale tier and adds its minimum at the wholesale price', async () => {
    const user = userEvent.setup({ delay: null });
    const tile = showTile('wholesale');
    expect(tiersShown(tile)).toEqual(['24 @ $5.00']);
    expect(tile.queryByText('1 @ $9.00')).not.toBeInTheDocument();

    await user.click(await tile.findByRole('button', ADD_CIDER));

    expect(tile.getByRole('textbox', { name: 'Quantity of Harvest Cider' })).toHaveValue('24');
    expect(tile.getByText('$5.00 per unit')).toBeVisible();
    // At the minimum, minus says that it takes the product out.
    expect(
      tile.getByRole('button', {
        name: 'Decrease quantity of Harvest Cider: removes it from your cart',
      }),
    ).toBeVisible();
  });

  it('moves to a better tier as the quantity reaches it, by plus or by typing', async () => {
    const user = userEvent.setup({ delay: null });
    const tile = showTile('retail');
    await user.click(await tile.findByRole('button', ADD_CIDER));
    const quantity = tile.getByRole('textbox', { name: 'Quantity of Harvest Cider' });

    await user.click(tile.getByRole('button', { name: 'Increase quantity of Harvest Cider' }));
    expect(quantity).toHaveValue('2');
    expect(tile.getByText('$9.00 per unit')).toBeVisible();

    await user.clear(quantity);
    await user.type(quantity, '6{Enter}');
    expect(quantity).toHaveValue('6');
    expect(tile.getByText('$8.00 per unit')).toBeVisible();

    // Typed quantities count once the field is left, not on every keystroke.
    await user.clear(quantity);
    await user.type(quantity, '12');
    expect(tile.getByText('$8.00 per unit')).toBeVisible();
    await user.tab();
    expect(tile.getByText('$7.50 per unit')).toBeVisible();
    expect(tile.getByText('12 of Harvest Cider in your cart')).toBeInTheDocument();

    await user.click(tile.getByRole('button', { name: 'Decrease quantity of Harvest Cider' }));
    expect(quantity).toHaveValue('11');
    expect(tile.getByText('$8.00 per unit')).toBeVisible();
  });

  it('removes the product with the trash button, or with minus at the minimum', async () => {
    const user = userEvent.setup({ delay: null });
    const tile = showTile('retail');
    await user.click(await tile.findByRole('button', ADD_CIDER));
    await user.click(tile.getByRole('button', { name: 'Remove Harvest Cider from cart' }));

    const add = tile.getByRole('button', ADD_CIDER);
    await waitFor(() => expect(add).toHaveFocus());
    expect(tile.queryByRole('textbox', { name: /^Quantity/ })).not.toBeInTheDocument();

    await user.click(add);
    await user.click(
      tile.getByRole('button', {
        name: 'Decrease quantity of Harvest Cider: removes it from your cart',
      }),
    );
    await waitFor(() => expect(tile.getByRole('button', ADD_CIDER)).toHaveFocus());
  });

  it('offers no cart controls without a price for this buyer, or where it cannot reach them', async () => {
    const retailOnly = { ...cider, wholesalePricing: [] };
    const wholesaleTile = showTile('wholesale', retailOnly);
    expect(wholesaleTile.getByText('No wholesale price yet')).toBeVisible();
    expect(wholesaleTile.queryByRole('button', { name: /^Add to Cart/ })).not.toBeInTheDocument();

    const tooFar = { ...cider, objectID: '8', name: 'Perry' };
    const farTile = showTile('retail', tooFar, 'Out of delivery range');
    expect(farTile.getByText('Out of delivery range')).toBeVisible();
    expect(await farTile.findByText('1 @ $9.00')).toBeVisible();
    expect(farTile.queryByRole('button', { name: /^Add to Cart/ })).not.toBeInTheDocument();
  });
});
