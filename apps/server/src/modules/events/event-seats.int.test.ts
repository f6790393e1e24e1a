import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tickets } from '../../db/tables';
import type { DomainError } from '../../platform/domain-error';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  CARDS,
  checkoutContext,
  createBuyer,
  createProducer,
  orderRequest,
  payingWith,
} from '../checkout/checkout-fixtures';
import { placeOrder } from '../checkout/place-order';
import { createTestEvent, ticketLine } from './event-fixtures';
import { seatCounts } from './seat-counts';

const BUYERS = 200;
const ROUNDS = 20;

// PGlite is one connection, so only PostgreSQL can run checkouts truly at the same time.
describe.skipIf(process.env.TEST_DB_KIND !== 'postgres')('the last seats, bought at once', () => {
  let t: TestApp;
  let buyers: number[];
  beforeAll(async () => {
    t = await createTestApp();
    buyers = [];
    for (let i = 0; i < BUYERS; i++) buyers.push(await createBuyer(t.database.db));
  });
  afterAll(() => t.close());

  const db = () => t.database.db;

  it(`${BUYERS} buyers for the last 5 seats: exactly 5 sold, ${ROUNDS} rounds`, async () => {
    const producer = await createProducer(db());
    const abandoner = await createBuyer(db());
    for (let round = 0; round < ROUNDS; round++) {
      // 10 seats: 5 sold, and 3 held by a checkout whose hold lapsed, so 5 are left to sell. Of
      // them the 'Early' type may sell only 3; the rest of the event is 'Standard'.
      const event = await createTestEvent(db(), producer.id, {
        capacity: 10,
        types: [
          { name: 'Early', capacity: 3 },
          { name: 'Standard', perOrderLimit: 8 },
        ],
      });
      const [early, standard] = event.types;
      await placeOrder(
        checkoutContext(db(), t.app.log, abandoner),
        orderRequest([], [], { tickets: [ticketLine(standard!.id, 8)] }),
      );
      // 3 of its seats become held ones whose hold lapsed a minute ago, never paid for.
      const bought = await db()
        .select({ id: tickets.id })
        .from(tickets)
        .where(eq(tickets.event_id, event.id));
      await db()
        .update(tickets)
        .set({ status: 'held', hold_expires_at: new Date(Date.now() - 60_000) })
        .where(
          inArray(
            tickets.id,
            bought.slice(0, 3).map((ticket) => ticket.id),
          ),
        );
      const results = await Promise.allSettled(
        buyers.map((buyer, index) =>
          placeOrder(
            checkoutContext(db(), t.app.log, buyer),
            orderRequest([], [], {
              tickets: [ticketLine(index % 2 === 0 ? early!.id : standard!.id, 1)],
            }),
          ),
        ),
      );
      const codes = results.map((result) =>
        result.status === 'fulfilled' ? 'placed' : (result.reason as DomainError).code,
      );
      expect(
        codes.filter((code) => code === 'placed'),
        `round ${round}`,
      ).toHaveLength(5);
      expect(
        codes.every((code) => ['placed', 'SOLD_OUT'].includes(code)),
        codes.join(','),
      ).toBe(true);
      const sold = await db()
        .select({ typeId: tickets.ticket_type_id })
        .from(tickets)
        .where(and(eq(tickets.event_id, event.id), eq(tickets.status, 'valid')));
      expect(sold).toHaveLength(10);
      expect(sold.filter((ticket) => ticket.typeId === early!.id).length).toBeLessThanOrEqual(3);
      // Nothing more is held: declined payments released theirs, the lapsed hold counts for none.
      const counts = (await seatCounts(db(), [event.id], new Date())).get(event.id)!;
      expect(counts.total).toBe(10);
      const stillHeld = await db()
        .select({ id: tickets.id })
        .from(tickets)
        .where(
          and(
            eq(tickets.event_id, event.id),
            eq(tickets.status, 'held'),
            eq(tickets.buyer_id, abandoner),
          ),
        );
      expect(stillHeld).toHaveLength(3);
    }
  }, 600_000);

  it('a declined payment gives its seats back at once', async () => {
    const producer = await createProducer(db());
    const event = await createTestEvent(db(), producer.id, { capacity: 2 });
    const [type] = event.types;
    const declined = await placeOrder(
      checkoutContext(db(), t.app.log, buyers[0]!),
      orderRequest([], [], { tickets: [ticketLine(type!.id, 2)], ...payingWith(CARDS.declined) }),
    ).catch((error: unknown) => error);
    expect((declined as DomainError).code).toBe('PAYMENT_DECLINED');
    const released = await db()
      .select({ status: tickets.status })
      .from(tickets)
      .where(eq(tickets.event_id, event.id));
    expect(released.map((ticket) => ticket.status)).toEqual(['released', 'released']);
    await placeOrder(
      checkoutContext(db(), t.app.log, buyers[1]!),
      orderRequest([], [], { tickets: [ticketLine(type!.id, 2)] }),
    );
    expect((await seatCounts(db(), [event.id], new Date())).get(event.id)!.total).toBe(2);
  });
});
