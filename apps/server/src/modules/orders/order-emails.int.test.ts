import { formatCents } from '@bevy/core';
import { asc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessMembers, mailOutbox, orders, users } from '../../db/tables';
import { logInAsActor } from '../../test/actors';
import { gql } from '../../test/graphql-client';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  CARDS,
  createProducer,
  createProduct,
  orderRequest,
  payingWith,
} from '../checkout/checkout-fixtures';
import { queueOrderStatusEmail } from './order-emails';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = await logInAsActor(t.app, 'buyer');
});
afterAll(() => t.close());

const db = () => t.database.db;

const PLACE = `mutation($input: PlaceOrderInput!) {
  placeOrder(input: $input) { id amountCents orders { id number businessId totalCents } }
}`;

interface Placed {
  id: string;
  amountCents: number;
  orders: { id: number; number: string; businessId: number; totalCents: number }[];
}

async function place(input: ReturnType<typeof orderRequest>) {
  return gql(t.app, PLACE, { input }, { cookie });
}

async function lastOutboxId() {
  const rows = await db()
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .orderBy(asc(mailOutbox.id));
  return rows.at(-1)?.id ?? 0;
}

const outboxAfter = (id: number) =>
  db().select().from(mailOutbox).where(gt(mailOutbox.id, id)).orderBy(asc(mailOutbox.id));

/** A producer with one person working at it, whose account email gets its orders. */
async function producerWithStaff(overrides: Parameters<typeof createProducer>[1] = {}) {
  const producer = await createProducer(db(), overrides);
  const email = `staff-${producer.slug}@bevy.example`;
  const [user] = await db()
    .insert(users)
    .values({
      name: 'Staff',
      email,
      password_hash: 'not-a-real-hash',
      date_of_birth: '1980-01-01',
    })
    .returning({ id: users.id });
  await db().insert(businessMembers).values({ user_id: user!.id, business_id: producer.id });
  return { ...producer, staffEmail: email };
}

/** Five lines from two producers: pickup from the cellar, shipping from the brewery. */
async function fiveLineCart() {
  const cellar = await producerWithStaff({ sales_tax_rate: '8.8750' });
  const brewery = await producerWithStaff({
    sales_tax_rate: '0',
    fulfillment_allow_pickup_retail: false,
    fulfillment_ship_retail: true,
    ship_to_states: ['OR'],
  });
  const pinot = await createProduct(db(), cellar.id, { name: 'Pinot Noir', retail: [[1, 2599]] });
  const rose = await createProduct(db(), cellar.id, { name: 'Rosé', retail: [[1, 1500]] });
  const merlot = await createProduct(db(), cellar.id, { name: 'Merlot', retail: [[1, 2000]] });
  const stout = await createProduct(db(), brewery.id, { name: 'Stout', retail: [[1, 4200]] });
  const ipa = await createProduct(db(), brewery.id, { name: 'IPA', retail: [[1, 500]] });
  const input = (overrides: Record<string, unknown> = {}) =>
    orderRequest(
      [
        { productId: pinot.id, quantity: 3 },
        { productId: rose.id, quantity: 2 },
        { productId: merlot.id, quantity: 1 },
        { productId: stout.id, quantity: 1 },
        { productId: ipa.id, quantity: 4 },
      ],
      [],
      {
        fulfillment: [
          { businessId: cellar.id, mode: 'pickup' },
          {
            businessId: brewery.id,
            mode: 'ship',
            address: {
              name: 'Riley Retail',
              line1: '1 Main St',
              city: 'Eugene',
              state: 'OR',
              zip: '97401',
            },
          },
        ],
        ...overrides,
      },
    );
  return { cellar, brewery, input };
}

describe('order emails at checkout', () => {
  it('queues one email to the buyer and one per producer order, with the right numbers and amounts', async () => {
    const { cellar, brewery, input } = await fiveLineCart();
    // Someone who used to work at the cellar, whose account is disabled, is not told.
    const [former] = await db()
      .insert(users)
      .values({
        name: 'Former Staff',
        email: `former-${cellar.slug}@bevy.example`,
        password_hash: 'not-a-real-hash',
        date_of_birth: '1980-01-01',
        disabled_at: new Date(),
      })
      .returning({ id: users.id });
    await db().insert(businessMembers).values({ user_id: former!.id, business_id: cellar.id });
    const before = await lastOutboxId();
    const result = await place(input());
    expect(result.body.errors).toBeUndefined();
    const checkout = result.body.data!.placeOrder as Placed;
    // Cellar: 77.97 + 30.00 + 20.00 = 127.97, tax + fees 8.875% = 11.357… → 11.36, total 139.33.
    // Brewery: 42.00 + 20.00 = 62.00, no tax + fees.
    expect(checkout.amountCents).toBe(13933 + 6200);
    const [cellarOrder, breweryOrder] = [cellar.id, brewery.id].map((id) =>
      checkout.orders.find((order) => order.businessId === id)!,
    );

    const mail = await outboxAfter(before);
    expect(mail.map((row) => row.to_address).sort()).toEqual(
      ['buyer@bevy.example', cellar.staffEmail, brewery.staffEmail].sort(),
    );
    expect(mail.every((row) => row.transport === 'outbox')).toBe(true);

    const buyer = mail.find((row) => row.to_address === 'buyer@bevy.example')!;
    expect(buyer.subject).toBe(
      `Your Bevy orders ${checkout.orders[0]!.number} and ${checkout.orders[1]!.number}`,
    );
    const link = (id: number) => `${t.config.publicUrl}/orders/${id}`;
    expect(buyer.text_body).toContain(`Order ${cellarOrder!.number} from ${cellar.name}`);
    expect(buyer.text_body).toContain('- Pinot Noir × 3 at $25.99: $77.97');
    expect(buyer.text_body).toContain('Subtotal: $127.97\nTax + fees: $11.36\nTotal: $139.33');
    expect(buyer.text_body).toContain('Pickup at Test Cellars');
    expect(buyer.text_body).toContain('1220 SE Water Ave, Portland, OR 97214');
    expect(buyer.text_body).toContain('Subtotal: $62.00\nTax + fees: $0.00\nTotal: $62.00');
    expect(buyer.text_body).toContain('Shipping to Riley Retail, 1 Main St, Eugene, OR 97401');
    expect(buyer.text_body).toContain(`Total charged: ${formatCents(checkout.amountCents)}`);
    expect(buyer.text_body).toContain(link(cellarOrder!.id));
    expect(buyer.text_body).toContain(link(breweryOrder!.id));
    expect(buyer.html_body).toContain(`<a href="${link(breweryOrder!.id)}">`);

    const toCellar = mail.find((row) => row.to_address === cellar.staffEmail)!;
    expect(toCellar.subject).toBe(`New order ${cellarOrder!.number} from Riley Retail`);
    // 8% of 127.97 is 10.2376 → 10.24; the payout is 139.33 − 10.24.
    expect(toCellar.text_body).toContain('Bevy commission (8% of the subtotal): $10.24');
    expect(toCellar.text_body).toContain('Your payout: $129.09');
    expect(toCellar.text_body).toContain('Riley Retail, buyer@bevy.example, +15035550142');
    expect(toCellar.text_body).toContain(link(cellarOrder!.id));
    expect(toCellar.text_body).not.toContain('Stout');
    const toBrewery = mail.find((row) => row.to_address === brewery.staffEmail)!;
    expect(toBrewery.subject).toBe(`New order ${breweryOrder!.number} from Riley Retail`);
    expect(toBrewery.text_body).toContain('Your payout: $57.04');
    expect(toBrewery.text_body).toContain('- IPA × 4 at $5.00: $20.00');
  });

  it('queues nothing for a declined card', async () => {
    const { input } = await fiveLineCart();
    const before = await lastOutboxId();
    const result = await place(input(payingWith(CARDS.declined)));
    expect(result.body.errors?.[0]?.extensions?.code).toBe('PAYMENT_DECLINED');
    expect(await outboxAfter(before)).toEqual([]);
  });

  it('queues no more when the same request is sent again, one after another or at once', async () => {
    const { input } = await fiveLineCart();
    const request = input();
    const before = await lastOutboxId();
    const first = await place(request);
    expect(first.body.errors).toBeUndefined();
    expect(await outboxAfter(before)).toHaveLength(3);

    const again = await place(structuredClone(request));
    expect(again.body.data).toEqual(first.body.data);
    const together = await Promise.all(
      Array.from({ length: 5 }, () => place(structuredClone(request))),
    );
    for (const answer of together) expect(answer.body.data).toEqual(first.body.data);
    expect(await outboxAfter(before)).toHaveLength(3);

    // A new attempt at the same cart is a new checkout, with its own emails.
    const second = await place(input());
    expect(second.body.errors).toBeUndefined();
    expect(await outboxAfter(before)).toHaveLength(6);
  });
});

describe('queueOrderStatusEmail', () => {
  it('tells the buyer about a shipment with its tracking number, and stays quiet for an accepted order', async () => {
    const { input } = await fiveLineCart();
    const placed = (await place(input())).body.data!.placeOrder as Placed;
    const order = placed.orders[1]!;
    const ctx = { db: db(), config: t.config };
    const before = await lastOutboxId();

    await db().update(orders).set({ status: 'accepted' }).where(eq(orders.id, order.id));
    expect(await queueOrderStatusEmail(ctx, order.id)).toBe(false);
    await db()
      .update(orders)
      .set({ status: 'shipped', tracking_number: '1Z999AA10123456784' })
      .where(eq(orders.id, order.id));
    expect(await queueOrderStatusEmail(ctx, order.id)).toBe(true);
    expect(await queueOrderStatusEmail(ctx, 987_654_321)).toBe(false);

    const mail = await outboxAfter(before);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({
      to_address: 'buyer@bevy.example',
      subject: `Your Bevy order ${order.number} has shipped`,
    });
    expect(mail[0]!.text_body).toContain('Tracking number: 1Z999AA10123456784');
    expect(mail[0]!.text_body).toContain(`${t.config.publicUrl}/orders/${order.id}`);
  });
});
