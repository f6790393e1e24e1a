import { randomUUID } from 'node:crypto';
import { isoDate, normalizeEmail, shiftDate, type EventInput } from '@bevy/core';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { businesses, events, users } from '../../db/tables';
import { systemClock } from '../../platform/clock';
import { createEvent } from '../events/index';
import { DEMO_ACCOUNTS } from './demo-accounts';
import { placeSeedOrder } from './seed-orders';

/**
 * Demo events, so that events work right after `npm start`: upcoming tastings, a release party
 * that is nearly sold out, a dinner for club members only and a distillery tour, at producers in
 * three states; the demo retail buyer holds two tickets to the first. Tickets are bought through
 * the real checkout with the offline provider, as a buyer would.
 */

interface DemoEventPlan {
  producerSlug: string;
  /** Days from today, and the start and end in the venue's time. */
  inDays: number;
  starts: string;
  ends: string;
  input: Omit<EventInput, 'startsAt' | 'endsAt' | 'venue' | 'imageUrl'> & { image: string };
  /** Tickets of its first type bought by made-up buyers, in orders of at most 8. */
  sold?: number;
  /** Tickets of its first type the demo buyer holds. */
  demoBuyerTickets?: number;
}

const type = (
  name: string,
  priceCents: number,
  extra: Partial<EventInput['ticketTypes'][number]> = {},
) => ({
  name,
  priceCents,
  memberPriceCents: null,
  membersOnly: false,
  capacity: null,
  perOrderLimit: 8,
  salesStartAt: null,
  salesEndAt: null,
  ...extra,
});

const PLANS: DemoEventPlan[] = [
  {
    producerSlug: 'cascadia-hollow-cellars',
    inDays: 12,
    starts: '18:00',
    ends: '21:00',
    input: {
      title: 'Harvest Barrel Tasting',
      description:
        'Taste this year’s wines from the barrel with our winemaker, with small plates from the valley. Seated at long tables in the barrel room.',
      image: '/art/heroes/barrel-room.svg',
      capacity: 40,
      adultsOnly: true,
      refundDaysBefore: 2,
      visibility: 'public',
      ticketTypes: [
        type('General admission', 4_500, { capacity: 30 }),
        type('Reserve pairing', 9_500, { memberPriceCents: 8_000, capacity: 10 }),
      ],
    },
    demoBuyerTickets: 2,
  },
  {
    producerSlug: 'burnside-gravity-brewing',
    inDays: 5,
    starts: '19:00',
    ends: '22:00',
    input: {
      title: 'Hazy IPA Release Party',
      description: 'First pours of the new hazy, a food cart out front and a band at eight.',
      image: '/art/heroes/brewery.svg',
      capacity: 30,
      adultsOnly: true,
      refundDaysBefore: 1,
      visibility: 'public',
      ticketTypes: [type('Entry with first pour', 2_000)],
    },
    sold: 28,
  },
  {
    producerSlug: 'basalt-and-bramble-wine-co',
    inDays: 20,
    starts: '18:30',
    ends: '21:30',
    input: {
      title: 'Members’ Cellar Dinner',
      description: 'Four courses paired with library wines, for members of the Basalt Wine Club.',
      image: '/art/heroes/vineyard.svg',
      capacity: 24,
      adultsOnly: true,
      refundDaysBefore: 7,
      visibility: 'members',
      ticketTypes: [type('Dinner seat', 15_000, { memberPriceCents: 12_000 })],
    },
  },
  {
    producerSlug: 'fogline-estate-vineyards',
    inDays: 25,
    starts: '10:00',
    ends: '12:30',
    input: {
      title: 'Pinot on the Ridge: Vineyard Walk',
      description: 'A walk through the ridgetop blocks, then a tasting of three Pinot Noirs.',
      image: '/art/heroes/vineyard.svg',
      capacity: 20,
      adultsOnly: true,
      refundDaysBefore: 3,
      visibility: 'public',
      ticketTypes: [type('Walk and tasting', 3_500)],
    },
  },
  {
    producerSlug: 'salish-tide-distilling',
    inDays: 8,
    starts: '15:00',
    ends: '16:30',
    input: {
      title: 'Still House Tour and Tasting',
      description: 'See the stills, taste from the cask, and leave with a bottle-signing.',
      image: '/art/heroes/barrel-room.svg',
      capacity: 15,
      adultsOnly: true,
      refundDaysBefore: 1,
      visibility: 'public',
      ticketTypes: [type('Tour', 3_000)],
    },
  },
];

/** A made-up buyer of legal age for the sold tickets. */
async function ticketBuyer(db: Db, index: number): Promise<number> {
  const email = `guest${index + 1}@events.bevy.example`;
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (existing) return existing.id;
  const [created] = await db
    .insert(users)
    .values({
      name: `Guest ${index + 1}`,
      email,
      password_hash: 'demo-account-without-a-password',
      date_of_birth: '1986-04-12',
    })
    .returning({ id: users.id });
  return created!.id;
}

async function buyTickets(
  db: Db,
  buyer: { id: number; name: string; email: string },
  ticketTypeId: number,
  quantity: number,
) {
  await placeSeedOrder(db, buyer, {
    idempotencyKey: `seed-${randomUUID()}`,
    tickets: [{ ticketTypeId, quantity }],
  });
}

/** Adds the demo events unless some event exists already; returns how many were added. */
export async function seedDemoEvents(db: Db, today = isoDate(new Date())): Promise<number> {
  const [{ count }] = (await db.select({ count: sql<number>`count(*)::int` }).from(events)) as [
    { count: number },
  ];
  if (count > 0) return 0;
  const found = await db
    .select({ id: businesses.id, slug: businesses.slug })
    .from(businesses)
    .where(
      inArray(
        businesses.slug,
        PLANS.map((plan) => plan.producerSlug),
      ),
    );
  const buyerEmail = normalizeEmail(DEMO_ACCOUNTS.find((a) => a.role === 'Retail buyer')!.email);
  const [demoBuyer] = await db.select().from(users).where(eq(users.email, buyerEmail));
  // The admin may run any business's events: the seed acts as one.
  const asAdmin = { db, clock: systemClock, viewer: { id: 0, sessionId: 'seed', isAdmin: true } };
  let added = 0;
  let guests = 0;
  for (const plan of PLANS) {
    if (!found.some((business) => business.slug === plan.producerSlug)) continue;
    const day = shiftDate(today, plan.inDays);
    const { image, ...input } = plan.input;
    const event = await createEvent(asAdmin, plan.producerSlug, {
      ...input,
      imageUrl: image,
      venue: { atBusinessAddress: true },
      startsAt: `${day}T${plan.starts}`,
      endsAt: `${day}T${plan.ends}`,
    });
    added++;
    const firstType = event.types[0]!.id;
    for (let left = plan.sold ?? 0; left > 0; left -= 8) {
      const id = await ticketBuyer(db, guests);
      guests++;
      await buyTickets(
        db,
        { id, name: `Guest ${guests}`, email: `guest${guests}@events.bevy.example` },
        firstType,
        Math.min(8, left),
      );
    }
    if (plan.demoBuyerTickets && demoBuyer) {
      await buyTickets(db, demoBuyer, firstType, plan.demoBuyerTickets);
    }
  }
  return added;
}
