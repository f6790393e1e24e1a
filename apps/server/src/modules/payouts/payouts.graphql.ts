import { orderStatusLabel } from '@bevy/core';
import { builder } from '../../graphql/builder';
import {
  businessMonthFigures,
  businessPayouts,
  type BusinessMonthFigures,
  type BusinessPayouts,
  type PayoutOrderRow,
} from './payouts.service';

const PayoutOrderRowType = builder.objectRef<PayoutOrderRow>('PayoutOrderRow');
PayoutOrderRowType.implement({
  fields: (t) => ({
    orderId: t.exposeInt('orderId'),
    number: t.exposeString('number'),
    createdAt: t.string({
      description: 'ISO 8601',
      resolve: (row) => row.createdAt.toISOString(),
    }),
    status: t.exposeString('status'),
    statusLabel: t.string({ resolve: (row) => orderStatusLabel(row.status) }),
    totalCents: t.exposeInt('totalCents'),
    commissionCents: t.exposeInt('commissionCents', {
      description:
        'Commission kept: commission less its reversals. For an invoice order, the commission the producer owes.',
    }),
    refundedCents: t.exposeInt('refundedCents', {
      description: 'Refunded to the card, or for an invoice order taken off the invoice.',
    }),
    netCents: t.exposeInt('netCents', {
      description:
        'The payout less its reversals: total − commission − refunded. 0 for an invoice order, which the buyer pays the producer directly.',
    }),
    payoutStatus: t.exposeString('payoutStatus', {
      description: 'not_due, held, transferred or reversed; always not_due for an invoice order.',
    }),
    paymentMethod: t.exposeString('paymentMethod', { description: '"card" or "invoice".' }),
    invoiceDueOn: t.exposeString('invoiceDueOn', {
      nullable: true,
      description: 'When the invoice is due, YYYY-MM-DD; null for card orders.',
    }),
  }),
});

/** The figures of a period, on the payouts ledger and the dashboard. */
const invoiceFigureDescriptions = {
  invoicedCents: 'What buyers owe the producer directly: invoice totals less what was taken off.',
  invoiceCommissionOwedCents:
    'Commission (8% of the subtotal, less reversals) the producer owes on its invoice orders, which moved no money through the marketplace.',
};

const BusinessPayoutsType = builder.objectRef<BusinessPayouts>('BusinessPayouts');
BusinessPayoutsType.implement({
  description: 'A business’s ledger of paid orders over a period.',
  fields: (t) => ({
    businessId: t.exposeInt('businessId'),
    businessName: t.exposeString('businessName'),
    businessSlug: t.exposeString('businessSlug'),
    grossSalesCents: t.exposeInt('grossSalesCents', {
      description: 'Totals of the placed orders, card and invoice, cancelled ones included.',
    }),
    commissionCents: t.exposeInt('commissionCents', {
      description: 'Commission kept from card orders: commission less its reversals.',
    }),
    refundsCents: t.exposeInt('refundsCents', {
      description: 'Refunded to buyers’ cards or taken off their invoices.',
    }),
    netCents: t.exposeInt('netCents', {
      description:
        'Paid out through the marketplace: gross − commission − refunds − invoiced, which is transfers − transfer reversals.',
    }),
    invoicedCents: t.exposeInt('invoicedCents', {
      description: invoiceFigureDescriptions.invoicedCents,
    }),
    invoiceCommissionOwedCents: t.exposeInt('invoiceCommissionOwedCents', {
      description: invoiceFigureDescriptions.invoiceCommissionOwedCents,
    }),
    orders: t.expose('orders', {
      type: [PayoutOrderRowType],
      description: 'Newest first.',
    }),
  }),
});

const BusinessMonthFiguresType = builder.objectRef<BusinessMonthFigures>('BusinessMonthFigures');
BusinessMonthFiguresType.implement({
  description: 'A business’s paid orders of the calendar month so far (UTC).',
  fields: (t) => ({
    businessId: t.exposeInt('businessId'),
    businessName: t.exposeString('businessName'),
    businessSlug: t.exposeString('businessSlug'),
    month: t.exposeString('month', { description: 'e.g. "2026-11".' }),
    ordersCount: t.exposeInt('ordersCount'),
    grossSalesCents: t.exposeInt('grossSalesCents'),
    commissionCents: t.exposeInt('commissionCents'),
    refundsCents: t.exposeInt('refundsCents'),
    netCents: t.exposeInt('netCents'),
    invoicedCents: t.exposeInt('invoicedCents', {
      description: invoiceFigureDescriptions.invoicedCents,
    }),
    invoiceCommissionOwedCents: t.exposeInt('invoiceCommissionOwedCents', {
      description: invoiceFigureDescriptions.invoiceCommissionOwedCents,
    }),
  }),
});

builder.queryFields((t) => ({
  businessPayouts: t.field({
    type: BusinessPayoutsType,
    description:
      'The business’s paid orders and their money; `from` and `to` are YYYY-MM-DD, inclusive (UTC). ' +
      'For the people who work at the business and admins.',
    args: {
      slug: t.arg.string({ required: true }),
      from: t.arg.string(),
      to: t.arg.string(),
    },
    resolve: (_root, args, ctx) => businessPayouts(ctx, args),
  }),
  businessMonthFigures: t.field({
    type: [BusinessMonthFiguresType],
    description: 'This month’s figures (UTC) of each business the viewer works at.',
    resolve: (_root, _args, ctx) => businessMonthFigures(ctx),
  }),
}));
