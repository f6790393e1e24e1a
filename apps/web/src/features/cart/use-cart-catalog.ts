import type { CartState, TicketCartLine } from '@bevy/core/cart';
import { useCallback, useEffect, useState } from 'react';
import { useClient } from 'urql';
import { describeError } from '../../lib/server-error';
import { useMe } from '../../lib/use-me';
import { CART_CATALOG, CART_TICKETS } from './api/catalog';
import type { CartCatalog } from './cart-view';

interface Answer {
  /** Who asked and for which ids: a new answer is needed when either changes. */
  key: string;
  ids: string[];
  ticketTypeIds: number[];
  catalog: CartCatalog;
}

/** The cart's ticket lines as the catalog query needs them. */
export const ticketLinesOf = (cart: CartState): readonly TicketCartLine[] => cart.tickets ?? [];

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
export function useCartCatalog(
  ids: readonly string[],
  ticketLines: readonly Pick<TicketCartLine, 'ticketTypeId' | 'eventUrlKey'>[] = [],
): CartCatalogState {
  const ticketTypeIds = ticketLines.map((line) => line.ticketTypeId);
  // The keys of the pages the tickets came from: an unlisted event answers only with its own.
  const eventUrlKeys = [...new Set(ticketLines.map((line) => line.eventUrlKey))].sort();
  const client = useClient();
  const { me, fetching: meFetching } = useMe();
  const viewer = me ? `${me.id}:${me.seesWholesalePricing}` : 'anonymous';
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [failure, setFailure] = useState<{ key: string; message: string } | null>(null);
  const [attempt, setAttempt] = useState(0);

  const covered =
    answer !== null &&
    answer.key.startsWith(`${viewer}|`) &&
    ids.every((id) => answer.ids.includes(id)) &&
    ticketTypeIds.every((id) => answer.ticketTypeIds.includes(id));
  const empty = ids.length === 0 && ticketTypeIds.length === 0;
  // Until the user is known, their price list is not: wait rather than ask twice.
  const wanted =
    covered || meFetching || empty
      ? null
      : `${viewer}|${ids.join(',')}|${ticketTypeIds.join(',')}|${eventUrlKeys.join(',')}`;

  useEffect(() => {
    if (wanted === null) return;
    let current = true;
    const [, productList = '', ticketList = '', keyList = ''] = wanted.split('|');
    const productIds = productList ? productList.split(',') : [];
    const ticketTypeIds = ticketList ? ticketList.split(',').map(Number) : [];
    const options = { requestPolicy: 'network-only' } as const;
    void Promise.all([
      client.query(CART_CATALOG, { productIds }, options).toPromise(),
      ticketTypeIds.length > 0
        ? client
            .query(
              CART_TICKETS,
              { ticketTypeIds, eventUrlKeys: keyList ? keyList.split(',') : [] },
              options,
            )
            .toPromise()
        : Promise.resolve(null),
    ]).then(([result, ticketsResult]) => {
      if (!current) return;
      const error = result.error ?? ticketsResult?.error;
      if (error || !result.data || (ticketsResult && !ticketsResult.data)) {
        setFailure({
          key: wanted,
          message: error ? describeError(error).message : 'We could not load your cart.',
        });
        return;
      }
      const { buyerKind, products } = result.data.cartCatalog;
      const tickets = ticketsResult?.data?.cartTickets ?? [];
      setFailure(null);
      setAnswer({
        key: wanted,
        ids: productIds,
        ticketTypeIds,
        catalog: {
          buyerKind: buyerKind === 'wholesale' ? 'wholesale' : 'retail',
          products,
          tickets,
        },
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
