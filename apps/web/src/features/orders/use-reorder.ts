import { LOCAL_STORAGE_UNAVAILABLE, type ProductHit } from '@bevy/core';
import type { SearchClient } from 'instantsearch.js';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { cartStore } from '../../lib/cart-store';
import { PRODUCT_INDEX, useSearchClient } from '../../lib/search-client';
import { dispatchCartAction } from '../../lib/use-cart';
import { addActions, cartHolds, cartProductsOf, planReorder, type ReorderLine } from './reorder';

/** The most hits one search request may ask for (the search endpoint's limit). */
const HITS_PER_PAGE = 1000;

interface SearchAnswer {
  hits: unknown[];
  nbPages: number;
}

/**
 * The producer's products as the shop shows them to this buyer (the cart keeps search hits), for
 * the ids wanted: a product missing from the answer is no longer for sale.
 */
async function findProducts(
  client: SearchClient,
  slug: string,
  ids: ReadonlySet<string>,
): Promise<Map<string, ProductHit>> {
  const found = new Map<string, ProductHit>();
  for (let page = 0; ; page++) {
    const { results } = await client.search([
      {
        indexName: PRODUCT_INDEX,
        params: {
          query: '',
          filters: `slug:${JSON.stringify(slug)}`,
          hitsPerPage: HITS_PER_PAGE,
          page,
          attributesToHighlight: [],
        },
      },
    ]);
    const answer = results[0] as unknown as SearchAnswer | undefined;
    if (!answer) break;
    for (const [id, product] of cartProductsOf(answer.hits)) {
      if (ids.has(id)) found.set(id, product);
    }
    if (found.size === ids.size || page + 1 >= answer.nbPages) break;
  }
  return found;
}

export interface ReorderOutcome {
  /** Names of the products that could not go back into the cart, and why. */
  unavailable: string[];
  /** Names of products left out because the cart is full. */
  cartFull: string[];
  added: number;
}

export interface Reorderable {
  id: number;
  businessSlug: string;
  lines: readonly ReorderLine[];
}

/**
 * "Order again": puts each line's product back into the cart with the line's quantity, through
 * the cart's own actions, then opens the cart (which prices everything afresh). When something
 * could not be added, the page says what instead of leaving at once.
 */
export function useReorder() {
  const client = useSearchClient();
  const navigate = useNavigate();
  const [busyOrder, setBusyOrder] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<{ orderId: number; result: ReorderOutcome } | null>(null);
  const [error, setError] = useState<{ orderId: number; message: string } | null>(null);

  const reorder = async (order: Reorderable) => {
    if (!client || busyOrder !== null) return;
    setBusyOrder(order.id);
    setOutcome(null);
    setError(null);
    try {
      if (cartStore().getState().status !== 'ready') throw new Error(LOCAL_STORAGE_UNAVAILABLE);
      const ids = new Set(
        order.lines.flatMap((line) => (line.productId === null ? [] : [String(line.productId)])),
      );
      const hits = ids.size > 0 ? await findProducts(client, order.businessSlug, ids) : new Map();
      const plan = planReorder(order.lines, hits);
      const result: ReorderOutcome = { unavailable: plan.unavailable, cartFull: [], added: 0 };
      for (const { product, quantity } of plan.add) {
        for (const action of addActions(product, quantity)) dispatchCartAction(action);
        const state = cartStore().getState();
        if (state.status === 'ready' && cartHolds(state.cart, product)) result.added++;
        else result.cartFull.push(product.name);
      }
      if (result.unavailable.length === 0 && result.cartFull.length === 0) {
        void navigate('/cart');
        return;
      }
      setOutcome({ orderId: order.id, result });
    } catch (failure) {
      setError({
        orderId: order.id,
        message:
          failure instanceof Error && failure.message === LOCAL_STORAGE_UNAVAILABLE
            ? 'Your browser does not let this site keep a cart (localStorage is not available).'
            : 'We could not check which products are still for sale. Please try again.',
      });
    } finally {
      setBusyOrder(null);
    }
  };

  return {
    reorder,
    /** False until the search client is ready. */
    ready: client !== null,
    busyOrder,
    outcome,
    error,
    dismiss: () => {
      setOutcome(null);
      setError(null);
    },
  };
}
