import { describe, expect, it } from 'vitest';
import { placeOrderSchema } from './checkout-schemas';

const valid = {
  idempotencyKey: '3f1c2b9e-8d7a-4c1e-9f00-0123456789ab',
  lines: [{ productId: 7, quantity: 2 }],
  fulfillment: [{ businessId: 3, mode: 'pickup' }],
  contact: { name: 'Riley Retail', email: ' Riley@Example.COM ', phone: '(503) 555-0142' },
  billingAddress: { line1: '12 NE Alberta St', city: 'Portland', state: 'or', zip: '97211' },
  ageConfirmed: true,
  payment: { card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2099, cvc: '123' } },
};

/** Every problem's message by field path, as the server reports them. */
function problems(input: unknown): Record<string, string> {
  const result = placeOrderSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(
    result.error.issues.map((issue) => [issue.path.join('.'), issue.message]),
  );
}

describe('placeOrderSchema', () => {
  it('normalizes what people type: email, phone, state, card number', () => {
    const parsed = placeOrderSchema.parse(valid);
    expect(parsed.contact).toEqual({
      name: 'Riley Retail',
      email: 'riley@example.com',
      phone: '+15035550142',
    });
    expect(parsed.billingAddress.state).toBe('OR');
    expect(parsed.payment?.card?.number).toBe('4242424242424242');
  });

  it('needs an address and a recipient for delivery and shipping, not for pickup', () => {
    expect(problems({ ...valid, fulfillment: [{ businessId: 3, mode: 'delivery' }] })).toEqual({
      'fulfillment.0.address': 'Enter the delivery address.',
    });
    expect(
      problems({
        ...valid,
        fulfillment: [{ businessId: 3, mode: 'ship', address: valid.billingAddress }],
      }),
    ).toEqual({
      'fulfillment.0.address.name': 'Enter the name of the person who will sign for it.',
    });
  });

  it('refuses a product twice, an expired card, a missing age confirmation and a bad key', () => {
    expect(
      problems({
        ...valid,
        idempotencyKey: 'short',
        lines: [valid.lines[0], { productId: 7, quantity: 1 }],
        ageConfirmed: false,
        payment: { card: { ...valid.payment.card, expMonth: 1, expYear: 2001 } },
      }),
    ).toEqual({
      idempotencyKey: 'The idempotency key has 8 to 255 letters, digits, or the characters - _ : .',
      'lines.1.productId': 'This product is already in the cart.',
      ageConfirmed: 'Confirm that you and anyone receiving the order are 21 or older.',
      'payment.card.expYear': 'This card has expired.',
    });
    expect(problems({ ...valid, payment: {} })).toEqual({
      'payment.card': 'Enter your card details.',
    });
  });

  it('pays by card unless asked; payByInvoice left out or null is false', () => {
    const parsed = placeOrderSchema.parse({
      ...valid,
      fulfillment: [
        { businessId: 3, mode: 'pickup' },
        { businessId: 4, mode: 'pickup', payByInvoice: null },
        { businessId: 5, mode: 'pickup', payByInvoice: true },
      ],
    });
    expect(parsed.fulfillment.map((choice) => choice.payByInvoice)).toEqual([false, false, true]);
    expect(
      problems({ ...valid, fulfillment: [{ ...valid.fulfillment[0], payByInvoice: 'yes' }] }),
    ).toMatchObject({ 'fulfillment.0.payByInvoice': expect.any(String) });
  });

  it('needs no card when every order is paid by invoice, and a card when any is not', () => {
    const { payment: _card, ...withoutCard } = valid;
    const allInvoice = [
      { businessId: 3, mode: 'pickup', payByInvoice: true },
      { businessId: 4, mode: 'pickup', payByInvoice: true },
    ];
    expect(problems({ ...withoutCard, fulfillment: allInvoice })).toEqual({});
    expect(problems({ ...withoutCard, fulfillment: allInvoice, payment: null })).toEqual({});
    expect(
      problems({
        ...withoutCard,
        fulfillment: [allInvoice[0], { businessId: 4, mode: 'pickup', payByInvoice: false }],
      }),
    ).toEqual({ 'payment.card': 'Enter your card details.' });
    expect(problems(withoutCard)).toEqual({ 'payment.card': 'Enter your card details.' });
    // No producer chosen at all: a card is asked for, as before.
    expect(problems({ ...withoutCard, fulfillment: [] })).toEqual({
      'payment.card': 'Enter your card details.',
    });
  });

  it('says a card is missing alongside the other problems', () => {
    const { payment: _card, ...withoutCard } = valid;
    expect(problems({ ...withoutCard, ageConfirmed: false })).toEqual({
      ageConfirmed: 'Confirm that you and anyone receiving the order are 21 or older.',
      'payment.card': 'Enter your card details.',
    });
  });
});
