import { ADULT_SIGNATURE_NOTICE, formatCents, type Cents, type OrderStatus } from '@bevy/core';
import type { MailMessage } from '../mail/index';
import {
  fulfillmentLine,
  message,
  orderUrl,
  type Block,
  type EmailSite,
  type OrderEmailView,
} from './order-email-blocks';

/**
 * The buyer's emails after the order was placed: each status a seller moves it to that the buyer
 * should hear of, refunds in part, and the buyer's own cancellation (with the producer's copy).
 */

/** The statuses a buyer is told about when a seller sets them. */
export const STATUSES_EMAILED_TO_BUYER = [
  'ready_for_pickup',
  'out_for_delivery',
  'shipped',
  'completed',
  'cancelled',
  'refunded',
] as const satisfies readonly OrderStatus[];

/**
 * Where a refund goes, in the buyer's words: back to the card, off the invoice, or (an invoice
 * already paid) from the producer directly.
 */
function refundDestination(order: OrderEmailView, amount: Cents): string {
  if (order.paymentMethod === 'invoice') {
    return order.invoicePaid
      ? `You paid this order’s invoice: ${order.businessName} owes you ${formatCents(amount)} and refunds it to you directly.`
      : `${formatCents(amount)} is taken off the invoice for this order.`;
  }
  return `A refund of ${formatCents(amount)} goes back to the card you paid with; banks take up to 10 business days to show it.`;
}

/** What a cancellation means for the money, in the buyer's words. */
function cancelledMoney(order: OrderEmailView): string | null {
  if (order.paymentMethod === 'invoice' && !order.invoicePaid) {
    return 'Its invoice is cancelled: you owe nothing for this order.';
  }
  return order.refundedCents > 0 ? refundDestination(order, order.refundedCents) : null;
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
        { kind: 'paragraph', text: fulfillmentLine(order) },
        { kind: 'paragraph', text: 'Bring a photo ID showing you are 21 or older.' },
        link,
      ]);
    case 'out_for_delivery':
      return message(order.buyer.email, `${about} is out for delivery`, [
        greeting,
        { kind: 'paragraph', text: `Your order ${order.number} from ${from} is out for delivery.` },
        { kind: 'paragraph', text: fulfillmentLine(order) },
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
        { kind: 'paragraph', text: fulfillmentLine(order) },
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
        {
          kind: 'paragraph',
          text: cancelledMoney(order) ?? `${from} will contact you about any refund.`,
        },
        link,
      ]);
    case 'refunded':
      return message(order.buyer.email, `${about} was refunded`, [
        greeting,
        {
          kind: 'paragraph',
          // The total of every refund of the order, parts refunded before included.
          text: `${from} refunded your order ${order.number} in full: ${formatCents(order.refundedCents)} in all, with any part refunded before.`,
        },
        {
          kind: 'paragraph',
          text:
            order.paymentMethod === 'card'
              ? 'Refunds go back to the card you paid with; banks take up to 10 business days to show them.'
              : refundDestination(order, order.refundedCents),
        },
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

/**
 * The emails of a buyer's own cancellation: to the buyer, saying so and where the money goes, and
 * to each of the producer's people, who had not accepted the order yet.
 */
export function buyerCancellationEmails(
  site: EmailSite,
  order: OrderEmailView & { staffEmails: readonly string[] },
  reason: string | null,
): MailMessage[] {
  const link = (label: string): Block => ({ kind: 'link', label, href: orderUrl(site, order.id) });
  const money =
    order.paymentMethod === 'invoice'
      ? 'Its invoice is cancelled: nothing is owed for this order.'
      : order.refundedCents > 0
        ? `${formatCents(order.refundedCents)} was refunded to the buyer's card.`
        : null;
  const toBuyer = message(
    order.buyer.email,
    `Your ${site.siteName} order ${order.number} was cancelled`,
    [
      { kind: 'paragraph', text: `Hello ${order.buyer.name},` },
      {
        kind: 'paragraph',
        text: `You cancelled your order ${order.number} from ${order.businessName}.`,
      },
      {
        kind: 'paragraph',
        text: cancelledMoney(order) ?? 'Nothing was charged for this order.',
      },
      link(`View order ${order.number}`),
    ],
  );
  const toProducer = (to: string) =>
    message(to, `Order ${order.number} was cancelled by the buyer`, [
      {
        kind: 'paragraph',
        text: `${order.buyer.name} cancelled order ${order.number} before it was accepted. Its stock is back on sale.`,
      },
      ...(reason ? [{ kind: 'paragraph', text: `Their reason: ${reason}` } as Block] : []),
      ...(money ? [{ kind: 'paragraph', text: money } as Block] : []),
      link(`View order ${order.number}`),
    ]);
  return [toBuyer, ...order.staffEmails.map(toProducer)];
}
