import {
  formatCents,
  MAX_CART_QUANTITY,
  tierForQuantity,
  toCartProduct,
  type CartAction,
  type PriceTier,
  type ProductHit,
} from '@bevy/core';
import { Button, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconMinus, IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { lowestMinimum } from '../lib/cart-quantity';
import { dispatchCartAction, useCartQuantity } from '../lib/use-cart';
import { QuantityField } from './quantity-field';

interface CartControlsProps {
  product: ProductHit;
  /** The buyer's price list for this product. */
  tiers: readonly PriceTier[];
  /** False when the product cannot reach the buyer the way they chose: it cannot be added. */
  canAdd: boolean;
}

const units = (count: number) => `${count} ${count === 1 ? 'unit' : 'units'}`;

/** The control that takes over from the one pressed when the controls change shape. */
type FocusTarget = 'quantity' | 'add';

/**
 * A tile's cart controls (spec section 4): 'Add to Cart' gives the lowest tier's minimum, then
 * minus, a typed quantity, plus and a trash icon, with the unit price of the tier the quantity
 * reaches. Minus at the minimum removes the product rather than leave it without a price.
 */
export function CartControls({ product, tiers, canAdd }: CartControlsProps) {
  const quantity = useCartQuantity(product.objectID);
  const name = product.name;
  const minimum = lowestMinimum(tiers);
  const addButton = useRef<HTMLButtonElement>(null);
  const quantityInput = useRef<HTMLInputElement>(null);
  // Adding and removing swap the button pressed for other controls: the keyboard must not fall
  // back to the page's start.
  const focusAfterChange = useRef<FocusTarget | null>(null);
  useEffect(() => {
    const target = focusAfterChange.current;
    if (!target) return;
    focusAfterChange.current = null;
    (target === 'add' ? addButton : quantityInput).current?.focus();
  }, [quantity]);

  const act = (type: CartAction['type'], typed?: number) => {
    // The cart keeps the product itself, not the search's highlighting around it.
    const clean = toCartProduct(product);
    if (!clean) {
      console.error(`Product ${product.objectID} is not a readable product hit`, product);
      return;
    }
    const removes = type === 'remove' || (type === 'decrease' && (quantity ?? 0) <= minimum);
    if (type === 'add') focusAfterChange.current = 'quantity';
    else if (removes) focusAfterChange.current = 'add';
    dispatchCartAction({
      type,
      id: clean.objectID,
      product: clean,
      isUnique: false,
      minimum,
      quantity: typed,
    });
  };

  if (!quantity) {
    if (!canAdd) return null;
    return (
      <Button
        ref={addButton}
        onClick={() => act('add')}
        // Without local storage there is no cart; the header says why.
        disabled={quantity === null}
        mt="xs"
      >
        Add to Cart
        <VisuallyHidden> {name}</VisuallyHidden>
      </Button>
    );
  }

  const tier = tierForQuantity(tiers, quantity);
  const atMinimum = quantity <= minimum;
  return (
    <Stack gap={4} mt="xs">
      <Group gap="xs" wrap="nowrap">
        {/* Buttons rather than ActionIcons: the shop already loads Button. */}
        <Button
          variant="default"
          px={8}
          onClick={() => act('decrease')}
          aria-label={
            atMinimum
              ? `Decrease quantity of ${name}: removes it from your cart`
              : `Decrease quantity of ${name}`
          }
        >
          <IconMinus size={18} aria-hidden />
        </Button>
        <QuantityField
          name={name}
          quantity={quantity}
          min={minimum}
          max={MAX_CART_QUANTITY}
          onCommit={(typed) => act('set', typed)}
          inputRef={quantityInput}
        />
        <Button
          variant="default"
          px={8}
          onClick={() => act('increase')}
          disabled={quantity >= MAX_CART_QUANTITY}
          aria-label={`Increase quantity of ${name}`}
        >
          <IconPlus size={18} aria-hidden />
        </Button>
        <Button
          variant="subtle"
          color="red.9"
          px={8}
          onClick={() => act('remove')}
          aria-label={`Remove ${name} from cart`}
        >
          <IconTrash size={18} aria-hidden />
        </Button>
      </Group>
      <VisuallyHidden aria-live="polite">
        {quantity} of {name} in your cart
      </VisuallyHidden>
      <Text fz="sm" c={tier ? undefined : 'red.9'}>
        {tier ? `${formatCents(tier.price_per_unit)} per unit` : `Order at least ${units(minimum)}`}
      </Text>
    </Stack>
  );
}
