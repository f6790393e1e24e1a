import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, tickets } from '../../db/tables';
import { logInAsActor } from '../../test/actors';
import { sellerBusinessSlugs } from '../../test/fixtures';
import { gql } from '../../test/graphql-client';
import { refusalOf } from '../../test/refusal';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  checkoutContext,
  createBuyer,
  createProducer,
  createProduct,
  orderRequest,
} from '../checkout/checkout-fixtures';
import { placeOrder } from '../checkout/place-order';
import { createTestEvent, ticketLine } from './event-fixtures';

const NEXT_YEAR = new Date().getFullYear() + 1;

const CREATE_EVENT = `
  mutation CreateEvent($businessSlug: String!, $input: EventInput!) {
    createEvent(businessSlug: $businessSlug, input: $input) {
      id urlKey timeZone startsAt when venueCity adultsOnly refundPolicy
      ticketTypes { id name priceCents capacity }
    }
  }
`;
const EVENT = `
  query Event($urlKey: String!) {
    event(urlKey: $urlKey) {
      title when seatsLeft availability business { slug }
      ticketTypes { id name viewerPriceCents seatsLeft availability unavailableReason }
    }
  }
`;
const EVENTS_NEAR = `
  query Events($zip: String, $radiusMiles: Float, $from: String, $to: String) {
    events(zip: $zip, radiusMiles: $radiusMiles, from: $from, to: $to) { urlKey distanceMiles }
  }
`;

const napaTasting = {
  title: 'Harvest Barrel Tasting',
  description: 'Taste the new vintage from the barrel.',
  venue: {
    atBusinessAddress: false,
    name: 'The barrel room',
    line1: '1 Main St',
    city: 'Napa',
    state: 'CA',
    zip: '94559',
  },
  startsAt: `${NEXT_YEAR}-12-12T18:00`,
  endsAt: `${NEXT_YEAR}-12-12T21:00`,
  capacity: 40,
  refundDaysBefore: 2,
  ticketTypes: [
    { name: 'General admission', priceCents: 4_500, capacity: 30 },
    { name: 'Reserve pairing', priceCents: 9_500, memberPriceCents: 8_000 },
  ],
};

describe('events', () => {
  let t: TestApp;
  let seller: string;
  let ownSlug: string;
  beforeAll(async () => {
    t = await createTestApp();
    seller = await logInAsActor(t.app, 'seller');
    ({ ownSlug } = await sellerBusinessSlugs(t.database.db));
  });
  afterAll(() => t.close());
  const db = () => t.database.db;

  it('a producer creates an event at 6 pm in Napa: shown as 6:00 PM PT everywhere', async () => {
    const created = await gql(
      t.app,
      CREATE_EVENT,
      { businessSlug: ownSlug, input: napaTasting },
      { cookie: seller },
    );
    expect(created.body.errors).toBeUndefined();
    const event = created.body.data!.createEvent as Record<string, unknown>;
    expect(event.timeZone).toBe('America/Los_Angeles');
    // 6 pm Pacific standard time is 2 am the next day in UTC.
    expect(event.startsAt).toBe(`${NEXT_YEAR}-12-13T02:00:00.000Z`);
    expect(event.when).toMatch(/December 12, \d{4}, 6:00 PM – 9:00 PM PT$/);
    expect(event.adultsOnly).toBe(true);

    const page = await gql(t.app, EVENT, { urlKey: event.urlKey });
    expect(page.body.data!.event).toMatchObject({
      title: 'Harvest Barrel Tasting',
      seatsLeft: 40,
      availability: '40 left',
      ticketTypes: [
        {
          name: 'General admission',
          seatsLeft: 30,
          availability: '30 left',
          unavailableReason: null,
        },
        { name: 'Reserve pairing', viewerPriceCents: 9_500, seatsLeft: 40 },
      ],
    });

    const ics = await t.app.inject({ url: `/events/${String(event.urlKey)}/calendar.ics` });
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toContain('text/calendar');
    expect(ics.body).toContain(`DTSTART;TZID=America/Los_Angeles:${NEXT_YEAR}1212T180000`);
    expect(ics.body).toContain('6:00 PM');

    const near = await gql(t.app, EVENTS_NEAR, { zip: '94558', radiusMiles: 25 });
    expect((near.body.data!.events as { urlKey: string }[]).map((e) => e.urlKey)).toContain(
      event.urlKey,
    );
    const far = await gql(t.app, EVENTS_NEAR, { zip: '10001', radiusMiles: 25 });
    expect((far.body.data!.events as { urlKey: string }[]).map((e) => e.urlKey)).not.toContain(
      event.urlKey,
    );
    const otherDay = await gql(t.app, EVENTS_NEAR, {
      from: `${NEXT_YEAR}-12-13`,
      to: `${NEXT_YEAR}-12-31`,
    });
    expect((otherDay.body.data!.events as { urlKey: string }[]).map((e) => e.urlKey)).not.toContain(
      event.urlKey,
    );
  });

  it('refuses a bad event with the field to fix', async () => {
    const refused = await gql(
      t.app,
      CREATE_EVENT,
      {
        businessSlug: ownSlug,
        input: { ...napaTasting, endsAt: `${NEXT_YEAR}-12-12T17:00` },
      },
      { cookie: seller },
    );
    expect(refused.body.errors?.[0]?.message).toBe('The event must end after it starts.');
    // 2:30 am does not exist the night the clocks spring forward: it is 3:30, after 3:15.
    const march = new Date(Date.UTC(NEXT_YEAR, 2, 1));
    const springForward = 1 + ((7 - march.getUTCDay()) % 7) + 7;
    const night = `${NEXT_YEAR}-03-${String(springForward).padStart(2, '0')}`;
    const acrossTheGap = await gql(
      t.app,
      CREATE_EVENT,
      {
        businessSlug: ownSlug,
        input: { ...napaTasting, startsAt: `${night}T02:30`, endsAt: `${night}T03:15` },
      },
      { cookie: seller },
    );
    expect(acrossTheGap.body.errors?.[0]?.message).toBe('The event must end after it starts.');
    const buyer = await logInAsActor(t.app, 'buyer');
    const forbidden = await gql(
      t.app,
      CREATE_EVENT,
      { businessSlug: ownSlug, input: napaTasting },
      { cookie: buyer },
    );
    expect(forbidden.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('sells tickets and a bottle in one checkout, emails the QR codes in the venue’s time', async () => {
    const producer = await createProducer(db());
    const wine = await createProduct(db(), producer.id, { stock: 10 });
    const event = await createTestEvent(db(), producer.id, {
      startsAt: new Date(`${NEXT_YEAR}-12-13T02:00:00Z`),
    });
    const buyer = await createBuyer(db());
    const paid = await placeOrder(
      checkoutContext(db(), t.app.log, buyer),
      orderRequest([{ productId: wine.id, quantity: 1 }], [producer.id], {
        tickets: [ticketLine(event.types[0]!.id, 2, ['Ana Ruiz', ''])],
      }),
    );
    expect(paid.orders).toHaveLength(1);
    const [order] = paid.orders;
    expect(order!.tickets).toEqual([
      expect.objectContaining({ quantity: 2, unitPriceCents: 4_500, lineTotalCents: 9_000 }),
    ]);
    // Tax as for products: on the bottle and the tickets alike.
    expect(order!.subtotalCents).toBe(order!.lines[0]!.lineTotalCents + 9_000);
    const sold = await db().select().from(tickets).where(eq(tickets.event_id, event.id));
    expect(sold.map((ticket) => ticket.status)).toEqual(['valid', 'valid']);
    expect(sold.map((ticket) => ticket.attendee_name).sort()).toEqual(['Ana Ruiz', null]);
    for (const ticket of sold) expect(ticket.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    const [email] = await db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, `Your 2 tickets to ${event.title}`))
      .orderBy(desc(mailOutbox.id));
    expect(email!.text_body).toContain('6:00 PM – 9:00 PM PT');
    expect(email!.html_body).toContain(`/tickets/${sold[0]!.code}/qr.png`);
    const qr = await t.app.inject({ url: `/tickets/${sold[0]!.code}/qr.png` });
    expect(qr.headers['content-type']).toBe('image/png');
    expect(qr.rawPayload.subarray(1, 4).toString()).toBe('PNG');
  });

  it('holds seats for 10 minutes only: a lapsed hold is back on sale', async () => {
    const producer = await createProducer(db());
    const event = await createTestEvent(db(), producer.id, { capacity: 2 });
    const type = event.types[0]!;
    await placeOrder(
      checkoutContext(db(), t.app.log, await createBuyer(db())),
      orderRequest([], [], { tickets: [ticketLine(type.id, 2)] }),
    );
    const late = await createBuyer(db());
    const soldOut = await refusalOf(
      placeOrder(
        checkoutContext(db(), t.app.log, late),
        orderRequest([], [], { tickets: [ticketLine(type.id, 1)] }),
      ),
    );
    expect(soldOut.code).toBe('SOLD_OUT');
    expect(soldOut.message).toBe(`${event.title}: ${type.name} is sold out.`);
    // The first buyer's payment never came: their hold ran out 11 minutes after it began.
    await db()
      .update(tickets)
      .set({ status: 'held', hold_expires_at: new Date(Date.now() - 60_000) })
      .where(eq(tickets.event_id, event.id));
    const later = await placeOrder(
      checkoutContext(db(), t.app.log, late),
      orderRequest([], [], { tickets: [ticketLine(type.id, 2)] }),
    );
    expect(later.orders[0]!.tickets![0]!.quantity).toBe(2);
  });

  it('refuses members-only tickets to non-members and what is beyond the per-order limit', async () => {
    const producer = await createProducer(db());
    const event = await createTestEvent(db(), producer.id, {
      types: [
        { name: 'Members', membersOnly: true },
        { name: 'Pair', perOrderLimit: 2 },
      ],
    });
    const buyer = await createBuyer(db());
    const members = await refusalOf(
      placeOrder(
        checkoutContext(db(), t.app.log, buyer),
        orderRequest([], [], { tickets: [ticketLine(event.types[0]!.id, 1)] }),
      ),
    );
    expect(members.message).toBe(
      `${event.title}: Members is for members of ${producer.name}’s clubs. Join one to buy it.`,
    );
    const tooMany = await refusalOf(
      placeOrder(
        checkoutContext(db(), t.app.log, buyer),
        orderRequest([], [], { tickets: [ticketLine(event.types[1]!.id, 3)] }),
      ),
    );
    expect(tooMany.message).toBe(`An order holds at most 2 of ${event.title}: Pair.`);
  });
});
