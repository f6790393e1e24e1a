import { describe, expect, it } from 'vitest';
import type { OrderView } from './order-views';
import { csvCell, csvDollars, ordersCsv } from './orders-csv';

describe('csvDollars', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [1234, '12.34'],
    [100, '1.00'],
    [99_999_999, '999999.99'],
    [-250, '-2.50'],
  ])('%i cents is %s', (cents, text) => {
    expect(csvDollars(cents)).toBe(text);
  });
});

describe('csvCell', () => {
  it('leaves plain text alone', () => {
    expect(csvCell('Riley Retail')).toBe('Riley Retail');
    expect(csvCell('')).toBe('');
    expect(csvCell('12.34')).toBe('12.34');
  });

  it('quotes commas, quotes and line breaks as RFC 4180 says', () => {
    expect(csvCell('Smith, Jo')).toBe('"Smith, Jo"');
    expect(csvCell('The "Best" Cellar')).toBe('"The ""Best"" Cellar"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('two\r\nlines')).toBe('"two\r\nlines"');
  });

  it('defuses cells a spreadsheet would run as a formula', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+15035550142')).toBe("'+15035550142");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('\r=1')).toBe('"\'\r=1"');
    expect(csvCell('=HYPERLINK("http://x.example","a,b")')).toBe(
      '"\'=HYPERLINK(""http://x.example"",""a,b"")"',
    );
    expect(csvCell('a=b')).toBe('a=b');
  });
});

const order: OrderView = {
  clubRelease: null,
  source: { source: 'facebook', medium: 'social', campaign: 'share' },
  id: 7,
  number: 'BV-100007',
  status: 'shipped',
  createdAt: new Date('2026-11-02T10:30:00.000Z'),
  businessId: 3,
  businessName: 'Hood, River & Sons',
  businessSlug: 'hood-river',
  buyerKind: 'retail',
  contactName: 'Jo "JJ" Smith',
  contactEmail: 'jo@bevy.example',
  contactPhone: '+15035550142',
  buyingBusiness: null,
  fulfillmentMode: 'ship',
  fulfillmentAddress: null,
  pickupHours: null,
  trackingNumber: '1Z',
  billingAddress: {
    name: null,
    line1: '1 Main St',
    line2: null,
    city: 'Portland',
    state: 'OR',
    zip: '97211',
  },
  subtotalCents: 5198,
  taxAndFeesCents: 461,
  fulfillmentFeeCents: 1500,
  taxRate: '8.8750',
  totalCents: 7159,
  refundedCents: 0,
  paymentMethod: 'card',
  invoiceTermsDays: null,
  invoiceDueOn: null,
  invoicePaidAt: null,
  viewerIsSeller: true,
  viewerIsBuyer: false,
  money: { commissionCents: 416, payoutCents: 6743, payoutStatus: 'held' },
  lines: [
    {
      id: 1,
      productId: 2,
      productName: 'Pinot Noir',
      imageUrl: null,
      unitPriceCents: 2599,
      quantity: 2,
      refundedQuantity: 0,
      lineTotalCents: 5198,
    },
  ],
  events: [],
};

describe('ordersCsv', () => {
  it('writes a header and one row per order, lines ending in CRLF', () => {
    expect(ordersCsv([order]).split('\r\n')).toEqual([
      'Order number,Placed at,Business,Status,Buyer,Email,Phone,Fulfillment,Items,Subtotal,Tax and fees,Delivery or shipping fee,Total,Refunded,Commission,Net,Source',
      'BV-100007,2026-11-02T10:30:00.000Z,"Hood, River & Sons",Shipped,"Jo ""JJ"" Smith",jo@bevy.example,\'+15035550142,Shipping,2 × Pinot Noir,51.98,4.61,15.00,71.59,0.00,4.16,67.43,facebook (social)',
      '',
    ]);
  });

  it('leaves the money columns empty for someone who may not see them', () => {
    const row = ordersCsv([{ ...order, money: null, source: null }]).split('\r\n')[1]!;
    expect(row.endsWith(',0.00,,,')).toBe(true);
  });
});
