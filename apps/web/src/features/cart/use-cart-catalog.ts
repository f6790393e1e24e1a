import { useCallback, useEffect, useState } from 'react';
import { useClient } from 'urql';
import { describeError } from '../../lib/server-error';
import { useMe } from '../../lib/use-me';
import { CART_CATALOG } from './api/catalog';
import type { CartCatalog } from './cart-view';

interface Answer {
  /** Who asked and for which ids: a new answer is needed when either changes. */
  key: string;
  ids: string[];
  catalog: CartCatalog;
}

export interface CartCatalogState {
  catalog: CartCatalog | null;
  error: string | null;
  retry: () => void;
}

/**
 * The catalog as it is now for the products in the cart, priced for the signed-in buyer.
 * Removing lines asks for nothing new (the last answer covers what is left), so the page does
 * not flash back to loading while the buyer tidies their cart.
 */
export function useCartCatalog(ids: readonly string[]): CartCatalogState {
  const client = useClient();
  const { me, fetching: meFetching } = useMe();
  const viewer = me ? `${me.id}:${me.seesWholesalePricing}` : 'anonymous';
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [failure, setFailure] = useState<{ key: string; message: string } | null>(null);
  const [attempt, setAttempt] = useState(0);

  const covered =
    answer !== null &&
    answer.key.startsWith(`${viewer}|`) &&
    ids.every((id) => answer.ids.includes(id));
  // Until the user is known, their price list is not: wait rather than ask twice.
  const wanted = covered || meFetching || ids.length === 0 ? null : `${viewer}|${ids.join(',')}`;

  useEffect(() => {
    if (wanted === null) return;
    let current = true;
    const productIds = wanted.slice(wanted.indexOf('|') + 1).split(',');
    void client
      .query(CART_CATALOG, { productIds }, { requestPolicy: 'network-only' })
      .toPromise()
      .then((result) => {
        if (!current) return;
        if (result.error || !result.data) {
          setFailure({
            key: wanted,
            message: result.error
              ? describeError(result.error).message
              : 'We could not load your cart.',
          });
          return;
        }
        const { buyerKind, products } = result.data.cartCatalog;
        setFailure(null);
        setAnswer({
          key: wanted,
          ids: productIds,
          catalog: { buyerKind: buyerKind === 'wholesale' ? 'wholesale' : 'retail', products },
        });
      });
    return () => {
      current = false;
    };
  }, [client, wanted, attempt]);

  const retry = useCallback(() => {
    setFailure(null);
    setAttempt((n) => n + 1);
  }, []);

  return {
    catalog: covered ? answer.catalog : null,
    error: failure !== null && failure.key === wanted ? failure.message : null,
    retry,
  };
}
