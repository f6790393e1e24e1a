import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { CombinedError, Provider, type Client, type OperationResult } from 'urql';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { captureAttribution } from '../../lib/attribution';
import type { CartView } from './cart-view';
import type { CheckoutFormValues } from './checkout-form';
import { filledCheckoutValues, testCheckoutView, testGroup } from './checkout-test-data';
import type { PlacedCheckout } from './placed-checkout';
import type { CreatePaymentMethod } from '../../components/stripe-payment';
import { usePlaceOrder, type PlaceOrderOptions } from './use-place-order';

const placed: PlacedCheckout = { id: 'checkout-1', amountCents: 7_500, orders: [] };

type Answer = Partial<Pick<OperationResult, 'data' | 'error'>>;
const answers = {
  placed: { data: { placeOrder: placed } },
  offline: { error: new CombinedError({ networkError: new TypeError('Failed to fetch') }) },
  refused: (code: string, message: string, extensions: Record<string, unknown> = {}) => ({
    error: new CombinedError({
      graphQLErrors: [{ message, extensions: { code, ...extensions } }],
    }),
  }),
} satisfies Record<string, Answer | ((...args: never[]) => Answer)>;

/** The GraphQL client at its boundary: each placeOrder answers with the next answer given. */
const mutation =
  vi.fn<(query: unknown, variables: { input: Record<string, unknown> }) => unknown>();
const client = { mutation } as unknown as Client;
const answerWith = (...queued: (Answer | Promise<Answer>)[]) => {
  for (const answer of queued) {
    mutation.mockReturnValueOnce({ toPromise: () => Promise.resolve(answer) });
  }
};
/** What the n-th placeOrder sent. */
const sent = (call: number) => mutation.mock.calls[call]![1].input;

const onPlaced = vi.fn<PlaceOrderOptions['onPlaced']>();
const onFieldErrors = vi.fn<PlaceOrderOptions['onFieldErrors']>();

function renderPlaceOrder(view: CartView = testCheckoutView, paysWithStripe = false) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Provider value={client}>{children}</Provider>
  );
  return renderHook(
    (props: { view: CartView }) =>
      usePlaceOrder({ view: props.view, paysWithStripe, onPlaced, onFieldErrors }),
    { wrapper, initialProps: { view } },
  );
}

/** Presses "Place order" with these values and waits for the outcome. */
async function press(hook: ReturnType<typeof renderPlaceOrder>, values: CheckoutFormValues) {
  await act(() => hook.result.current.place(values));
}

beforeEach(() => {
  mutation.mockReset();
  onPlaced.mockReset();
  onFieldErrors.mockReset();
});

describe('placing an order from checkout', () => {
  it('resends the same idempotency key when the first try got no answer', async () => {
    answerWith(answers.offline, answers.placed);
    const hook = renderPlaceOrder();

    await press(hook, filledCheckoutValues());
    expect(hook.result.current.state).toEqual({
      status: 'interrupted',
      message: 'We could not reach the server. Check your connection and try again.',
    });
    expect(onPlaced).not.toHaveBeenCalled();

    await press(hook, filledCheckoutValues());
    expect(mutation).toHaveBeenCalledTimes(2);
    expect(sent(0).idempotencyKey).toMatch(/^checkout-[0-9a-f]{32}$/);
    expect(sent(1).idempotencyKey).toBe(sent(0).idempotencyKey);
    expect(hook.result.current.state).toEqual({ status: 'placed', checkout: placed });
    expect(onPlaced).toHaveBeenCalledExactlyOnceWith(placed);
  });

  it('keeps the key while the first attempt is still settling on the server', async () => {
    answerWith(answers.refused('CHECKOUT_IN_PROGRESS', 'Your order is still being placed.'));
    answerWith(answers.placed);
    const hook = renderPlaceOrder();
    await press(hook, filledCheckoutValues());
    expect(hook.result.current.state.status).toBe('interrupted');
    await press(hook, filledCheckoutValues());
    expect(sent(1).idempotencyKey).toBe(sent(0).idempotencyKey);
  });

  it('starts a new attempt with a new key when the cart changes', async () => {
    answerWith(answers.offline, answers.placed);
    const hook = renderPlaceOrder();
    await press(hook, filledCheckoutValues());

    // Another unit of product 11 arrived in the cart (from another tab) before the retry.
    const [pickup, shipped] = testCheckoutView.groups;
    const changed = {
      ...testCheckoutView,
      groups: [{ ...pickup!, lines: [{ ...pickup!.lines[0]!, quantity: 3 }] }, shipped!],
      grandTotal: 8_750,
    } as CartView;
    hook.rerender({ view: changed });
    await press(hook, filledCheckoutValues());

    expect(sent(1).lines).toContainEqual(expect.objectContaining({ productId: 11, quantity: 3 }));
    expect(sent(1).idempotencyKey).not.toBe(sent(0).idempotencyKey);
  });

  it('starts a new attempt when the buyer changes a choice, or after a refusal', async () => {
    answerWith(answers.offline, answers.offline);
    answerWith(answers.refused('PAYMENT_DECLINED', 'Your card was declined.'), answers.placed);
    const hook = renderPlaceOrder();
    const values = filledCheckoutValues();
    await press(hook, values);
    values.fulfillment[1]!.address.line2 = 'Apt 4';
    await press(hook, values);
    expect(sent(1).idempotencyKey).not.toBe(sent(0).idempotencyKey);

    await press(hook, values);
    expect(sent(2).idempotencyKey).toBe(sent(1).idempotencyKey);
    expect(hook.result.current.state.status).toBe('refused');
    // The same form sent again after a decline is a new attempt: the server would replay the
    // decline for the old key.
    await press(hook, values);
    expect(sent(3).idempotencyKey).not.toBe(sent(2).idempotencyKey);
  });

  it('puts the server’s messages on the form’s fields, and names the cart when it changed', async () => {
    answerWith(
      answers.refused('VALIDATION', 'Check the card’s expiry date.', {
        field: 'payment.card.expMonth',
        fields: { 'fulfillment.1.address.zip': 'A ZIP code has five digits, like 97214.' },
      }),
      answers.refused('SOLD_OUT', 'Harvest Cider sold out.'),
    );
    const hook = renderPlaceOrder();

    await press(hook, filledCheckoutValues());
    const fields = {
      'card.expiry': 'Check the card’s expiry date.',
      'fulfillment.1.address.zip': 'A ZIP code has five digits, like 97214.',
    };
    expect(onFieldErrors).toHaveBeenLastCalledWith(fields);
    expect(hook.result.current.state).toEqual({
      status: 'refused',
      message: 'Check the card’s expiry date.',
      fields,
      reviewCart: false,
    });

    await press(hook, filledCheckoutValues());
    expect(hook.result.current.state).toMatchObject({
      status: 'refused',
      message: 'Harvest Cider sold out.',
      reviewCart: true,
    });
  });

  it('sends nothing while the form’s own checks fail, and says which fields', async () => {
    const hook = renderPlaceOrder({ ...testCheckoutView, buyerKind: 'wholesale' } as CartView);
    const values = filledCheckoutValues();
    values.contact.phone = '';
    values.ageConfirmed = false;

    await press(hook, values);

    expect(mutation).not.toHaveBeenCalled();
    const fields = onFieldErrors.mock.lastCall![0];
    expect(Object.keys(fields).sort()).toEqual(['ageConfirmed', 'buyingBusiness', 'contact.phone']);
    expect(hook.result.current.state).toMatchObject({ status: 'refused', message: null });
  });

  it('reuses the Stripe payment method on a retry, and makes a new one for a new card', async () => {
    answerWith(answers.offline, answers.offline, answers.placed);
    const createPaymentMethod = vi
      .fn<CreatePaymentMethod>()
      .mockResolvedValueOnce({ id: 'pm_first' })
      .mockResolvedValueOnce({ id: 'pm_second' });
    const hook = renderPlaceOrder(testCheckoutView, true);
    act(() => hook.result.current.onCardFormReady(createPaymentMethod));

    await press(hook, filledCheckoutValues());
    await press(hook, filledCheckoutValues());
    expect(createPaymentMethod).toHaveBeenCalledOnce();
    expect(createPaymentMethod).toHaveBeenCalledWith({
      name: 'Riley',
      email: 'r@x.example',
      phone: '(503) 555-0199',
    });
    expect(sent(0).payment).toEqual({ paymentMethodId: 'pm_first' });
    expect(sent(1).payment).toEqual({ paymentMethodId: 'pm_first' });
    expect(sent(1).idempotencyKey).toBe(sent(0).idempotencyKey);

    act(() => hook.result.current.onCardChange());
    await press(hook, filledCheckoutValues());
    expect(sent(2).payment).toEqual({ paymentMethodId: 'pm_second' });
    expect(sent(2).idempotencyKey).not.toBe(sent(0).idempotencyKey);
  });

  it('asks for the card again when Stripe’s form is not ready or refuses it', async () => {
    const hook = renderPlaceOrder(testCheckoutView, true);
    await press(hook, filledCheckoutValues());
    expect(hook.result.current.state).toEqual({
      status: 'needs-payment-confirmation',
      message: 'The card form is still loading. Please try again.',
    });

    act(() =>
      hook.result.current.onCardFormReady(async () => ({
        message: 'Your card number is incomplete.',
      })),
    );
    await press(hook, filledCheckoutValues());
    expect(hook.result.current.state).toEqual({
      status: 'needs-payment-confirmation',
      message: 'Your card number is incomplete.',
    });
    expect(mutation).not.toHaveBeenCalled();
  });

  it('places once when the button is pressed twice before the answer', async () => {
    let answer!: (result: Answer) => void;
    mutation.mockReturnValueOnce({ toPromise: () => new Promise<Answer>((r) => (answer = r)) });
    const hook = renderPlaceOrder();

    let first!: Promise<void>;
    act(() => {
      first = hook.result.current.place(filledCheckoutValues());
    });
    expect(hook.result.current.state.status).toBe('placing');
    await act(() => hook.result.current.place(filledCheckoutValues()));
    await act(async () => {
      answer(answers.placed);
      await first;
    });

    expect(mutation).toHaveBeenCalledOnce();
    expect(onPlaced).toHaveBeenCalledOnce();
    expect(hook.result.current.state.status).toBe('placed');
  });

  it('sends what the cart showed: each line at its price, and the expected total', async () => {
    answerWith(answers.placed);
    const view = {
      ...testCheckoutView,
      groups: [testGroup(7, 'pickup', ['11'])],
      grandTotal: 2_500,
    } as CartView;
    const hook = renderPlaceOrder(view);
    const values = filledCheckoutValues();
    values.fulfillment = values.fulfillment.slice(0, 1);
    values.billingAddress = { ...values.billingAddress, line1: '9 Oak St', city: 'Portland' };
    values.billingAddress.state = 'OR';

    await press(hook, values);

    expect(sent(0)).toMatchObject({
      lines: [{ productId: 11, quantity: 2, unitPrice: 1_250, channel: 'retail' }],
      expectedTotal: 2_500,
      payment: { card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2034 } },
    });
  });

  it('sends the source the buyer came by, and none when there is none', async () => {
    answerWith(answers.placed, answers.placed);
    const hook = renderPlaceOrder();
    await press(hook, filledCheckoutValues());
    expect(sent(0)).not.toHaveProperty('source');

    // A share link's landing, as the app records it at start.
    const landing = `${window.location.origin}/?utm_source=pinterest&utm_medium=social`;
    captureAttribution({ location: { href: landing } as Location, history, localStorage }, '');
    await press(hook, filledCheckoutValues());
    expect(sent(1).source).toEqual({ source: 'pinterest', medium: 'social', campaign: null });
  });
});
