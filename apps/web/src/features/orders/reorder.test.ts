import { cartReducer, EMPTY_CART, MAX_CART_LINES, type ProductHit } from '@bevy/core';
import { describe, expect, it } from 'vitest';
import { demoProduct } from '../../lib/cart-test-data';
import { addActions, cartHolds, cartProductsOf, planReorder } from './reorder';

const pinot = demoProduct('11', { name: 'Pinot' });
const rose = demoProduct('12', { name: 'Rosé' });
const hits = new Map<string, ProductHit>([
  ['11', pinot],
  ['12', rose],
]);

describe('order again', () => {
  it('plans the products still for sale with their quantities, and names the others', () => {
    const plan = planReorder(
      [
        { productId: 11, productName: 'Pinot', quantity: 3 },
        { productId: 99, productName: 'Old Stout', quantity: 1 },
        { productId: null, productName: 'Deleted Cider', quantity: 2 },
        { productId: 12, productName: 'Rosé', quantity: 1 },
      ],
      hits,
    );
    expect(plan.add).toEqual([
      { product: pinot, quantity: 3 },
      { product: rose, quantity: 1 },
    ]);
    expect(plan.unavailable).toEqual(['Old Stout', 'Deleted Cider']);
  });

  it('adds up lines of one product', () => {
    const plan = planReorder(
      [
        { productId: 11, productName: 'Pinot', quantity: 2 },
        { productId: 11, productName: 'Pinot', quantity: 4 },
      ],
      hits,
    );
    expect(plan.add).toEqual([{ product: pinot, quantity: 6 }]);
  });

  it('puts the quantity in the cart through the cart reducer, on top of what is there', () => {
    let cart = addActions(pinot, 3).reduce(cartReducer, EMPTY_CART);
    expect(cart.quantity).toEqual({ '11': 3 });
    expect(cart.products).toEqual([pinot]);
    cart = addActions(pinot, 2).reduce(cartReducer, cart);
    expect(cart.quantity).toEqual({ '11': 5 });
    expect(cartHolds(cart, pinot)).toBe(true);
    expect(cartHolds(cart, rose)).toBe(false);
  });

  it('sees that a full cart refused a new product', () => {
    let cart = EMPTY_CART;
    for (let id = 1000; id < 1000 + MAX_CART_LINES; id++) {
      cart = addActions(demoProduct(String(id)), 1).reduce(cartReducer, cart);
    }
    cart = addActions(rose, 2).reduce(cartReducer, cart);
    expect(cartHolds(cart, rose)).toBe(false);
  });

  it('keeps only readable search hits, without their highlighting', () => {
    const products = cartProductsOf([
      { ...pinot, _highlightResult: { name: { value: '<em>Pinot</em>' } } },
      { objectID: '13', name: 'Half a hit' },
    ]);
    expect([...products.keys()]).toEqual(['11']);
    expect(products.get('11')).toEqual(pinot);
  });
});
