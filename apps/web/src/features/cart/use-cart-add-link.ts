import { cartQuantityOf, toCartProduct } from '@bevy/core';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { cartStore } from '../../lib/cart-store';
import { useSearchClient } from '../../lib/search-client';
import { dispatchCartAction } from '../../lib/use-cart';
import { useMe } from '../../lib/use-me';
import { parseCartAddLink, planCartAdd, withoutAddParams } from './cart-add-link';

export interface CartAddNotice {
  tone: 'success' | 'warning';
  message: string;
}

/**
 * Handles `/cart?add={id}&qty={n}` once: takes `add` and `qty` out of the address at once
 * (replacing the history entry), then adds the product as this buyer's search key sees it and
 * says what happened. A bad or unknown id is reported, never thrown.
 */
export function useCartAddLink() {
  const location = useLocation();
  const navigate = useNavigate();
  const client = useSearchClient();
  const { me } = useMe();
  const [pending, setPending] = useState<{ productId: string; quantity: number } | null>(null);
  const [notice, setNotice] = useState<CartAddNotice | null>(null);
  const handledKey = useRef<string | null>(null);

  useEffect(() => {
    if (handledKey.current === location.key) return;
    handledKey.current = location.key;
    const search = new URLSearchParams(location.search);
    const link = parseCartAddLink(search);
    if (link.kind === 'none') return;
    void navigate(
      { pathname: location.pathname, search: withoutAddParams(search), hash: location.hash },
      { replace: true },
    );
    if (link.kind === 'invalid') setNotice({ tone: 'warning', message: link.message });
    else setPending({ productId: link.productId, quantity: link.quantity });
  }, [location, navigate]);

  const started = useRef<object | null>(null);
  useEffect(() => {
    if (!pending || !client || started.current === pending) return;
    started.current = pending;
    setPending(null);
    const add = async () => {
      const hit = await client.getProduct(pending.productId);
      const product = hit ? toCartProduct(hit) : null;
      if (!product) {
        return setNotice({
          tone: 'warning',
          message: 'That product is not for sale any more, so nothing was added.',
        });
      }
      const tiers =
        me?.seesWholesalePricing && product.wholesalePricing.length > 0
          ? product.wholesalePricing
          : product.retailPricing;
      if (tiers.length === 0) {
        return setNotice({
          tone: 'warning',
          message: `${product.name} has no price for you, so it was not added.`,
        });
      }
      const state = cartStore().getState();
      if (state.status !== 'ready') return;
      const plan = planCartAdd(state.cart, product, tiers, pending.quantity);
      for (const action of plan.actions) dispatchCartAction(action);
      const after = cartStore().getState();
      const held = after.status === 'ready' ? cartQuantityOf(after.cart, product.objectID) : 0;
      setNotice(
        held > 0
          ? { tone: 'success', message: `${product.name} is in your cart (${held}).` }
          : {
              tone: 'warning',
              message: `Your cart is full, so ${product.name} was not added.`,
            },
      );
    };
    add().catch(() =>
      setNotice({
        tone: 'warning',
        message: 'We could not reach the shop to add that product. Please try again.',
      }),
    );
  }, [pending, client, me]);

  return { notice, dismiss: () => setNotice(null) };
}
