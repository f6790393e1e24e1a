import {
  ADULT_SIGNATURE_NOTICE,
  COMMISSION_BASIS_POINTS,
  feeRows,
  formatCents,
  nextStepsFor,
  payByInvoiceText,
  type Cents,
} from '@bevy/core';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { businesses, businessMembers, orderLines, orders, users } from '../../db/tables';
import { queueMail, type MailMessage } from '../mail/index';
import {
  fulfillmentLine,
  listOf,
  message,
  needsSignature,
  orderUrl,
  type Block,
  type EmailSite,
  type OrderEmailLine,
  type OrderEmailView,
} from './order-email-blocks';
import {
  buyerCancellationEmails,
  orderStatusEmail,
  partialRefundEmail,
} from './order-status-emails';

/**
 * The emails about orders: to the buyer and to each producer when a checkout is paid, and to the
 * buyer when a seller moves an order on. They are written to the mail outbox inside the caller's
 * transaction (a transactional outbox), so an order that is not committed sends nothing, and an
 * order that is sends exactly once: each queue call follows a status change that happens once.
 */

/** "Pay by invoice, due December 22, 2026 (Net 30)", or null for an order paid by card. */
function invoiceLine(order: OrderEmailView): string | null {
  return order.paymentMethod === 'invoice' && order.invoiceDueOn
    ? payByInvoiceText(order.invoiceDueOn, order.invoiceTermsDays)
    : null;
}

/**
 * The buyer's email for a paid checkout: every order of it, how each invoice order is to be paid,
 * and the total charged to the card (the card orders only).
 */
export function buyerCheckoutEmail(site: EmailSite, placed: readonly OrderEmailView[]) {
  const [first] = placed;
  if (!first) throw new Error('A checkout email needs at least one order.');
  const numbers = listOf(placed.map((order) => order.number));
  const subject = `Your ${site.siteName} ${placed.length === 1 ? 'order' : 'orders'} ${numbers}`;
  const blocks: Block[] = [
    { kind: 'paragraph', text: `Hello ${first.buyer.name},` },
    {
      kind: 'paragraph',
      text:
        placed.length === 1
          ? `Thank you for your order ${first.number} from ${first.businessName}.`
          : `Thank you for your orders. Each producer handles its own: ${listOf(
              placed.map((order) => `${order.number} from ${order.businessName}`),
            )}.`,
    },
  ];
  for (const order of placed) {
    blocks.push(
      { kind: 'heading', text: `Order ${order.number} from ${order.businessName}` },
      { kind: 'lines', lines: order.lines },
      {
        kind: 'amounts',
        rows: [
          ['Subtotal', order.subtotalCents],
          ['Tax + fees', order.taxAndFeesCents],
          ...feeRows(order.mode, order.fulfillmentFeeCents),
          ['Total', order.totalCents],
        ],
      },
      { kind: 'paragraph', text: fulfillmentLine(order) },
      { kind: 'paragraph', text: nextStepsFor(order.mode, order.businessName) },
    );
    const invoice = invoiceLine(order);
    if (invoice) {
      blocks.push({
        kind: 'paragraph',
        text: `${invoice}: pay ${formatCents(order.totalCents)} to ${order.businessName} directly.`,
      });
    }
    if (needsSignature(order.mode)) {
      blocks.push({ kind: 'paragraph', text: ADULT_SIGNATURE_NOTICE });
    }
    blocks.push({
      kind: 'link',
      label: `View order ${order.number}`,
      href: orderUrl(site, order.id),
    });
  }
  const byCard = placed.filter((order) => order.paymentMethod === 'card');
  const onInvoice = placed.filter((order) => order.paymentMethod === 'invoice');
  const totalOf = (orders: readonly OrderEmailView[]) =>
    orders.reduce((sum, order) => sum + order.totalCents, 0);
  blocks.push({ kind: 'heading', text: 'Payment' });
  if (byCard.length > 0) {
    blocks.push({ kind: 'amounts', rows: [['Total charged', totalOf(byCard)]] });
  } else {
    blocks.push({ kind: 'paragraph', text: 'Nothing was charged to a card.' });
  }
  if (onInvoice.length > 0) {
    blocks.push({
      kind: 'amounts',
      rows: [['On invoice, paid to the producers', totalOf(onInvoice)]],
    });
  }
  return message(first.buyer.email, subject, blocks);
}

const commissionPercent = `${COMMISSION_BASIS_POINTS / 100}%`;

/**
 * A producer's email about a new order: what to prepare, for whom, and what it pays; for an
 * invoice order, when the buyer is to pay them and the commission they owe the marketplace.
 */
export function producerOrderEmail(site: EmailSite, order: OrderEmailView, to: string) {
  const commission = `${site.siteName} commission (${commissionPercent} of the subtotal)`;
  const invoice = invoiceLine(order);
  const placed = `${order.buyer.name} placed order ${order.number} with ${order.businessName}`;
  const blocks: Block[] = [
    {
      kind: 'paragraph',
      text: invoice ? `${placed}, to pay by invoice.` : `${placed}, and it is paid.`,
    },
    { kind: 'lines', lines: order.lines },
    {
      kind: 'amounts',
      rows: [
        ['Subtotal', order.subtotalCents],
        ['Tax + fees', order.taxAndFeesCents],
        ...feeRows(order.mode, order.fulfillmentFeeCents),
        ...((invoice
          ? [
              ['Total on the invoice', order.totalCents],
              [`${commission}, owed by you`, order.commissionCents],
            ]
          : [
              ['Total paid by the buyer', order.totalCents],
              [commission, order.commissionCents],
              ['Your payout', order.payoutCents],
            ]) satisfies [string, Cents][]),
      ],
    },
  ];
  if (invoice) {
    blocks.push({
      kind: 'paragraph',
      text: `${invoice}: the buyer pays you directly; nothing was charged to a card.`,
    });
  }
  blocks.push(
    { kind: 'heading', text: 'Fulfillment' },
    { kind: 'paragraph', text: fulfillmentLine(order) },
  );
  if (needsSignature(order.mode)) {
    blocks.push({ kind: 'paragraph', text: ADULT_SIGNATURE_NOTICE });
  }
  blocks.push(
    { kind: 'heading', text: 'Buyer' },
    { kind: 'paragraph', text: `${order.buyer.name}, ${order.buyer.email}, ${order.buyer.phone}` },
    { kind: 'link', label: 'Accept the order', href: orderUrl(site, order.id) },
  );
  return message(to, `New order ${order.number} from ${order.buyer.name}`, blocks);
}

/** What queueing needs: the transaction to write in, and where links point. */
export interface OrderEmailContext {
  db: Db;
  config: Pick<Config, 'publicUrl' | 'SITE_NAME' | 'SMTP_URL'>;
}

const siteOf = (ctx: OrderEmailContext): EmailSite => ({
  siteName: ctx.config.SITE_NAME,
  publicUrl: ctx.config.publicUrl,
});

/** The orders as the emails describe them, with who works at each producer: one round trip. */
async function loadOrders(
  db: Db,
  orderIds: readonly number[],
): Promise<(OrderEmailView & { staffEmails: string[] })[]> {
  const rows = await db
    .select({
      order: orders,
      businessName: businesses.name,
      lines: sql<OrderEmailLine[]>`(
        select coalesce(json_agg(json_build_object(
          'name', ${orderLines.product_name},
          'quantity', ${orderLines.quantity},
          'unitPriceCents', ${orderLines.unit_price_cents},
          'lineTotalCents', ${orderLines.line_total_cents}
        ) order by ${orderLines.id}), '[]'::json)
        from ${orderLines} where ${orderLines.order_id} = ${orders.id})`,
      // Account emails of the people who work there; disabled accounts get nothing.
      staffEmails: sql<string[]>`(
        select coalesce(json_agg(${users.email} order by ${users.id}), '[]'::json)
        from ${businessMembers} join ${users} on ${users.id} = ${businessMembers.user_id}
        where ${businessMembers.business_id} = ${orders.business_id}
          and ${users.disabled_at} is null)`,
    })
    .from(orders)
    .innerJoin(businesses, eq(businesses.id, orders.business_id))
    .where(inArray(orders.id, [...orderIds]))
    .orderBy(asc(orders.id));
  return rows.map(({ order, businessName, lines, staffEmails }) => ({
    id: order.id,
    number: order.number,
    checkoutId: order.checkout_id,
    businessId: order.business_id,
    businessName,
    status: order.status,
    mode: order.fulfillment_mode,
    address: order.fulfillment_address ?? null,
    lines,
    subtotalCents: order.subtotal_cents,
    taxAndFeesCents: order.tax_and_fees_cents,
    fulfillmentFeeCents: order.fulfillment_fee_cents,
    totalCents: order.total_cents,
    commissionCents: order.commission_cents,
    payoutCents: order.payout_cents,
    refundedCents: order.refunded_cents,
    trackingNumber: order.tracking_number,
    buyer: { name: order.contact_name, email: order.contact_email, phone: order.contact_phone },
    paymentMethod: order.payment_method,
    invoiceTermsDays: order.invoice_terms_days,
    invoiceDueOn: order.invoice_due_on,
    invoicePaid: order.invoice_paid_at !== null,
    staffEmails,
  }));
}

/**
 * The emails of orders being paid: one to the buyer per checkout, and one per order to each
 * person who works at its producer. They tell only what checkout fixed (lines, amounts, payment,
 * fulfillment), so they may be written before the orders are placed, to queue in the statement
 * that places them.
 */
export async function checkoutEmails(
  ctx: OrderEmailContext,
  orderIds: readonly number[],
): Promise<MailMessage[]> {
  if (orderIds.length === 0) return [];
  const placed = await loadOrders(ctx.db, orderIds);
  const site = siteOf(ctx);
  const checkoutIds = [...new Set(placed.map((order) => order.checkoutId))];
  return [
    ...checkoutIds.map((id) =>
      buyerCheckoutEmail(
        site,
        placed.filter((order) => order.checkoutId === id),
      ),
    ),
    ...placed.flatMap((order) =>
      order.staffEmails.map((to) => producerOrderEmail(site, order, to)),
    ),
  ];
}

/**
 * Queues `checkoutEmails`. Call it in the transaction that marks the orders placed, with the
 * orders that this transaction changed. Returns how many were queued.
 */
export async function queueCheckoutEmails(
  ctx: OrderEmailContext,
  orderIds: readonly number[],
): Promise<number> {
  const messages = await checkoutEmails(ctx, orderIds);
  await queueMail(ctx, messages);
  return messages.length;
}

/**
 * Queues the buyer's email about the order's current status, when that status sends one
 * (ready for pickup, out for delivery, shipped, completed, cancelled, refunded). Call it in the transaction
 * that changes the status, after the tracking number or the refund are recorded. Returns whether
 * an email was queued.
 */
export async function queueOrderStatusEmail(
  ctx: OrderEmailContext,
  orderId: number,
): Promise<boolean> {
  const [order] = await loadOrders(ctx.db, [orderId]);
  const mail = order && orderStatusEmail(siteOf(ctx), order);
  if (!mail) return false;
  await queueMail(ctx, [mail]);
  return true;
}

/** Queues the buyer's email about a part refund, in the transaction that records it. */
export async function queuePartialRefundEmail(
  ctx: OrderEmailContext,
  orderId: number,
  refund: { what: string; amountCents: Cents },
): Promise<void> {
  const [order] = await loadOrders(ctx.db, [orderId]);
  if (order) await queueMail(ctx, [partialRefundEmail(siteOf(ctx), order, refund)]);
}

/** Queues the emails of a buyer's own cancellation, in the transaction that records it. */
export async function queueBuyerCancellationEmails(
  ctx: OrderEmailContext,
  orderId: number,
  reason: string | null,
): Promise<void> {
  const [order] = await loadOrders(ctx.db, [orderId]);
  if (order) await queueMail(ctx, buyerCancellationEmails(siteOf(ctx), order, reason));
}
