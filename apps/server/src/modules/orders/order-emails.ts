import {
  ADULT_SIGNATURE_NOTICE,
  COMMISSION_BASIS_POINTS,
  formatCents,
  nextStepsFor,
  payByInvoiceText,
  type Cents,
  type FulfillmentMode,
  type OrderStatus,
  type PaymentMethod,
} from '@bevy/core';
import type { OrderAddress } from '@bevy/core/checkout-schemas';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import {
  businesses,
  businessMembers,
  mailOutbox,
  orderLines,
  orders,
  users,
} from '../../db/schema';
import type { MailMessage } from '../mail/mailer';

/**
 * The emails about orders: to the buyer and to each producer when a checkout is paid, and to the
 * buyer when a seller moves an order on. They are written to the mail outbox inside the caller's
 * transaction (a transactional outbox), so an order that is not committed sends nothing, and an
 * order that is sends exactly once: each queue call follows a status change that happens once.
 */

export interface OrderEmailLine {
  name: string;
  quantity: number;
  unitPriceCents: Cents;
  lineTotalCents: Cents;
}

/** An order as the emails describe it. */
export interface OrderEmailView {
  id: number;
  number: string;
  checkoutId: string;
  businessId: number;
  businessName: string;
  status: OrderStatus;
  mode: FulfillmentMode;
  /** Where the goods go, or for pickup the producer's address (null if it has none). */
  address: OrderAddress | null;
  lines: OrderEmailLine[];
  subtotalCents: Cents;
  taxAndFeesCents: Cents;
  totalCents: Cents;
  commissionCents: Cents;
  payoutCents: Cents;
  refundedCents: Cents;
  trackingNumber: string | null;
  buyer: { name: string; email: string; phone: string };
  /** 'invoice': the buyer pays the producer directly by the due date, not in the card charge. */
  paymentMethod: PaymentMethod;
  invoiceTermsDays: number | null;
  /** YYYY-MM-DD, for invoice orders. */
  invoiceDueOn: string | null;
}

/** Where links point and what the marketplace is called. */
export interface EmailSite {
  siteName: string;
  /** Origin without a trailing slash, e.g. https://bevy.example. */
  publicUrl: string;
}

export const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (char) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

/** A subject is one header line: whatever a buyer typed into a name cannot break it. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** "BV-1", "BV-1 and BV-2", "BV-1, BV-2 and BV-3". */
export function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

export function formatAddress(address: OrderAddress): string {
  return [
    address.name,
    address.line1,
    address.line2,
    address.city,
    `${address.state} ${address.zip}`,
  ]
    .filter(Boolean)
    .join(', ');
}

export const orderUrl = (site: EmailSite, orderId: number) => `${site.publicUrl}/orders/${orderId}`;

/** How the goods reach the buyer, in one line. */
export function fulfilmentLine(order: Pick<OrderEmailView, 'mode' | 'address' | 'businessName'>) {
  const where = order.address ? formatAddress(order.address) : null;
  switch (order.mode) {
    case 'pickup':
      return where ? `Pickup at ${where}` : `Pickup from ${order.businessName}`;
    case 'delivery':
      return where ? `Delivery to ${where}` : 'Delivery';
    case 'ship':
      return where ? `Shipping to ${where}` : 'Shipping';
  }
}

// An email is a list of blocks, rendered once as plain text and once as simple HTML.
type Block =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'lines'; lines: readonly OrderEmailLine[] }
  | { kind: 'amounts'; rows: readonly (readonly [string, Cents])[] }
  | { kind: 'link'; label: string; href: string };

function renderText(blocks: readonly Block[]): string {
  return `${blocks
    .map((block) => {
      switch (block.kind) {
        case 'heading':
          return `${block.text}\n${'='.repeat(block.text.length)}`;
        case 'paragraph':
          return block.text;
        case 'lines':
          return block.lines
            .map(
              (line) =>
                `- ${line.name} × ${line.quantity} at ${formatCents(line.unitPriceCents)}: ` +
                formatCents(line.lineTotalCents),
            )
            .join('\n');
        case 'amounts':
          return block.rows.map(([label, cents]) => `${label}: ${formatCents(cents)}`).join('\n');
        case 'link':
          return `${block.label}: ${block.href}`;
      }
    })
    .join('\n\n')}\n`;
}

const CELL = 'style="padding:4px 8px;text-align:left"';
const AMOUNT_CELL = 'style="padding:4px 8px;text-align:right"';

function renderHtml(blocks: readonly Block[]): string {
  const body = blocks
    .map((block) => {
      switch (block.kind) {
        case 'heading':
          return `<h2 style="font-size:18px;margin:24px 0 8px">${escapeHtml(block.text)}</h2>`;
        case 'paragraph':
          return `<p>${escapeHtml(block.text)}</p>`;
        case 'lines':
          return (
            '<table style="border-collapse:collapse"><thead><tr>' +
            `<th ${CELL}>Product</th><th ${AMOUNT_CELL}>Quantity</th>` +
            `<th ${AMOUNT_CELL}>Unit price</th><th ${AMOUNT_CELL}>Total</th></tr></thead><tbody>` +
            block.lines
              .map(
                (line) =>
                  `<tr><td ${CELL}>${escapeHtml(line.name)}</td>` +
                  `<td ${AMOUNT_CELL}>${line.quantity}</td>` +
                  `<td ${AMOUNT_CELL}>${formatCents(line.unitPriceCents)}</td>` +
                  `<td ${AMOUNT_CELL}>${formatCents(line.lineTotalCents)}</td></tr>`,
              )
              .join('') +
            '</tbody></table>'
          );
        case 'amounts':
          return (
            '<table style="border-collapse:collapse">' +
            block.rows
              .map(
                ([label, cents]) =>
                  `<tr><th ${CELL}>${escapeHtml(label)}</th>` +
                  `<td ${AMOUNT_CELL}>${formatCents(cents)}</td></tr>`,
              )
              .join('') +
            '</table>'
          );
        case 'link':
          return `<p><a href="${escapeHtml(block.href)}">${escapeHtml(block.label)}</a></p>`;
      }
    })
    .join('\n');
  return `<!doctype html>\n<html><body style="font-family:sans-serif;color:#222">\n${body}\n</body></html>\n`;
}

function message(to: string, subject: string, blocks: readonly Block[]): MailMessage {
  return { to, subject: oneLine(subject), text: renderText(blocks), html: renderHtml(blocks) };
}

const needsSignature = (mode: FulfillmentMode) => mode !== 'pickup';

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
          ['Total', order.totalCents],
        ],
      },
      { kind: 'paragraph', text: fulfilmentLine(order) },
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
    { kind: 'heading', text: 'Fulfilment' },
    { kind: 'paragraph', text: fulfilmentLine(order) },
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

/** The statuses a buyer is told about when a seller sets them. */
export const STATUSES_EMAILED_TO_BUYER = [
  'ready_for_pickup',
  'out_for_delivery',
  'shipped',
  'completed',
  'cancelled',
  'refunded',
] as const satisfies readonly OrderStatus[];

/** Where a refund goes, in the buyer's words: back to the card, or off the invoice. */
function refundDestination(order: OrderEmailView, amount: Cents): string {
  return order.paymentMethod === 'invoice'
    ? `${formatCents(amount)} is taken off the invoice for this order.`
    : `A refund of ${formatCents(amount)} goes back to the card you paid with; banks take up to 10 business days to show it.`;
}

/** The buyer's email about an order's current status, or null for a status that sends none. */
export function orderStatusEmail(site: EmailSite, order: OrderEmailView): MailMessage | null {
  const about = `Your ${site.siteName} order ${order.number}`;
  const greeting: Block = { kind: 'paragraph', text: `Hello ${order.buyer.name},` };
  const link: Block = {
    kind: 'link',
    label: `View order ${order.number}`,
    href: orderUrl(site, order.id),
  };
  const signature: Block = { kind: 'paragraph', text: ADULT_SIGNATURE_NOTICE };
  const from = order.businessName;
  switch (order.status) {
    case 'ready_for_pickup':
      return message(order.buyer.email, `${about} is ready for pickup`, [
        greeting,
        { kind: 'paragraph', text: `${from} has your order ${order.number} ready.` },
        { kind: 'paragraph', text: fulfilmentLine(order) },
        { kind: 'paragraph', text: 'Bring a photo ID showing you are 21 or older.' },
        link,
      ]);
    case 'out_for_delivery':
      return message(order.buyer.email, `${about} is out for delivery`, [
        greeting,
        { kind: 'paragraph', text: `Your order ${order.number} from ${from} is out for delivery.` },
        { kind: 'paragraph', text: fulfilmentLine(order) },
        signature,
        link,
      ]);
    case 'shipped':
      return message(order.buyer.email, `${about} has shipped`, [
        greeting,
        { kind: 'paragraph', text: `${from} has shipped your order ${order.number}.` },
        {
          kind: 'paragraph',
          text: order.trackingNumber
            ? `Tracking number: ${order.trackingNumber}`
            : 'The tracking number will follow.',
        },
        { kind: 'paragraph', text: fulfilmentLine(order) },
        signature,
        link,
      ]);
    case 'completed':
      return message(order.buyer.email, `${about} is complete`, [
        greeting,
        {
          kind: 'paragraph',
          text: `${from} marked your order ${order.number} as complete. Thank you for buying from them on ${site.siteName}.`,
        },
        link,
      ]);
    case 'cancelled':
      return message(order.buyer.email, `${about} was cancelled`, [
        greeting,
        { kind: 'paragraph', text: `${from} cancelled your order ${order.number}.` },
        order.paymentMethod === 'invoice'
          ? { kind: 'paragraph', text: 'Its invoice is cancelled: you owe nothing for this order.' }
          : order.refundedCents > 0
            ? {
                kind: 'paragraph',
                text: `A refund of ${formatCents(order.refundedCents)} goes back to the card you paid with; banks take up to 10 business days to show it.`,
              }
            : { kind: 'paragraph', text: `${from} will contact you about any refund.` },
        link,
      ]);
    case 'refunded':
      return message(order.buyer.email, `${about} was refunded`, [
        greeting,
        { kind: 'paragraph', text: `${from} refunded your order ${order.number} in full.` },
        { kind: 'paragraph', text: refundDestination(order, order.refundedCents) },
        link,
      ]);
    default:
      return null;
  }
}

/**
 * The buyer's email about a refund of part of an order (`what`, e.g. "1 × Pinot Noir"), which
 * leaves the order's status as it was; a refund of everything sends the 'refunded' email instead.
 */
export function partialRefundEmail(
  site: EmailSite,
  order: OrderEmailView,
  refund: { what: string; amountCents: Cents },
): MailMessage {
  return message(order.buyer.email, `A refund on your ${site.siteName} order ${order.number}`, [
    { kind: 'paragraph', text: `Hello ${order.buyer.name},` },
    {
      kind: 'paragraph',
      text: `${order.businessName} refunded ${refund.what} of your order ${order.number}.`,
    },
    { kind: 'paragraph', text: refundDestination(order, refund.amountCents) },
    { kind: 'link', label: `View order ${order.number}`, href: orderUrl(site, order.id) },
  ]);
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
    totalCents: order.total_cents,
    commissionCents: order.commission_cents,
    payoutCents: order.payout_cents,
    refundedCents: order.refunded_cents,
    trackingNumber: order.tracking_number,
    buyer: { name: order.contact_name, email: order.contact_email, phone: order.contact_phone },
    paymentMethod: order.payment_method,
    invoiceTermsDays: order.invoice_terms_days,
    invoiceDueOn: order.invoice_due_on,
    staffEmails,
  }));
}

/**
 * Writes messages into the outbox. Without SMTP that is where they are read ('outbox'); with
 * SMTP they wait as 'queued' for a relay to send them after the transaction commits.
 */
async function queueMessages(ctx: OrderEmailContext, messages: readonly MailMessage[]) {
  if (messages.length === 0) return;
  await ctx.db.insert(mailOutbox).values(
    messages.map((mail) => ({
      to_address: mail.to,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html ?? null,
      transport: ctx.config.SMTP_URL ? 'queued' : 'outbox',
    })),
  );
}

/**
 * Queues the emails of orders that have just been paid: one to the buyer per checkout, and one
 * per order to each person who works at its producer. Call it in the transaction that marks the
 * orders placed, with the orders that this transaction changed. Returns how many were queued.
 */
export async function queueCheckoutEmails(
  ctx: OrderEmailContext,
  orderIds: readonly number[],
): Promise<number> {
  if (orderIds.length === 0) return 0;
  const placed = await loadOrders(ctx.db, orderIds);
  const site = siteOf(ctx);
  const checkoutIds = [...new Set(placed.map((order) => order.checkoutId))];
  const messages = [
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
  await queueMessages(ctx, messages);
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
  await queueMessages(ctx, [mail]);
  return true;
}

/** Queues the buyer's email about a part refund, in the transaction that records it. */
export async function queuePartialRefundEmail(
  ctx: OrderEmailContext,
  orderId: number,
  refund: { what: string; amountCents: Cents },
): Promise<void> {
  const [order] = await loadOrders(ctx.db, [orderId]);
  if (order) await queueMessages(ctx, [partialRefundEmail(siteOf(ctx), order, refund)]);
}
