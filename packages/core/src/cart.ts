import type { ProductHit } from './product-hit';
import type { PriceTier } from './pricing';
import { readTicketLines, type TicketCartLine } from './ticket-cart';

export * from './ticket-cart';

/**
 * The cart (spec section 4, "Cart"): one list across producers, kept in the browser. Prices are
 * not the cart's business: it holds the product as it was when added, and the cart page and
 * checkout price every line from the server.
 */

/** Where the browser keeps the cart (spec section 9). */
export const CART_STORAGE_KEY = 'cart';
/** The spec's message when the browser cannot store the cart. */
export const LOCAL_STORAGE_UNAVAILABLE = 'localStorage is not available';
/** Units of one product a cart may hold; a stored cart asking for more is refused, not trimmed. */
export const MAX_CART_QUANTITY = 9_999;
/** Different products a cart may hold. */
export const MAX_CART_LINES = 100;

export interface CartState {
  /** Product ids in the order they were added. */
  addedIds: string[];
  /** The products as they were when added, one per id (`objectID`). */
  products: ProductHit[];
  /** Units wanted per id: a whole number from 1 to MAX_CART_QUANTITY. */
  quantity: Record<string, number>;
  /** Event tickets, beside the products; absent from carts stored before tickets. */
  tickets?: readonly TicketCartLine[];
}

export const CART_ACTION_TYPES = ['add', 'increase', 'decrease', 'remove', 'set'] as const;
export type CartActionType = (typeof CART_ACTION_TYPES)[number];

/** A cart action carries the id, the product and whether the item is unique (spec section 3). */
export interface CartAction {
  type: CartActionType;
  id: string;
  product: ProductHit;
  isUnique: boolean;
  /**
   * The fewest units the buyer's price list sells (its lowest tier's minimum); 1 when not given.
   * Below it a line has no price, so add starts there and decrease removes the line there.
   */
  minimum?: number;
  /** For 'set': the units the buyer typed. */
  quantity?: number;
}

export const EMPTY_CART: CartState = { addedIds: [], products: [], quantity: {} };

/** Product ids are the database's positive integer ids, as text. */
const CART_ID = /^[1-9]\d{0,14}$/;

export function isCartId(value: unknown): value is string {
  return typeof value === 'string' && CART_ID.test(value);
}

/** Units of `id` in the cart; 0 when it is not there. */
export function cartQuantityOf(cart: CartState, id: string): number {
  return Object.hasOwn(cart.quantity, id) ? (cart.quantity[id] ?? 0) : 0;
}

/** Units across every line: what the header's cart link counts. */
export function cartItemCount(cart: CartState): number {
  const tickets = (cart.tickets ?? []).reduce((sum, line) => sum + line.quantity, 0);
  return cart.addedIds.reduce((sum, id) => sum + cartQuantityOf(cart, id), tickets);
}

/** The stored product of a line. */
export function cartProductOf(cart: CartState, id: string): ProductHit | undefined {
  return cart.products.find((product) => product.objectID === id);
}

function withQuantity(cart: CartState, id: string, quantity: number): CartState {
  if (cart.quantity[id] === quantity) return cart;
  return { ...cart, quantity: { ...cart.quantity, [id]: quantity } };
}

function withoutLine(cart: CartState, id: string): CartState {
  if (!cart.addedIds.includes(id)) return cart;
  return {
    ...cart,
    addedIds: cart.addedIds.filter((added) => added !== id),
    products: cart.products.filter((product) => product.objectID !== id),
    quantity: Object.fromEntries(Object.entries(cart.quantity).filter(([key]) => key !== id)),
  };
}

/** The action's minimum as a whole number of units the cart can hold. */
function minimumOf(action: CartAction): number {
  const { minimum } = action;
  if (minimum === undefined || !Number.isSafeInteger(minimum) || minimum < 1) return 1;
  return Math.min(minimum, MAX_CART_QUANTITY);
}

/**
 * The cart's transitions, as spec section 4 gives them, with the price list's minimum: add puts
 * the id in the list only if absent and the product only if its objectID is absent, then starts
 * a new line at the minimum (1 unless the lowest tier asks for more) or adds 1 unit, or sets
 * exactly 1 for a unique item. Increase adds 1 (straight to the minimum for a line below it);
 * decrease takes 1 away, and at the minimum (or below) removes the item; remove drops id,
 * product and quantity; set puts the quantity typed, kept between the minimum and
 * MAX_CART_QUANTITY. Beyond the spec, so the cart can never hold what `parseStoredCart` would
 * refuse: an action whose id is not its product's, or on an item not in the cart (other than
 * add), or a set to something that is not a whole number, changes nothing; quantities stop at
 * MAX_CART_QUANTITY and new items at MAX_CART_LINES.
 */
export function cartReducer(cart: CartState, action: CartAction): CartState {
  const { id, product } = action;
  if (id !== product.objectID || !isCartId(id)) return cart;
  const current = cartQuantityOf(cart, id);
  const minimum = action.isUnique ? 1 : minimumOf(action);
  const countUp = () => Math.min(Math.max(current + 1, minimum), MAX_CART_QUANTITY);
  switch (action.type) {
    case 'add': {
      if (current === 0 && cart.addedIds.length >= MAX_CART_LINES) return cart;
      const quantity = action.isUnique ? 1 : current === 0 ? minimum : countUp();
      const listed = cart.addedIds.includes(id);
      const stored = cart.products.some((item) => item.objectID === product.objectID);
      if (listed && stored) return withQuantity(cart, id, quantity);
      return {
        ...cart,
        addedIds: listed ? cart.addedIds : [...cart.addedIds, id],
        products: stored ? cart.products : [...cart.products, product],
        quantity: { ...cart.quantity, [id]: quantity },
      };
    }
    case 'increase':
      return current === 0 ? cart : withQuantity(cart, id, countUp());
    case 'decrease':
      if (current === 0) return cart;
      return current <= minimum ? withoutLine(cart, id) : withQuantity(cart, id, current - 1);
    case 'remove':
      return withoutLine(cart, id);
    case 'set': {
      const wanted = action.quantity;
      if (current === 0 || wanted === undefined || !Number.isSafeInteger(wanted)) return cart;
      if (action.isUnique) return withQuantity(cart, id, 1);
      return withQuantity(cart, id, Math.min(Math.max(wanted, minimum), MAX_CART_QUANTITY));
    }
  }
}

/** Reads one field of untrusted data: its clean value, or undefined when it is malformed. */
type Reader<T> = (value: unknown) => T | undefined;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const readText: Reader<string> = (value) => (typeof value === 'string' ? value : undefined);
const readFlag: Reader<boolean> = (value) => (typeof value === 'boolean' ? value : undefined);
const readNumber: Reader<number> = (value) =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;
const readWhole =
  (min: number, max: number): Reader<number> =>
  (value) =>
    Number.isSafeInteger(value) && (value as number) >= min && (value as number) <= max
      ? (value as number)
      : undefined;

function nullable<T>(read: Reader<T>): Reader<T | null> {
  return (value) => (value === null ? null : read(value));
}

/** A list whose every entry reads; one bad entry spoils the list. */
function listOf<T>(read: Reader<T>): Reader<T[]> {
  return (value) => {
    if (!Array.isArray(value)) return undefined;
    const items: T[] = [];
    for (const entry of value) {
      const item = read(entry);
      if (item === undefined) return undefined;
      items.push(item);
    }
    return items;
  };
}

const readTier: Reader<PriceTier> = (value) => {
  if (!isRecord(value)) return undefined;
  const price_per_unit = readWhole(0, Number.MAX_SAFE_INTEGER)(value.price_per_unit);
  const minimum_unit_count_for_price = readWhole(
    1,
    Number.MAX_SAFE_INTEGER,
  )(value.minimum_unit_count_for_price);
  if (price_per_unit === undefined || minimum_unit_count_for_price === undefined) return undefined;
  return { price_per_unit, minimum_unit_count_for_price };
};

const readGeoloc: Reader<{ lat: number; lng: number }> = (value) => {
  if (!isRecord(value)) return undefined;
  const lat = readNumber(value.lat);
  const lng = readNumber(value.lng);
  if (lat === undefined || lng === undefined || Math.abs(lat) > 90 || Math.abs(lng) > 180) {
    return undefined;
  }
  return { lat, lng };
};

const readRadius = nullable(readWhole(0, 10_000));

/** Every field of a product hit; the mapped type makes a forgotten field a compile error. */
const PRODUCT_READERS: { [Field in keyof ProductHit]-?: Reader<ProductHit[Field]> } = {
  objectID: (value) => (isCartId(value) ? value : undefined),
  name: readText,
  short_description: readText,
  bottleImageUrl: nullable(readText),
  hasImage: readFlag,
  membersOnly: readFlag,
  productType: readText,
  producedBy: readText,
  producedByBusinessId: readWhole(1, Number.MAX_SAFE_INTEGER),
  businessName: readText,
  slug: readText,
  'Beverage Type': listOf(readText),
  'Produced By': readText,
  Varietal: nullable(readText),
  Vintage: nullable(readNumber),
  'Closure Style': nullable(readText),
  Format: nullable(readText),
  Volume: nullable(readNumber),
  ABV: nullable(readNumber),
  _geoloc: nullable(readGeoloc),
  fulfillment_allow_pickup_retail: readFlag,
  fulfillment_allow_pickup_wholesale: readFlag,
  fulfillment_deliver_retail: readFlag,
  fulfillment_deliver_wholesale: readFlag,
  fulfillment_ship_retail: readFlag,
  fulfillment_ship_wholesale: readFlag,
  fulfillment_deliver_retail_radius_miles: readRadius,
  fulfillment_deliver_wholesale_radius_miles: readRadius,
  ship_to_states: listOf(readText),
  retailPricing: listOf(readTier),
  wholesalePricing: listOf(readTier),
};

const PRODUCT_FIELDS = Object.keys(PRODUCT_READERS) as (keyof ProductHit)[];

/** Fields a hit may lack (carts stored before they existed): left out, never a reason to drop. */
const OPTIONAL_FIELDS: ReadonlySet<keyof ProductHit> = new Set(['membersOnly']);

/**
 * A clean copy of a product hit holding exactly its fields (a search hit's highlighting and
 * position are left behind), or null when any field is missing or malformed.
 */
export function toCartProduct(value: unknown): ProductHit | null {
  if (!isRecord(value)) return null;
  const product: Partial<Record<keyof ProductHit, unknown>> = {};
  for (const field of PRODUCT_FIELDS) {
    if (value[field] === undefined && OPTIONAL_FIELDS.has(field)) continue;
    const read = PRODUCT_READERS[field] as Reader<unknown>;
    const clean = read(value[field]);
    if (clean === undefined) return null;
    product[field] = clean;
  }
  return product as ProductHit;
}

export interface StoredCartReading {
  cart: CartState;
  /** Whether anything stored was left out as unreadable. */
  discarded: boolean;
}

/**
 * A cart read back from storage, which anyone can edit: only whole lines survive, each an id in
 * the list once, with a well-formed product of that objectID and a whole quantity from 1 to
 * MAX_CART_QUANTITY (negative, fractional, huge or missing quantities lose the line, never get
 * rounded into something the buyer did not ask for), at most MAX_CART_LINES of them.
 */
export function parseStoredCart(value: unknown): StoredCartReading {
  if (value === null || value === undefined) return { cart: EMPTY_CART, discarded: false };
  if (!isRecord(value)) return { cart: EMPTY_CART, discarded: true };
  const ids = Array.isArray(value.addedIds) ? value.addedIds : [];
  const products = Array.isArray(value.products) ? value.products : [];
  const quantities = isRecord(value.quantity) ? value.quantity : {};
  const readQuantity = readWhole(1, MAX_CART_QUANTITY);

  const cart: CartState = { addedIds: [], products: [], quantity: {} };
  for (const id of ids) {
    if (cart.addedIds.length === MAX_CART_LINES) break;
    if (!isCartId(id) || cart.addedIds.includes(id) || !Object.hasOwn(quantities, id)) continue;
    const quantity = readQuantity(quantities[id]);
    const product = toCartProduct(
      products.find((entry: unknown) => isRecord(entry) && entry.objectID === id),
    );
    if (quantity === undefined || !product) continue;
    cart.addedIds.push(id);
    cart.products.push(product);
    cart.quantity[id] = quantity;
  }
  const tickets = readTicketLines(value.tickets);
  if (tickets.lines.length > 0) cart.tickets = tickets.lines;
  const kept = cart.addedIds.length;
  const discarded =
    tickets.discarded ||
    !Array.isArray(value.addedIds) ||
    !Array.isArray(value.products) ||
    !isRecord(value.quantity) ||
    ids.length !== kept ||
    products.length !== kept ||
    Object.keys(quantities).length !== kept;
  return { cart, discarded };
}

/** The cart in storage's text (null when nothing is stored); unreadable JSON reads as empty. */
export function readStoredCart(text: string | null): StoredCartReading {
  if (text === null) return { cart: EMPTY_CART, discarded: false };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { cart: EMPTY_CART, discarded: true };
  }
  return parseStoredCart(value);
}
