import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql } from '../../test/graphql-client';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  checkoutContext,
  createProducer,
  createProduct,
  orderRequest,
} from '../checkout/checkout-fixtures';
import { placeOrder } from '../checkout/place-order';
import {
  CANCEL,
  checkOutOne,
  createUser,
  createWholesaler,
  firstError,
  mutateOrder,
  orderAs,
  ORDER_FIELDS,
  type TestUser,
} from './order-management-fixtures';

/** A producer records that an invoice was paid; nobody else can, and only once. */

const MARK_PAID = `mutation($id: Int!) {
  markInvoicePaid(id: $id) { ${ORDER_FIELDS} invoicePaidAt canMarkInvoicePaid }
}`;
const PAID_FIELDS = `query($id: Int!) { order(id: $id) { invoicePaidAt canMarkInvoicePaid } }`;
const CANCEL_MINE = `mutation($id: Int!) { cancelMyOrder(id: $id) { ${ORDER_FIELDS} } }`;

let t: TestApp;
const db = () => t.database.db;
let shop: { id: number };
let seller: TestUser;
let wholesaler: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  shop = await createProducer(db(), { sales_tax_rate: '0', wholesale_invoice_terms_days: 30 });
  seller = await createUser(t.app, db(), { businessIds: [shop.id] });
  wholesaler = await createWholesaler(t.app, db());
});
afterAll(() => t.close());

/** An invoice order of the wholesaler's, placed and unpaid. */
async function invoiceOrder(): Promise<number> {
  const wine = await createProduct(db(), shop.id, { wholesale: [[1, 2000]], stock: 50 });
  const { payment: _card, ...request } = orderRequest([{ productId: wine.id, quantity: 2 }], [], {
    fulfillment: [{ businessId: shop.id, mode: 'pickup', payByInvoice: true }],
  });
  const checkout = await placeOrder(checkoutContext(db(), t.app.log, wholesaler.id), request);
  return checkout.orders[0]!.id;
}

const paidFields = async (who: TestUser, id: number) =>
  (await gql(t.app, PAID_FIELDS, { id }, { cookie: who.cookie })).body.data!.order as {
    invoicePaidAt: string | null;
    canMarkInvoicePaid: boolean;
  };

describe('marking an invoice paid', () => {
  it('records when, says so in the history, and cannot be done twice', async () => {
    const id = await invoiceOrder();
    expect(await paidFields(seller, id)).toEqual({ invoicePaidAt: null, canMarkInvoicePaid: true });
    expect(await paidFields(wholesaler, id)).toEqual({
      invoicePaidAt: null,
      canMarkInvoicePaid: false,
    });

    const paid = (await mutateOrder(t.app, seller, MARK_PAID, { id })) as unknown as {
      invoicePaidAt: string;
      canMarkInvoicePaid: boolean;
      status: string;
      events: { note: string | null }[];
    };
    expect(Date.now() - Date.parse(paid.invoicePaidAt)).toBeLessThan(60_000);
    expect(paid).toMatchObject({ canMarkInvoicePaid: false, status: 'placed' });
    expect(paid.events.at(-1)!.note).toBe('Invoice marked paid');
    expect((await paidFields(wholesaler, id)).invoicePaidAt).toBe(paid.invoicePaidAt);

    const again = await gql(t.app, MARK_PAID, { id }, { cookie: seller.cookie });
    expect(firstError(again)).toMatchObject({
      code: 'INVALID_TRANSITION',
      message: 'This invoice is marked paid already.',
    });
  });

  it('is refused for the buyer, for a card order, and for a cancelled order', async () => {
    const id = await invoiceOrder();
    expect(
      firstError(await gql(t.app, MARK_PAID, { id }, { cookie: wholesaler.cookie })),
    ).toMatchObject({ code: 'FORBIDDEN' });

    const card = await createProduct(db(), shop.id, { retail: [[1, 1500]], stock: 5 });
    const retailer = await createUser(t.app, db());
    const onCard = await checkOutOne(
      t.app,
      retailer,
      [{ productId: card.id, quantity: 1 }],
      shop.id,
    );
    expect(
      firstError(await gql(t.app, MARK_PAID, { id: onCard.id }, { cookie: seller.cookie })),
    ).toMatchObject({
      code: 'INVALID_TRANSITION',
      message: 'Only an invoice order can be marked paid.',
    });

    await mutateOrder(t.app, seller, CANCEL, { id });
    expect(
      firstError(await gql(t.app, MARK_PAID, { id }, { cookie: seller.cookie })),
    ).toMatchObject({
      code: 'INVALID_TRANSITION',
      message: 'Nothing is owed on a cancelled or refunded order.',
    });
    expect((await orderAs(t.app, seller, id))!.status).toBe('cancelled');
  });

  it('once paid, the buyer cannot cancel; the producer can, and owes the refund directly', async () => {
    const id = await invoiceOrder();
    await mutateOrder(t.app, seller, MARK_PAID, { id });
    const buyerView = (await orderAs(t.app, wholesaler, id))!;
    expect(buyerView.buyerCanCancel).toBe(false);
    expect(
      firstError(await gql(t.app, CANCEL_MINE, { id }, { cookie: wholesaler.cookie })),
    ).toMatchObject({
      code: 'INVALID_TRANSITION',
      message:
        'You have paid this order’s invoice, so only the producer can cancel it and refund you. Contact them about it.',
    });

    const cancelled = await mutateOrder(t.app, seller, CANCEL, { id });
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.events.at(-1)!.note).toBe(
      '$40.00 to be refunded by the producer (the invoice was paid)',
    );
  });
});
