import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CART_ACTION_TYPES,
  cartItemCount,
  cartQuantityOf,
  cartReducer,
  EMPTY_CART,
  MAX_CART_LINES,
  MAX_CART_QUANTITY,
  parseStoredCart,
  readStoredCart,
  toCartProduct,
  type CartAction,
  type CartActionType,
  type CartState,
} from './cart';
import type { ProductHit } from './product-hit';
import { demoProduct } from './test-fixtures';

const product = demoProduct;

const act = (
  type: CartActionType,
  id: string,
  isUnique = false,
  extra: Pick<CartAction, 'minimum' | 'quantity'> = {},
): CartAction => ({ type, id, product: product(id), isUnique, ...extra });

const run = (...actions: CartAction[]) => actions.reduce(cartReducer, EMPTY_CART);

describe('cartReducer', () => {
  it('starts empty', () => {
    expect(EMPTY_CART).toEqual({ addedIds: [], products: [], quantity: {} });
  });

  it('adds an item with quantity 1, its id and its product', () => {
    const cart = run(act('add', '7'));
    expect(cart).toEqual({ addedIds: ['7'], products: [product('7')], quantity: { '7': 1 } });
  });

  it('adding again adds 1 and lists the id and product only once', () => {
    const cart = run(act('add', '7'), act('add', '7'), act('add', '7'));
    expect(cart.addedIds).toEqual(['7']);
    expect(cart.products).toHaveLength(1);
    expect(cart.quantity).toEqual({ '7': 3 });
  });

  it('keeps the product first added: add puts the product in only when its objectID is absent', () => {
    const first = cartReducer(EMPTY_CART, act('add', '7'));
    const renamed = { ...product('7'), name: 'Renamed' };
    const cart = cartReducer(first, { type: 'add', id: '7', product: renamed, isUnique: false });
    expect(cart.products).toEqual([product('7')]);
    expect(cart.quantity['7']).toBe(2);
  });

  it('sets a unique item to exactly 1, however often it is added', () => {
    const cart = run(act('add', '7', true), act('add', '7', true), act('add', '7', true));
    expect(cart.quantity).toEqual({ '7': 1 });
    const afterPlain = run(act('add', '7'), act('add', '7'), act('add', '7', true));
    expect(afterPlain.quantity).toEqual({ '7': 1 });
  });

  it('keeps items in the order they were added', () => {
    expect(run(act('add', '9'), act('add', '2'), act('add', '9')).addedIds).toEqual(['9', '2']);
  });

  it('increase adds 1', () => {
    expect(run(act('add', '7'), act('increase', '7'), act('increase', '7')).quantity).toEqual({
      '7': 3,
    });
  });

  it('decrease subtracts 1', () => {
    const cart = run(act('add', '7'), act('add', '7'), act('add', '7'), act('decrease', '7'));
    expect(cart.quantity).toEqual({ '7': 2 });
  });

  it('decrease at quantity 1 removes the item entirely', () => {
    const cart = run(act('add', '7'), act('add', '8'), act('decrease', '7'));
    expect(cart).toEqual({ addedIds: ['8'], products: [product('8')], quantity: { '8': 1 } });
  });

  it('remove drops the id, the product and the quantity, whatever the quantity', () => {
    const cart = run(act('add', '7'), act('increase', '7'), act('add', '8'), act('remove', '7'));
    expect(cart).toEqual({ addedIds: ['8'], products: [product('8')], quantity: { '8': 1 } });
    expect(run(act('add', '7'), act('remove', '7'))).toEqual(EMPTY_CART);
  });

  it('changes nothing for increase, decrease or remove of an item not in the cart', () => {
    const cart = run(act('add', '7'));
    for (const type of ['increase', 'decrease', 'remove'] as const) {
      expect(cartReducer(cart, act(type, '8'))).toBe(cart);
    }
  });

  it('changes nothing for an action whose id is not its product’s, or not a product id', () => {
    const cart = run(act('add', '7'));
    const mismatched: CartAction = { type: 'add', id: '8', product: product('9'), isUnique: false };
    expect(cartReducer(cart, mismatched)).toBe(cart);
    const odd = { type: 'add', id: '__proto__', product: product('__proto__'), isUnique: false };
    expect(cartReducer(cart, odd as CartAction)).toBe(cart);
  });

  it('stops a quantity at the most a cart may hold', () => {
    let cart: CartState = {
      addedIds: ['7'],
      products: [product('7')],
      quantity: { '7': MAX_CART_QUANTITY - 1 },
    };
    cart = cartReducer(cart, act('increase', '7'));
    expect(cart.quantity['7']).toBe(MAX_CART_QUANTITY);
    expect(cartReducer(cart, act('increase', '7'))).toBe(cart);
    expect(cartReducer(cart, act('add', '7'))).toBe(cart);
  });

  it('takes no new product beyond the most lines a cart may hold, but still counts up old ones', () => {
    const full = Array.from({ length: MAX_CART_LINES }, (_, i) => act('add', String(i + 1)));
    const cart = run(...full);
    expect(cart.addedIds).toHaveLength(MAX_CART_LINES);
    expect(cartReducer(cart, act('add', '999'))).toBe(cart);
    expect(cartReducer(cart, act('add', '1')).quantity['1']).toBe(2);
  });

  it('starts a new line at the lowest tier’s minimum, then adds 1', () => {
    const cart = run(act('add', '7', false, { minimum: 6 }));
    expect(cart.quantity).toEqual({ '7': 6 });
    expect(cartReducer(cart, act('add', '7', false, { minimum: 6 })).quantity).toEqual({ '7': 7 });
    expect(run(act('add', '7', true, { minimum: 6 })).quantity).toEqual({ '7': 1 });
  });

  it('reads a minimum that is not a whole number of units from 1 up as 1, and stops it at the most', () => {
    for (const minimum of [0, -3, 2.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(run(act('add', '7', false, { minimum })).quantity).toEqual({ '7': 1 });
    }
    expect(run(act('add', '7', false, { minimum: MAX_CART_QUANTITY + 5 })).quantity).toEqual({
      '7': MAX_CART_QUANTITY,
    });
  });

  it('decrease at the minimum removes the line instead of leaving it unpriced', () => {
    const six = run(act('add', '7', false, { minimum: 6 }));
    expect(cartReducer(six, act('decrease', '7', false, { minimum: 6 }))).toEqual(EMPTY_CART);
    const seven = cartReducer(six, act('increase', '7', false, { minimum: 6 }));
    expect(cartReducer(seven, act('decrease', '7', false, { minimum: 6 })).quantity).toEqual({
      '7': 6,
    });
  });

  it('raises a line below the minimum (an old cart) to the minimum on increase, and removes it on decrease', () => {
    const two = run(act('add', '7'), act('add', '7'));
    expect(cartReducer(two, act('increase', '7', false, { minimum: 6 })).quantity).toEqual({
      '7': 6,
    });
    expect(cartReducer(two, act('decrease', '7', false, { minimum: 6 }))).toEqual(EMPTY_CART);
  });

  it('set puts the quantity typed, kept between the minimum and the most a cart may hold', () => {
    const cart = run(act('add', '7', false, { minimum: 6 }));
    const set = (quantity: number) =>
      cartReducer(cart, act('set', '7', false, { minimum: 6, quantity })).quantity['7'];
    expect(set(24)).toBe(24);
    expect(set(2)).toBe(6);
    expect(set(0)).toBe(6);
    expect(set(MAX_CART_QUANTITY + 1)).toBe(MAX_CART_QUANTITY);
    expect(cartReducer(cart, act('set', '7', true, { quantity: 24 })).quantity['7']).toBe(1);
  });

  it('set changes nothing for an item not in the cart or a quantity that is not a whole number', () => {
    const cart = run(act('add', '7'));
    expect(cartReducer(cart, act('set', '8', false, { quantity: 3 }))).toBe(cart);
    for (const quantity of [undefined, 2.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(cartReducer(cart, act('set', '7', false, { quantity }))).toBe(cart);
    }
  });

  it('never changes the state it was given', () => {
    const cart = run(act('add', '7'), act('add', '8'));
    const copy = structuredClone(cart);
    for (const type of CART_ACTION_TYPES) cartReducer(cart, act(type, '7'));
    expect(cart).toEqual(copy);
  });

  it('counts items as units across lines', () => {
    const cart = run(act('add', '7'), act('add', '7'), act('add', '8'));
    expect(cartItemCount(cart)).toBe(3);
    expect(cartQuantityOf(cart, '7')).toBe(2);
    expect(cartQuantityOf(cart, '9')).toBe(0);
    expect(cartQuantityOf(cart, 'constructor')).toBe(0);
  });
});

describe('cartReducer over any sequence of actions', () => {
  const anyAction = fc.record({
    type: fc.constantFrom(...CART_ACTION_TYPES),
    id: fc.constantFrom('1', '2', '3', '4'),
    isUnique: fc.boolean(),
    minimum: fc.option(fc.integer({ min: 1, max: 8 }), { nil: undefined }),
    quantity: fc.option(fc.integer({ min: -2, max: MAX_CART_QUANTITY + 2 }), { nil: undefined }),
  });
  type AnyAction = Omit<CartAction, 'product'>;
  const toAction = ({ type, id, isUnique, minimum, quantity }: AnyAction) =>
    act(type, id, isUnique, { minimum, quantity });

  it('keeps ids, products and quantities in step, with whole quantities in range', () => {
    fc.assert(
      fc.property(fc.array(anyAction, { maxLength: 60 }), (actions) => {
        const cart = run(...actions.map(toAction));
        expect(new Set(cart.addedIds).size).toBe(cart.addedIds.length);
        expect(cart.products.map((p) => p.objectID)).toEqual(cart.addedIds);
        expect(Object.keys(cart.quantity).sort()).toEqual([...cart.addedIds].sort());
        for (const id of cart.addedIds) {
          const quantity = cart.quantity[id]!;
          expect(Number.isInteger(quantity) && quantity >= 1).toBe(true);
          expect(quantity).toBeLessThanOrEqual(MAX_CART_QUANTITY);
        }
      }),
    );
  });

  it('only ever holds what a stored cart may hold: saving and reading it back changes nothing', () => {
    fc.assert(
      fc.property(fc.array(anyAction, { maxLength: 60 }), (actions) => {
        const cart = run(...actions.map(toAction));
        expect(readStoredCart(JSON.stringify(cart))).toEqual({ cart, discarded: false });
      }),
    );
  });

  it('matches a simple count: adds and increases up, decreases down, remove to zero', () => {
    fc.assert(
      fc.property(fc.array(anyAction, { maxLength: 60 }), (actions) => {
        const expected = new Map<string, number>();
        let cart = EMPTY_CART;
        for (const action of actions) {
          const { type, id, isUnique, quantity } = action;
          cart = cartReducer(cart, toAction(action));
          const before = expected.get(id) ?? 0;
          const minimum = isUnique ? 1 : (action.minimum ?? 1);
          const up = Math.min(Math.max(before + 1, minimum), MAX_CART_QUANTITY);
          const after = {
            add: isUnique ? 1 : before === 0 ? minimum : up,
            increase: before === 0 ? 0 : up,
            decrease: before <= minimum ? 0 : before - 1,
            remove: 0,
            set:
              before === 0 || quantity === undefined
                ? before
                : isUnique
                  ? 1
                  : Math.min(Math.max(quantity, minimum), MAX_CART_QUANTITY),
          }[type];
          if (after === 0) expected.delete(id);
          else expected.set(id, after);
        }
        expect(Object.fromEntries(expected)).toEqual(cart.quantity);
      }),
    );
  });
});

describe('parseStoredCart', () => {
  const stored = (quantity: unknown, overrides: Partial<ProductHit> = {}) => ({
    addedIds: ['7', '8'],
    products: [product('7', overrides), product('8')],
    quantity: { '7': quantity, '8': 2 },
  });
  const keptIds = (value: unknown) => parseStoredCart(value).cart.addedIds;

  it('reads back a well-formed cart as it was', () => {
    const cart = run(act('add', '7'), act('add', '8'), act('add', '8'));
    expect(parseStoredCart(JSON.parse(JSON.stringify(cart)))).toEqual({ cart, discarded: false });
  });

  it('reads nothing stored as an empty cart, with nothing discarded', () => {
    expect(readStoredCart(null)).toEqual({ cart: EMPTY_CART, discarded: false });
  });

  it.each([
    ['negative', -1],
    ['zero', 0],
    ['fractional', 1.5],
    ['huge', MAX_CART_QUANTITY + 1],
    ['beyond safe integers', 2 ** 60],
    ['infinite (as JSON reads 1e999)', Infinity],
    ['text', '3'],
    ['missing', undefined],
    ['null', null],
  ])('drops a line whose quantity is %s, and keeps the others', (_label, quantity) => {
    const reading = parseStoredCart(stored(quantity));
    expect(reading.cart).toEqual({
      addedIds: ['8'],
      products: [product('8')],
      quantity: { '8': 2 },
    });
    expect(reading.discarded).toBe(true);
  });

  it('reads 1e999 in stored text as a huge quantity and drops that line', () => {
    const text = JSON.stringify(stored(1)).replace('"7":1', '"7":1e999');
    expect(readStoredCart(text).cart.addedIds).toEqual(['8']);
  });

  it('keeps the largest quantity a cart may hold', () => {
    expect(parseStoredCart(stored(MAX_CART_QUANTITY)).cart.quantity['7']).toBe(MAX_CART_QUANTITY);
  });

  it.each([
    [
      'a price in fractions of a cent',
      { retailPricing: [{ price_per_unit: 9.5, minimum_unit_count_for_price: 1 }] },
    ],
    [
      'a negative price',
      { retailPricing: [{ price_per_unit: -900, minimum_unit_count_for_price: 1 }] },
    ],
    [
      'a tier minimum of 0',
      { wholesalePricing: [{ price_per_unit: 500, minimum_unit_count_for_price: 0 }] },
    ],
    [
      'a price as text',
      { retailPricing: [{ price_per_unit: '9.00', minimum_unit_count_for_price: 1 }] },
    ],
    ['tiers that are not a list', { retailPricing: { price_per_unit: 900 } }],
    ['no producer', { producedByBusinessId: undefined }],
    ['a producer id of 0', { producedByBusinessId: 0 }],
    ['a name that is not text', { name: 42 }],
    ['a fulfillment flag as text', { fulfillment_ship_retail: 'true' }],
    ['a location off the globe', { _geoloc: { lat: 123, lng: 0 } }],
    ['states that are not text', { ship_to_states: [6] }],
    ['another objectID than its id', { objectID: '9' }],
  ])('drops a line whose product has %s', (_label, overrides) => {
    expect(keptIds(stored(1, overrides as Partial<ProductHit>))).toEqual(['8']);
  });

  it('drops an id listed twice after its first place, and ids that are not product ids', () => {
    const value = {
      addedIds: ['7', '7', 7, '07', '', null, '8'],
      products: [product('7'), product('8')],
      quantity: { '7': 1, '8': 1 },
    };
    expect(keptIds(value)).toEqual(['7', '8']);
    expect(parseStoredCart(value).discarded).toBe(true);
  });

  it('keeps keys such as __proto__ out of the cart and out of every object’s prototype', () => {
    const text = JSON.stringify({
      addedIds: ['__proto__', 'constructor', '7'],
      products: [product('7')],
      quantity: { '7': 1, constructor: 1 },
    }).replace('"quantity":{', '"quantity":{"__proto__":{"polluted":1},');
    const { cart } = readStoredCart(text);
    expect(cart.addedIds).toEqual(['7']);
    expect(Object.keys(cart.quantity)).toEqual(['7']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('drops products and quantities of ids that are not in the list', () => {
    const value = {
      addedIds: ['7'],
      products: [product('7'), product('8')],
      quantity: { '7': 1, '8': 4 },
    };
    const reading = parseStoredCart(value);
    expect(reading.cart).toEqual({
      addedIds: ['7'],
      products: [product('7')],
      quantity: { '7': 1 },
    });
    expect(reading.discarded).toBe(true);
  });

  it('drops ids without a product or without a quantity', () => {
    expect(
      keptIds({ addedIds: ['7', '8'], products: [product('8')], quantity: { '7': 1, '8': 1 } }),
    ).toEqual(['8']);
    expect(
      keptIds({
        addedIds: ['7', '8'],
        products: [product('7'), product('8')],
        quantity: { '8': 1 },
      }),
    ).toEqual(['8']);
  });

  it('keeps only what a product hit holds, leaving extra fields behind', () => {
    const withExtras = {
      ...product('7'),
      _highlightResult: { name: '<mark>x</mark>' },
      __position: 3,
    };
    const reading = parseStoredCart({
      addedIds: ['7'],
      products: [withExtras],
      quantity: { '7': 1 },
    });
    expect(reading.cart.products).toEqual([product('7')]);
  });

  it('keeps at most the most lines a cart may hold', () => {
    const ids = Array.from({ length: MAX_CART_LINES + 5 }, (_, i) => String(i + 1));
    const value = {
      addedIds: ids,
      products: ids.map((id) => product(id)),
      quantity: Object.fromEntries(ids.map((id) => [id, 1])),
    };
    const reading = parseStoredCart(value);
    expect(reading.cart.addedIds).toEqual(ids.slice(0, MAX_CART_LINES));
    expect(reading.discarded).toBe(true);
  });

  it.each([
    ['a list', []],
    ['text', 'cart'],
    ['a number', 5],
    ['an object of another shape', { items: [{ id: '7', qty: 1 }] }],
    ['lists that are not lists', { addedIds: '7', products: {}, quantity: [] }],
  ])('reads %s as an empty cart, saying something was discarded', (_label, value) => {
    expect(parseStoredCart(value)).toEqual({ cart: EMPTY_CART, discarded: true });
  });

  it('reads text that is not JSON as an empty cart', () => {
    expect(readStoredCart('{"addedIds": [')).toEqual({ cart: EMPTY_CART, discarded: true });
  });

  it('never returns more than it was given, whatever it was given', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const { cart } = parseStoredCart(value);
        expect(cart.products.map((p) => p.objectID)).toEqual(cart.addedIds);
        for (const id of cart.addedIds) {
          const quantity = cart.quantity[id]!;
          expect(Number.isInteger(quantity) && quantity >= 1 && quantity <= MAX_CART_QUANTITY).toBe(
            true,
          );
        }
      }),
    );
  });
});

describe('toCartProduct', () => {
  it('copies a product hit field by field', () => {
    const hit = product('7');
    const copy = toCartProduct(hit);
    expect(copy).toEqual(hit);
    expect(copy).not.toBe(hit);
    expect(copy!.retailPricing).not.toBe(hit.retailPricing);
  });

  it('refuses something that is not a product hit', () => {
    expect(toCartProduct(null)).toBeNull();
    expect(toCartProduct({ objectID: '7' })).toBeNull();
  });
});
