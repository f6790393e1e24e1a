import { ADULT_SIGNATURE_NOTICE, nextStepsFor } from '@bevy/core';
import { describe, expect, it } from 'vitest';
import {
  escapeHtml,
  fulfillmentLine,
  listOf,
  type EmailSite,
  type OrderEmailView,
} from './order-email-blocks';
import { buyerCheckoutEmail, producerOrderEmail } from './order-emails';
import {
  orderStatusEmail,
  partialRefundEmail,
  STATUSES_EMAILED_TO_BUYER,
} from './order-status-emails';

const site: EmailSite = { siteName: 'Bevy', publicUrl: 'https://bevy.example' };

const PORTLAND = {
  name: 'Test Cellars',
  line1: '1220 SE Water Ave',
  line2: null,
  city: 'Portland',
  state: 'OR',
  zip: '97214',
};

function order(overrides: Partial<OrderEmailView> = {}): OrderEmailView {
  return {
    id: 41,
    number: 'BV-100001',
    checkoutId: 'c1',
    businessId: 7,
    businessName: 'Test Cellars',
    status: 'placed',
    mode: 'pickup',
    address: PORTLAND,
    lines: [
      { name: 'Pinot Noir', quantity: 3, unitPriceCents: 2599, lineTotalCents: 7797 },
      { name: 'Rosé', quantity: 60, unitPriceCents: 1500, lineTotalCents: 90000 },
    ],
    subtotalCents: 97797,
    taxAndFeesCents: 8680,
    fulfillmentFeeCents: 0,
    totalCents: 106477,
    commissionCents: 7824,
    payoutCents: 98653,
    refundedCents: 0,
    trackingNumber: null,
    buyer: { name: 'Riley Retail', email: 'buyer@bevy.example', phone: '+15035550142' },
    paymentMethod: 'card',
    invoiceTermsDays: null,
    invoiceDueOn: null,
    invoicePaid: false,
    ...overrides,
  };
}

const shipped = order({
  id: 42,
  number: 'BV-100002',
  businessId: 8,
  businessName: 'Hop Brewery',
  mode: 'ship',
  address: { ...PORTLAND, name: 'Riley Retail', line1: '1 Main St', city: 'Eugene', zip: '97401' },
  lines: [{ name: 'Stout', quantity: 1, unitPriceCents: 4200, lineTotalCents: 4200 }],
  subtotalCents: 4200,
  taxAndFeesCents: 0,
  // Shipping (decision 014): in the total and the payout, not in the commission.
  fulfillmentFeeCents: 1500,
  totalCents: 5700,
  commissionCents: 336,
  payoutCents: 5364,
});

describe('helpers', () => {
  it('lists order numbers as a sentence', () => {
    expect(listOf(['A'])).toBe('A');
    expect(listOf(['A', 'B'])).toBe('A and B');
    expect(listOf(['A', 'B', 'C'])).toBe('A, B and C');
  });

  it('escapes every character that means something in HTML', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });

  it('says where the goods go for each fulfillment', () => {
    expect(fulfillmentLine(order())).toBe(
      'Pickup at Test Cellars, 1220 SE Water Ave, Portland, OR 97214',
    );
    expect(fulfillmentLine(order({ address: null }))).toBe('Pickup from Test Cellars');
    expect(fulfillmentLine(shipped)).toBe('Shipping to Riley Retail, 1 Main St, Eugene, OR 97401');
    expect(fulfillmentLine({ ...shipped, mode: 'delivery' })).toMatch(/^Delivery to Riley Retail/);
  });
});

describe('the buyer’s checkout email', () => {
  it('names the one order in the subject', () => {
    expect(buyerCheckoutEmail(site, [order()]).subject).toBe('Your Bevy order BV-100001');
  });

  it('lists each order with its lines, amounts, fulfillment, next steps and link, and the total charged', () => {
    const mail = buyerCheckoutEmail(site, [order(), shipped]);
    expect(mail.to).toBe('buyer@bevy.example');
    expect(mail.subject).toBe('Your Bevy orders BV-100001 and BV-100002');
    const { text } = mail;
    expect(text).toContain('Hello Riley Retail,');
    expect(text).toContain('Order BV-100001 from Test Cellars');
    expect(text).toContain('- Pinot Noir × 3 at $25.99: $77.97');
    expect(text).toContain('- Rosé × 60 at $15.00: $900.00');
    expect(text).toContain('Subtotal: $977.97\nTax + fees: $86.80\nTotal: $1,064.77');
    expect(text).toContain('Pickup at Test Cellars, 1220 SE Water Ave, Portland, OR 97214');
    expect(text).toContain(nextStepsFor('pickup', 'Test Cellars'));
    expect(text).toContain('View order BV-100001: https://bevy.example/orders/41');
    expect(text).toContain('Order BV-100002 from Hop Brewery');
    expect(text).toContain('Shipping to Riley Retail, 1 Main St, Eugene, OR 97401');
    expect(text).toContain(nextStepsFor('ship', 'Hop Brewery'));
    expect(text).toContain('View order BV-100002: https://bevy.example/orders/42');
    expect(text).toContain('Subtotal: $42.00\nTax + fees: $0.00\nShipping: $15.00\nTotal: $57.00');
    expect(text).toContain('Total charged: $1,121.77');
    // The adult-signature notice belongs to the shipped order only.
    expect(text.split(ADULT_SIGNATURE_NOTICE)).toHaveLength(2);
    expect(text.indexOf(ADULT_SIGNATURE_NOTICE)).toBeGreaterThan(text.indexOf('BV-100002 from'));
    expect(mail.html).toContain(
      '<a href="https://bevy.example/orders/42">View order BV-100002</a>',
    );
    expect(mail.html).toContain('$1,064.77');
  });

  it('escapes what buyers and producers typed in the HTML, and keeps the subject one line', () => {
    const hostile = order({
      businessName: 'Evil & Sons <b>',
      buyer: { name: '<script>alert(1)</script>', email: 'x@y.example', phone: '1' },
      lines: [
        {
          name: '"><img src=x onerror=alert(1)>',
          quantity: 1,
          unitPriceCents: 1,
          lineTotalCents: 1,
        },
      ],
    });
    const mail = buyerCheckoutEmail(site, [hostile]);
    expect(mail.html).not.toMatch(/<script|<img|<b>/);
    expect(mail.html).toContain('Hello &lt;script&gt;alert(1)&lt;/script&gt;,');
    expect(mail.html).toContain('&quot;&gt;&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.html).toContain('Evil &amp; Sons &lt;b&gt;');
    // Plain text is plain: shown as typed.
    expect(mail.text).toContain('Hello <script>alert(1)</script>,');
    const producer = producerOrderEmail(
      site,
      order({ buyer: { name: 'Eve\r\nBcc: all@example.com', email: 'e@x.example', phone: '1' } }),
      'seller@bevy.example',
    );
    expect(producer.subject).toBe('New order BV-100001 from Eve Bcc: all@example.com');
  });
});

describe('invoice orders in the checkout emails', () => {
  const onInvoice = order({
    paymentMethod: 'invoice',
    invoiceTermsDays: 30,
    invoiceDueOn: '2026-12-22',
  });

  it('tell the buyer when to pay the producer, and charge the card for the card orders only', () => {
    const { text } = buyerCheckoutEmail(site, [onInvoice, shipped]);
    expect(text).toContain(
      'Pay by invoice, due December 22, 2026 (Net 30): pay $1,064.77 to Test Cellars directly.',
    );
    expect(text).toContain('Total charged: $57.00');
    expect(text).toContain('On invoice, paid to the producers: $1,064.77');
    expect(text.match(/Pay by invoice/g)).toHaveLength(1);
  });

  it('say that no card was charged when every order is on invoice', () => {
    const { text } = buyerCheckoutEmail(site, [onInvoice]);
    expect(text).toContain('Nothing was charged to a card.');
    expect(text).not.toContain('Total charged');
  });

  it('tell the producer the buyer pays them and the commission they owe', () => {
    const { text } = producerOrderEmail(site, onInvoice, 'seller@bevy.example');
    expect(text).toContain('placed order BV-100001 with Test Cellars, to pay by invoice.');
    expect(text).toContain('Total on the invoice: $1,064.77');
    expect(text).toContain('Bevy commission (8% of the subtotal), owed by you: $78.24');
    expect(text).toContain(
      'Pay by invoice, due December 22, 2026 (Net 30): the buyer pays you directly; nothing was charged to a card.',
    );
    expect(text).not.toContain('Your payout');
    expect(text).not.toContain('it is paid');
  });

  it('tell the buyer a cancelled invoice is owed no more', () => {
    const cancelled = orderStatusEmail(site, { ...onInvoice, status: 'cancelled' })!;
    expect(cancelled.text).toContain('Its invoice is cancelled: you owe nothing for this order.');
    expect(cancelled.text).not.toContain('card');
  });
});

describe('the producer’s order email', () => {
  it('has the lines, totals, commission, payout, fulfillment, buyer contact and link', () => {
    const mail = producerOrderEmail(site, shipped, 'seller@bevy.example');
    expect(mail.to).toBe('seller@bevy.example');
    expect(mail.subject).toBe('New order BV-100002 from Riley Retail');
    const { text } = mail;
    expect(text).toContain('- Stout × 1 at $42.00: $42.00');
    expect(text).toContain('Shipping: $15.00\nTotal paid by the buyer: $57.00');
    expect(text).toContain('Bevy commission (8% of the subtotal): $3.36');
    expect(text).toContain('Your payout: $53.64');
    expect(text).toContain('Shipping to Riley Retail, 1 Main St, Eugene, OR 97401');
    expect(text).toContain(ADULT_SIGNATURE_NOTICE);
    expect(text).toContain('Riley Retail, buyer@bevy.example, +15035550142');
    expect(text).toContain('https://bevy.example/orders/42');
    expect(mail.html).toContain('<th style="padding:4px 8px;text-align:left">Your payout</th>');
  });
});

describe('the buyer’s status emails', () => {
  const statusMail = (overrides: Partial<OrderEmailView>) =>
    orderStatusEmail(site, order(overrides));

  it('are sent for the statuses a seller sets after accepting, and no others', () => {
    for (const status of STATUSES_EMAILED_TO_BUYER) {
      expect(statusMail({ status })?.to).toBe('buyer@bevy.example');
    }
    for (const status of ['awaiting_payment', 'payment_failed', 'placed', 'accepted'] as const) {
      expect(statusMail({ status })).toBeNull();
    }
  });

  it('say what changed, with the details each status needs', () => {
    expect(statusMail({ status: 'ready_for_pickup' })).toMatchObject({
      subject: 'Your Bevy order BV-100001 is ready for pickup',
      text: expect.stringContaining('Pickup at Test Cellars, 1220 SE Water Ave'),
    });
    expect(statusMail({ status: 'out_for_delivery', mode: 'delivery' })!.subject).toBe(
      'Your Bevy order BV-100001 is out for delivery',
    );
    const sent = statusMail({ status: 'shipped', mode: 'ship', trackingNumber: '1Z999AA1' })!;
    expect(sent.subject).toBe('Your Bevy order BV-100001 has shipped');
    expect(sent.text).toContain('Tracking number: 1Z999AA1');
    expect(sent.text).toContain(ADULT_SIGNATURE_NOTICE);
    expect(statusMail({ status: 'completed' })!.subject).toBe(
      'Your Bevy order BV-100001 is complete',
    );
    const cancelled = statusMail({ status: 'cancelled', refundedCents: 106477 })!;
    expect(cancelled.subject).toBe('Your Bevy order BV-100001 was cancelled');
    expect(cancelled.text).toContain('A refund of $1,064.77 goes back to the card you paid with');
    expect(cancelled.text).toContain('https://bevy.example/orders/41');
    const refunded = statusMail({ status: 'refunded', refundedCents: 5444 })!;
    expect(refunded.subject).toBe('Your Bevy order BV-100001 was refunded');
    expect(refunded.text).toContain(
      'refunded your order BV-100001 in full: $54.44 in all, with any part refunded before.',
    );
    expect(refunded.text).toContain('Refunds go back to the card you paid with');
  });

  it('tell of a part refund, to the card or off the invoice', () => {
    const part = partialRefundEmail(site, order({}), { what: '1 × Stout', amountCents: 2722 });
    expect(part.subject).toBe('A refund on your Bevy order BV-100001');
    expect(part.text).toContain('refunded 1 × Stout of your order BV-100001');
    expect(part.text).toContain('A refund of $27.22 goes back to the card you paid with');
    const offInvoice = partialRefundEmail(site, order({ paymentMethod: 'invoice' }), {
      what: '1 × Stout',
      amountCents: 2722,
    });
    expect(offInvoice.text).toContain('$27.22 is taken off the invoice for this order.');
    expect(offInvoice.text).not.toContain('card');
    const paidInvoice = partialRefundEmail(
      site,
      order({ paymentMethod: 'invoice', invoicePaid: true }),
      { what: '1 × Stout', amountCents: 2722 },
    );
    expect(paidInvoice.text).toContain(
      'You paid this order’s invoice: Test Cellars owes you $27.22 and refunds it to you directly.',
    );
  });
});
