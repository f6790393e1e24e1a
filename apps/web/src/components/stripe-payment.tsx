import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useEffect } from 'react';

/** Turns what the buyer typed into Stripe's Payment Element into a PaymentMethod id, or a message. */
export type CreatePaymentMethod = (billing: {
  name: string;
  email: string;
  phone: string;
}) => Promise<{ id: string } | { message: string }>;

let stripePromise: Promise<Stripe | null> | null = null;
// Stripe's script is loaded once, from Stripe, and only on the checkout page of a Stripe site.
const stripeOf = (publishableKey: string) => (stripePromise ??= loadStripe(publishableKey));

function PaymentElementFields({
  onReady,
  onChange,
}: {
  onReady: (create: CreatePaymentMethod | null) => void;
  onChange: () => void;
}) {
  const stripe = useStripe();
  const elements = useElements();

  useEffect(() => {
    if (!stripe || !elements) {
      onReady(null);
      return;
    }
    onReady(async (billing) => {
      const submitted = await elements.submit();
      if (submitted.error)
        return { message: submitted.error.message ?? 'Check your card details.' };
      const created = await stripe.createPaymentMethod({
        elements,
        params: { billing_details: billing },
      });
      if (created.error) return { message: created.error.message ?? 'Check your card details.' };
      return { id: created.paymentMethod.id };
    });
  }, [stripe, elements, onReady]);

  return <PaymentElement onChange={onChange} options={{ layout: 'tabs' }} />;
}

/**
 * Card entry with Stripe's Payment Element: the card goes from the browser to Stripe, which
 * gives us a PaymentMethod; the server charges it (decision 007). Amount and currency only shape
 * what the element offers; the server decides the charge.
 */
export function StripePayment({
  publishableKey,
  amountCents,
  onReady,
  onChange,
}: {
  publishableKey: string;
  amountCents: number;
  onReady: (create: CreatePaymentMethod | null) => void;
  onChange: () => void;
}) {
  return (
    <Elements
      stripe={stripeOf(publishableKey)}
      options={{
        mode: 'payment',
        amount: Math.max(amountCents, 50),
        currency: 'usd',
        paymentMethodCreation: 'manual',
      }}
    >
      <PaymentElementFields onReady={onReady} onChange={onChange} />
    </Elements>
  );
}
