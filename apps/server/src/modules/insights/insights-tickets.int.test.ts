import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLines, tickets } from '../../db/tables';
import { gql } from '../../test/graphql-client';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createProducer, createProduct } from '../checkout/checkout-fixtures';
import { createTestEvent } from '../events/event-fixtures';
import { createUser, type TestUser } from '../orders/order-management-fixtures';
import { insertOrderAt } from './testing/insights-fixtures';

/** Ticket lines have no product: the admin's beverage types name them, not "Deleted products". */

let t: TestApp;
const db = () => t.database.db;
let admin: TestUser;
const today = new Date().toISOString().slice(0, 10);

const BEVERAGE_TYPES = `query($from: String!, $to: String!) {
  marketplaceInsights(from: $from, to: $to, interval: DAY) {
    byBeverageType { key label orders netCents }
  }
}`;

interface Slice {
  key: string;
  label: string;
  orders: number;
  netCents: number;
}

async function beverageTypes(): Promise<Slice[]> {
  const result = await gql(
    t.app,
    BEVERAGE_TYPES,
    { from: today, to: today },
    { cookie: admin.cookie },
  );
  expect(result.body.errors).toBeUndefined();
  return (result.body.data!.marketplaceInsights as { byBeverageType: Slice[] }).byBeverageType;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app, db(), { isAdmin: true });
});

afterAll(async () => {
  await t?.close();
});

describe('sales by beverage type', () => {
  it('counts ticket sales as event tickets and a deleted product’s lines apart', async () => {
    const shop = await createProducer(db(), { sales_tax_rate: '0' });
    const buyer = await createUser(t.app, db());
    const wine = await createProduct(db(), shop.id, { retail: [[1, 2000]] });
    const event = await createTestEvent(db(), shop.id);
    const at = `${today}T00:30:00Z`;
    const before = await beverageTypes();
    const ticketOrder = await insertOrderAt(db(), {
      businessId: shop.id,
      buyerId: buyer.id,
      at,
      lines: [[null, 'Barrel Tasting — General admission', 4500, 2]],
    });
    const [line] = await db()
      .select({ id: orderLines.id })
      .from(orderLines)
      .where(eq(orderLines.order_id, ticketOrder));
    await db()
      .insert(tickets)
      .values(
        [0, 1].map((seat) => ({
          event_id: event.id,
          ticket_type_id: event.types[0]!.id,
          order_id: ticketOrder,
          order_line_id: line!.id,
          buyer_id: buyer.id,
          code: `INSIGHTS${ticketOrder}X${seat}`,
          price_cents: 4500,
          status: 'valid' as const,
        })),
      );
    await insertOrderAt(db(), {
      businessId: shop.id,
      buyerId: buyer.id,
      at,
      lines: [
        [wine.id, 'Pinot Noir', 2000, 1],
        [null, 'A wine since deleted', 1000, 3],
      ],
    });
    const after = await beverageTypes();
    // Other tests' orders share the database: compare with the figures before these two orders.
    const grew = (key: string) => {
      const [was, now] = [before, after].map(
        (slices) => slices.find((slice) => slice.key === key) ?? { orders: 0, netCents: 0 },
      );
      return { orders: now!.orders - was!.orders, netCents: now!.netCents - was!.netCents };
    };
    expect(after.find((slice) => slice.key === 'tickets')?.label).toBe('Event tickets');
    expect(grew('tickets')).toEqual({ orders: 2, netCents: 9000 });
    expect(after.find((slice) => slice.key === '')?.label).toBe('Deleted products');
    expect(grew('')).toEqual({ orders: 3, netCents: 3000 });
  });
});
