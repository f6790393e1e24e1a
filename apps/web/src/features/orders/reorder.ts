import {
  cartQuantityOf,
  toCartProduct,
  type CartAction,
  type CartState,
  type ProductHit,
} from '@bevy/core';

/** What "Order again" needs of an order's line. */
export interface ReorderLine {
  productId: number | null;
  productName: string;
  quantity: number;
}

export interface ReorderPlan {
  /** Products still for sale, with the units to add. */
  add: { product: ProductHit; quantity: number }[];
  /** Names of products no longer for sale. */
  unavailable: string[];
}

/**
 * Which lines can go back into the cart: those whose product the catalog still has (`hits`,
 * by id). Lines of one product are added up.
 */
export function planReorder(lines: readonly ReorderLine[], hits: ReadonlyMap<string, ProductHit>) {
  const plan: ReorderPlan = { add: [], unavailable: [] };
  for (const line of lines) {
    const product = line.productId === null ? undefined : hits.get(String(line.productId));
    if (!product) {
      if (!plan.unavailable.includes(line.productName)) plan.unavailable.push(line.productName);
      continue;
    }
    const planned = plan.add.find((entry) => entry.product.objectID === product.objectID);
    if (planned) planned.quantity += line.quantity;
    else plan.add.push({ product, quantity: line.quantity });
  }
  return plan;
}

/** The cart actions that add `quantity` units of `product`: one add, then increases. */
export function addActions(product: ProductHit, quantity: number): CartAction[] {
  const action = (type: CartAction['type']): CartAction => ({
    type,
    id: product.objectID,
    product,
    isUnique: false,
  });
  return [
    action('add'),
    ...Array.from({ length: Math.max(0, quantity - 1) }, () => action('increase')),
  ];
}

/** Whether the cart took the product: it refuses new lines when full. */
export function cartHolds(cart: CartState, product: ProductHit): boolean {
  return cartQuantityOf(cart, product.objectID) > 0;
}

/** The hits of a search answer that are readable cart products, by id. */
export function cartProductsOf(hits: readonly unknown[]): Map<string, ProductHit> {
  const products = new Map<string, ProductHit>();
  for (const hit of hits) {
    const product = toCartProduct(hit);
    if (product) products.set(product.objectID, product);
  }
  return products;
}
