import { addressInputOf, EMPTY_ADDRESS, type AddressValues } from '../../lib/address-values';
import { parseExpiry } from '../../lib/card-expiry';
import type { BuyerKind, Cents, FulfillmentMode } from '@bevy/core';
import { BUYING_BUSINESS_REQUIRED } from '@bevy/core/checkout-schemas';
import { ticketCheckoutLines } from '@bevy/core/cart';
import type { CartView, ProducerGroupView } from './cart-view';

export interface CheckoutFormValues {
  contact: { name: string; email: string; phone: string };
  /** The licensed business a wholesale buyer buys for; unused for retail. */
  buyingBusiness: string;
  /**
   * One per producer group, in the cart's order; the address is unused for pickup. An approved
   * wholesale buyer may pay a producer that offers invoice terms by invoice.
   */
  fulfillment: {
    businessId: number;
    mode: FulfillmentMode;
    address: AddressValues;
    payByInvoice: boolean;
  }[];
  /** Bill to the first delivery or shipping address instead of a separate one. */
  billingSameAsDelivery: boolean;
  billingAddress: AddressValues;
  ageConfirmed: boolean;
  /** The offline provider's card form; unused with Stripe's Payment Element. */
  card: { number: string; expiry: string; cvc: string };
}

/** Index of the first group whose order goes to an address, or -1 when all are picked up. */
export function firstAddressGroup(values: Pick<CheckoutFormValues, 'fulfillment'>): number {
  return values.fulfillment.findIndex((choice) => choice.mode !== 'pickup');
}

export function initialCheckoutValues(
  groups: readonly ProducerGroupView[],
  me: { name: string; email: string } | null,
  zip: string,
  buyingBusiness = '',
): CheckoutFormValues {
  const address = { ...EMPTY_ADDRESS, name: me?.name ?? '', zip };
  const fulfillment = groups.map((group) => ({
    businessId: group.businessId,
    mode: group.mode ?? 'pickup',
    address: { ...address },
    payByInvoice: false,
  }));
  return {
    contact: { name: me?.name ?? '', email: me?.email ?? '', phone: '' },
    buyingBusiness,
    fulfillment,
    billingSameAsDelivery: fulfillment.some((choice) => choice.mode !== 'pickup'),
    billingAddress: { ...address },
    ageConfirmed: false,
    card: { number: '', expiry: '', cvc: '' },
  };
}

/**
 * The form's own check of what the shared schema cannot know: a wholesale buyer must name the
 * business they buy for (the server checks it again).
 */
export function buyingBusinessErrors(
  values: Pick<CheckoutFormValues, 'buyingBusiness'>,
  buyer: BuyerKind,
): Record<string, string> {
  return buyer === 'wholesale' && values.buyingBusiness.trim() === ''
    ? { buyingBusiness: BUYING_BUSINESS_REQUIRED }
    : {};
}

export type PaymentValues = { kind: 'card' } | { kind: 'payment_method'; id: string };

/** Whether some producer is paid by card, so that a card is needed. */
export function paysByCard(values: Pick<CheckoutFormValues, 'fulfillment'>): boolean {
  return values.fulfillment.length === 0 || values.fulfillment.some((c) => !c.payByInvoice);
}

/** What is charged to the card now, and what is left to pay the producers by invoice. */
export function paymentSplit(
  values: Pick<CheckoutFormValues, 'fulfillment'>,
  view: Pick<CartView, 'groups'>,
): { byCard: Cents; onInvoice: Cents } {
  let byCard = 0;
  let onInvoice = 0;
  view.groups.forEach((group, index) => {
    const total = group.totals?.total ?? 0;
    if (values.fulfillment[index]?.payByInvoice) onInvoice += total;
    else byCard += total;
  });
  return { byCard, onInvoice };
}

/**
 * What the form sends as the placeOrder input (checked by the shared schema before it goes).
 * Prices and the total are what the cart showed; the server refuses the order if its own differ.
 */
export function placeOrderInputOf(
  values: CheckoutFormValues,
  view: CartView,
  idempotencyKey: string,
  payment: PaymentValues,
) {
  const billingSource = values.billingSameAsDelivery ? firstAddressGroup(values) : -1;
  return {
    idempotencyKey,
    lines: view.groups.flatMap((group) =>
      group.lines.map((line) => ({
        productId: Number(line.id),
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        channel: view.buyerKind,
      })),
    ),
    tickets: view.groups.flatMap((group) =>
      ticketCheckoutLines(
        group.tickets.map((line) => line.stored),
        (ticketTypeId) =>
          group.tickets.find((line) => line.stored.ticketTypeId === ticketTypeId)!.unitPrice,
      ),
    ),
    fulfillment: values.fulfillment.map((choice) => ({
      businessId: choice.businessId,
      mode: choice.mode,
      address: choice.mode === 'pickup' ? null : addressInputOf(choice.address),
      payByInvoice: choice.payByInvoice,
    })),
    contact: values.contact,
    buyingBusiness: view.buyerKind === 'wholesale' ? values.buyingBusiness : null,
    billingAddress: addressInputOf(
      billingSource >= 0 ? values.fulfillment[billingSource]!.address : values.billingAddress,
    ),
    ageConfirmed: values.ageConfirmed,
    // Every producer paid by invoice: no card at all.
    payment: !paysByCard(values)
      ? null
      : payment.kind === 'card'
        ? {
            card: {
              number: values.card.number,
              ...parseExpiry(values.card.expiry),
              cvc: values.card.cvc,
            },
          }
        : { paymentMethodId: payment.id },
    expectedTotal: view.grandTotal,
  };
}

/**
 * The form field that shows a message about a path of the placeOrder input ("payment.card.expMonth"
 * → "card.expiry"), or null when no field of the form can (the message then goes above the form).
 */
export function formFieldOf(inputPath: string, values: CheckoutFormValues): string | null {
  const card = /^payment\.card(?:\.(\w+))?$/.exec(inputPath);
  if (card) {
    const part = card[1];
    if (part === 'expMonth' || part === 'expYear') return 'card.expiry';
    return part === 'cvc' ? 'card.cvc' : 'card.number';
  }
  if (
    /^contact\.(name|email|phone)$/.test(inputPath) ||
    inputPath === 'ageConfirmed' ||
    inputPath === 'buyingBusiness'
  ) {
    return inputPath;
  }
  if (/^fulfillment\.\d+\.payByInvoice$/.test(inputPath)) return inputPath;
  const fulfillment = /^fulfillment\.(\d+)\.address(?:\.(\w+))?$/.exec(inputPath);
  if (fulfillment) return `fulfillment.${fulfillment[1]}.address.${fulfillment[2] ?? 'line1'}`;
  const billing = /^billingAddress(?:\.(\w+))?$/.exec(inputPath);
  if (billing) {
    const source = values.billingSameAsDelivery ? firstAddressGroup(values) : -1;
    const prefix = source >= 0 ? `fulfillment.${source}.address` : 'billingAddress';
    return `${prefix}.${billing[1] ?? 'line1'}`;
  }
  return null;
}

/** Field messages by form path from validation issues; the first message wins per field. */
export function formErrorsOf(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  values: CheckoutFormValues,
): { fields: Record<string, string>; other: string[] } {
  const fields: Record<string, string> = {};
  const other: string[] = [];
  for (const issue of issues) {
    const field = formFieldOf(issue.path.map(String).join('.'), values);
    if (field === null) other.push(issue.message);
    else fields[field] ??= issue.message;
  }
  return { fields, other };
}

/** Order of the form's fields on the page, to put the keyboard on the first one in error. */
export function firstErrorField(fields: Record<string, string>, values: CheckoutFormValues) {
  const order = [
    'contact.name',
    'contact.email',
    'contact.phone',
    'buyingBusiness',
    ...values.fulfillment.flatMap((_, index) => [
      ...['name', 'line1', 'line2', 'city', 'state', 'zip'].map(
        (part) => `fulfillment.${index}.address.${part}`,
      ),
      `fulfillment.${index}.payByInvoice`,
    ]),
    ...['name', 'line1', 'line2', 'city', 'state', 'zip'].map((part) => `billingAddress.${part}`),
    'ageConfirmed',
    'card.number',
    'card.expiry',
    'card.cvc',
  ];
  return order.find((field) => field in fields) ?? null;
}

/** Answers whose outcome is not settled yet, or that kept nothing: the retry sends the same key. */
const RETRY_WITH_SAME_KEY = new Set(['CHECKOUT_IN_PROGRESS', 'SERVICE_UNAVAILABLE']);

/**
 * Whether a failed submission ends the attempt, so the next one gets a new idempotency key. A
 * refusal does; no answer at all (the network) and "still in progress" or "the database was
 * away" do not: sending the same key again shows the first attempt's outcome, never pays twice.
 */
export function endsAttempt(graphQLErrors: readonly { extensions?: { code?: unknown } }[]) {
  const code = graphQLErrors[0]?.extensions?.code;
  return graphQLErrors.length > 0 && !(typeof code === 'string' && RETRY_WITH_SAME_KEY.has(code));
}
