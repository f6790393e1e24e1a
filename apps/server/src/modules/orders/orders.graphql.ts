import { canCancel, nextStatusesFor, orderStatusLabel } from '@bevy/core';
import { builder } from '../../graphql/builder';
import { parsePage } from '../../platform/paging';
import { invoiceOpen, markInvoicePaid } from './invoice-payments.service';
import { advanceOrder, cancelOrder, cancelOwnOrder } from './order-changes.service';
import { findOrderForViewer, listBusinessOrders, listMyOrders } from './order-reads.service';
import { refundOrderLine } from './order-refunds.service';
import type { OrderEventView, OrderLineView, OrderPage, OrderView } from './order-views';
import { OrderAddressType, paymentFields } from './order-fields.graphql';
import { OrderSourceType } from './order-sources.graphql';

const OrderLineType = builder.objectRef<OrderLineView>('OrderLine');
OrderLineType.implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    productId: t.exposeInt('productId', {
      nullable: true,
      description: 'Null once the product was deleted.',
    }),
    productName: t.exposeString('productName', { description: 'As it was sold.' }),
    imageUrl: t.exposeString('imageUrl', {
      nullable: true,
      description: 'The product’s bottle image now; null without one or once deleted.',
    }),
    unitPriceCents: t.exposeInt('unitPriceCents'),
    quantity: t.exposeInt('quantity'),
    refundedQuantity: t.exposeInt('refundedQuantity'),
    lineTotalCents: t.exposeInt('lineTotalCents'),
  }),
});

const OrderEventType = builder.objectRef<OrderEventView>('OrderEvent');
OrderEventType.implement({
  description:
    'A step of an order’s history. A line refund is an event whose status does not change.',
  fields: (t) => ({
    fromStatus: t.exposeString('fromStatus', { nullable: true }),
    toStatus: t.exposeString('toStatus'),
    toStatusLabel: t.string({ resolve: (event) => orderStatusLabel(event.toStatus) }),
    note: t.exposeString('note', {
      nullable: true,
      description: 'The tracking number, the reason for a cancellation, what was refunded.',
    }),
    createdAt: t.string({
      description: 'ISO 8601',
      resolve: (event) => event.createdAt.toISOString(),
    }),
  }),
});

const OrderType = builder.objectRef<OrderView>('Order');
OrderType.implement({
  description: 'One producer’s order, as its buyer or the people who work at the producer see it.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    number: t.exposeString('number', { description: 'For people, e.g. "BV-100042".' }),
    status: t.exposeString('status'),
    statusLabel: t.string({ resolve: (order) => orderStatusLabel(order.status) }),
    createdAt: t.string({
      description: 'ISO 8601',
      resolve: (order) => order.createdAt.toISOString(),
    }),
    businessId: t.exposeInt('businessId'),
    businessName: t.exposeString('businessName'),
    businessSlug: t.exposeString('businessSlug'),
    buyerKind: t.exposeString('buyerKind', { description: '"retail" or "wholesale".' }),
    contactName: t.exposeString('contactName'),
    contactEmail: t.exposeString('contactEmail'),
    contactPhone: t.exposeString('contactPhone', { description: 'E.164, as stored.' }),
    buyingBusiness: t.exposeString('buyingBusiness', {
      nullable: true,
      description: 'The licensed business a wholesale buyer bought for; null for retail.',
    }),
    fulfillmentMode: t.exposeString('fulfillmentMode', {
      description: '"pickup", "delivery" or "ship".',
    }),
    fulfillmentAddress: t.field({
      type: OrderAddressType,
      nullable: true,
      description: 'Where the order goes; for pickup, the producer’s address.',
      resolve: (order) => order.fulfillmentAddress,
    }),
    pickupHours: t.exposeString('pickupHours', {
      nullable: true,
      description: 'The producer’s hours for pickup orders, when it has recorded them.',
    }),
    trackingNumber: t.exposeString('trackingNumber', { nullable: true }),
    billingAddress: t.field({
      type: OrderAddressType,
      resolve: (order) => order.billingAddress,
    }),
    subtotalCents: t.exposeInt('subtotalCents'),
    taxAndFeesCents: t.exposeInt('taxAndFeesCents'),
    fulfillmentFeeCents: t.exposeInt('fulfillmentFeeCents', {
      description: 'The delivery or shipping fee; untaxed, in the total, paid out to the producer.',
    }),
    taxRate: t.exposeString('taxRate', {
      description:
        'The producer’s tax + fees rate in percent when the order was placed, e.g. "8.8750".',
    }),
    totalCents: t.exposeInt('totalCents'),
    refundedCents: t.exposeInt('refundedCents', {
      description: 'Refunded to the card, or for an invoice order taken off the invoice.',
    }),
    ...paymentFields(t),
    clubRelease: t.exposeString('clubRelease', {
      nullable: true,
      description: 'The club and release this order was placed for; null for a cart’s order.',
    }),
    invoicePaidAt: t.string({
      nullable: true,
      description:
        'When the producer marked the invoice paid (ISO 8601); null until then and for card orders.',
      resolve: (order) => order.invoicePaidAt?.toISOString() ?? null,
    }),
    canMarkInvoicePaid: t.boolean({
      description: 'The viewer works at the business and the invoice is open (markInvoicePaid).',
      resolve: (order) => order.viewerIsSeller && invoiceOpen(order),
    }),
    commissionCents: t.int({
      nullable: true,
      description:
        'The marketplace’s commission kept (less what refunds reversed); for an invoice order, the commission the producer owes. Null unless the viewer works at the business.',
      resolve: (order) => order.money?.commissionCents ?? null,
    }),
    payoutCents: t.int({
      nullable: true,
      description:
        'Net to the producer through the marketplace: the payout less what refunds took back (0 for an invoice order); null unless the viewer works at the business.',
      resolve: (order) => order.money?.payoutCents ?? null,
    }),
    payoutStatus: t.string({
      nullable: true,
      description:
        'not_due, held, transferred or reversed; null unless the viewer works at the business.',
      resolve: (order) => order.money?.payoutStatus ?? null,
    }),
    viewerIsSeller: t.exposeBoolean('viewerIsSeller', {
      description: 'The viewer works at the order’s business (or is an admin).',
    }),
    nextStatuses: t.stringList({
      description:
        'The statuses the viewer may move the order to now, cancellation aside; empty for buyers.',
      resolve: (order) =>
        order.viewerIsSeller ? nextStatusesFor(order.status, order.fulfillmentMode) : [],
    }),
    canCancel: t.boolean({
      description: 'The viewer works at the business and the order is not yet fulfilled.',
      resolve: (order) => order.viewerIsSeller && canCancel(order.status),
    }),
    buyerCanCancel: t.boolean({
      description:
        'The viewer is the buyer, the producer has not accepted the order yet and its invoice (if any) is unpaid (cancelMyOrder).',
      resolve: (order) =>
        order.viewerIsBuyer && order.status === 'placed' && order.invoicePaidAt === null,
    }),
    source: t.field({
      type: OrderSourceType,
      nullable: true,
      description:
        'The channel the buyer came by (share link or referring site); null when unknown, and unless the viewer works at the business.',
      resolve: (order) => order.source,
    }),
    lines: t.expose('lines', { type: [OrderLineType] }),
    events: t.expose('events', {
      type: [OrderEventType],
      description: 'The order’s history, oldest first, from its payment on.',
    }),
  }),
});

const OrderPageType = builder.objectRef<OrderPage>('OrderPage');
OrderPageType.implement({
  fields: (t) => ({
    total: t.exposeInt('total'),
    orders: t.expose('orders', { type: [OrderType] }),
  }),
});

builder.queryFields((t) => ({
  businessOrders: t.field({
    type: OrderPageType,
    description:
      'Orders of every business the viewer works at (all for admins), newest first. `search` ' +
      'matches the order number (with or without "BV-") or the buyer’s name or email. A ' +
      '`businessId` the viewer does not work at is FORBIDDEN.',
    args: {
      status: t.arg.string(),
      businessId: t.arg.int(),
      search: t.arg.string(),
      source: t.arg.string({
        description: 'Only orders from this source ("facebook"); "direct" for those with none.',
      }),
      limit: t.arg.int({ defaultValue: 25 }),
      offset: t.arg.int({ defaultValue: 0 }),
    },
    resolve: (_root, args, ctx) =>
      listBusinessOrders(ctx, {
        status: args.status,
        businessId: args.businessId,
        search: args.search,
        source: args.source,
        ...parsePage(args.offset, args.limit),
      }),
  }),
  myOrders: t.field({
    type: OrderPageType,
    description: 'The viewer’s own purchases, newest first.',
    args: {
      limit: t.arg.int({ defaultValue: 25 }),
      offset: t.arg.int({ defaultValue: 0 }),
    },
    resolve: (_root, args, ctx) => listMyOrders(ctx, parsePage(args.offset, args.limit)),
  }),
  order: t.field({
    type: OrderType,
    nullable: true,
    description:
      'The order, for its buyer and the people who work at its business; null for anyone else.',
    args: { id: t.arg.int({ required: true }) },
    resolve: (_root, args, ctx) => findOrderForViewer(ctx, args.id),
  }),
}));

builder.mutationFields((t) => ({
  advanceOrder: t.field({
    type: OrderType,
    description:
      'Moves the order to its next status (sellers only). A move the workflow does not allow is ' +
      'INVALID_TRANSITION and changes nothing; "shipped" needs a tracking number.',
    args: {
      id: t.arg.int({ required: true }),
      to: t.arg.string({ required: true }),
      trackingNumber: t.arg.string(),
    },
    resolve: (_root, args, ctx) => advanceOrder(ctx, args),
  }),
  cancelOrder: t.field({
    type: OrderType,
    description:
      'Cancels an order before fulfillment (sellers only): refunds the buyer what is left, ' +
      'reverses the commission and the payout, and gives back the stock. REFUND_FAILED when ' +
      'the payment service fails; then nothing changed.',
    args: {
      id: t.arg.int({ required: true }),
      reason: t.arg.string(),
    },
    resolve: (_root, args, ctx) => cancelOrder(ctx, args),
  }),
  cancelMyOrder: t.field({
    type: OrderType,
    description:
      'The buyer cancels their own order until the producer accepts it: refunds it in full and ' +
      'emails the producer. INVALID_TRANSITION once accepted; NOT_FOUND for anyone but the buyer.',
    args: {
      id: t.arg.int({ required: true }),
      reason: t.arg.string(),
    },
    resolve: (_root, args, ctx) => cancelOwnOrder(ctx, args),
  }),
  markInvoicePaid: t.field({
    type: OrderType,
    description:
      'Records that the buyer paid an invoice order (sellers only). INVALID_TRANSITION for a ' +
      'card order, a cancelled or refunded one, or an invoice marked paid already.',
    args: { id: t.arg.int({ required: true }) },
    resolve: (_root, args, ctx) => markInvoicePaid(ctx, args),
  }),
  refundOrderLine: t.field({
    type: OrderType,
    description:
      'Refunds units of one line (sellers only): unit price × quantity and its share of tax + ' +
      'fees. REFUND_FAILED when the payment service fails; then nothing changed.',
    args: {
      orderId: t.arg.int({ required: true }),
      lineId: t.arg.int({ required: true }),
      quantity: t.arg.int({ required: true }),
      reason: t.arg.string(),
    },
    resolve: (_root, args, ctx) => refundOrderLine(ctx, args),
  }),
}));
