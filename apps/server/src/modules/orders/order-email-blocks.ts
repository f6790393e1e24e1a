import {
  formatCents,
  type Cents,
  type FulfillmentMode,
  type OrderStatus,
  type PaymentMethod,
} from '@bevy/core';
import type { OrderAddress } from '@bevy/core/checkout-schemas';
import type { MailMessage } from '../mail/index';

/**
 * What every email about an order is made of: the order as emails see it, and blocks (headings,
 * paragraphs, lines, amounts, links) rendered once as plain text and once as HTML.
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
  /** The delivery or shipping fee (decision 014). */
  fulfillmentFeeCents: Cents;
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
  /** The producer marked the invoice paid: money given back is then owed by the producer. */
  invoicePaid: boolean;
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
export function fulfillmentLine(order: Pick<OrderEmailView, 'mode' | 'address' | 'businessName'>) {
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
export type Block =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'lines'; lines: readonly OrderEmailLine[] }
  | { kind: 'amounts'; rows: readonly (readonly [string, Cents])[] }
  | { kind: 'link'; label: string; href: string }
  /** A picture hosted by us (a ticket's QR code); the text version gives its `alt`. */
  | { kind: 'image'; src: string; alt: string; width: number };

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
        case 'image':
          return block.alt;
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
        case 'image':
          return `<p><img src="${escapeHtml(block.src)}" alt="${escapeHtml(block.alt)}" width="${block.width}" height="${block.width}"></p>`;
      }
    })
    .join('\n');
  return `<!doctype html>\n<html><body style="font-family:sans-serif;color:#222">\n${body}\n</body></html>\n`;
}

export function message(to: string, subject: string, blocks: readonly Block[]): MailMessage {
  return { to, subject: oneLine(subject), text: renderText(blocks), html: renderHtml(blocks) };
}

export const needsSignature = (mode: FulfillmentMode) => mode !== 'pickup';
