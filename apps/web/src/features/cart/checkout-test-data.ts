/** Test data for checkout's tests: a cart of two producers, and the form filled in for it. */
import type { CartView, ProducerGroupView } from './cart-view';
import { initialCheckoutValues, type CheckoutFormValues } from './checkout-form';

/** A producer's group of lines, each 2 units at $12.50, with what the form reads of it. */
export const testGroup = (businessId: number, mode: ProducerGroupView['mode'], lineIds: string[]) =>
  ({
    businessId,
    mode,
    lines: lineIds.map((id) => ({ id, quantity: 2, unitPrice: 1_250 })),
    tickets: [],
    totals: { total: lineIds.length * 2_500 },
  }) as unknown as ProducerGroupView;

/** Pickup from producer 7 (product 11), shipping from producer 9 (products 21 and 22). */
export const testCheckoutView = {
  buyerKind: 'retail',
  groups: [testGroup(7, 'pickup', ['11']), testGroup(9, 'ship', ['21', '22'])],
  grandTotal: 7_500,
  ready: true,
} as CartView;

/** The form for `testCheckoutView` as a buyer fills it in, paying by (offline) card. */
export function filledCheckoutValues(): CheckoutFormValues {
  const values = initialCheckoutValues(
    testCheckoutView.groups,
    { name: 'Riley', email: 'r@x.example' },
    '97214',
  );
  values.contact.phone = '(503) 555-0199';
  values.fulfillment[1]!.address = {
    name: 'Riley',
    line1: '1 Main St',
    line2: '',
    city: 'Portland',
    state: 'OR',
    zip: '97214',
  };
  values.ageConfirmed = true;
  values.card = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };
  return values;
}
