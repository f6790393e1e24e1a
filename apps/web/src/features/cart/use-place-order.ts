import { placeOrderSchema } from '@bevy/core/checkout-schemas';
import { useCallback, useRef, useState } from 'react';
import { useClient, type CombinedError } from 'urql';
import { currentAttribution } from '../../lib/attribution';
import { describeError } from '../../lib/server-error';
import type { CartView } from './cart-view';
import {
  buyingBusinessErrors,
  endsAttempt,
  formErrorsOf,
  paysByCard,
  placeOrderInputOf,
  type CheckoutFormValues,
} from './checkout-form';
import { PLACE_ORDER } from './api/checkout';
import type { PlacedCheckout } from './placed-checkout';
import type { CreatePaymentMethod } from '../../components/stripe-payment';

/** Codes after which the cart itself needs a look, not the form. */
const CART_PROBLEMS = new Set(['SOLD_OUT', 'PRICE_CHANGED']);

/** The offline provider's card, typed into the form. */
const CARD = { kind: 'card' } as const;

const CARD_FORM_LOADING = 'The card form is still loading. Please try again.';

/** Where checkout stands; the page draws each state and nothing else. */
export type PlaceOrderState =
  | { status: 'idle' }
  /** Checking, turning the card into a payment method, or waiting for the server. */
  | { status: 'placing' }
  /** The card form has to accept the card before anything is sent: it is loading, or refused it. */
  | { status: 'needs-payment-confirmation'; message: string }
  | { status: 'placed'; checkout: PlacedCheckout }
  /**
   * Not placed, by the form's own checks (nothing was sent) or by the server. `message` is for
   * above the form (none when every problem is on a field); `reviewCart` when the cart itself
   * changed (sold out, new price).
   */
  | {
      status: 'refused';
      message: string | null;
      fields: Record<string, string>;
      reviewCart: boolean;
    }
  /**
   * No answer, or the first attempt is still settling: sending again resends the same attempt
   * (same idempotency key and payment method), which can never pay twice.
   */
  | { status: 'interrupted'; message: string };

export interface PlaceOrderOptions {
  /** The cart as checkout prices it now: what the order's lines and expected total are. */
  view: CartView;
  /** Cards go through Stripe's Payment Element (else the offline provider's card fields). */
  paysWithStripe: boolean;
  /** Field messages by form path after an attempt that ends unplaced; {} clears them. */
  onFieldErrors: (fields: Record<string, string>) => void;
  onPlaced: (checkout: PlacedCheckout) => void;
}

/** One attempt to pay: a repeat of the same request must reuse its key and payment method. */
interface Attempt {
  key: string;
  request: string;
  paymentMethodId: string | null;
}

/** A key for one attempt to pay. */
function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `checkout-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

/** The server's messages by form field: its list of bad fields, and the one field it names. */
function serverFieldErrors(error: CombinedError, values: CheckoutFormValues) {
  const described = describeError(error);
  const listed = Object.entries(described.fields).map(([path, message]) => ({
    path: path.split('.'),
    message,
  }));
  // The first message for a field wins: the field named with the refusal's own message first.
  const named = described.field
    ? [{ path: described.field.split('.'), message: described.message }]
    : [];
  const { fields } = formErrorsOf([...named, ...listed], values);
  return { message: described.message, fields };
}

/** The form's own checks, before anything is sent: the shared schema and the buying business. */
function ownRefusal(values: CheckoutFormValues, view: CartView, unkeyed: unknown) {
  const checked = placeOrderSchema.safeParse(unkeyed);
  const buyingBusiness = buyingBusinessErrors(values, view.buyerKind);
  if (checked.success && Object.keys(buyingBusiness).length === 0) return null;
  const { fields, other } = checked.success
    ? { fields: {}, other: [] }
    : formErrorsOf(checked.error.issues, values);
  return {
    status: 'refused',
    message: other[0] ?? null,
    fields: { ...buyingBusiness, ...fields },
    // What no field shows (a line's quantity or price) is in the cart.
    reviewCart: other.length > 0,
  } satisfies PlaceOrderState;
}

/**
 * Placing the order from checkout's form: checks it, sends it once however often the button is
 * pressed, and keeps one idempotency key (and Stripe payment method) per attempt. A retry of the
 * same request after no answer reuses them; a change to the cart, the choices or the card starts
 * a new attempt.
 */
export function usePlaceOrder({
  view,
  paysWithStripe,
  onFieldErrors,
  onPlaced,
}: PlaceOrderOptions) {
  const client = useClient();
  const [state, setState] = useState<PlaceOrderState>({ status: 'idle' });
  const attempt = useRef<Attempt | null>(null);
  const inFlight = useRef(false);
  const createPaymentMethod = useRef<CreatePaymentMethod | null>(null);

  /** For Stripe's Payment Element: how to turn the card typed into a payment method. */
  const onCardFormReady = useCallback((create: CreatePaymentMethod | null) => {
    createPaymentMethod.current = create;
  }, []);
  /** New card details make a new attempt. */
  const onCardChange = useCallback(() => {
    attempt.current = null;
  }, []);

  const send = async (values: CheckoutFormValues): Promise<PlaceOrderState> => {
    const withStripe = paysWithStripe && paysByCard(values);
    // The payment method is not part of what makes a request the same: a placeholder stands in.
    const pending = withStripe ? { kind: 'payment_method' as const, id: 'pm_pending' } : CARD;
    // The channel the buyer came by, for the producers; the server checks the labels again.
    const source = currentAttribution();
    const unkeyed = {
      ...placeOrderInputOf(values, view, 'checkout-pending', pending),
      ...(source ? { source } : {}),
    };
    const refused = ownRefusal(values, view, unkeyed);
    if (refused) return refused;

    const request = JSON.stringify(unkeyed);
    if (attempt.current?.request !== request) {
      let paymentMethodId: string | null = null;
      if (withStripe) {
        const created = await createPaymentMethod.current?.({
          name: values.contact.name,
          email: values.contact.email,
          phone: values.contact.phone,
        });
        if (!created || 'message' in created) {
          return {
            status: 'needs-payment-confirmation',
            message: created?.message ?? CARD_FORM_LOADING,
          };
        }
        paymentMethodId = created.id;
      }
      attempt.current = { key: newIdempotencyKey(), request, paymentMethodId };
    }

    const { key, paymentMethodId } = attempt.current;
    const input = paymentMethodId
      ? { ...unkeyed, payment: { paymentMethodId }, idempotencyKey: key }
      : { ...unkeyed, idempotencyKey: key };
    const result = await client.mutation(PLACE_ORDER, { input }).toPromise();
    if (result.data?.placeOrder) {
      attempt.current = null;
      return { status: 'placed', checkout: result.data.placeOrder };
    }
    if (!result.error) return { status: 'idle' };
    if (!endsAttempt(result.error.graphQLErrors)) {
      return { status: 'interrupted', message: describeError(result.error).message };
    }
    attempt.current = null;
    const code = result.error.graphQLErrors[0]?.extensions.code;
    return {
      status: 'refused',
      ...serverFieldErrors(result.error, values),
      reviewCart: typeof code === 'string' && CART_PROBLEMS.has(code),
    };
  };

  /** Places the order; a call while one is on its way does nothing. */
  const place = async (values: CheckoutFormValues): Promise<void> => {
    if (inFlight.current) return;
    inFlight.current = true;
    setState({ status: 'placing' });
    try {
      const outcome = await send(values);
      setState(outcome);
      if (outcome.status === 'placed') onPlaced(outcome.checkout);
      else if (outcome.status === 'refused') onFieldErrors(outcome.fields);
      else if (outcome.status === 'interrupted') onFieldErrors({});
    } finally {
      inFlight.current = false;
    }
  };

  return { state, place, onCardFormReady, onCardChange };
}
