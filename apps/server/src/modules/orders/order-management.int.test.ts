import { desc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businesses, mailOutbox, orderEvents, orders } from '../../db/tables';
import { logInAsActor } from '../../test/actors';
import { gql } from '../../test/graphql-client';
import { createTestApp, type TestApp } from '../../test/test-app';
import { CARDS, createProducer, createProduct, payingWith } from '../checkout/checkout-fixtures';
import {
  ADVANCE,
  CANCEL,
  checkOut,
  checkOutOne,
  createUser,
  firstError,
  mutateOrder,
  ORDER_FIELDS,
  orderAs,
  PLACE_ORDER,
  REFUND_LINE,
  sendTo,
  type OrderResult,
  type TestUser,
} from './order-management-fixtures';
import { orderRequest } from '../checkout/checkout-fixtures';

let t: TestApp;
const db = () => t.database.db;

let pickupShop: { id: number; name: string; slug: string };
let deliveryShop: { id: number; name: string; slug: string };
let shipShop: { id: number; name: string; slug: string };
let otherShop: { id: number; name: string; slug: string };
let wines: Record<'pickup' | 'delivery' | 'ship' | 'other', { id: number; name: string }>;
let seller: TestUser;
let otherSeller: TestUser;
let buyer: TestUser;
let otherBuyer: TestUser;
let admin: Pick<TestUser, 'cookie'>;

beforeAll(async () => {
  t = await createTestApp();
  pickupShop = await createProducer(db(), {
    pickup_hours: 'Thu–Sun 11am–5pm\nOther days by appointment',
  });
  deliveryShop = await createProducer(db(), {
    fulfillment_allow_pickup_retail: false,
    fulfillment_deliver_retail: true,
    fulfillment_deliver_retail_radius_miles: 25,
  });
  shipShop = await createProducer(db(), {
    fulfillment_allow_pickup_retail: false,
    fulfillment_ship_retail: true,
    ship_to_states: ['OR'],
  });
  otherShop = await createProducer(db());
  wines = {
    pickup: await createProduct(db(), pickupShop.id, { retail: [[1, 2500]], stock: 50 }),
    delivery: await createProduct(db(), deliveryShop.id, { retail: [[1, 1800]] }),
    ship: await createProduct(db(), shipShop.id, { retail: [[1, 4200]] }),
    other: await createProduct(db(), otherShop.id, { retail: [[1, 1000]] }),
  };
  seller = await createUser(t.app, db(), {
    businessIds: [pickupShop.id, deliveryShop.id, shipShop.id],
  });
  otherSeller = await createUser(t.app, db(), { businessIds: [otherShop.id] });
  buyer = await createUser(t.app, db(), { name: 'Riley Retail' });
  otherBuyer = await createUser(t.app, db());
  admin = { cookie: await logInAsActor(t.app, 'admin') };
});
afterAll(() => t.close());

const pickupOrder = (quantity = 2, who: TestUser = buyer) =>
  checkOutOne(t.app, who, [{ productId: wines.pickup.id, quantity }], pickupShop.id);
const deliveryOrder = () =>
  checkOutOne(
    t.app,
    buyer,
    [{ productId: wines.delivery.id, quantity: 1 }],
    deliveryShop.id,
    sendTo(deliveryShop.id, 'delivery'),
  );
const shipOrder = () =>
  checkOutOne(
    t.app,
    buyer,
    [{ productId: wines.ship.id, quantity: 1 }],
    shipShop.id,
    sendTo(shipShop.id, 'ship'),
  );

const advance = (who: Pick<TestUser, 'cookie'>, id: number, to: string, trackingNumber?: string) =>
  gql(t.app, ADVANCE, { id, to, trackingNumber }, { cookie: who.cookie });

async function lastOutboxId() {
  const [last] = await db()
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  return last?.id ?? 0;
}

/** What must not change when a request is refused. */
async function snapshot(id: number) {
  const [order] = await db().select().from(orders).where(eq(orders.id, id));
  const events = await db().select().from(orderEvents).where(eq(orderEvents.order_id, id));
  return { order, events: events.length };
}

async function expectRefusedUnchanged(
  id: number,
  request: () => ReturnType<typeof gql>,
  expected: { code: string; field?: string; message?: string },
) {
  const before = await snapshot(id);
  const result = await request();
  expect(firstError(result)).toMatchObject(expected);
  expect(result.body.data?.[Object.keys(result.body.data ?? {})[0] ?? ''] ?? null).toBeNull();
  expect(await snapshot(id)).toEqual(before);
}

describe('the seller’s workflow', () => {
  it('pickup: placed → accepted → ready for pickup → completed, with its history', async () => {
    const placed = await pickupOrder();
    let order = (await orderAs(t.app, seller, placed.id))!;
    expect(order).toMatchObject({
      status: 'placed',
      statusLabel: 'Placed',
      viewerIsSeller: true,
      nextStatuses: ['accepted'],
      canCancel: true,
      fulfillmentMode: 'pickup',
      pickupHours: 'Thu–Sun 11am–5pm\nOther days by appointment',
    });
    order = await mutateOrder(t.app, seller, ADVANCE, { id: placed.id, to: 'accepted' });
    expect(order).toMatchObject({
      status: 'accepted',
      nextStatuses: ['ready_for_pickup'],
      canCancel: true,
    });
    order = await mutateOrder(t.app, seller, ADVANCE, { id: placed.id, to: 'ready_for_pickup' });
    expect(order).toMatchObject({
      status: 'ready_for_pickup',
      statusLabel: 'Ready for pickup',
      nextStatuses: ['completed'],
      canCancel: false,
    });
    order = await mutateOrder(t.app, seller, ADVANCE, { id: placed.id, to: 'completed' });
    expect(order).toMatchObject({ status: 'completed', nextStatuses: [], canCancel: false });
    expect(
      order.events.map((event) => [event.fromStatus, event.toStatus, event.toStatusLabel]),
    ).toEqual([
      ['awaiting_payment', 'placed', 'Placed'],
      ['placed', 'accepted', 'Accepted'],
      ['accepted', 'ready_for_pickup', 'Ready for pickup'],
      ['ready_for_pickup', 'completed', 'Completed'],
    ]);
    const actors = await db()
      .select({ actor: orderEvents.actor_user_id, to: orderEvents.to_status })
      .from(orderEvents)
      .where(eq(orderEvents.order_id, placed.id))
      .orderBy(orderEvents.id);
    expect(actors.slice(-3).map((row) => row.actor)).toEqual([seller.id, seller.id, seller.id]);
  });

  it('delivery: placed → accepted → out for delivery → completed', async () => {
    const placed = await deliveryOrder();
    await mutateOrder(t.app, seller, ADVANCE, { id: placed.id, to: 'accepted' });
    const out = await mutateOrder(t.app, seller, ADVANCE, {
      id: placed.id,
      to: 'out_for_delivery',
    });
    expect(out).toMatchObject({ status: 'out_for_delivery', nextStatuses: ['completed'] });
    const done = await mutateOrder(t.app, seller, ADVANCE, { id: placed.id, to: 'completed' });
    expect(done.status).toBe('completed');
  });

  it('shipping needs a tracking number of 1 to 100 characters, kept on the order and its history', async () => {
    const placed = await shipOrder();
    const outboxBefore = await lastOutboxId();
    const accepted = await mutateOrder(t.app, seller, ADVANCE, { id: placed.id, to: 'accepted' });
    expect(accepted.nextStatuses).toEqual(['shipped']);
    // Accepting is not news to the buyer; shipping is.
    expect(await lastOutboxId()).toBe(outboxBefore);
    await expectRefusedUnchanged(placed.id, () => advance(seller, placed.id, 'shipped'), {
      code: 'BAD_USER_INPUT',
      field: 'trackingNumber',
    });
    await expectRefusedUnchanged(placed.id, () => advance(seller, placed.id, 'shipped', '   '), {
      code: 'BAD_USER_INPUT',
      field: 'trackingNumber',
    });
    await expectRefusedUnchanged(
      placed.id,
      () => advance(seller, placed.id, 'shipped', 'x'.repeat(101)),
      { code: 'BAD_USER_INPUT', field: 'trackingNumber' },
    );
    const shipped = await mutateOrder(t.app, seller, ADVANCE, {
      id: placed.id,
      to: 'shipped',
      trackingNumber: '  1Z999AA10123456784 ',
    });
    expect(shipped).toMatchObject({
      status: 'shipped',
      trackingNumber: '1Z999AA10123456784',
      nextStatuses: ['completed'],
    });
    expect(shipped.events.at(-1)).toMatchObject({
      fromStatus: 'accepted',
      toStatus: 'shipped',
      note: 'Tracking number 1Z999AA10123456784',
    });
    // The buyer sees where it is too, and is emailed the tracking number.
    expect((await orderAs(t.app, buyer, placed.id))!.trackingNumber).toBe('1Z999AA10123456784');
    const [mail] = await db()
      .select()
      .from(mailOutbox)
      .where(gt(mailOutbox.id, outboxBefore))
      .orderBy(desc(mailOutbox.id));
    expect(mail).toMatchObject({
      to_address: 'buyer@bevy.example',
      subject: expect.stringContaining(placed.number),
      text_body: expect.stringContaining('1Z999AA10123456784'),
    });
    expect(
      (await mutateOrder(t.app, seller, ADVANCE, { id: placed.id, to: 'completed' })).status,
    ).toBe('completed');
  });

  it('refuses illegal moves and changes nothing', async () => {
    const ship = await shipOrder();
    await expectRefusedUnchanged(ship.id, () => advance(seller, ship.id, 'completed'), {
      code: 'INVALID_TRANSITION',
      message: 'An order that is Placed cannot be marked Completed.',
    });
    await expectRefusedUnchanged(ship.id, () => advance(seller, ship.id, 'shipped', '1Z'), {
      code: 'INVALID_TRANSITION',
      message: 'An order that is Placed cannot be marked Shipped.',
    });
    await mutateOrder(t.app, seller, ADVANCE, { id: ship.id, to: 'accepted' });
    await expectRefusedUnchanged(ship.id, () => advance(seller, ship.id, 'ready_for_pickup'), {
      code: 'INVALID_TRANSITION',
      message: 'A shipping order cannot be marked Ready for pickup.',
    });
    await expectRefusedUnchanged(ship.id, () => advance(seller, ship.id, 'out_for_delivery'), {
      code: 'INVALID_TRANSITION',
    });
    await expectRefusedUnchanged(ship.id, () => advance(seller, ship.id, 'placed'), {
      code: 'INVALID_TRANSITION',
    });
    await expectRefusedUnchanged(ship.id, () => advance(seller, ship.id, 'awaiting_payment'), {
      code: 'INVALID_TRANSITION',
    });
    await expectRefusedUnchanged(ship.id, () => advance(seller, ship.id, 'teleported'), {
      code: 'BAD_USER_INPUT',
      field: 'to',
    });
    // Cancelling goes through cancelOrder, which refunds.
    await expectRefusedUnchanged(ship.id, () => advance(seller, ship.id, 'cancelled'), {
      code: 'INVALID_TRANSITION',
    });

    const pickup = await pickupOrder(1);
    await mutateOrder(t.app, seller, CANCEL, { id: pickup.id, reason: 'Out of stock' });
    for (const to of ['accepted', 'ready_for_pickup', 'completed', 'placed']) {
      await expectRefusedUnchanged(pickup.id, () => advance(seller, pickup.id, to), {
        code: 'INVALID_TRANSITION',
        message: expect.stringContaining('An order that is Cancelled cannot be marked'),
      });
    }
    await expectRefusedUnchanged(
      pickup.id,
      () => gql(t.app, CANCEL, { id: pickup.id }, { cookie: seller.cookie }),
      { code: 'INVALID_TRANSITION', message: 'An order that is Cancelled cannot be cancelled.' },
    );
    const cancelled = (await orderAs(t.app, seller, pickup.id))!;
    expect(cancelled).toMatchObject({ nextStatuses: [], canCancel: false });
    await expectRefusedUnchanged(
      pickup.id,
      () =>
        gql(
          t.app,
          REFUND_LINE,
          { orderId: pickup.id, lineId: cancelled.lines[0]!.id, quantity: 1 },
          { cookie: seller.cookie },
        ),
      { code: 'INVALID_TRANSITION', message: 'An order that is Cancelled cannot be refunded.' },
    );

    const delivery = await deliveryOrder();
    await mutateOrder(t.app, seller, ADVANCE, { id: delivery.id, to: 'accepted' });
    await mutateOrder(t.app, seller, ADVANCE, { id: delivery.id, to: 'out_for_delivery' });
    await expectRefusedUnchanged(
      delivery.id,
      () => gql(t.app, CANCEL, { id: delivery.id }, { cookie: seller.cookie }),
      {
        code: 'INVALID_TRANSITION',
        message: 'An order that is Out for delivery cannot be cancelled.',
      },
    );
    await mutateOrder(t.app, seller, ADVANCE, { id: delivery.id, to: 'completed' });
    await expectRefusedUnchanged(delivery.id, () => advance(seller, delivery.id, 'completed'), {
      code: 'INVALID_TRANSITION',
      message: 'An order that is Completed cannot be marked Completed.',
    });
  });

  it('two clicks at once move the order once; the other is refused', async () => {
    const placed = await pickupOrder(1);
    const results = await Promise.all([
      advance(seller, placed.id, 'accepted'),
      advance(seller, placed.id, 'accepted'),
    ]);
    const errors = results.map(firstError);
    expect(errors.filter((error) => error === undefined)).toHaveLength(1);
    expect(errors.find((error) => error !== undefined)).toMatchObject({
      code: 'INVALID_TRANSITION',
      message: 'An order that is Accepted cannot be marked Accepted.',
    });
    const events = await db()
      .select({ to: orderEvents.to_status })
      .from(orderEvents)
      .where(eq(orderEvents.order_id, placed.id));
    expect(events.filter((event) => event.to === 'accepted')).toHaveLength(1);
  });
});

const BUSINESS_ORDERS = `query($status: String, $businessId: Int, $search: String, $limit: Int, $offset: Int) {
  businessOrders(status: $status, businessId: $businessId, search: $search, limit: $limit, offset: $offset) {
    total orders { id number status businessId contactName }
  }
}`;
const MY_ORDERS = `query($limit: Int, $offset: Int) {
  myOrders(limit: $limit, offset: $offset) { total orders { ${ORDER_FIELDS} } }
}`;

type PageResult = { total: number; orders: Pick<OrderResult, 'id' | 'number' | 'status'>[] };

async function businessOrders(
  who: Pick<TestUser, 'cookie'>,
  variables: Record<string, unknown> = {},
): Promise<PageResult> {
  const result = await gql(t.app, BUSINESS_ORDERS, variables, { cookie: who.cookie });
  if (result.body.errors) throw new Error(JSON.stringify(result.body.errors));
  return result.body.data!.businessOrders as PageResult;
}

async function myOrders(who: Pick<TestUser, 'cookie'>, variables: Record<string, unknown> = {}) {
  const result = await gql(t.app, MY_ORDERS, variables, { cookie: who.cookie });
  if (result.body.errors) throw new Error(JSON.stringify(result.body.errors));
  return result.body.data!.myOrders as { total: number; orders: OrderResult[] };
}

describe('who sees an order', () => {
  it('its buyer and the people at its business (and admins); nobody else, not even a hint', async () => {
    const placed = await pickupOrder(3);
    const asSeller = await orderAs(t.app, seller, placed.id);
    expect(asSeller).toMatchObject({
      id: placed.id,
      viewerIsSeller: true,
      commissionCents: expect.any(Number),
      payoutCents: expect.any(Number),
      payoutStatus: 'held',
    });
    expect(asSeller!.commissionCents! + asSeller!.payoutCents!).toBe(asSeller!.totalCents);

    const asBuyer = await orderAs(t.app, buyer, placed.id);
    expect(asBuyer).toMatchObject({
      id: placed.id,
      viewerIsSeller: false,
      commissionCents: null,
      payoutCents: null,
      payoutStatus: null,
      nextStatuses: [],
      canCancel: false,
      contactName: 'Riley Retail',
    });
    expect(asBuyer!.lines).toEqual([
      expect.objectContaining({ productId: wines.pickup.id, quantity: 3, refundedQuantity: 0 }),
    ]);

    const asAdmin = await orderAs(t.app, admin, placed.id);
    expect(asAdmin).toMatchObject({ viewerIsSeller: true, nextStatuses: ['accepted'] });

    expect(await orderAs(t.app, otherSeller, placed.id)).toBeNull();
    expect(await orderAs(t.app, otherBuyer, placed.id)).toBeNull();
    expect(await orderAs(t.app, null, placed.id)).toBeNull();
    expect(await orderAs(t.app, seller, 987_654_321)).toBeNull();
  });

  it('tells the buyer of a pickup order the producer’s hours, and nobody else', async () => {
    const hours = 'Thu–Sun 11am–5pm\nOther days by appointment';
    const open = await createProducer(db(), { pickup_hours: hours });
    const wine = await createProduct(db(), open.id, { retail: [[1, 1500]] });
    const pickup = await checkOutOne(t.app, buyer, [{ productId: wine.id, quantity: 1 }], open.id);
    expect((await orderAs(t.app, buyer, pickup.id))!.pickupHours).toBe(hours);
    await db()
      .update(businesses)
      .set({ pickup_hours: hours })
      .where(eq(businesses.id, shipShop.id));
    const shipped = await shipOrder();
    expect((await orderAs(t.app, buyer, shipped.id))!.pickupHours).toBeNull();
  });

  it('keeps other people’s orders out of their lists and refuses their changes', async () => {
    const placed = await pickupOrder(1);
    const mine = await businessOrders(otherSeller, { limit: 100 });
    expect(mine.orders.map((order) => order.id)).not.toContain(placed.id);
    expect(
      firstError(
        await gql(
          t.app,
          BUSINESS_ORDERS,
          { businessId: pickupShop.id },
          { cookie: otherSeller.cookie },
        ),
      ),
    ).toMatchObject({ code: 'FORBIDDEN' });
    expect((await myOrders(otherBuyer, { limit: 100 })).orders.map((o) => o.id)).not.toContain(
      placed.id,
    );
    // A buyer without a business lists no business orders.
    expect(await businessOrders(otherBuyer)).toEqual({ total: 0, orders: [] });

    const lineId = (await orderAs(t.app, seller, placed.id))!.lines[0]!.id;
    for (const [who, code] of [
      [otherSeller, 'NOT_FOUND'],
      [otherBuyer, 'NOT_FOUND'],
      [buyer, 'FORBIDDEN'],
    ] as const) {
      await expectRefusedUnchanged(placed.id, () => advance(who, placed.id, 'accepted'), {
        code,
      });
      await expectRefusedUnchanged(
        placed.id,
        () => gql(t.app, CANCEL, { id: placed.id }, { cookie: who.cookie }),
        { code },
      );
      await expectRefusedUnchanged(
        placed.id,
        () =>
          gql(
            t.app,
            REFUND_LINE,
            { orderId: placed.id, lineId, quantity: 1 },
            { cookie: who.cookie },
          ),
        { code },
      );
    }
    // Someone else's order and one that does not exist look the same.
    expect(firstError(await advance(otherSeller, 987_654_321, 'accepted'))).toEqual(
      firstError(await advance(otherSeller, placed.id, 'accepted')),
    );
  });

  it('asks visitors to log in', async () => {
    for (const query of [BUSINESS_ORDERS, MY_ORDERS]) {
      expect(firstError(await gql(t.app, query))).toMatchObject({ code: 'UNAUTHENTICATED' });
    }
    expect(firstError(await gql(t.app, ADVANCE, { id: 1, to: 'accepted' }))).toMatchObject({
      code: 'UNAUTHENTICATED',
    });
  });

  it('never shows an order whose payment failed', async () => {
    const result = await gql(
      t.app,
      PLACE_ORDER,
      {
        input: orderRequest(
          [{ productId: wines.pickup.id, quantity: 1 }],
          [pickupShop.id],
          payingWith(CARDS.declined),
        ),
      },
      { cookie: buyer.cookie },
    );
    expect(firstError(result)).toMatchObject({ code: 'PAYMENT_DECLINED' });
    const [failed] = await db()
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(eq(orders.buyer_id, buyer.id))
      .orderBy(orders.id)
      .then((rows) => rows.slice(-1));
    expect(failed!.status).toBe('payment_failed');
    expect(await orderAs(t.app, buyer, failed!.id)).toBeNull();
    expect(await orderAs(t.app, seller, failed!.id)).toBeNull();
    expect(await orderAs(t.app, admin, failed!.id)).toBeNull();
    expect((await myOrders(buyer, { limit: 100 })).orders.map((o) => o.id)).not.toContain(
      failed!.id,
    );
    expect((await businessOrders(seller, { limit: 100 })).orders.map((o) => o.id)).not.toContain(
      failed!.id,
    );
    expect(firstError(await advance(seller, failed!.id, 'accepted'))).toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});

describe('the lists', () => {
  let shop: { id: number; name: string; slug: string };
  let secondShop: { id: number; name: string; slug: string };
  let staff: TestUser;
  const placedIds: Record<string, number> = {};
  const numbers: Record<string, string> = {};

  beforeAll(async () => {
    shop = await createProducer(db());
    secondShop = await createProducer(db());
    staff = await createUser(t.app, db(), { businessIds: [shop.id, secondShop.id] });
    const wine = await createProduct(db(), shop.id, { retail: [[1, 1500]] });
    const cider = await createProduct(db(), secondShop.id, { retail: [[1, 900]] });
    const contacts = {
      percent: { name: 'Percy 100% Proof', email: 'percy@bevy.example' },
      underscore: { name: 'Una Under_score', email: 'una@bevy.example' },
      plain: { name: 'Pat Plain', email: 'pat.plain@bevy.example' },
      lookalike: { name: 'Percy 1000 Proof', email: 'other-percy@bevy.example' },
      underlike: { name: 'Una Underxscore', email: 'unax@bevy.example' },
    };
    for (const [key, contact] of Object.entries(contacts)) {
      const order = await checkOutOne(
        t.app,
        buyer,
        [{ productId: wine.id, quantity: 1 }],
        shop.id,
        {
          contact: { ...contact, phone: '(503) 555-0142' },
        },
      );
      placedIds[key] = order.id;
      numbers[key] = order.number;
    }
    const [both1, both2] = await checkOut(
      t.app,
      buyer,
      [
        { productId: wine.id, quantity: 2 },
        { productId: cider.id, quantity: 1 },
      ],
      [shop.id, secondShop.id],
    );
    placedIds.both1 = both1!.id;
    placedIds.both2 = both2!.id;
    await mutateOrder(t.app, staff, ADVANCE, { id: placedIds.plain!, to: 'accepted' });
  });

  it('lists every business the seller works at, newest first, in pages', async () => {
    const all = await businessOrders(staff, { limit: 100 });
    expect(all.total).toBe(7);
    expect(all.orders.map((order) => order.id)).toEqual(
      [...Object.values(placedIds)].sort((a, b) => b - a),
    );
    const first = await businessOrders(staff, { limit: 3 });
    const second = await businessOrders(staff, { limit: 3, offset: 3 });
    expect(first.total).toBe(7);
    expect([...first.orders, ...second.orders].map((order) => order.id)).toEqual(
      all.orders.slice(0, 6).map((order) => order.id),
    );
    for (const limit of [0, 101]) {
      expect(
        firstError(await gql(t.app, BUSINESS_ORDERS, { limit }, { cookie: staff.cookie })),
      ).toMatchObject({ code: 'BAD_USER_INPUT', field: 'limit' });
    }
  });

  it('filters by business and by status', async () => {
    const second = await businessOrders(staff, { businessId: secondShop.id });
    expect(second.orders.map((order) => order.id)).toEqual([placedIds.both2]);
    const accepted = await businessOrders(staff, { status: 'accepted' });
    expect(accepted.orders.map((order) => order.id)).toEqual([placedIds.plain]);
    expect((await businessOrders(staff, { status: 'placed' })).total).toBe(6);
    expect((await businessOrders(staff, { status: '' })).total).toBe(7);
    for (const status of ['awaiting_payment', 'payment_failed', 'nonsense']) {
      expect(
        firstError(await gql(t.app, BUSINESS_ORDERS, { status }, { cookie: staff.cookie })),
      ).toMatchObject({ code: 'BAD_USER_INPUT', field: 'status' });
    }
  });

  it('finds an order by its number, with or without "BV-", in any case', async () => {
    const number = numbers.underscore!;
    const digits = number.replace('BV-', '');
    for (const search of [number, number.toLowerCase(), digits, `bv${digits}`, ` ${number} `]) {
      const found = await businessOrders(staff, { search });
      expect(
        found.orders.map((order) => order.id),
        search,
      ).toEqual([placedIds.underscore]);
    }
  });

  it('finds orders by the buyer’s name or email, taking % and _ literally', async () => {
    const ids = async (search: string) =>
      (await businessOrders(staff, { search })).orders.map((order) => order.id).sort();
    expect(await ids('pat plain')).toEqual([placedIds.plain]);
    expect(await ids('PAT.PLAIN@')).toEqual([placedIds.plain]);
    expect(await ids('100%')).toEqual([placedIds.percent]);
    expect(await ids('%')).toEqual([placedIds.percent]);
    expect(await ids('Under_')).toEqual([placedIds.underscore]);
    expect(await ids('_')).toEqual([placedIds.underscore]);
    expect(await ids('percy')).toEqual([placedIds.percent, placedIds.lookalike].sort());
    expect(await ids('nobody at all')).toEqual([]);
    // Search and filters together.
    expect(
      (await businessOrders(staff, { search: 'pat', status: 'placed' })).orders.map((o) => o.id),
    ).toEqual([]);
  });

  it('shows buyers their own orders, newest first, with what they need to see', async () => {
    const mine = await myOrders(buyer, { limit: 100 });
    const ids = mine.orders.map((order) => order.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    for (const id of Object.values(placedIds)) expect(ids).toContain(id);
    const both = mine.orders.find((order) => order.id === placedIds.both1)!;
    expect(both).toMatchObject({
      viewerIsSeller: false,
      commissionCents: null,
      nextStatuses: [],
      lines: [expect.objectContaining({ quantity: 2, unitPriceCents: 1500 })],
      events: [expect.objectContaining({ toStatus: 'placed' })],
    });
    expect((await myOrders(staff)).total).toBe(0);
  });
});
