import { and, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  businessMembers,
  ledgerEntries,
  mailOutbox,
  tickets,
  users,
  waitlistEntries,
} from '../../db/tables';
import { manualClock } from '../../platform/clock';
import { refusalOf } from '../../test/refusal';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createOfflineProvider } from '../payments/offline-provider';
import {
  checkoutContext,
  createBuyer,
  createProducer,
  orderRequest,
  TEST_MAIL_CONFIG,
} from '../checkout/checkout-fixtures';
import { placeOrder } from '../checkout/place-order';
import { scanTicket } from './check-in.service';
import { cancelEvent } from './event-admin.service';
import { sendTicketReminders } from './event-jobs';
import { createTestEvent, ticketLine } from './event-fixtures';
import { seatCounts } from './seat-counts';
import { cartTicketTypes } from './event-listing.service';
import { myTickets, refundMyTicket, refundTicket, refundTicketAsProducer } from './tickets.service';
import { cancelOwnOrder } from '../orders/order-changes.service';
import { expireWaitlistOffers, joinWaitlist } from './waitlist.service';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('refunds, the waitlist, reminders and cancelling', () => {
  let t: TestApp;
  let producer: { id: number; name: string; slug: string };
  let staff: number;
  beforeAll(async () => {
    t = await createTestApp();
    producer = await createProducer(t.database.db);
    staff = await createBuyer(t.database.db);
    await t.database.db
      .insert(businessMembers)
      .values({ business_id: producer.id, user_id: staff });
  });
  afterAll(() => t.close());
  const db = () => t.database.db;

  /** What the services need, as `userId`, at the clock's time. */
  const as = (userId: number, clock = manualClock(new Date())) => ({
    db: db(),
    log: t.app.log,
    payments: createOfflineProvider(),
    config: TEST_MAIL_CONFIG,
    viewer: { id: userId, sessionId: 's', isAdmin: false },
    clock,
  });
  const buy = async (buyer: number, ticketTypeId: number, quantity = 1) =>
    placeOrder(
      checkoutContext(db(), t.app.log, buyer),
      orderRequest([], [], { tickets: [ticketLine(ticketTypeId, quantity)] }),
    );
  const ticketsOf = (buyer: number, eventId: number) =>
    db()
      .select()
      .from(tickets)
      .where(and(eq(tickets.buyer_id, buyer), eq(tickets.event_id, eventId)));
  const lastMailTo = async (userId: number, subject: string) => {
    const [user] = await db()
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, userId));
    const [mail] = await db()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to_address, user!.email), like(mailOutbox.subject, `${subject}%`)))
      .orderBy(desc(mailOutbox.id));
    return mail;
  };

  it('a buyer refunds within the policy; the seat returns; the door refuses the ticket', async () => {
    const event = await createTestEvent(db(), producer.id, {
      capacity: 3,
      startsAt: new Date(Date.now() + 10 * DAY),
      refundDaysBefore: 7,
    });
    const buyer = await createBuyer(db());
    await buy(buyer, event.types[0]!.id, 2);
    const [ticket] = await ticketsOf(buyer, event.id);
    const listed = await myTickets(as(buyer));
    expect(listed.find((row) => row.ticket.id === ticket!.id)?.refundable).toBe(true);
    await refundMyTicket(as(buyer), ticket!.id);
    const [after] = await db().select().from(tickets).where(eq(tickets.id, ticket!.id));
    expect(after!.status).toBe('refunded');
    expect((await seatCounts(db(), [event.id], new Date())).get(event.id)!.total).toBe(1);
    const scanned = await scanTicket(as(staff), producer.slug, event.id, {
      code: ticket!.code,
      nonce: `refund-${ticket!.id}`,
    });
    expect(scanned.result).toBe('refunded');
    // Four days later the policy (7 days before) no longer allows it.
    const late = manualClock(new Date(Date.now() + 4 * DAY));
    const [other] = (await ticketsOf(buyer, event.id)).filter((row) => row.status === 'valid');
    const refused = await refusalOf(refundMyTicket(as(buyer, late), other!.id));
    expect(refused.message).toBe('The refund policy of this event no longer allows a refund.');
    // The producer may refund it whatever the policy.
    await refundTicketAsProducer(as(staff, late), producer.slug, event.id, other!.id);
    const [producerRefunded] = await db().select().from(tickets).where(eq(tickets.id, other!.id));
    expect(producerRefunded!.status).toBe('refunded');
  });

  it('offers a returned seat to the first in line for 24 hours, then to the next', async () => {
    const event = await createTestEvent(db(), producer.id, {
      capacity: 1,
      startsAt: new Date(Date.now() + 10 * DAY),
      refundDaysBefore: 0,
    });
    const type = event.types[0]!;
    const holder = await createBuyer(db());
    const [first, second] = [await createBuyer(db()), await createBuyer(db())];
    await buy(holder, type.id);
    expect(await joinWaitlist(as(first), type.id, 1)).toEqual({ position: 1 });
    expect(await joinWaitlist(as(second), type.id, 1)).toEqual({ position: 2 });
    const [held] = await ticketsOf(holder, event.id);
    await refundMyTicket(as(holder), held!.id);
    const offerMail = await lastMailTo(first, 'A seat is yours');
    const key = /\?offer=([\w-]+)/.exec(offerMail?.text_body ?? '')?.[1];
    expect(key, offerMail?.text_body).toBeDefined();
    // The offered seat is the first's alone: the second cannot buy it.
    expect((await refusalOf(buy(second, type.id))).code).toBe('SOLD_OUT');
    // 25 hours on, the offer lapses and passes to the second in line.
    const dayLater = manualClock(new Date(Date.now() + 25 * HOUR));
    expect(await expireWaitlistOffers(as(staff, dayLater))).toBe(1);
    const entries = await db()
      .select({ user: waitlistEntries.user_id, status: waitlistEntries.status })
      .from(waitlistEntries)
      .where(eq(waitlistEntries.ticket_type_id, type.id));
    expect(entries).toEqual(
      expect.arrayContaining([
        { user: first, status: 'expired' },
        { user: second, status: 'offered' },
      ]),
    );
    expect(await lastMailTo(second, 'A seat is yours')).toBeDefined();
  });

  it('the offered buyer takes their seat', async () => {
    const event = await createTestEvent(db(), producer.id, { capacity: 1 });
    const type = event.types[0]!;
    const [holder, waiting] = [await createBuyer(db()), await createBuyer(db())];
    await buy(holder, type.id);
    await joinWaitlist(as(waiting), type.id, 1);
    const [held] = await ticketsOf(holder, event.id);
    await refundTicketAsProducer(as(staff), producer.slug, event.id, held!.id);
    await buy(waiting, type.id);
    expect((await ticketsOf(waiting, event.id)).map((row) => row.status)).toEqual(['valid']);
  });

  it('reminds ticket holders a day before, once, in the venue’s time', async () => {
    const startsAt = new Date(Date.now() + 20 * HOUR);
    const event = await createTestEvent(db(), producer.id, { startsAt });
    const buyer = await createBuyer(db());
    await buy(buyer, event.types[0]!.id, 2);
    expect(await sendTicketReminders(as(staff))).toBeGreaterThanOrEqual(1);
    expect(await sendTicketReminders(as(staff))).toBe(0);
    // To the contact the buyer gave at checkout.
    const [reminder] = await db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, `Tomorrow: ${event.title}`));
    // An evening event may end after midnight, when the end carries its own date.
    expect(reminder?.text_body).toMatch(/\d{1,2}:\d{2} [AP]M (PT )?– .*\d{1,2}:\d{2} [AP]M PT/);
    expect(reminder?.text_body).toContain('Bring a photo ID');
  });

  it('cancelling refunds everyone, emails them, and stops sales', async () => {
    const event = await createTestEvent(db(), producer.id, { capacity: 10 });
    const buyers = [await createBuyer(db()), await createBuyer(db())];
    for (const buyer of buyers) await buy(buyer, event.types[0]!.id, 2);
    const result = await cancelEvent(as(staff), producer.slug, event.id, 'The cellar flooded.');
    expect(result).toEqual({ refunded: 4, failed: 0 });
    const statuses = await db()
      .select({ status: tickets.status })
      .from(tickets)
      .where(eq(tickets.event_id, event.id));
    expect(statuses.every((row) => row.status === 'refunded')).toBe(true);
    for (const buyer of buyers) {
      expect((await lastMailTo(buyer, `Cancelled: ${event.title}`))?.text_body).toContain(
        'The cellar flooded.',
      );
    }
    const refused = await refusalOf(buy(await createBuyer(db()), event.types[0]!.id));
    expect(refused.message).toBe('These tickets are no longer sold. Remove them from your cart.');
  });

  describe('found in review', () => {
    it('a buyer cannot cancel a ticket order around the refund policy', async () => {
      const event = await createTestEvent(db(), producer.id, { refundDaysBefore: null });
      const buyer = await createBuyer(db());
      const paid = await buy(buyer, event.types[0]!.id, 1);
      const refused = await refusalOf(cancelOwnOrder(as(buyer), { id: paid.orders[0]!.id }));
      expect(refused.message).toBe(
        'This order holds event tickets: refund them from Your tickets, as the event’s refund policy allows.',
      );
      expect((await ticketsOf(buyer, event.id)).map((row) => row.status)).toEqual(['valid']);
    });

    it('a ticket refunded twice at once moves the money once', async () => {
      const event = await createTestEvent(db(), producer.id, { refundDaysBefore: 0 });
      const buyer = await createBuyer(db());
      const paid = await buy(buyer, event.types[0]!.id, 2);
      const [ticket] = await ticketsOf(buyer, event.id);
      // The second refund read the ticket before the first committed.
      await refundTicket(as(buyer), ticket!, 'first');
      const second = await refusalOf(refundTicket(as(buyer), ticket!, 'second'));
      expect(second.message).toBe('This ticket was refunded already.');
      const refunds = await db()
        .select({ amount: ledgerEntries.amount_cents })
        .from(ledgerEntries)
        .where(
          and(eq(ledgerEntries.order_id, paid.orders[0]!.id), eq(ledgerEntries.kind, 'refund')),
        );
      expect(refunds).toHaveLength(1);
    });

    it('cancelling refunds a ticket cancelled while its order was being paid for', async () => {
      const event = await createTestEvent(db(), producer.id);
      const buyer = await createBuyer(db());
      await buy(buyer, event.types[0]!.id, 2);
      const [cancelledMidPayment] = await ticketsOf(buyer, event.id);
      await db()
        .update(tickets)
        .set({ status: 'cancelled' })
        .where(eq(tickets.id, cancelledMidPayment!.id));
      expect(await cancelEvent(as(staff), producer.slug, event.id, null)).toEqual({
        refunded: 2,
        failed: 0,
      });
    });

    it('lists an unlisted event’s tickets in a cart only with its page’s key', async () => {
      const event = await createTestEvent(db(), producer.id, { visibility: 'unlisted' });
      const typeId = event.types[0]!.id;
      expect(await cartTicketTypes(as(staff), [typeId])).toEqual([]);
      const listed = await cartTicketTypes(as(staff), [typeId], [event.url_key]);
      expect(listed.map((row) => row.type.id)).toEqual([typeId]);
    });

    it('shows the seats the waitlist offers a buyer as theirs to buy', async () => {
      const event = await createTestEvent(db(), producer.id, { capacity: 1 });
      const type = event.types[0]!;
      const [holder, waiting] = [await createBuyer(db()), await createBuyer(db())];
      await buy(holder, type.id);
      await joinWaitlist(as(waiting), type.id, 1);
      const [held] = await ticketsOf(holder, event.id);
      await refundTicketAsProducer(as(staff), producer.slug, event.id, held!.id);
      const [forWaiting] = await cartTicketTypes(as(waiting), [type.id]);
      expect(forWaiting!.type.seatsLeft).toBe(1);
      const [forOthers] = await cartTicketTypes(as(holder), [type.id]);
      expect(forOthers!.type.seatsLeft).toBe(0);
    });
  });
});
