import { parseExpiry } from '../../lib/card-expiry';
import { placeOrderSchema } from '@bevy/core/checkout-schemas';
import { describe, expect, it } from 'vitest';
import type { CartView } from './cart-view';
import {
  buyingBusinessErrors,
  endsAttempt,
  firstErrorField,
  formErrorsOf,
  formFieldOf,
  initialCheckoutValues,
  paymentSplit,
  paysByCard,
  placeOrderInputOf,
} from './checkout-form';
import { filledCheckoutValues, testCheckoutView } from './checkout-test-data';

const view = testCheckoutView;
const filledValues = filledCheckoutValues;

describe('checkout form', () => {
  it('starts from the cart: the chosen ways, the buyer’s name and ZIP code, billing as shipping', () => {
    const values = initialCheckoutValues(
      view.groups,
      { name: 'Riley', email: 'r@x.example' },
      '97214',
    );
    expect(values.fulfillment.map((choice) => choice.mode)).toEqual(['pickup', 'ship']);
    expect(values.fulfillment[1]!.address).toMatchObject({ name: 'Riley', zip: '97214' });
    expect(values.billingSameAsDelivery).toBe(true);
    expect(values.ageConfirmed).toBe(false);
  });

  it('reads expiry dates as people type them', () => {
    expect(parseExpiry('12/34')).toEqual({ expMonth: 12, expYear: 2034 });
    expect(parseExpiry(' 1 / 2031 ')).toEqual({ expMonth: 1, expYear: 2031 });
    expect(parseExpiry('0130')).toEqual({ expMonth: 1, expYear: 2030 });
    expect(parseExpiry('soon').expMonth).toBeNaN();
  });

  it('sends every line at the price the cart showed, pickup without an address, billing copied', () => {
    const input = placeOrderInputOf(filledValues(), view, 'checkout-key-1', { kind: 'card' });
    expect(input.lines).toEqual([
      { productId: 11, quantity: 2, unitPrice: 1_250, channel: 'retail' },
      { productId: 21, quantity: 2, unitPrice: 1_250, channel: 'retail' },
      { productId: 22, quantity: 2, unitPrice: 1_250, channel: 'retail' },
    ]);
    expect(input.fulfillment[0]).toEqual({
      businessId: 7,
      mode: 'pickup',
      address: null,
      payByInvoice: false,
    });
    expect(input.billingAddress).toEqual(input.fulfillment[1]!.address);
    expect(input.expectedTotal).toBe(7_500);
    expect(placeOrderSchema.safeParse(input).success).toBe(true);
  });

  it('puts each problem on the field that shows it', () => {
    const values = filledValues();
    expect(formFieldOf('payment.card.expYear', values)).toBe('card.expiry');
    expect(formFieldOf('payment.card', values)).toBe('card.number');
    expect(formFieldOf('fulfillment.1.address.zip', values)).toBe('fulfillment.1.address.zip');
    expect(formFieldOf('fulfillment.1.address', values)).toBe('fulfillment.1.address.line1');
    // Billing copied from the shipping address: its problems show there.
    expect(formFieldOf('billingAddress.city', values)).toBe('fulfillment.1.address.city');
    values.billingSameAsDelivery = false;
    expect(formFieldOf('billingAddress.city', values)).toBe('billingAddress.city');
    expect(formFieldOf('lines.0.quantity', values)).toBeNull();
  });

  it('checks the form with the server’s own rules and leads to the first field in error', () => {
    const values = filledValues();
    values.contact.email = 'not an email';
    values.card.expiry = '01/20';
    values.ageConfirmed = false;
    const checked = placeOrderSchema.safeParse(
      placeOrderInputOf(values, view, 'k-12345678', { kind: 'card' }),
    );
    expect(checked.success).toBe(false);
    const { fields, other } = formErrorsOf(checked.error!.issues, values);
    expect(fields).toMatchObject({
      'contact.email': 'Enter a valid email address.',
      'card.expiry': 'This card has expired.',
      ageConfirmed: 'Confirm that you and anyone receiving the order are 21 or older.',
    });
    expect(other).toEqual([]);
    expect(firstErrorField(fields, values)).toBe('contact.email');
  });

  it('sends the invoice choice per producer, and no card when every producer is on invoice', () => {
    const values = filledValues();
    values.fulfillment[0]!.payByInvoice = true;
    expect(paysByCard(values)).toBe(true);
    expect(paymentSplit(values, view)).toEqual({ byCard: 5_000, onInvoice: 2_500 });
    const mixed = placeOrderInputOf(values, view, 'checkout-key-2', { kind: 'card' });
    expect(mixed.fulfillment.map((choice) => choice.payByInvoice)).toEqual([true, false]);
    expect(mixed.payment).toMatchObject({ card: { number: '4242 4242 4242 4242' } });
    expect(mixed.expectedTotal).toBe(7_500);

    values.fulfillment[1]!.payByInvoice = true;
    values.card = { number: '', expiry: '', cvc: '' };
    expect(paysByCard(values)).toBe(false);
    expect(paymentSplit(values, view)).toEqual({ byCard: 0, onInvoice: 7_500 });
    const allInvoice = placeOrderInputOf(values, view, 'checkout-key-3', {
      kind: 'payment_method',
      id: 'pm_pending',
    });
    expect(allInvoice.payment).toBeNull();
    // An empty card form does not matter then.
    expect(placeOrderSchema.safeParse(allInvoice).success).toBe(true);
  });

  it('shows a refused invoice on the producer’s choice of how to pay', () => {
    const values = filledValues();
    expect(formFieldOf('fulfillment.1.payByInvoice', values)).toBe('fulfillment.1.payByInvoice');
    expect(firstErrorField({ 'fulfillment.1.payByInvoice': 'x', 'card.number': 'y' }, values)).toBe(
      'fulfillment.1.payByInvoice',
    );
  });
});

describe('the buying business', () => {
  const wholesale = { ...view, buyerKind: 'wholesale' } as CartView;

  it('is required of a wholesale buyer, sent trimmed by the schema, and shown on its field first', () => {
    const values = filledValues();
    expect(buyingBusinessErrors(values, 'wholesale')).toEqual({
      buyingBusiness: 'Enter the licensed business you are buying for.',
    });
    values.buyingBusiness = '   ';
    expect(buyingBusinessErrors(values, 'wholesale')).toHaveProperty('buyingBusiness');
    expect(buyingBusinessErrors(values, 'retail')).toEqual({});
    values.buyingBusiness = ' Alder Street Bottle Shop LLC ';
    expect(buyingBusinessErrors(values, 'wholesale')).toEqual({});
    const checked = placeOrderSchema.parse(
      placeOrderInputOf(values, wholesale, 'k-12345678', { kind: 'card' }),
    );
    expect(checked.buyingBusiness).toBe('Alder Street Bottle Shop LLC');
    expect(formFieldOf('buyingBusiness', values)).toBe('buyingBusiness');
    expect(firstErrorField({ buyingBusiness: 'x', 'card.number': 'y' }, values)).toBe(
      'buyingBusiness',
    );
  });

  it('is not sent for a retail buyer', () => {
    const values = filledValues();
    values.buyingBusiness = 'Leftover';
    expect(placeOrderInputOf(values, view, 'k-12345678', { kind: 'card' }).buyingBusiness).toBe(
      null,
    );
  });

  it('starts from the business of the buyer’s wholesale application', () => {
    expect(initialCheckoutValues(view.groups, null, '', 'Alder LLC').buyingBusiness).toBe(
      'Alder LLC',
    );
  });
});

describe('endsAttempt', () => {
  const answered = (code: string) => [{ extensions: { code } }];
  it('ends the attempt on a refusal, so the next submission gets a new key', () => {
    for (const code of ['PAYMENT_DECLINED', 'SOLD_OUT', 'BAD_USER_INPUT', 'PAYMENT_FAILED']) {
      expect(endsAttempt(answered(code)), code).toBe(true);
    }
  });
  it('keeps it while the outcome is unknown or the database was away, and without an answer', () => {
    expect(endsAttempt(answered('CHECKOUT_IN_PROGRESS'))).toBe(false);
    expect(endsAttempt(answered('SERVICE_UNAVAILABLE'))).toBe(false);
    expect(endsAttempt([])).toBe(false);
  });
});
