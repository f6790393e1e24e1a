import { MAX_CART_QUANTITY, type CartAction } from '@bevy/core';
import { ActionIcon, Group } from '@mantine/core';
import { IconMinus, IconPlus, IconTrash } from '@tabler/icons-react';
import { QuantityField } from '../../components/quantity-field';
import { highestQuantity } from '../../lib/cart-quantity';
import { dispatchCartAction } from '../../lib/use-cart';
import { LINE_QUANTITY_ATTRIBUTE, removeLineKeepingFocus } from './cart-focus';
import type { CartLine } from './cart-view';

/** Sends one of the cart's actions for a line, with the line's minimum. */
export function actOnLine(line: CartLine, type: CartAction['type'], quantity?: number): void {
  const dispatch = () =>
    dispatchCartAction({
      type,
      id: line.id,
      product: line.product,
      isUnique: false,
      minimum: line.minimum,
      quantity,
    });
  const removes = type === 'remove' || (type === 'decrease' && line.quantity <= line.minimum);
  if (removes) removeLineKeepingFocus(line.id, dispatch);
  else dispatch();
}

/** A cart line's minus, typed quantity, plus and remove. Minus at the minimum removes the line. */
export function LineQuantity({ line }: { line: CartLine }) {
  const max = Math.min(highestQuantity(line.stockCount), MAX_CART_QUANTITY);
  const atMinimum = line.quantity <= line.minimum;
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon
        variant="default"
        onClick={() => actOnLine(line, 'decrease')}
        aria-label={
          atMinimum
            ? `Decrease quantity of ${line.name}: removes it from your cart`
            : `Decrease quantity of ${line.name}`
        }
      >
        <IconMinus size={16} aria-hidden />
      </ActionIcon>
      <QuantityField
        name={line.name}
        quantity={line.quantity}
        min={line.minimum}
        max={max}
        onCommit={(typed) => actOnLine(line, 'set', typed)}
        dataAttributes={{ [LINE_QUANTITY_ATTRIBUTE]: line.id }}
      />
      <ActionIcon
        variant="default"
        onClick={() => actOnLine(line, 'increase')}
        disabled={line.quantity >= Math.max(max, line.minimum)}
        aria-label={`Increase quantity of ${line.name}`}
      >
        <IconPlus size={16} aria-hidden />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="red.9"
        onClick={() => actOnLine(line, 'remove')}
        aria-label={`Remove ${line.name} from cart`}
      >
        <IconTrash size={16} aria-hidden />
      </ActionIcon>
    </Group>
  );
}
