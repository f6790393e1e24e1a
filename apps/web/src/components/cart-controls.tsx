import {
  formatCents,
  MAX_CART_QUANTITY,
  quantityRange,
  tierForQuantity,
  toCartProduct,
  type CartActionType,
  type PriceTier,
  type ProductHit,
} from '@bevy/core';
import { Button, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconMinus, IconPlus, IconTrash } from '@tabler/icons-react';
import { dispatchCartAction, useCartQuantity } from '../lib/use-cart';

interface CartControlsProps {
  product: ProductHit;
  /** The buyer's price list for this product. */
  tiers: readonly PriceTier[];
  /** False when the product cannot reach the buyer the way they chose: it cannot be added. */
  canAdd: boolean;
}

const units = (count: number) => `${count} ${count === 1 ? 'unit' : 'units'}`;

/**
 * A tile's cart controls (spec section 4): 'Add to Cart' gives 1, then minus, plus and a trash
 * icon, with the unit price of the tier the quantity reaches.
 */
export function CartControls({ product, tiers, canAdd }: CartControlsProps) {
  const quantity = useCartQuantity(product.objectID);
  const name = product.name;

  const act = (type: CartActionType) => {
    // The cart keeps the product itself, not the search's highlighting around it.
    const clean = toCartProduct(product);
    if (!clean) {
      console.error(`Product ${product.objectID} is not a readable product hit`, product);
      return;
    }
    dispatchCartAction({ type, id: clean.objectID, product: clean, isUnique: false });
  };

  if (!quantity) {
    if (!canAdd) return null;
    return (
      <Button
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
  const minimum = quantityRange(tiers)?.min ?? 1;
  return (
    <Stack gap={4} mt="xs">
      <Group gap="xs" wrap="nowrap">
        {/* Buttons rather than ActionIcons: the shop already loads Button. */}
        <Button
          variant="default"
          px={8}
          onClick={() => act('decrease')}
          aria-label={`Decrease quantity of ${name}`}
        >
          <IconMinus size={18} aria-hidden />
        </Button>
        <Text fw={600} miw="5ch" ta="center" aria-live="polite">
          {quantity}
          <VisuallyHidden> of {name} in your cart</VisuallyHidden>
        </Text>
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
      <Text fz="sm" c={tier ? undefined : 'red.9'}>
        {tier ? `${formatCents(tier.price_per_unit)} per unit` : `Order at least ${units(minimum)}`}
      </Text>
    </Stack>
  );
}
