import { NumberInput } from '@mantine/core';
import { useState, type Ref } from 'react';
import { clampQuantity } from '../lib/cart-quantity';

interface QuantityFieldProps {
  /** The product's name: the field is "Quantity of <name>". */
  name: string;
  quantity: number;
  /** The fewest units the buyer may keep (the lowest tier's minimum). */
  min: number;
  /** The most: the cart's limit, or the stock when it is lower. */
  max: number;
  onCommit: (quantity: number) => void;
  inputRef?: Ref<HTMLInputElement>;
  /** Marks the input, so that focus can be sent to it after a line beside it goes. */
  dataAttributes?: Record<`data-${string}`, string>;
}

/**
 * The typed quantity of a cart line. It commits on blur or Enter, not on every keystroke (typing
 * "24" would otherwise put 2 in the cart first), kept between min and max; what cannot be read
 * as a number puts back the quantity the cart holds.
 */
export function QuantityField(props: QuantityFieldProps) {
  const { name, quantity, min, max, onCommit, inputRef, dataAttributes } = props;
  const [draft, setDraft] = useState<string | number>(quantity);
  // A change from elsewhere (+, −, another tab) replaces what is in the field.
  const [shown, setShown] = useState(quantity);
  if (shown !== quantity) {
    setShown(quantity);
    setDraft(quantity);
  }

  const commit = () => {
    const next = clampQuantity(draft, min, max);
    setDraft(next ?? quantity);
    if (next !== null && next !== quantity) onCommit(next);
  };

  return (
    <NumberInput
      aria-label={`Quantity of ${name}`}
      value={draft}
      onChange={setDraft}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          commit();
        }
      }}
      min={min}
      max={max}
      clampBehavior="none"
      allowDecimal={false}
      allowNegative={false}
      hideControls
      w={76}
      styles={{ input: { textAlign: 'center', fontWeight: 600 } }}
      ref={inputRef}
      {...dataAttributes}
    />
  );
}
