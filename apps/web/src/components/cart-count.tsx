import { LOCAL_STORAGE_UNAVAILABLE } from '@bevy/core/cart';
import { Badge, VisuallyHidden } from '@mantine/core';
import { useCartItemCount } from '../lib/use-cart';

/** The header cart link's count: units in the cart, or '!' when there can be no cart. */
export function CartCount() {
  const count = useCartItemCount();
  if (count === null) {
    return (
      <>
        <Badge color="red.9" circle aria-hidden>
          !
        </Badge>
        <VisuallyHidden>: {LOCAL_STORAGE_UNAVAILABLE}</VisuallyHidden>
      </>
    );
  }
  return (
    <>
      <Badge
        color="wine.8"
        variant={count > 0 ? 'filled' : 'light'}
        c={count > 0 ? undefined : 'dark.8'}
        circle={count < 10}
        aria-hidden
      >
        {count.toLocaleString('en-US')}
      </Badge>
      <VisuallyHidden>
        , {count} {count === 1 ? 'item' : 'items'}
      </VisuallyHidden>
    </>
  );
}
