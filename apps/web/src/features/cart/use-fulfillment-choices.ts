import { FULFILLMENT_MODES, type FulfillmentMode } from '@bevy/core';
import { useCallback, useEffect, useState } from 'react';

/** Where the cart page keeps the buyer's ZIP code and fulfillment choices, for checkout to use. */
export const FULFILLMENT_CHOICES_KEY = 'cart-fulfillment';

export interface FulfillmentChoices {
  zip: string;
  /** The chosen way per producer (business id). */
  modes: Record<string, FulfillmentMode>;
}

const NO_CHOICES: FulfillmentChoices = { zip: '', modes: {} };

const isMode = (value: unknown): value is FulfillmentMode =>
  (FULFILLMENT_MODES as readonly unknown[]).includes(value);

/** Choices read back from storage; anything unreadable is left out. */
export function parseFulfillmentChoices(text: string | null): FulfillmentChoices {
  let value: unknown;
  try {
    value = text === null ? null : JSON.parse(text);
  } catch {
    return NO_CHOICES;
  }
  if (typeof value !== 'object' || value === null) return NO_CHOICES;
  const { zip, modes } = value as { zip?: unknown; modes?: unknown };
  const chosen: Record<string, FulfillmentMode> = {};
  if (typeof modes === 'object' && modes !== null) {
    for (const [businessId, mode] of Object.entries(modes)) {
      if (/^[1-9]\d{0,9}$/.test(businessId) && isMode(mode)) chosen[businessId] = mode;
    }
  }
  return { zip: typeof zip === 'string' ? zip.slice(0, 10) : '', modes: chosen };
}

function readChoices(): FulfillmentChoices {
  try {
    return parseFulfillmentChoices(window.localStorage.getItem(FULFILLMENT_CHOICES_KEY));
  } catch {
    return NO_CHOICES;
  }
}

/** The buyer's ZIP code and fulfillment choices, kept across visits like the cart itself. */
export function useFulfillmentChoices() {
  const [choices, setChoices] = useState(readChoices);

  useEffect(() => {
    try {
      window.localStorage.setItem(FULFILLMENT_CHOICES_KEY, JSON.stringify(choices));
    } catch {
      // Without storage the choices last as long as the page; the cart page says why.
    }
  }, [choices]);

  const setZip = useCallback((zip: string) => setChoices((old) => ({ ...old, zip })), []);
  const setMode = useCallback(
    (businessId: number, mode: FulfillmentMode) =>
      setChoices((old) => ({ ...old, modes: { ...old.modes, [businessId]: mode } })),
    [],
  );
  return { choices, setZip, setMode };
}
