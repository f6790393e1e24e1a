import { cartReducer, EMPTY_CART, MAX_CART_QUANTITY, type CartState } from '@bevy/core';
import { describe, expect, it } from 'vitest';
import { demoProduct } from '../../lib/cart-test-data';
import { parseCartAddLink, planCartAdd, withoutAddParams } from './cart-add-link';

const parse = (query: string) => parseCartAddLink(new URLSearchParams(query));

describe('/cart?add= links', () => {
  it('reads a product id and a quantity, 1 when none is given', () => {
    expect(parse('add=42&qty=3')).toEqual({ kind: 'add', productId: '42', quantity: 3 });
    expect(parse('add=42&utm_source=example.com')).toEqual({
      kind: 'add',
      productId: '42',
      quantity: 1,
    });
    expect(parse('utm_source=example.com')).toEqual({ kind: 'none' });
  });

  it('refuses ids and quantities the cart cannot hold, with a message', () => {
    for (const query of [
      'add=',
      'add=abc',
      'add=0',
      'add=-4',
      'add=1e3',
      'add=42&qty=0',
      'add=42&qty=-1',
      'add=42&qty=2.5',
      'add=42&qty=lots',
      `add=42&qty=${MAX_CART_QUANTITY + 1}`,
    ]) {
      const link = parse(query);
      expect(link.kind, query).toBe('invalid');
      expect(link.kind === 'invalid' && link.message, query).toMatch(/nothing was added/);
    }
  });

  it('drops add and qty from the address, and keeps the rest', () => {
    const search = new URLSearchParams('add=42&qty=2&utm_source=producer.test&utm_medium=embed');
    expect(withoutAddParams(search)).toBe('?utm_source=producer.test&utm_medium=embed');
    expect(withoutAddParams(new URLSearchParams('add=42'))).toBe('');
  });

  const apply = (cart: CartState, actions: ReturnType<typeof planCartAdd>['actions']) =>
    actions.reduce(cartReducer, cart);

  it('adds the units asked for, on top of what the cart holds', () => {
    const product = demoProduct('42');
    const tiers = [{ price_per_unit: 2_000, minimum_unit_count_for_price: 1 }];
    const once = apply(EMPTY_CART, planCartAdd(EMPTY_CART, product, tiers, 2).actions);
    expect(once.quantity['42']).toBe(2);
    const twice = apply(once, planCartAdd(once, product, tiers, 3).actions);
    expect(twice.quantity['42']).toBe(5);
    expect(twice.addedIds).toEqual(['42']);
  });

  it("starts at the price list's minimum and stops at the cart's limit", () => {
    const product = demoProduct('7');
    const caseOnly = [{ price_per_unit: 1_500, minimum_unit_count_for_price: 6 }];
    expect(
      apply(EMPTY_CART, planCartAdd(EMPTY_CART, product, caseOnly, 1).actions).quantity['7'],
    ).toBe(6);
    const lots = apply(
      EMPTY_CART,
      planCartAdd(EMPTY_CART, product, caseOnly, MAX_CART_QUANTITY).actions,
    );
    const more = apply(lots, planCartAdd(lots, product, caseOnly, 50).actions);
    expect(more.quantity['7']).toBe(MAX_CART_QUANTITY);
  });
});
