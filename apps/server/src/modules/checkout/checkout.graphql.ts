import { builder } from '../../graphql/builder';
import type {
  PaidCheckoutView,
  PlacedOrderLineView,
  PlacedOrderView,
  PlacedTicketLineView,
} from './checkout-answer';
import { OrderAddressType, paymentFields } from '../orders/order-fields.graphql';
import { placeOrder } from './place-order';

const PlacedOrderLineType = builder.objectRef<PlacedOrderLineView>('PlacedOrderLine');
PlacedOrderLineType.implement({
  fields: (t) => ({
    productId: t.exposeInt('productId'),
    productName: t.exposeString('productName'),
    unitPriceCents: t.exposeInt('unitPriceCents'),
    quantity: t.exposeInt('quantity'),
    lineTotalCents: t.exposeInt('lineTotalCents'),
  }),
});

const PlacedTicketLineType = builder.objectRef<PlacedTicketLineView>('PlacedTicketLine');
PlacedTicketLineType.implement({
  description: 'Event tickets of one type in a placed order.',
  fields: (t) => ({
    ticketTypeId: t.exposeInt('ticketTypeId'),
    name: t.exposeString('name', { description: 'The event and the ticket type.' }),
    unitPriceCents: t.exposeInt('unitPriceCents'),
    quantity: t.exposeInt('quantity'),
    lineTotalCents: t.exposeInt('lineTotalCents'),
  }),
});

const PlacedOrderType = builder.objectRef<PlacedOrderView>('PlacedOrder');
PlacedOrderType.implement({
  description: 'One producer’s order of a checkout, as placed.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    number: t.exposeString('number', { description: 'For people, e.g. "BV-100042".' }),
    businessId: t.exposeInt('businessId'),
    businessName: t.exposeString('businessName'),
    businessSlug: t.exposeString('businessSlug'),
    status: t.exposeString('status'),
    fulfillmentMode: t.exposeString('fulfillmentMode', {
      description: '"pickup", "delivery" or "ship".',
    }),
    fulfillmentAddress: t.field({
      type: OrderAddressType,
      nullable: true,
      description: 'Where the order goes; for pickup, the producer’s address.',
      resolve: (order) => order.fulfillmentAddress,
    }),
    subtotalCents: t.exposeInt('subtotalCents'),
    taxAndFeesCents: t.exposeInt('taxAndFeesCents'),
    fulfillmentFeeCents: t.int({
      description: 'The delivery or shipping fee; untaxed, in the total.',
      resolve: (order) => order.fulfillmentFeeCents ?? 0,
    }),
    totalCents: t.exposeInt('totalCents'),
    ...paymentFields(t),
    lines: t.field({ type: [PlacedOrderLineType], resolve: (order) => order.lines }),
    tickets: t.field({
      type: [PlacedTicketLineType],
      resolve: (order) => order.tickets ?? [],
    }),
  }),
});

const CheckoutType = builder.objectRef<PaidCheckoutView>('Checkout');
CheckoutType.implement({
  description: 'A paid checkout: one charge for the cart, one order per producer.',
  fields: (t) => ({
    id: t.exposeID('id'),
    amountCents: t.exposeInt('amountCents', {
      description: 'What the card was charged: the card orders’ totals, 0 when all are on invoice.',
    }),
    orders: t.field({ type: [PlacedOrderType], resolve: (checkout) => checkout.orders }),
  }),
});

const CheckoutLineInput = builder.inputType('CheckoutLineInput', {
  fields: (t) => ({
    productId: t.int({ required: true }),
    quantity: t.float({
      required: true,
      description:
        'Whole units. A Float so that a fractional or huge number gets a field error, not a request error.',
    }),
    unitPrice: t.int({
      description: 'The unit price in cents the cart showed; a different server price refuses.',
    }),
    channel: t.string({ description: 'The price list the cart showed: "retail" or "wholesale".' }),
  }),
});

const TicketLineInput = builder.inputType('TicketLineInput', {
  fields: (t) => ({
    ticketTypeId: t.int({ required: true }),
    quantity: t.float({ required: true, description: 'Whole tickets.' }),
    unitPrice: t.int({
      description: 'The price in cents the cart showed; a different server price refuses.',
    }),
    attendeeNames: t.stringList({ description: 'Optional, one per ticket in order.' }),
  }),
});

export const OrderAddressInput = builder.inputType('OrderAddressInput', {
  fields: (t) => ({
    name: t.string({ description: 'The recipient, required for delivery and shipping.' }),
    line1: t.string({ required: true }),
    line2: t.string(),
    city: t.string({ required: true }),
    state: t.string({ required: true, description: 'US state postal code, e.g. "OR".' }),
    zip: t.string({ required: true }),
  }),
});

const FulfillmentChoiceInput = builder.inputType('FulfillmentChoiceInput', {
  fields: (t) => ({
    businessId: t.int({ required: true }),
    mode: t.string({ required: true, description: '"pickup", "delivery" or "ship".' }),
    address: t.field({
      type: OrderAddressInput,
      description: 'Delivery or shipping address; not needed for pickup.',
    }),
    payByInvoice: t.boolean({
      description:
        'Pay this producer by invoice, on its terms: for approved wholesale buyers, where the producer offers terms.',
    }),
  }),
});

const ContactInput = builder.inputType('CheckoutContactInput', {
  fields: (t) => ({
    name: t.string({ required: true }),
    email: t.string({ required: true }),
    phone: t.string({ required: true }),
  }),
});

const CardInput = builder.inputType('CardInput', {
  description: 'Card details, for the offline test-mode provider only.',
  fields: (t) => ({
    number: t.string({ required: true }),
    expMonth: t.int({ required: true }),
    expYear: t.int({ required: true }),
    cvc: t.string({ required: true }),
  }),
});

export const PaymentInput = builder.inputType('PaymentInput', {
  fields: (t) => ({
    card: t.field({ type: CardInput }),
    paymentMethodId: t.string({ description: 'With Stripe: the Payment Element’s PaymentMethod.' }),
  }),
});

const OrderSourceInput = builder.inputType('OrderSourceInput', {
  description:
    'The channel the buyer came by (a share link’s utm_* tags or the referring site). Each label is ' +
    'trimmed, lowercased and kept only when it is at most 64 of a–z, 0–9, ".", "_" and "-"; an ' +
    'unusable source is ignored, never refusing the checkout.',
  fields: (t) => ({
    source: t.string({ required: true, description: 'e.g. "facebook", "email", "example.com".' }),
    medium: t.string({ description: 'e.g. "social", "email", "referral".' }),
    campaign: t.string({ description: 'e.g. "share".' }),
  }),
});

const PlaceOrderInput = builder.inputType('PlaceOrderInput', {
  fields: (t) => ({
    idempotencyKey: t.string({
      required: true,
      description: 'Made by the client once per attempt; a repeat gets the same answer.',
    }),
    lines: t.field({ type: [CheckoutLineInput], required: true }),
    tickets: t.field({
      type: [TicketLineInput],
      description: 'Event tickets, paid in the same checkout.',
    }),
    fulfillment: t.field({
      type: [FulfillmentChoiceInput],
      required: true,
      description: 'One choice per producer in the cart.',
    }),
    contact: t.field({ type: ContactInput, required: true }),
    buyingBusiness: t.string({
      description:
        'The licensed business an approved wholesale buyer buys for (1–120 characters): required of wholesale buyers, ignored for retail.',
    }),
    billingAddress: t.field({ type: OrderAddressInput, required: true }),
    ageConfirmed: t.boolean({
      required: true,
      description: 'The buyer and anyone receiving the order are 21 or older.',
    }),
    payment: t.field({
      type: PaymentInput,
      description: 'The card; not needed when every producer is paid by invoice.',
    }),
    expectedTotal: t.int({
      description: 'The grand total in cents the buyer saw; a different server total refuses.',
    }),
    source: t.field({
      type: OrderSourceInput,
      description: 'Where the buyer came from, recorded on each order for its producer.',
    }),
  }),
});

builder.mutationFields((t) => ({
  placeOrder: t.field({
    type: CheckoutType,
    description:
      'Re-prices the cart, creates one order per producer and charges the card once. Refusals ' +
      'come back as errors with a code: BAD_USER_INPUT, SOLD_OUT, PRICE_CHANGED, ' +
      'PAYMENT_DECLINED, PAYMENT_FAILED, TOO_MANY_DECLINES, IDEMPOTENCY_KEY_REUSED, CHECKOUT_IN_PROGRESS.',
    args: { input: t.arg({ type: PlaceOrderInput, required: true }) },
    resolve: (_root, args, ctx) => placeOrder(ctx, args.input),
  }),
}));
